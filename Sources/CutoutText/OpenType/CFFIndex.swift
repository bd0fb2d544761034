import Foundation

/// A CFF INDEX: a counted array of variable-length byte strings.
struct CFFIndex: Sendable {
    private let table: ByteReader
    let count: Int
    private let offSize: Int
    private let offsetsAt: Int
    /// Offsets in the INDEX count from the byte before its data.
    private let base: Int
    /// Where the byte after the INDEX lies in the table.
    let end: Int

    /// The INDEX at `offset` in `table`; its whole extent is checked against the table.
    init(_ table: ByteReader, at offset: Int) throws(FontError) {
        self.table = table
        count = Int(try table.u16(offset))
        guard count > 0 else {
            offSize = 1; offsetsAt = offset + 2; base = offset + 2; end = offset + 2
            return
        }
        offSize = Int(try table.u8(offset + 2))
        guard (1...4).contains(offSize) else { throw FontError.invalidTable(table.tag, reason: "INDEX offSize \(offSize)") }
        offsetsAt = offset + 3
        try table.check(offsetsAt, (count + 1) * offSize)
        base = offsetsAt + (count + 1) * offSize - 1
        let last = try table.offset(offsetsAt + count * offSize, size: offSize)
        guard last >= 1 else { throw FontError.invalidTable(table.tag, reason: "INDEX offsets start below 1") }
        try table.check(base + 1, last - 1)
        end = base + last
    }

    /// Item `i` as a reader over its bytes.
    func item(_ i: Int) throws(FontError) -> ByteReader {
        guard i >= 0, i < count else { throw FontError.invalidTable(table.tag, reason: "INDEX item \(i) of \(count)") }
        let a = try table.offset(offsetsAt + i * offSize, size: offSize)
        let b = try table.offset(offsetsAt + (i + 1) * offSize, size: offSize)
        guard a >= 1, a <= b else { throw FontError.invalidTable(table.tag, reason: "INDEX offsets decrease") }
        return try table.sub(base + a, b - a)
    }
}

/// A CFF DICT, decoded to operator → operands. Two-byte operators `12 x` are stored as `1200 + x`.
struct CFFDict: Sendable {
    private(set) var entries: [Int: [Double]] = [:]

    init(_ r: ByteReader) throws(FontError) {
        var stack: [Double] = []
        var o = 0
        while o < r.count {
            let b0 = Int(try r.u8(o))
            switch b0 {
            case 0...21:
                var op = b0
                o += 1
                if b0 == 12 { op = 1200 + Int(try r.u8(o)); o += 1 }
                entries[op] = stack
                stack.removeAll(keepingCapacity: true)
                continue
            case 28: stack.append(Double(try r.i16(o + 1))); o += 3
            case 29: stack.append(Double(try r.i32(o + 1))); o += 5
            case 30: stack.append(try Self.real(r, &o))
            case 32...246: stack.append(Double(b0 - 139)); o += 1
            case 247...250: stack.append(Double((b0 - 247) * 256 + Int(try r.u8(o + 1)) + 108)); o += 2
            case 251...254: stack.append(Double(-(b0 - 251) * 256 - Int(try r.u8(o + 1)) - 108)); o += 2
            default: throw FontError.invalidTable(r.tag, reason: "DICT byte \(b0)")
            }
            guard stack.count <= FontLimits.maxCharstringStack else { throw FontError.invalidTable(r.tag, reason: "DICT operand stack overflow") }
        }
    }

    /// A real number in packed BCD nibbles; `o` points at the 30 byte and ends past the number.
    private static func real(_ r: ByteReader, _ o: inout Int) throws(FontError) -> Double {
        o += 1
        var text = ""
        while true {
            let byte = try r.u8(o); o += 1
            for nibble in [byte >> 4, byte & 0xF] {
                switch nibble {
                case 0...9: text.append(Character(String(nibble)))
                case 0xA: text.append(".")
                case 0xB: text.append("E")
                case 0xC: text.append("E-")
                case 0xE: text.append("-")
                case 0xF: return Double(text) ?? 0
                default: break
                }
            }
            guard text.count < 64 else { throw FontError.invalidTable(r.tag, reason: "DICT real number too long") }
        }
    }

    func int(_ op: Int) -> Int? {
        guard let v = entries[op]?.last, v.isFinite, abs(v) < 1e9 else { return nil }
        return Int(v)
    }

    func pair(_ op: Int) -> (Int, Int)? {
        guard let v = entries[op], v.count >= 2, v.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
        return (Int(v[0]), Int(v[1]))
    }

    func number(_ op: Int) -> Double? { entries[op]?.last }
}
