import Foundation

/// A directed straight segment on the snapping grid, tagged with what it contributes.
struct GridSegment {
    var a: GridPoint
    var b: GridPoint
    /// Winding contribution to operand 0 and operand 1 (±1 for a boundary edge, 0 for a
    /// line that only gets cut).
    var w0: Int32
    var w1: Int32
    /// For the line operations: the index of the input segment this piece comes from; -1 otherwise.
    var source: Int32
}

/// Cuts a set of segments at every crossing, touching endpoint and collinear overlap, so that
/// afterwards any two segments meet only at shared endpoints (or coincide exactly).
///
/// Crossing points are rounded to the grid (snap rounding without hot pixels): a cut segment
/// moves by at most half a cell, which can create new crossings nearby, so passes repeat over
/// the segments that changed until none is found. The number of passes is capped
/// (``maximumPasses``) to bound the time on hostile input; the cap is not reached in practice
/// (two or three passes).
///
/// Complexity per pass: O(n) to bucket the segments on a uniform grid (at most 8n bucket
/// slots), the pairs sharing a bucket, and O(k log k) for the k cuts.
enum SegmentArrangement {
    static let maximumPasses = 12

    static func split(_ input: [GridSegment]) -> [GridSegment] {
        var segs = input
        var dirty = [Bool](repeating: true, count: segs.count)
        for _ in 0..<maximumPasses {
            let cuts = findCuts(segs, dirty: dirty)
            if cuts.isEmpty { break }
            (segs, dirty) = apply(cuts, to: segs)
        }
        return segs
    }

    /// A point where segment `index` must be cut.
    private struct Cut {
        var index: Int32
        var point: GridPoint
    }

    /// Candidate pairs come from a uniform grid of buckets over the segments' bounding boxes
    /// (each box registered in every bucket it covers). A pair is tested only in the bucket
    /// holding the low corner of the overlap of their boxes, so it is tested once.
    private static func findCuts(_ segs: [GridSegment], dirty: [Bool]) -> [Cut] {
        let n = segs.count
        guard n > 1 else { return [] }
        var minX = [Int64](repeating: 0, count: n), maxX = minX, minY = minX, maxY = minX
        var lo = GridPoint(x: .max, y: .max), hi = GridPoint(x: .min, y: .min)
        for i in 0..<n {
            let s = segs[i]
            minX[i] = min(s.a.x, s.b.x); maxX[i] = max(s.a.x, s.b.x)
            minY[i] = min(s.a.y, s.b.y); maxY[i] = max(s.a.y, s.b.y)
            lo.x = min(lo.x, minX[i]); lo.y = min(lo.y, minY[i])
            hi.x = max(hi.x, maxX[i]); hi.y = max(hi.y, maxY[i])
        }
        // About one bucket per segment, coarser while the boxes would fill more than 8n slots.
        var side = max(1, min(1024, Int(Double(n).squareRoot())))
        var cellW = Int64(1), cellH = Int64(1)
        while true {
            cellW = max(1, (hi.x - lo.x) / Int64(side) + 1)
            cellH = max(1, (hi.y - lo.y) / Int64(side) + 1)
            var slots = 0
            for i in 0..<n {
                slots += Int((maxX[i] - lo.x) / cellW - (minX[i] - lo.x) / cellW + 1)
                    * Int((maxY[i] - lo.y) / cellH - (minY[i] - lo.y) / cellH + 1)
            }
            if slots <= 8 * n || side == 1 { break }
            side = max(1, side / 2)
        }
        @inline(__always) func cell(_ x: Int64, _ y: Int64) -> Int {
            Int((y - lo.y) / cellH) * side + Int((x - lo.x) / cellW)
        }
        var start = [Int](repeating: 0, count: side * side + 1)
        for i in 0..<n {
            let cx0 = Int((minX[i] - lo.x) / cellW), cx1 = Int((maxX[i] - lo.x) / cellW)
            let cy0 = Int((minY[i] - lo.y) / cellH), cy1 = Int((maxY[i] - lo.y) / cellH)
            for cy in cy0...cy1 { for cx in cx0...cx1 { start[cy * side + cx + 1] += 1 } }
        }
        for c in 0..<(side * side) { start[c + 1] += start[c] }
        var fill = start
        var members = [Int32](repeating: 0, count: start[side * side])
        for i in 0..<n {
            let cx0 = Int((minX[i] - lo.x) / cellW), cx1 = Int((maxX[i] - lo.x) / cellW)
            let cy0 = Int((minY[i] - lo.y) / cellH), cy1 = Int((maxY[i] - lo.y) / cellH)
            for cy in cy0...cy1 {
                for cx in cx0...cx1 {
                    let c = cy * side + cx
                    members[fill[c]] = Int32(i); fill[c] += 1
                }
            }
        }
        var cuts: [Cut] = []
        for c in 0..<(side * side) {
            let first = start[c], last = start[c + 1]
            guard last - first > 1 else { continue }
            for u in first..<(last - 1) {
                let i = Int(members[u])
                let di = dirty[i]
                for v in (u + 1)..<last {
                    let j = Int(members[v])
                    guard di || dirty[j] else { continue }
                    if maxX[j] < minX[i] || minX[j] > maxX[i] || maxY[j] < minY[i] || minY[j] > maxY[i] { continue }
                    guard cell(max(minX[i], minX[j]), max(minY[i], minY[j])) == c else { continue }
                    intersect(segs[i], Int32(i), segs[j], Int32(j), &cuts)
                }
            }
        }
        return cuts
    }

    /// Records the cuts that segments p and q need against each other.
    @inline(__always)
    private static func intersect(_ p: GridSegment, _ pi: Int32, _ q: GridSegment, _ qi: Int32, _ cuts: inout [Cut]) {
        let a = p.a, b = p.b, c = q.a, d = q.b
        let o1 = GridPoint.orient(a, b, c), o2 = GridPoint.orient(a, b, d)
        if (o1 > 0 && o2 > 0) || (o1 < 0 && o2 < 0) { return }
        let o3 = GridPoint.orient(c, d, a), o4 = GridPoint.orient(c, d, b)
        if (o3 > 0 && o4 > 0) || (o3 < 0 && o4 < 0) { return }
        if o1 == 0 && o2 == 0 {
            // Collinear: each endpoint inside the other segment cuts it.
            if GridPoint.strictlyBetween(a, b, c) { cuts.append(Cut(index: pi, point: c)) }
            if GridPoint.strictlyBetween(a, b, d) { cuts.append(Cut(index: pi, point: d)) }
            if GridPoint.strictlyBetween(c, d, a) { cuts.append(Cut(index: qi, point: a)) }
            if GridPoint.strictlyBetween(c, d, b) { cuts.append(Cut(index: qi, point: b)) }
            return
        }
        if o1 == 0 || o2 == 0 || o3 == 0 || o4 == 0 {
            // An endpoint touches the other segment: an exact T-junction.
            if o1 == 0, GridPoint.strictlyBetween(a, b, c) { cuts.append(Cut(index: pi, point: c)) }
            if o2 == 0, GridPoint.strictlyBetween(a, b, d) { cuts.append(Cut(index: pi, point: d)) }
            if o3 == 0, GridPoint.strictlyBetween(c, d, a) { cuts.append(Cut(index: qi, point: a)) }
            if o4 == 0, GridPoint.strictlyBetween(c, d, b) { cuts.append(Cut(index: qi, point: b)) }
            return
        }
        // Proper crossing: a + t·(b − a) with t = o3 / (o3 − o4), rounded to the grid.
        let t = Double(o3) / Double(o3 - o4)
        let x = (Double(a.x) + t * Double(b.x - a.x)).rounded()
        let y = (Double(a.y) + t * Double(b.y - a.y)).rounded()
        let x0 = max(min(a.x, b.x, c.x, d.x), min(Int64(x), max(a.x, b.x, c.x, d.x)))
        let y0 = max(min(a.y, b.y, c.y, d.y), min(Int64(y), max(a.y, b.y, c.y, d.y)))
        let pt = GridPoint(x: x0, y: y0)
        if pt != a && pt != b { cuts.append(Cut(index: pi, point: pt)) }
        if pt != c && pt != d { cuts.append(Cut(index: qi, point: pt)) }
    }

    private static func apply(_ cuts: [Cut], to segs: [GridSegment]) -> ([GridSegment], [Bool]) {
        let sorted = cuts.sorted { $0.index < $1.index }
        var out: [GridSegment] = []
        out.reserveCapacity(segs.count + cuts.count)
        var dirty: [Bool] = []
        dirty.reserveCapacity(segs.count + cuts.count)
        var k = 0
        for (i, s) in segs.enumerated() {
            guard k < sorted.count, sorted[k].index == Int32(i) else {
                out.append(s); dirty.append(false)
                continue
            }
            var pts: [GridPoint] = []
            while k < sorted.count, sorted[k].index == Int32(i) { pts.append(sorted[k].point); k += 1 }
            let dx = s.b.x - s.a.x, dy = s.b.y - s.a.y
            pts.sort { ($0.x - s.a.x) * dx + ($0.y - s.a.y) * dy < ($1.x - s.a.x) * dx + ($1.y - s.a.y) * dy }
            var from = s.a
            for p in pts + [s.b] where p != from {
                var piece = s
                piece.a = from; piece.b = p
                out.append(piece); dirty.append(true)
                from = p
            }
        }
        return (out, dirty)
    }
}
