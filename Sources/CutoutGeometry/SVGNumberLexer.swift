/// The lexical rules SVG shares between path data and attribute values (numbers, lengths,
/// lists, transform lists): where a number ends and what counts as white space. Path data
/// (`Path(svgPathData:)`) and CutoutSVG's attribute scanner both read through it, so a
/// number such as `0.5.5`, `-1e-3` or `1e` splits the same way in a `d` and in a `transform`.
package enum SVGNumberLexer {
    /// SVG's white space: space, tab, line feed, form feed, carriage return.
    package static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    /// Whether a number may start with `b` (a digit, a sign or a decimal point).
    package static func canStartNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }

    /// The end of the longest number starting at `start`: an optional sign, digits with at
    /// most one decimal point (at least one digit in all), then an exponent only when digits
    /// follow its `e`/`E` (and optional sign), so `1e` reads as `1` followed by `e`, and
    /// `0.5.5` as `0.5` followed by `.5`. nil when no number starts there.
    ///
    /// Complexity: O(length of the number).
    package static func numberEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var j = start
        if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
        var digits = 0
        while j < bytes.count, isDigit(bytes[j]) { j += 1; digits += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
            j += 1
            while j < bytes.count, isDigit(bytes[j]) { j += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if j < bytes.count, bytes[j] | 0x20 == UInt8(ascii: "e") {
            var k = j + 1
            if k < bytes.count, bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-") { k += 1 }
            let exponentStart = k
            while k < bytes.count, isDigit(bytes[k]) { k += 1 }
            if k > exponentStart { j = k }
        }
        return j
    }

    /// The value of the number lexed at `range` (as ``numberEnd(in:from:)`` found it); may be
    /// infinite when it overflows (the callers' rules differ on that).
    package static func value(in bytes: [UInt8], _ range: Range<Int>) -> Double? {
        Double(String(decoding: bytes[range], as: UTF8.self))
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
