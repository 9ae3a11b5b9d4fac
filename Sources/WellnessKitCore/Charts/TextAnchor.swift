/// Where a text's x coordinate sits: SVG's `text-anchor`.
public enum TextAnchor: String, Sendable {
    case start, middle, end
}
