/// Where a value sits in an input document, for error messages:
/// `data.insights[2].insight_type`.
public struct FieldPath: Sendable, Equatable {
    private let text: String

    /// The document itself.
    public static let root = FieldPath(text: "")

    private init(text: String) {
        self.text = text
    }

    /// The path of member `key` of the object at this path.
    public func appending(_ key: String) -> FieldPath {
        FieldPath(text: text.isEmpty ? key : "\(text).\(key)")
    }

    /// The path of element `index` of the array at this path.
    public func appending(index: Int) -> FieldPath {
        FieldPath(text: "\(text)[\(index)]")
    }

    /// The dotted path, or nil for the document itself.
    public var description: String? {
        text.isEmpty ? nil : text
    }
}
