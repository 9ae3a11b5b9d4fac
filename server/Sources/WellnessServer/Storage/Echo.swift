import WellnessKitCore

/// A value the client sent, as an error message repeats it: JSON-quoted
/// (control characters escaped) and cut to 64 characters.
enum Echo {
    static func quoted(_ text: String) -> String {
        let cut = text.count > 64 ? String(text.prefix(64)) + "…" : text
        return (try? JSONWriter.string(.string(cut))) ?? "the value"
    }
}
