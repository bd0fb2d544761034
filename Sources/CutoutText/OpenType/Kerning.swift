import Foundation

/// Pair kerning from GPOS (`kern` feature, pair adjustment lookups of formats 1 and 2) or,
/// when the font has no GPOS kerning, from the legacy `kern` table (format 0 subtables,
/// Microsoft and Apple headers). Like HarfBuzz, GPOS wins when both exist.
///
/// Only the first glyph's x-advance adjustment is applied; GPOS script and language systems
/// are not told apart (every `kern` feature's lookups apply), and device tables are ignored.
struct Kerning: Sendable {
    private struct PairSubtable: Sendable {
        let table: ByteReader
        let format: Int
        let coverage: Int
        let valueFormat1: Int
        let valueFormat2: Int
    }
    private let pairSubtables: [PairSubtable]
    /// Legacy `kern` format 0 subtables: the reader and the number of pairs.
    private let legacy: [(ByteReader, Int)]

    /// Most GPOS lookups or subtables walked at load; real fonts have tens.
    static let maxSubtables = 4_096

    init(_ dir: TableDirectory) throws(FontError) {
        var pairs: [PairSubtable] = []
        if let gpos = dir.tables["GPOS"] { pairs = try Self.gposPairs(gpos) }
        pairSubtables = pairs
        if pairs.isEmpty, let kern = dir.tables["kern"] { legacy = try Self.legacySubtables(kern) } else { legacy = [] }
    }

    var isEmpty: Bool { pairSubtables.isEmpty && legacy.isEmpty }

    /// Whether the kerning comes from GPOS rather than the legacy table.
    var readsGPOS: Bool { !pairSubtables.isEmpty }

    private static func gposPairs(_ gpos: ByteReader) throws(FontError) -> [PairSubtable] {
        let featureList = Int(try gpos.u16(6)), lookupList = Int(try gpos.u16(8))
        let featureCount = Int(try gpos.u16(featureList))
        guard featureCount <= maxSubtables else { throw FontError.invalidTable("GPOS", reason: "\(featureCount) features") }
        var lookups = Set<Int>()
        for k in 0..<featureCount {
            let r = featureList + 2 + 6 * k
            guard try gpos.tag(r) == "kern" else { continue }
            let feature = featureList + Int(try gpos.u16(r + 4))
            let n = Int(try gpos.u16(feature + 2))
            for i in 0..<n { lookups.insert(Int(try gpos.u16(feature + 4 + 2 * i))) }
        }
        let lookupCount = Int(try gpos.u16(lookupList))
        var out: [PairSubtable] = []
        for index in lookups.sorted() where index < lookupCount {
            let lookup = lookupList + Int(try gpos.u16(lookupList + 2 + 2 * index))
            let type = Int(try gpos.u16(lookup)), subCount = Int(try gpos.u16(lookup + 4))
            guard type == 2 || type == 9 else { continue }
            for s in 0..<subCount {
                guard out.count < maxSubtables else { throw FontError.invalidTable("GPOS", reason: "more than \(maxSubtables) pair subtables") }
                var at = lookup + Int(try gpos.u16(lookup + 6 + 2 * s))
                if type == 9 {
                    guard try gpos.u16(at + 2) == 2 else { continue }
                    at += Int(try gpos.u32(at + 4))
                }
                let sub = try gpos.sub(from: at)
                let format = Int(try sub.u16(0))
                guard format == 1 || format == 2 else { throw FontError.invalidTable("GPOS", reason: "pair format \(format)") }
                out.append(PairSubtable(table: sub, format: format, coverage: Int(try sub.u16(2)),
                                        valueFormat1: Int(try sub.u16(4)), valueFormat2: Int(try sub.u16(6))))
            }
        }
        return out
    }

    private static func legacySubtables(_ kern: ByteReader) throws(FontError) -> [(ByteReader, Int)] {
        var out: [(ByteReader, Int)] = []
        let apple = try kern.u16(0) == 1
        let count = apple ? Int(try kern.u32(4)) : Int(try kern.u16(2))
        guard count <= maxSubtables else { throw FontError.invalidTable("kern", reason: "\(count) subtables") }
        var o = apple ? 8 : 4
        for _ in 0..<count {
            let length: Int, format: Int, horizontal: Bool, headerSize: Int
            if apple {
                length = Int(try kern.u32(o)); let coverage = try kern.u16(o + 4)
                format = Int(coverage & 0xFF); horizontal = coverage & 0xE000 == 0; headerSize = 8
            } else {
                length = Int(try kern.u16(o + 2)); let coverage = try kern.u16(o + 4)
                format = Int(coverage >> 8); horizontal = coverage & 0x7 == 0x1; headerSize = 6
            }
            guard length >= headerSize else { throw FontError.invalidTable("kern", reason: "subtable length \(length)") }
            if format == 0, horizontal {
                let body = try kern.sub(from: o + headerSize)
                let pairs = Int(try body.u16(0))
                try body.check(8, 6 * pairs)
                out.append((body, pairs))
            }
            o += length
            // Microsoft's 16-bit length wraps for big subtables; stop rather than misread.
            guard o < kern.count else { break }
        }
        return out
    }

    /// The x-advance adjustment between `left` and `right`, in font units.
    func adjustment(_ left: Int, _ right: Int) -> Int {
        for sub in pairSubtables {
            if let v = try? Self.pairValue(sub, left, right) { return v }
        }
        let key = UInt32(left) << 16 | UInt32(right)
        for (body, pairs) in legacy {
            var lo = 0, hi = pairs - 1
            while lo <= hi {
                let mid = (lo + hi) / 2, r = 8 + 6 * mid
                guard let k = try? body.u32(r) else { break }
                if k < key { lo = mid + 1 } else if k > key { hi = mid - 1 } else { return Int((try? body.i16(r + 4)) ?? 0) }
            }
        }
        return 0
    }

    private static func valueSize(_ format: Int) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

    /// XAdvance of a value record, or 0 when the format has none.
    private static func xAdvance(_ t: ByteReader, at o: Int, format: Int) throws(FontError) -> Int {
        guard format & 0x4 != 0 else { return 0 }
        let skip = 2 * (format & 0x3).nonzeroBitCount
        return Int(try t.i16(o + skip))
    }

    /// The adjustment if this subtable covers the pair, `nil` to try the next subtable.
    private static func pairValue(_ s: PairSubtable, _ left: Int, _ right: Int) throws(FontError) -> Int? {
        let t = s.table
        guard let index = try coverageIndex(t, at: s.coverage, glyph: left) else { return nil }
        let size1 = valueSize(s.valueFormat1), size2 = valueSize(s.valueFormat2)
        if s.format == 1 {
            let setCount = Int(try t.u16(8))
            guard index < setCount else { return nil }
            let set = Int(try t.u16(10 + 2 * index))
            let n = Int(try t.u16(set)), record = 2 + size1 + size2
            var lo = 0, hi = n - 1
            while lo <= hi {
                let mid = (lo + hi) / 2, r = set + 2 + record * mid
                let g = Int(try t.u16(r))
                if g < right { lo = mid + 1 } else if g > right { hi = mid - 1 } else {
                    return try xAdvance(t, at: r + 2, format: s.valueFormat1)
                }
            }
            return nil
        }
        let class1 = try classOf(t, at: Int(try t.u16(8)), glyph: left)
        let class2 = try classOf(t, at: Int(try t.u16(10)), glyph: right)
        let class1Count = Int(try t.u16(12)), class2Count = Int(try t.u16(14))
        guard class1 < class1Count, class2 < class2Count else { return nil }
        let r = 16 + (class1 * class2Count + class2) * (size1 + size2)
        return try xAdvance(t, at: r, format: s.valueFormat1)
    }

    private static func coverageIndex(_ t: ByteReader, at o: Int, glyph: Int) throws(FontError) -> Int? {
        let format = try t.u16(o), n = Int(try t.u16(o + 2))
        var lo = 0, hi = n - 1
        if format == 1 {
            while lo <= hi {
                let mid = (lo + hi) / 2, g = Int(try t.u16(o + 4 + 2 * mid))
                if g < glyph { lo = mid + 1 } else if g > glyph { hi = mid - 1 } else { return mid }
            }
        } else if format == 2 {
            while lo <= hi {
                let mid = (lo + hi) / 2, r = o + 4 + 6 * mid
                let start = Int(try t.u16(r)), end = Int(try t.u16(r + 2))
                if end < glyph { lo = mid + 1 } else if start > glyph { hi = mid - 1 } else {
                    return Int(try t.u16(r + 4)) + glyph - start
                }
            }
        }
        return nil
    }

    private static func classOf(_ t: ByteReader, at o: Int, glyph: Int) throws(FontError) -> Int {
        let format = try t.u16(o)
        if format == 1 {
            let start = Int(try t.u16(o + 2)), n = Int(try t.u16(o + 4))
            guard glyph >= start, glyph < start + n else { return 0 }
            return Int(try t.u16(o + 6 + 2 * (glyph - start)))
        }
        if format == 2 {
            let n = Int(try t.u16(o + 2))
            var lo = 0, hi = n - 1
            while lo <= hi {
                let mid = (lo + hi) / 2, r = o + 4 + 6 * mid
                let start = Int(try t.u16(r)), end = Int(try t.u16(r + 2))
                if end < glyph { lo = mid + 1 } else if start > glyph { hi = mid - 1 } else { return Int(try t.u16(r + 4)) }
            }
        }
        return 0
    }
}
