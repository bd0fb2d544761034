import Foundation

/// The table directory of one font in an sfnt file (`.ttf`, `.otf`, or one member of a `.ttc`).
struct TableDirectory: Sendable {
    /// Each table's reader, by tag. Only tables wholly inside the file are kept.
    let tables: [String: ByteReader]

    /// Largest number of fonts accepted in a collection: real files hold tens, and each member
    /// costs a full table parse, so a hostile header cannot ask for millions.
    static let maxCollectionFonts = 1_000

    /// Offsets of the fonts in `bytes`: one for a plain font, one per member of a collection.
    static func fontOffsets(in bytes: [UInt8]) throws(FontError) -> [Int] {
        let file = ByteReader(bytes: bytes, tag: "file")
        guard bytes.count >= 12 else { throw FontError.notAFont }
        let magic = try file.u32(0)
        if magic == 0x7474_6366 { // 'ttcf'
            let n = Int(try file.u32(8))
            guard n >= 1, n <= maxCollectionFonts else { throw FontError.invalidTable("ttcf", reason: "\(n) fonts") }
            try file.check(12, 4 * n)
            var out: [Int] = []
            out.reserveCapacity(n)
            for k in 0..<n { out.append(Int(try file.u32(12 + 4 * k))) }
            return out
        }
        guard isSfntVersion(magic) else { throw FontError.notAFont }
        return [0]
    }

    static func isSfntVersion(_ v: UInt32) -> Bool {
        v == 0x0001_0000 || v == 0x4F54_544F /* OTTO */ || v == 0x7472_7565 /* true */ || v == 0x7479_7031 /* typ1 */
    }

    /// Reads the directory of the font at `offset`. A table whose range leaves the file is an
    /// error: a font whose `glyf` points past the end is not half-usable.
    init(bytes: [UInt8], offset: Int) throws(FontError) {
        let file = ByteReader(bytes: bytes, tag: "file")
        guard Self.isSfntVersion(try file.u32(offset)) else { throw FontError.notAFont }
        let n = Int(try file.u16(offset + 4))
        try file.check(offset + 12, 16 * n)
        var tables: [String: ByteReader] = [:]
        for k in 0..<n {
            let rec = offset + 12 + 16 * k
            let tag = try file.tag(rec)
            let start = Int(try file.u32(rec + 8)), length = Int(try file.u32(rec + 12))
            guard start <= bytes.count, length <= bytes.count - start else {
                throw FontError.invalidTable(tag, reason: "offset \(start) + length \(length) is past the end of the file (\(bytes.count) bytes)")
            }
            tables[tag] = ByteReader(bytes: bytes, start: start, count: length, tag: tag)
        }
        self.tables = tables
    }

    func required(_ tag: String) throws(FontError) -> ByteReader {
        guard let t = tables[tag] else { throw FontError.missingTable(tag) }
        return t
    }
}
