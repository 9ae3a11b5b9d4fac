extension String {
    /// Most characters of caller input an error message repeats.
    static let echoLimit = 100

    /// The text as an error message repeats caller input: at most
    /// ``echoLimit`` characters, then "…", so that a 10 MB value does not
    /// come back as a 10 MB error; control characters (a NUL in a key) as
    /// U+FFFD, which every JSON reader takes.
    package var echo: String {
        var shown = String.UnicodeScalarView()
        for (count, scalar) in unicodeScalars.enumerated() {
            guard count < Self.echoLimit else { return String(shown) + "…" }
            shown.append(scalar.value < 0x20 || scalar.value == 0x7F ? "\u{FFFD}" : scalar)
        }
        return String(shown)
    }
}
