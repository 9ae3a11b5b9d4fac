extension String {
    /// The text with `&`, `<`, `>` and `"` escaped, for XML and HTML text and
    /// double-quoted attributes (the SVG charts, the server's docs page).
    public var markupEscaped: String {
        var escaped = ""
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
