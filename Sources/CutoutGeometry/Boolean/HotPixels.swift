import Foundation

/// The hot pixels of a set of grid segments, found exactly, and the rerouting of every
/// segment through the centres of the hot pixels it passes through (``SegmentArrangement``).
///
/// The pixel of grid point c is the half-open square [c.x − ½, c.x + ½) × [c.y − ½, c.y + ½),
/// so every point of the plane lies in exactly one pixel: the one whose centre is its
/// coordinates rounded half up. A pixel is hot when it holds a segment endpoint or a point
/// where two segments cross. Crossings are rational points; their pixels come from 128-bit
/// products and quotients, never from floating point.
///
/// Lookup: the hot pixels sit in a uniform grid of buckets (about one pixel per bucket); a
/// segment visits only the buckets along it, column by column, so finding its pixels costs
/// about the number of buckets it crosses plus the pixels found in them.
struct HotPixels {
    private let lo: GridPoint
    private let cellW: Int64
    private let cellH: Int64
    private let cols: Int
    private let rows: Int
    /// Bucket b holds `members[start[b]..<start[b + 1]]`, bucket b = row · cols + column.
    private let start: [Int]
    private let members: [GridPoint]

    /// The hot pixels of `segs`: their endpoints and the pixels of their proper crossings.
    init(_ segs: [GridSegment]) {
        var pts: [GridPoint] = []
        pts.reserveCapacity(2 * segs.count)
        for s in segs { pts.append(s.a); pts.append(s.b) }
        SegmentArrangement.forEachCandidatePair(segs) { i, j in
            if let x = Self.properCrossing(segs[i], segs[j]) { pts.append(x) }
        }
        pts.sort()
        var unique: [GridPoint] = []
        unique.reserveCapacity(pts.count)
        for p in pts where unique.last != p { unique.append(p) }
        self.init(pixels: unique)
    }

    private init(pixels: [GridPoint]) {
        var lo = GridPoint(x: .max, y: .max), hi = GridPoint(x: .min, y: .min)
        for p in pixels {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        if pixels.isEmpty { lo = GridPoint(x: 0, y: 0); hi = lo }
        // Square buckets of about one pixel each; a thin box gets one row or column of them.
        let n = Double(max(pixels.count, 1))
        let w = Double(hi.x - lo.x) + 1, h = Double(hi.y - lo.y) + 1
        let side = max(1, (w * h / n).squareRoot(), max(w, h) / n)
        let cols = min(Int(w / side) + 1, 4096), rows = min(Int(h / side) + 1, 4096)
        let cellW = (hi.x - lo.x) / Int64(cols) + 1, cellH = (hi.y - lo.y) / Int64(rows) + 1
        func bucket(_ p: GridPoint) -> Int { Int((p.y - lo.y) / cellH) * cols + Int((p.x - lo.x) / cellW) }
        var start = [Int](repeating: 0, count: cols * rows + 1)
        for p in pixels { start[bucket(p) + 1] += 1 }
        for b in 0..<(cols * rows) { start[b + 1] += start[b] }
        var fill = start
        var members = [GridPoint](repeating: lo, count: pixels.count)
        for p in pixels {
            let b = bucket(p)
            members[fill[b]] = p; fill[b] += 1
        }
        (self.lo, self.cellW, self.cellH, self.cols, self.rows) = (lo, cellW, cellH, cols, rows)
        self.start = start
        self.members = members
    }

    /// Each segment as the polyline through the centres of the hot pixels it passes through,
    /// in order along it; pieces keep the segment's tags.
    func reroute(_ segs: [GridSegment]) -> [GridSegment] {
        var out: [GridSegment] = []
        out.reserveCapacity(segs.count + segs.count / 4)
        var route: [(key: Int64, point: GridPoint)] = []
        for s in segs {
            route.removeAll(keepingCapacity: true)
            let dx = s.b.x - s.a.x, dy = s.b.y - s.a.y
            // A pixel meets the segment's line only when |orient| ≤ (|dx| + |dy|) / 2 (the
            // square's extent across the line): a cheap exact rejection of most candidates.
            let reach = dx.magnitude + dy.magnitude
            forEachPixel(near: s) { c in
                guard c != s.a, c != s.b,
                      2 * GridPoint.orient(s.a, s.b, c).magnitude <= reach,
                      Self.passes(s.a, s.b, through: c) else { return }
                // The pixels a segment meets run monotonically in x and in y, so their
                // projections on its direction order them.
                route.append(((c.x - s.a.x) * dx + (c.y - s.a.y) * dy, c))
            }
            if route.isEmpty { out.append(s); continue }
            route.sort { $0.key < $1.key }
            var piece = s
            for (_, c) in route {
                piece.b = c
                out.append(piece)
                piece.a = c
            }
            piece.b = s.b
            out.append(piece)
        }
        return out
    }

    /// Calls `body` with every hot pixel within one grid unit of the segment's bounding box
    /// whose bucket the segment (widened by a pixel) may reach.
    private func forEachPixel(near s: GridSegment, _ body: (GridPoint) -> Void) {
        let minX = min(s.a.x, s.b.x) - 1, maxX = max(s.a.x, s.b.x) + 1
        let minY = min(s.a.y, s.b.y) - 1, maxY = max(s.a.y, s.b.y) + 1
        guard maxX >= lo.x, maxY >= lo.y, !members.isEmpty else { return }
        let c0 = Int((max(minX, lo.x) - lo.x) / cellW), c1 = min(cols - 1, Int((maxX - lo.x) / cellW))
        guard c0 <= c1 else { return }
        let dx = Double(s.b.x - s.a.x), dy = Double(s.b.y - s.a.y)
        for col in c0...c1 {
            // The segment's y over this column, the column widened by one unit either side so
            // pixels straddling the column edge are not missed; then one unit (and one more for
            // the floating-point evaluation) of slack.
            var y0 = Double(minY), y1 = Double(maxY)
            if dx != 0 {
                let x0 = Double(max(minX + 1, lo.x + Int64(col) * cellW - 1))
                let x1 = Double(min(maxX - 1, lo.x + Int64(col + 1) * cellW))
                let ya = Double(s.a.y) + (x0 - Double(s.a.x)) * dy / dx
                let yb = Double(s.a.y) + (x1 - Double(s.a.x)) * dy / dx
                y0 = max(y0, min(ya, yb).rounded(.down) - 2)
                y1 = min(y1, max(ya, yb).rounded(.up) + 2)
            }
            guard y1 >= Double(lo.y) else { continue }
            let r0 = Int((max(y0, Double(lo.y)) - Double(lo.y)) / Double(cellH))
            let r1 = min(rows - 1, Int((y1 - Double(lo.y)) / Double(cellH)))
            guard r0 <= r1 else { continue }
            for row in r0...r1 {
                let b = row * cols + col
                for k in start[b]..<start[b + 1] {
                    let c = members[k]
                    if c.x >= minX && c.x <= maxX && c.y >= minY && c.y <= maxY { body(c) }
                }
            }
        }
    }

    /// The pixel of the point where p and q cross, when their interiors cross at one point.
    @inline(__always)
    static func properCrossing(_ p: GridSegment, _ q: GridSegment) -> GridPoint? {
        let o1 = GridPoint.orient(p.a, p.b, q.a), o2 = GridPoint.orient(p.a, p.b, q.b)
        guard (o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0) else { return nil }
        let o3 = GridPoint.orient(q.a, q.b, p.a), o4 = GridPoint.orient(q.a, q.b, p.b)
        guard (o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0) else { return nil }
        return crossingPixel(p.a, p.b, o3, o4)
    }

    /// The pixel holding a + t·(b − a), t = o3 / (o3 − o4), where o3 and o4 are the
    /// orientations of a and b against the other segment (opposite signs, so 0 < t < 1).
    @inline(__always)
    static func crossingPixel(_ a: GridPoint, _ b: GridPoint, _ o3: Int64, _ o4: Int64) -> GridPoint {
        var num = o3, den = o3 - o4
        if den < 0 { num = -num; den = -den }
        return GridPoint(x: a.x + roundedQuotient(num, b.x - a.x, den),
                         y: a.y + roundedQuotient(num, b.y - a.y, den))
    }

    /// ⌊num · delta / den + ½⌋, exactly, for den > 0 and |num| < den (so it fits).
    @inline(__always)
    static func roundedQuotient(_ num: Int64, _ delta: Int64, _ den: Int64) -> Int64 {
        var (q, r) = den.dividingFullWidth(num.multipliedFullWidth(by: delta))
        if r < 0 { q -= 1; r += den }
        return r >= den - r ? q + 1 : q
    }

    /// Whether the closed segment a–b meets the half-open pixel of c, exactly.
    ///
    /// In doubled coordinates centred on c the pixel is [−1, 1)², and the segment is
    /// P + t·D, t ∈ [0, 1]; each side of the pixel bounds t by a fraction, closed or open.
    /// Coordinates stay within ±2^31 there, so the cross-multiplied comparisons fit in 64 bits.
    static func passes(_ a: GridPoint, _ b: GridPoint, through c: GridPoint) -> Bool {
        let px = 2 * (a.x - c.x), py = 2 * (a.y - c.y)
        let dx = 2 * (b.x - a.x), dy = 2 * (b.y - a.y)
        // t lies in (loN/loD, hiN/hiD), each end closed unless flagged open.
        var loN: Int64 = 0, loD: Int64 = 1, loOpen = false
        var hiN: Int64 = 1, hiD: Int64 = 1, hiOpen = false
        func raise(_ n: Int64, _ d: Int64, open: Bool) {
            let l = n * loD, r = loN * d
            if l > r { loN = n; loD = d; loOpen = open } else if l == r { loOpen = loOpen || open }
        }
        func lower(_ n: Int64, _ d: Int64, open: Bool) {
            let l = n * hiD, r = hiN * d
            if l < r { hiN = n; hiD = d; hiOpen = open } else if l == r { hiOpen = hiOpen || open }
        }
        // −1 ≤ p + t·d < 1 along one axis.
        func clip(_ p: Int64, _ d: Int64) -> Bool {
            if d == 0 { return p >= -1 && p < 1 }
            if d > 0 {
                raise(-1 - p, d, open: false)
                lower(1 - p, d, open: true)
            } else {
                lower(1 + p, -d, open: false)
                raise(p - 1, -d, open: true)
            }
            return true
        }
        guard clip(px, dx), clip(py, dy) else { return false }
        let l = loN * hiD, r = hiN * loD
        return l < r || (l == r && !loOpen && !hiOpen)
    }
}
