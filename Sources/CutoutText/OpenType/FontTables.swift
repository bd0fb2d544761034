import Foundation

/// The numbers the font reader takes from `head`, `hhea`, `maxp`, `OS/2` and `post`.
struct FontHeader: Sendable {
    var unitsPerEm = 1000
    var indexToLocFormat = 0
    var glyphCount = 0
    var ascender = 0
    var descender = 0
    var lineGap = 0
    var numberOfHMetrics = 0
    var weight = 400
    var isItalic = false
    var widthClass = 5
    var capHeight: Int?
    var xHeight: Int?
    var underlinePosition = 0
    var underlineThickness = 0
    var strikeoutPosition: Int?
    var strikeoutThickness: Int?
    var bounds = (xMin: 0, yMin: 0, xMax: 0, yMax: 0)

    init(_ dir: TableDirectory) throws(FontError) {
        let head = try dir.required("head")
        guard try head.u32(12) == 0x5F0F_3CF5 else { throw FontError.invalidTable("head", reason: "bad magic number") }
        unitsPerEm = Int(try head.u16(18))
        guard (16...16384).contains(unitsPerEm) else { throw FontError.invalidTable("head", reason: "unitsPerEm \(unitsPerEm) outside 16...16384") }
        bounds = (Int(try head.i16(36)), Int(try head.i16(38)), Int(try head.i16(40)), Int(try head.i16(42)))
        let macStyle = try head.u16(44)
        indexToLocFormat = Int(try head.i16(50))

        let maxp = try dir.required("maxp")
        glyphCount = Int(try maxp.u16(4))
        guard glyphCount > 0 else { throw FontError.invalidTable("maxp", reason: "no glyphs") }

        let hhea = try dir.required("hhea")
        ascender = Int(try hhea.i16(4))
        descender = Int(try hhea.i16(6))
        lineGap = Int(try hhea.i16(8))
        numberOfHMetrics = Int(try hhea.u16(34))
        guard numberOfHMetrics >= 1 else { throw FontError.invalidTable("hhea", reason: "numberOfHMetrics is 0") }

        isItalic = macStyle & 2 != 0
        if let os2 = dir.tables["OS/2"], os2.count >= 78 {
            let version = try os2.u16(0)
            widthClass = Int(try os2.u16(6))
            weight = Int(try os2.u16(4))
            let selection = try os2.u16(62)
            isItalic = selection & 0x201 != 0 // ITALIC or OBLIQUE
            strikeoutThickness = Int(try os2.i16(26))
            strikeoutPosition = Int(try os2.i16(28))
            // USE_TYPO_METRICS: the typographic values are the ones the font wants for lines.
            if selection & 0x80 != 0 {
                ascender = Int(try os2.i16(68))
                descender = Int(try os2.i16(70))
                lineGap = Int(try os2.i16(72))
            }
            if version >= 2, os2.count >= 90 {
                xHeight = Int(try os2.i16(86))
                capHeight = Int(try os2.i16(88))
            }
        }
        weight = min(max(weight, 1), 1000)
        if let post = dir.tables["post"], post.count >= 12 {
            underlinePosition = Int(try post.i16(8))
            underlineThickness = Int(try post.i16(10))
        }
    }
}

/// Advance widths from `hmtx`.
struct HorizontalMetrics: Sendable {
    let advances: [UInt16]

    init(_ dir: TableDirectory, header: FontHeader) throws(FontError) {
        let hmtx = try dir.required("hmtx")
        let n = min(header.numberOfHMetrics, header.glyphCount)
        try hmtx.check(0, 4 * n)
        var advances: [UInt16] = []
        advances.reserveCapacity(n)
        for g in 0..<n { advances.append(try hmtx.u16(4 * g)) }
        self.advances = advances
    }

    /// The advance of `glyph` in font units; glyphs past the long metrics repeat the last one.
    func advance(_ glyph: Int) -> Int {
        Int(advances[min(max(glyph, 0), advances.count - 1)])
    }
}

/// Names from the `name` table.
struct FontNames: Sendable {
    var family = ""
    var subfamily = ""
    var fullName = ""
    var postScriptName = ""

    init(_ dir: TableDirectory) throws(FontError) {
        guard let name = dir.tables["name"] else { return }
        let count = Int(try name.u16(2)), storage = Int(try name.u16(4))
        try name.check(6, 12 * count)
        var best: [Int: (rank: Int, text: String)] = [:]
        for k in 0..<count {
            let r = 6 + 12 * k
            let platform = try name.u16(r), encoding = try name.u16(r + 2), language = try name.u16(r + 4)
            let id = Int(try name.u16(r + 6)), length = Int(try name.u16(r + 8)), offset = Int(try name.u16(r + 10))
            // Typographic family/subfamily (16, 17) win over the legacy four-style names (1, 2).
            guard [1, 2, 4, 6, 16, 17].contains(id) else { continue }
            guard let bytes = try? name.slice(storage + offset, length) else { continue }
            let text: String, rank: Int
            switch (platform, encoding) {
            case (3, 1), (3, 10), (0, _):
                var units: [UInt16] = []
                var i = bytes.startIndex
                while i + 1 < bytes.endIndex { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])); i += 2 }
                text = String(decoding: units, as: UTF16.self)
                rank = platform == 3 && language == 0x409 ? 3 : 2
            case (1, 0):
                text = String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
                rank = 1
            default: continue
            }
            if best[id].map({ $0.rank < rank }) ?? true { best[id] = (rank, text) }
        }
        family = best[16]?.text ?? best[1]?.text ?? ""
        subfamily = best[17]?.text ?? best[2]?.text ?? ""
        fullName = best[4]?.text ?? ""
        postScriptName = best[6]?.text ?? ""
    }
}
