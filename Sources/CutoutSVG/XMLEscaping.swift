extension String {
    /// The text with `&`, `<`, `>`, `"`, `'` and line feeds replaced by references, so it
    /// can stand in XML or HTML character data and in an attribute value in either quote.
    /// (A literal line feed in an attribute would be normalised to a space on reading.)
    ///
    /// Works on unicode scalars, not characters: a combining mark after `&` or `"` makes one
    /// character of the two, which must still be escaped.
    ///
    /// Complexity: O(n) in the length of the text.
    package var xmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
