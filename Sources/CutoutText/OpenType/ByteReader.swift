import Foundation

/// Bounds-checked big-endian reads inside one table of a font file. Offsets are relative to
/// the table's start; every read past its end throws ``FontError/truncated(table:)``.
struct ByteReader: Sendable {
    let bytes: [UInt8]
    /// First byte of the table in ``bytes``.
    let start: Int
    /// Length of the table in bytes.
    let count: Int
    /// The table's tag, for errors.
    let tag: String

    init(bytes: [UInt8], start: Int = 0, count: Int? = nil, tag: String) {
        self.bytes = bytes
        self.start = start
        self.count = count ?? bytes.count - start
        self.tag = tag
    }

    var truncated: FontError { .truncated(table: tag) }

    @inline(__always) func check(_ offset: Int, _ size: Int) throws(FontError) {
        guard offset >= 0, size >= 0, offset <= count - size else { throw truncated }
    }

    @inline(__always) func u8(_ o: Int) throws(FontError) -> UInt8 {
        try check(o, 1)
        return bytes[start + o]
    }

    @inline(__always) func u16(_ o: Int) throws(FontError) -> UInt16 {
        try check(o, 2)
        let i = start + o
        return UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
    }

    @inline(__always) func i16(_ o: Int) throws(FontError) -> Int16 { Int16(bitPattern: try u16(o)) }

    @inline(__always) func u32(_ o: Int) throws(FontError) -> UInt32 {
        try check(o, 4)
        let i = start + o
        return UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }

    @inline(__always) func i32(_ o: Int) throws(FontError) -> Int32 { Int32(bitPattern: try u32(o)) }

    /// An unsigned big-endian integer of `size` bytes (1...4), as CFF offsets are stored.
    func offset(_ o: Int, size: Int) throws(FontError) -> Int {
        try check(o, size)
        var v = 0
        for k in 0..<size { v = v << 8 | Int(bytes[start + o + k]) }
        return v
    }

    /// A 4-byte tag as text.
    func tag(_ o: Int) throws(FontError) -> String {
        try check(o, 4)
        let i = start + o
        return String(decoding: bytes[i..<i + 4], as: UTF8.self)
    }

    /// A reader for `length` bytes at `offset` inside this one (checked).
    func sub(_ offset: Int, _ length: Int, tag: String? = nil) throws(FontError) -> ByteReader {
        try check(offset, length)
        return ByteReader(bytes: bytes, start: start + offset, count: length, tag: tag ?? self.tag)
    }

    /// A reader from `offset` to the end of this one (checked).
    func sub(from offset: Int) throws(FontError) -> ByteReader {
        try check(offset, 0)
        return ByteReader(bytes: bytes, start: start + offset, count: count - offset, tag: tag)
    }

    /// The table's bytes from `offset`, `length` long (checked).
    func slice(_ offset: Int, _ length: Int) throws(FontError) -> ArraySlice<UInt8> {
        try check(offset, length)
        return bytes[(start + offset)..<(start + offset + length)]
    }
}
