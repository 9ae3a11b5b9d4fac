extension String {
    /// Most characters of caller input an error message repeats.
    static let echoLimit = 100

    /// The text as an error message repeats caller input: at most
    /// ``echoLimit`` characters, then "…", so that a 10 MB value does not
    /// come back as a 10 MB error.
    var echo: String {
        guard utf8.count > Self.echoLimit, let end = index(startIndex, offsetBy: Self.echoLimit, limitedBy: endIndex),
              end < endIndex else { return self }
        return String(self[..<end]) + "…"
    }
}
