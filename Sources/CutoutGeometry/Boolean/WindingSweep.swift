import Foundation

/// A unique undirected edge of the arrangement, stored from its lexicographically smaller end
/// `s` to the larger end `e`, with the winding numbers of both operands on each side.
struct ArrangementEdge {
    var s: GridPoint
    var e: GridPoint
    /// Winding number on the positive side minus the negative side, per operand (see ``GridPoint.orient(_:_:_:)``).
    var d0: Int
    var d1: Int
    /// Winding numbers on the negative side, filled in by the sweep.
    var n0 = 0
    var n1 = 0
}

/// Merges coincident segments and labels every edge with the operands' winding numbers on both
/// sides, by a sweep over x that keeps the edges crossing the sweep line in vertical order.
///
/// Requires segments that meet only at endpoints (``SegmentArrangement``). Vertical edges are
/// handled by the lexicographic sweep order, which behaves like a line rotated by an
/// infinitesimal angle. Complexity: O(n log n) sorting plus O(a) per insertion or removal for
/// a edges crossing the sweep line (a sorted array; a is small for real shapes).
enum WindingSweep {
    /// Unique edges of `segments`; edges whose contributions cancel are dropped unless
    /// `keepAll` is set (the line operations need every edge).
    static func edges(_ segments: [GridSegment], keepAll: Bool) -> [ArrangementEdge] {
        var raw: [ArrangementEdge] = []
        raw.reserveCapacity(segments.count)
        for g in segments where g.a != g.b {
            if g.a < g.b {
                raw.append(ArrangementEdge(s: g.a, e: g.b, d0: Int(g.w0), d1: Int(g.w1)))
            } else {
                raw.append(ArrangementEdge(s: g.b, e: g.a, d0: -Int(g.w0), d1: -Int(g.w1)))
            }
        }
        raw.sort { $0.s != $1.s ? $0.s < $1.s : $0.e < $1.e }
        var out: [ArrangementEdge] = []
        out.reserveCapacity(raw.count)
        for r in raw {
            if let last = out.last, last.s == r.s, last.e == r.e {
                out[out.count - 1].d0 += r.d0
                out[out.count - 1].d1 += r.d1
            } else {
                out.append(r)
            }
        }
        if !keepAll { out.removeAll { $0.d0 == 0 && $0.d1 == 0 } }
        return out
    }

    /// Fills in `n0`/`n1` for every edge.
    static func label(_ edges: inout [ArrangementEdge]) {
        let n = edges.count
        guard n > 0 else { return }
        // Starts: by start point, then top to bottom around it (exact angular order within the
        // half-plane of lexicographically increasing directions).
        let starts = (0..<n).sorted { i, j in
            let a = edges[i], b = edges[j]
            if a.s != b.s { return a.s < b.s }
            return orientDirections(a, b) > 0
        }
        let ends = (0..<n).sorted { edges[$0].e < edges[$1].e }
        var active: [Int] = []
        var i = 0, j = 0
        while i < n {
            let p = edges[starts[i]].s
            while j < n, edges[ends[j]].e <= p {
                let q = edges[ends[j]].e
                var count = 0
                while j < n, edges[ends[j]].e == q { count += 1; j += 1 }
                remove(endingAt: q, count: count, from: &active, edges)
            }
            var lo = lowerBound(active, edges, p)
            var below = lo > 0 ? edges[active[lo - 1]] : nil
            while i < n, edges[starts[i]].s == p {
                let k = starts[i]
                edges[k].n0 = below.map { $0.n0 + $0.d0 } ?? 0
                edges[k].n1 = below.map { $0.n1 + $0.d1 } ?? 0
                active.insert(k, at: lo)
                lo += 1
                below = edges[k]
                i += 1
            }
        }
    }

    /// Positive when a's direction comes before (above) b's in the sweep order.
    @inline(__always)
    private static func orientDirections(_ a: ArrangementEdge, _ b: ArrangementEdge) -> Int64 {
        let ax = a.e.x - a.s.x, ay = a.e.y - a.s.y, bx = b.e.x - b.s.x, by = b.e.y - b.s.y
        return ax * by - ay * bx
    }

    /// First position in `active` whose edge does not pass strictly above `p`.
    private static func lowerBound(_ active: [Int], _ edges: [ArrangementEdge], _ p: GridPoint) -> Int {
        var lo = 0, hi = active.count
        while lo < hi {
            let m = (lo + hi) / 2
            let e = edges[active[m]]
            if GridPoint.orient(e.s, e.e, p) > 0 { lo = m + 1 } else { hi = m }
        }
        return lo
    }

    /// Removes the `count` edges ending at `q`. They sit together where `q` would be inserted;
    /// if rounding left the order inconsistent, a full scan removes them anyway.
    private static func remove(endingAt q: GridPoint, count: Int, from active: inout [Int], _ edges: [ArrangementEdge]) {
        let lo = lowerBound(active, edges, q)
        var hi = lo
        while hi < active.count, edges[active[hi]].e == q { hi += 1 }
        if hi - lo == count {
            active.removeSubrange(lo..<hi)
        } else {
            active.removeAll { edges[$0].e == q }
        }
    }
}
