extension String {
    /// The text with `&`, `<`, `>`, `"`, `'` and line feeds replaced by references, so it
    /// can stand in XML or HTML character data and in an attribute value in either quote.
    /// (A literal line feed in an attribute would be normalised to a space on reading.)
    ///
    /// Complexity: O(n) in the length of the text.
    package var xmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for ch in self {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            default: out.append(ch)
            }
        }
        return out
    }
}
