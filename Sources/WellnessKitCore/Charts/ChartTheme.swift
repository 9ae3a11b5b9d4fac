/// The colour scheme of a chart: option `"theme"`, `"light"` (default) or
/// `"dark"`. Colours follow Apple's system palette, so the SVG sits well
/// next to the app's Swift Charts rendering.
public enum ChartTheme: String, JSONStringEnum, Sendable {
    case light
    case dark

    /// The canvas behind everything.
    public var background: String { self == .light ? "#FFFFFF" : "#1C1C1E" }
    /// The title.
    public var primaryText: String { self == .light ? "#1D1D1F" : "#F5F5F7" }
    /// Axis labels, the y-axis title, value annotations and "No data"
    /// (at least 4.5:1 contrast against ``background``).
    public var secondaryText: String { self == .light ? "#6E6E73" : "#AEAEB2" }
    /// Grid lines.
    public var grid: String { self == .light ? "#E5E5EA" : "#38383A" }
    /// The zero line and the x axis.
    public var axis: String { self == .light ? "#C7C7CC" : "#636366" }
    /// The line, points and area (the system blue of each appearance).
    public var accent: String { self == .light ? "#007AFF" : "#0A84FF" }
    /// The area gradient's opacity at the top of the plot.
    public var areaTopOpacity: Double { self == .light ? 0.3 : 0.35 }
    /// The area gradient's opacity at the baseline.
    public var areaBottomOpacity: Double { 0.05 }
}
