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

/// Two pieces of the arrangement still cross after snap rounding; `near` is a grid point at
/// the crossing. Snap rounding makes this impossible (see ``SegmentArrangement``): it is the
/// final check's finding, reported instead of a result that would not be valid.
struct UnresolvedCrossing: Error {
    var near: GridPoint
}

/// Cuts a set of segments at every crossing, touching endpoint and collinear overlap, so that
/// afterwards any two segments meet only at shared endpoints (or coincide exactly).
///
/// Snap rounding with hot pixels (Hobby 1999, Guibas & Marimont 1998): every grid point owns
/// the half-open unit square around it, its pixel. A pixel is hot when it contains an
/// endpoint or a crossing of the input segments (``HotPixels``). Each input segment becomes
/// the polyline through the centres of the hot pixels it passes through, in order. The
/// rounded arrangement has no crossings: its pieces meet only at hot pixel centres or
/// coincide (Guibas & Marimont's theorem; the proof deforms the exact arrangement continuously
/// into the rounded one by shrinking every hot pixel to its centre, and no vertex passes
/// through an edge on the way). Nothing is iterated, so no pass limit can stop short of a
/// valid arrangement.
///
/// A final check then tests every pair of pieces exactly: a grid point lying inside another
/// piece (a T-junction, or the end of a collinear overlap) cuts that piece there — exact, as
/// the point is already on it — and a proper crossing, which the argument above rules out,
/// throws ``UnresolvedCrossing`` rather than let a crossing reach a result.
///
/// Complexity: candidate pairs come from a uniform bucket grid (O(n) buckets, at most 8n
/// bucket slots), twice (crossings, final check), swept by x within a crowded bucket (pairs
/// whose x ranges overlap, after an O(m log m) sort of its m members); each segment visits
/// the buckets along it to find its hot pixels; O(k log k) to order k cuts.
enum SegmentArrangement {
    static func split(_ input: [GridSegment]) throws(UnresolvedCrossing) -> [GridSegment] {
        let routed = HotPixels(input).reroute(input)
        return try finalCheck(routed)
    }

    /// Cuts the pieces at the grid points lying inside them; throws at a proper crossing.
    static func finalCheck(_ segs: [GridSegment]) throws(UnresolvedCrossing) -> [GridSegment] {
        var cuts: [Cut] = []
        var crossing: GridPoint?
        forEachCandidatePair(segs) { i, j in
            if let x = touchingCuts(segs[i], Int32(i), segs[j], Int32(j), &cuts), crossing == nil { crossing = x }
        }
        if let x = crossing { throw UnresolvedCrossing(near: x) }
        return cuts.isEmpty ? segs : apply(cuts, to: segs)
    }

    /// A point where segment `index` must be cut.
    struct Cut {
        var index: Int32
        var point: GridPoint
    }

    /// Most members of a bucket whose pairs are all tested; past it they are swept by x.
    /// (Sorting every bucket cost the union bench, whose buckets hold a few each, 5.7 % more
    /// instructions; with this limit it costs what it did before sweeping.)
    static let sweepMembers = 32

    /// Calls `body(i, j)` (i < j, or i > j: each unordered pair once) for every pair of segments
    /// whose bounding boxes overlap, and for no other. Candidate pairs come from a uniform grid
    /// of buckets over the segments' bounding boxes (each box registered in every bucket it
    /// covers), swept by x within crowded buckets; a pair is reported only in the bucket holding
    /// the low corner of the overlap of their boxes, so it is reported once.
    static func forEachCandidatePair(_ segs: [GridSegment], _ body: (Int, Int) -> Void) {
        let n = segs.count
        guard n > 1 else { return }
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
        var tested = 0
        defer { WorkMeter.record(tested, .crossingTests) }
        for c in 0..<(side * side) {
            let first = start[c], last = start[c + 1]
            guard last - first > 1 else { continue }
            // Both boxes of a pair met here reach into this bucket, so the low corner of their
            // overlap lies in it exactly when it is not left of or above the bucket's own low
            // corner: two comparisons instead of two divisions per pair.
            let cellX = lo.x + Int64(c % side) * cellW, cellY = lo.y + Int64(c / side) * cellH
            if last - first <= Self.sweepMembers {
                tested += (last - first) * (last - first - 1) / 2
                for u in first..<(last - 1) {
                    let i = Int(members[u])
                    for v in (u + 1)..<last {
                        let j = Int(members[v])
                        if maxX[j] < minX[i] || minX[j] > maxX[i] || maxY[j] < minY[i] || minY[j] > maxY[i] { continue }
                        guard max(minX[i], minX[j]) >= cellX, max(minY[i], minY[j]) >= cellY else { continue }
                        body(i, j)
                    }
                }
                continue
            }
            // A crowded bucket (the pieces of many segments rerouted through one cluster of hot
            // pixels) is swept by x: sorted by left end, each member meets only those that
            // start before it ends, instead of every other member.
            members[first..<last].sort { minX[Int($0)] < minX[Int($1)] }
            for u in first..<(last - 1) {
                let i = Int(members[u])
                var v = u + 1
                while v < last {
                    let j = Int(members[v])
                    if minX[j] > maxX[i] { break }
                    v += 1
                    if maxY[j] < minY[i] || minY[j] > maxY[i] { continue }
                    guard max(minX[i], minX[j]) >= cellX, max(minY[i], minY[j]) >= cellY else { continue }
                    body(i, j)
                }
                tested += v - u - 1
            }
        }
    }

    /// Records the exact cuts that segments p and q need where one's endpoint lies inside the
    /// other (T-junctions and the ends of collinear overlaps). Returns a grid point at their
    /// crossing when they cross properly (interiors meet at a single point), which needs
    /// rounding and is left to the caller.
    @inline(__always)
    static func touchingCuts(_ p: GridSegment, _ pi: Int32, _ q: GridSegment, _ qi: Int32,
                             _ cuts: inout [Cut]) -> GridPoint? {
        let a = p.a, b = p.b, c = q.a, d = q.b
        let o1 = GridPoint.orient(a, b, c), o2 = GridPoint.orient(a, b, d)
        if (o1 > 0 && o2 > 0) || (o1 < 0 && o2 < 0) { return nil }
        let o3 = GridPoint.orient(c, d, a), o4 = GridPoint.orient(c, d, b)
        if (o3 > 0 && o4 > 0) || (o3 < 0 && o4 < 0) { return nil }
        if o1 == 0 || o2 == 0 || o3 == 0 || o4 == 0 {
            // An endpoint on the other segment (collinear overlaps have all four zero).
            if o1 == 0, GridPoint.strictlyBetween(a, b, c) { cuts.append(Cut(index: pi, point: c)) }
            if o2 == 0, GridPoint.strictlyBetween(a, b, d) { cuts.append(Cut(index: pi, point: d)) }
            if o3 == 0, GridPoint.strictlyBetween(c, d, a) { cuts.append(Cut(index: qi, point: a)) }
            if o4 == 0, GridPoint.strictlyBetween(c, d, b) { cuts.append(Cut(index: qi, point: b)) }
            return nil
        }
        return HotPixels.crossingPixel(a, b, o3, o4)
    }

    /// Splits each segment at its cut points, in order along it.
    static func apply(_ cuts: [Cut], to segs: [GridSegment]) -> [GridSegment] {
        let sorted = cuts.sorted { $0.index < $1.index }
        var out: [GridSegment] = []
        out.reserveCapacity(segs.count + cuts.count)
        var k = 0
        for (i, s) in segs.enumerated() {
            guard k < sorted.count, sorted[k].index == Int32(i) else {
                out.append(s)
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
                out.append(piece)
                from = p
            }
        }
        return out
    }
}
