import Foundation

/// The `cmap` subtable the font reader uses: format 12 (full Unicode) when the font has one,
/// else format 4 (the Basic Multilingual Plane).
struct CharacterMap: Sendable {
    private enum Kind: Sendable {
        case segments(ByteReader, segCount: Int)
        case groups(ByteReader, count: Int)
    }
    private let kind: Kind

    init(_ dir: TableDirectory) throws(FontError) {
        let cmap = try dir.required("cmap")
        let n = Int(try cmap.u16(2))
        try cmap.check(4, 8 * n)
        var candidates: [(rank: Int, offset: Int)] = []
        for k in 0..<n {
            let r = 4 + 8 * k
            let platform = try cmap.u16(r), encoding = try cmap.u16(r + 2), offset = Int(try cmap.u32(r + 4))
            guard platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10)) else { continue }
            guard let format = try? cmap.u16(offset), format == 4 || format == 12 else { continue }
            candidates.append((format == 12 ? 2 : 1, offset))
        }
        guard let chosen = candidates.max(by: { $0.rank < $1.rank }) else {
            throw FontError.invalidTable("cmap", reason: "no Unicode subtable of format 4 or 12")
        }
        if chosen.rank == 2 {
            let length = Int(try cmap.u32(chosen.offset + 4))
            let table = try cmap.sub(chosen.offset, length)
            let groups = Int(try table.u32(12))
            guard groups <= (length - 16) / 12 else { throw FontError.invalidTable("cmap", reason: "\(groups) groups do not fit in \(length) bytes") }
            kind = .groups(table, count: groups)
        } else {
            let length = Int(try cmap.u16(chosen.offset + 2))
            // Some fonts store a length that overshoots the table; clamp to what exists.
            let table = try cmap.sub(chosen.offset, min(length, cmap.count - chosen.offset))
            let segX2 = Int(try table.u16(6))
            guard segX2 % 2 == 0, segX2 > 0 else { throw FontError.invalidTable("cmap", reason: "odd segment count") }
            try table.check(14, 4 * segX2 + 2)
            kind = .segments(table, segCount: segX2 / 2)
        }
    }

    /// The glyph for `scalar`, 0 (`.notdef`) when the font has none.
    /// Complexity: O(log n) in the number of segments or groups.
    func glyph(for scalar: UInt32) -> Int {
        switch kind {
        case .groups(let t, let count):
            var lo = 0, hi = count - 1
            while lo <= hi {
                let mid = (lo + hi) / 2, r = 16 + 12 * mid
                guard let first = try? t.u32(r), let last = try? t.u32(r + 4), let g = try? t.u32(r + 8) else { return 0 }
                if scalar < first { hi = mid - 1 } else if scalar > last { lo = mid + 1 } else {
                    let v = UInt64(g) + UInt64(scalar - first)
                    return v <= 0xFFFF ? Int(v) : 0
                }
            }
            return 0
        case .segments(let t, let segCount):
            guard scalar <= 0xFFFF else { return 0 }
            let c = Int(scalar)
            let ends = 14, starts = 16 + 2 * segCount, deltas = starts + 2 * segCount, ranges = deltas + 2 * segCount
            var lo = 0, hi = segCount - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                guard let end = try? t.u16(ends + 2 * mid) else { return 0 }
                if Int(end) < c { lo = mid + 1 } else { hi = mid }
            }
            guard let end = try? t.u16(ends + 2 * lo), Int(end) >= c,
                  let start = try? t.u16(starts + 2 * lo), Int(start) <= c,
                  let delta = try? t.u16(deltas + 2 * lo), let rangeOffset = try? t.u16(ranges + 2 * lo) else { return 0 }
            if rangeOffset == 0 { return (c + Int(delta)) & 0xFFFF }
            let at = ranges + 2 * lo + Int(rangeOffset) + 2 * (c - Int(start))
            guard let g = try? t.u16(at), g != 0 else { return 0 }
            return (Int(g) + Int(delta)) & 0xFFFF
        }
    }
}
