/// A text as the number reader sees it: its Unicode scalars without the
/// invisible ones (format characters such as U+200B, U+200D, U+2060, U+FEFF,
/// the soft hyphen and bidi controls, and other default-ignorable scalars),
/// which hide nothing from the reader: "1\u{200B}2" is 12. Offsets map back to
/// the text's own scalars, so a mention's text is what the text wrote.
struct ScannedText {
    /// The text's scalars.
    let original: [Unicode.Scalar]
    /// The scalars the reader sees.
    let scalars: [Unicode.Scalar]
    /// For each scalar the reader sees, its offset in `original`.
    private let offsets: [Int]

    init(_ text: String) {
        original = Array(text.unicodeScalars)
        var kept: [Unicode.Scalar] = []
        var offsets: [Int] = []
        kept.reserveCapacity(original.count)
        offsets.reserveCapacity(original.count)
        for (offset, scalar) in original.enumerated() where !Self.isInvisible(scalar) {
            kept.append(scalar)
            offsets.append(offset)
        }
        scalars = kept
        self.offsets = offsets
    }

    var count: Int { scalars.count }

    subscript(index: Int) -> Unicode.Scalar { scalars[index] }

    /// The scalar at `index`, or nil past either end.
    func at(_ index: Int) -> Unicode.Scalar? {
        index >= 0 && index < scalars.count ? scalars[index] : nil
    }

    /// The original offsets and text of the seen scalars `start..<end`.
    func span(_ start: Int, _ end: Int) -> (start: Int, end: Int, text: String) {
        guard start < end, start >= 0, end <= offsets.count else {
            let offset = start < offsets.count ? offsets[max(start, 0)] : original.count
            return (offset, offset, "")
        }
        let first = offsets[start]
        let last = offsets[end - 1] + 1
        return (first, last, String(String.UnicodeScalarView(original[first..<last])))
    }

    /// The seen scalars `start..<end` as a string.
    func string(_ start: Int, _ end: Int) -> String {
        guard start < end, start >= 0, end <= scalars.count else { return "" }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
    }
}
