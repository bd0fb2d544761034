/// The rows where a path's pixels may mix windings, found from its contours before any row
/// is logged, so that ``DrawingContext/exactOverlapCoverage`` checks only those.
///
/// A pixel mixes only where windings that the fill rule does not treat linearly meet in it
/// (see ``WindingSet``). Between two heights where no side of the contours has a vertex and
/// none crosses another, the sides keep their order by x and bound regions of one winding
/// each; a row whose pixels see only windings that do not mix, over every such stretch of
/// heights it meets, needs no check. A stroke round a closed path sees 0 and 1 except near an
/// inner corner that had to go through the corner point (winding 2 beside 0); a frame with
/// holes wound the other way sees 0 and 1 everywhere.
extension Rasterizer {
    /// Most y-monotone sides (two per lowest point of a contour) that
    /// ``markRowsThatMayMix(evenOdd:rows:in:)`` follows; past them every row is checked.
    static let maxMonotoneSides = 1024

    /// Level edges at most this long (device pixels) count as repeated points: stroke outlines
    /// have such, where two offsets of one corner differ by a rounding error.
    static let repeatTolerance = 1e-9

    /// Which rows ``markRowsThatMayMix(evenOdd:rows:in:)`` marked.
    enum MixingRows {
        case none, some, all
    }

    /// Marks, in `mask` (one bit per row of `rows`, absolute device rows, bit `r & 63` of word
    /// `r >> 6` for the `r`-th row; all of it written), the rows where the stored contours may
    /// put windings that mix under the rule into one pixel.
    ///
    /// The contours are cut into sides along which y only grows (two from each lowest point,
    /// at most ``maxMonotoneSides`` in all; past them every row is marked, as a sweep would
    /// cost more than checking them). A sweep down the contours keeps the sides in order by x
    /// and checks each pair of neighbours, whenever either starts a new edge or they become
    /// neighbours, for a crossing before either's next vertex; as in Shamos and Hoey's test,
    /// the first crossing is always between neighbours. A crossing marks the rows from it down
    /// to that vertex, and the sides are sorted again at the next stop. Between crossings the
    /// regions between neighbours (but not two that run together) each hold one winding; a
    /// row is marked when the windings of all the stretches it meets mix, together.
    /// Level edges move a side sideways at one height: they bound no area, and only change
    /// the order below them. Sound up to rounding: a crossing missed because two sides are a
    /// rounding error apart at both ends of a check can only hide a region that thin.
    ///
    /// Complexity: O(n · s) for n points and s sides, with little work per side and point:
    /// finding the next stop scans the sides' next heights; the rest is constant per point,
    /// but for the O(s) sorts and winding sums where sides begin, end or cross.
    func markRowsThatMayMix(evenOdd: Bool, rows: Range<Int>, in mask: UnsafeMutablePointer<UInt64>) -> MixingRows {
        let words = (rows.count + 63) >> 6
        mask.update(repeating: 0, count: words)
        let pts = UnsafePointer(points)
        // A lowest point needs an edge up before it and one down after it.
        sweepScratch.lowest.reserve((contourEnds.last ?? 0) / 2 + 1)
        let lowest = sweepScratch.lowest.base
        let lowestCount = lowestPoints(pts, into: lowest)
        guard 2 * lowestCount <= Rasterizer.maxMonotoneSides else {
            mask.update(repeating: ~0, count: words)
            return .all
        }
        sweepScratch.sides.reserve(2 * lowestCount)
        sweepScratch.nextYs.reserve(2 * lowestCount)
        var sweep = RowSweep(pts: pts, sides: sweepScratch.sides.base, nextYs: sweepScratch.nextYs.base,
                             lowest: lowest, lowestCount: lowestCount, mask: mask, rows: rows, evenOdd: evenOdd)
        let verdict = sweep.run()
        if verdict == .all { mask.update(repeating: ~0, count: words) }
        return verdict
    }

    /// Stores the lowest points of the stored contours (where one starts down after going up,
    /// at the end of a level top) in `lowest`, in order of height, as sides not yet begun;
    /// returns how many there are.
    private func lowestPoints(_ pts: UnsafePointer<Double>, into lowest: UnsafeMutablePointer<MonotoneSide>) -> Int {
        var count = 0
        var contourStart = 0
        for end in contourEnds {
            defer { contourStart = end }
            guard end - contourStart >= 3 else { continue }
            // The direction of the last edge that has one (going down: y grows).
            var j = end - 1
            var down = false, found = false
            while j >= contourStart {
                let i = j == end &- 1 ? contourStart : j &+ 1
                let dy = pts[2 &* i &+ 1] - pts[2 &* j &+ 1]
                if dy != 0 { down = dy > 0; found = true; break }
                j &-= 1
            }
            guard found else { continue }
            // Indices stay within the points: wrapping arithmetic skips overflow checks.
            for i in contourStart..<end {
                let k = i &+ 1 == end ? contourStart : i &+ 1
                let dy = pts[2 &* k &+ 1] - pts[2 &* i &+ 1]
                // Level edges keep the direction.
                if dy == 0 { continue }
                if dy > 0 && !down {
                    lowest[count] = MonotoneSide(vertex: i, start: contourStart, end: end, step: 1)
                    count &+= 1
                }
                down = dy > 0
            }
        }
        for i in 1..<Swift.max(count, 1) {
            let v = lowest[i]
            var j = i
            while j > 0 && pts[2 &* lowest[j &- 1].vertex &+ 1] > pts[2 &* v.vertex &+ 1] { lowest[j] = lowest[j &- 1]; j &-= 1 }
            lowest[j] = v
        }
        return count
    }
}

/// The memory of ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``, kept by the rasteriser
/// from path to path.
struct SweepScratch {
    var lowest = ScratchBuffer<MonotoneSide>()
    var sides = ScratchBuffer<SweptSide>()
    var nextYs = ScratchBuffer<Double>()

    func deallocate() {
        lowest.deallocate(); sides.deallocate(); nextYs.deallocate()
    }
}

/// A side followed by ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``, with its current
/// edge.
struct SweptSide {
    var side: MonotoneSide
    var edge: SideEdge
    /// Whether it runs together with its right neighbour all along their current edges (the
    /// region between them has no width, and its winding is not met).
    var togetherWithNext = false
}

/// The state of one ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``: the sides met so
/// far, in order by x at the current height, and the windings of the current stretch.
struct RowSweep {
    let pts: UnsafePointer<Double>
    /// The sides begun and not ended (`active` of them), and each one's next height.
    let sides: UnsafeMutablePointer<SweptSide>
    let nextYs: UnsafeMutablePointer<Double>
    let lowest: UnsafeMutablePointer<MonotoneSide>
    let lowestCount: Int
    let mask: UnsafeMutablePointer<UInt64>
    let rows: Range<Int>
    let evenOdd: Bool

    var active = 0
    var begun = 0
    var marked = false
    /// Set when a check found two neighbours crossing or out of order: sort at the next stop.
    var needsSort = false
    /// Set when the windings between neighbours may have changed.
    var windingsChanged = false
    /// The windings since `setTop`.
    var set = WindingSet()
    var setTop = 0.0
    /// The row where the last stretch ended, and what the stretches in it so far hold.
    var pendingRow = Int.min
    var pendingSet = WindingSet()

    init(pts: UnsafePointer<Double>, sides: UnsafeMutablePointer<SweptSide>, nextYs: UnsafeMutablePointer<Double>,
         lowest: UnsafeMutablePointer<MonotoneSide>, lowestCount: Int, mask: UnsafeMutablePointer<UInt64>,
         rows: Range<Int>, evenOdd: Bool) {
        self.pts = pts; self.sides = sides; self.nextYs = nextYs
        self.lowest = lowest; self.lowestCount = lowestCount
        self.mask = mask; self.rows = rows; self.evenOdd = evenOdd
        set.insert(0)
    }

    mutating func run() -> Rasterizer.MixingRows {
        var beginY = lowestCount > 0 ? pts[2 &* lowest[0].vertex &+ 1] : .infinity
        while true {
            // The next stop: the highest next vertex, or the next lowest point.
            var y = beginY
            var first = -1, count = 0
            var k = 0
            while k < active {
                let n = nextYs[k]
                if n <= y {
                    if n < y || first < 0 { y = n; first = k; count = 0 }
                    count &+= 1
                }
                k &+= 1
            }
            guard y < .infinity else { break }
            var ended = false
            if count == 1 && beginY != y {
                // The common stop: one side moves on and nothing else changes.
                guard let end = advance(first, at: y, checks: true) else { return .all }
                if !end && !needsSort && !windingsChanged { continue }
                ended = end
            } else if first >= 0 {
                // Neighbours may both move, or sides begin here: all pairs are checked once
                // they have.
                for k in first..<active where nextYs[k] == y {
                    guard let end = advance(k, at: y, checks: false) else { return .all }
                    ended = ended || end
                }
                count = 2
            }
            var reordered = ended || count > 1
            if ended {
                var kept = 0
                for k in 0..<active where nextYs[k] != -.infinity {
                    if kept != k { sides[kept] = sides[k]; nextYs[kept] = nextYs[k] }
                    kept += 1
                }
                active = kept
            }
            while beginY == y {
                guard begin(lowest[begun], at: y) else { return .all }
                begun += 1
                beginY = begun < lowestCount ? pts[2 &* lowest[begun].vertex &+ 1] : .infinity
                reordered = true
            }
            if needsSort {
                sort(at: y)
                needsSort = false
                reordered = true
            }
            if reordered {
                windingsChanged = true
                if active > 1 {
                    for k in 0..<(active - 1) { checkPair(k, at: y) }
                }
            }
            if windingsChanged {
                windingsChanged = false
                var now = WindingSet()
                now.insert(0)
                var w = 0
                for k in 0..<active {
                    w += sides[k].side.step
                    if k + 1 < active && !sides[k].togetherWithNext { now.insert(w) }
                }
                if now != set {
                    record(setTop, y, set)
                    set = now
                    setTop = y
                }
            }
        }
        // Every side begun and ended, or the contours were not what the sweep took them for.
        guard begun == lowestCount && active == 0 else { return .all }
        flush()
        return marked ? .some : .none
    }

    /// Moves side `k`, at its next vertex (height `y`), onto its next edge, and checks it
    /// against its neighbours when `checks`; true when it ends there (a highest point: its
    /// next height becomes −∞), nil for a contour all at one height.
    @inline(__always)
    private mutating func advance(_ k: Int, at y: Double, checks: Bool) -> Bool? {
        var s = sides[k].side
        s.vertex = s.next
        let j = s.following(pts)
        let yj = pts[2 &* j &+ 1]
        guard yj > y else { return advanceAcrossLevelEdges(k, s, at: y, checks: checks) }
        setEdge(k, s, to: j, at: yj)
        if checks { checkNeighbours(k, at: y) }
        return false
    }

    /// Gives side `k`, at `s`, its edge down to point `j` (at height `yj`).
    @inline(__always)
    private mutating func setEdge(_ k: Int, _ s: MonotoneSide, to j: Int, at yj: Double) {
        var s = s
        s.next = j
        s.nextY = yj
        sides[k].side = s
        sides[k].edge = SideEdge(s, pts)
        nextYs[k] = yj
    }

    /// Checks side `k` against both its neighbours from height `y`.
    @inline(__always)
    private mutating func checkNeighbours(_ k: Int, at y: Double) {
        if k > 0 { checkPair(k &- 1, at: y) }
        if k &+ 1 < active { checkPair(k, at: y) }
    }

    /// ``advance(_:at:checks:)`` where side `k`, now at `s`, meets a level edge or ends.
    @inline(never)
    private mutating func advanceAcrossLevelEdges(_ k: Int, _ side: MonotoneSide, at y: Double, checks: Bool) -> Bool? {
        var s = side
        var j = s.following(pts)
        var jumped = false
        if pts[2 &* j &+ 1] == y {
            s = s.acrossLevelEdges(pts)
            j = s.following(pts)
            jumped = true
        }
        let yj = pts[2 &* j &+ 1]
        if yj < y {
            nextYs[k] = -.infinity
            return true
        }
        guard yj > y else { return nil }
        setEdge(k, s, to: j, at: yj)
        if jumped {
            // Sideways past a neighbour: the order below changes here.
            let x = pts[2 &* s.vertex]
            if (k > 0 && sides[k &- 1].edge.x(at: y) > x) || (k &+ 1 < active && sides[k &+ 1].edge.x(at: y) < x) {
                needsSort = true
                return false
            }
        }
        if checks { checkNeighbours(k, at: y) }
        return false
    }

    /// Begins the two sides of lowest point `m` (height `y`), at the ends of its level top,
    /// among the others; false when one does not head down.
    private mutating func begin(_ m: MonotoneSide, at y: Double) -> Bool {
        guard let forward = m.advanced(pts), let backward = m.reversed.acrossLevelEdges(pts).advanced(pts) else {
            return false
        }
        let a = SideEdge(forward, pts), b = SideEdge(backward, pts)
        var left = SweptSide(side: forward, edge: a), right = SweptSide(side: backward, edge: b)
        if (pts[2 * backward.vertex], b.slope) < (pts[2 * forward.vertex], a.slope) { swap(&left, &right) }
        let x = pts[2 * left.side.vertex]
        var at = active
        while at > 0 {
            let other = sides[at - 1].edge.x(at: y)
            if other < x || (other == x && sides[at - 1].edge.slope <= left.edge.slope) { break }
            at -= 1
        }
        var k = active
        while k > at {
            sides[k + 1] = sides[k - 1]
            nextYs[k + 1] = nextYs[k - 1]
            k -= 1
        }
        sides[at] = left; nextYs[at] = left.side.nextY
        sides[at + 1] = right; nextYs[at + 1] = right.side.nextY
        active += 2
        // Placed by its left end: a level top's right end may lie past the next sides.
        let rightX = pts[2 * right.side.vertex]
        if at + 2 < active && sides[at + 2].edge.x(at: y) < rightX { needsSort = true }
        return true
    }

    /// Sorts the sides by x at height `y`, then by where they head.
    private mutating func sort(at y: Double) {
        for k in 1..<Swift.max(active, 1) {
            let v = sides[k], n = nextYs[k]
            let x = v.edge.x(at: y)
            var j = k
            while j > 0 {
                let other = sides[j - 1].edge.x(at: y)
                guard other > x || (other == x && sides[j - 1].edge.slope > v.edge.slope) else { break }
                sides[j] = sides[j - 1]
                nextYs[j] = nextYs[j - 1]
                j -= 1
            }
            sides[j] = v
            nextYs[j] = n
        }
    }

    /// Checks neighbours `k` and `k + 1` from height `y` down to the nearer of their next
    /// vertices: out of order there (crossing) marks the rows from the crossing down and asks
    /// for a sort. Edges apart in x cannot cross or run together, and need no more.
    @inline(__always)
    private mutating func checkPair(_ k: Int, at y: Double) {
        let a = sides[k].edge, b = sides[k &+ 1].edge
        if a.maxX < b.minX {
            if sides[k].togetherWithNext {
                sides[k].togetherWithNext = false
                windingsChanged = true
            }
            return
        }
        let end = Swift.min(nextYs[k], nextYs[k &+ 1])
        let top = b.x(at: y) - a.x(at: y)
        let bottom = b.x(at: end) - a.x(at: end)
        if top < 0 || bottom < 0 {
            // From where they cross (both are straight down to `end`): the order holds above.
            let from = top < 0 ? y : y + (end - y) * (top / (top - bottom))
            mark(floorToInt(from), ceilToInt(end) - 1)
            needsSort = true
        }
        let together = top == 0 && bottom == 0
        if together != sides[k].togetherWithNext {
            sides[k].togetherWithNext = together
            windingsChanged = true
        }
    }

    /// Notes that the stretch of heights `ya ..< yb` holds `set`.
    private mutating func record(_ ya: Double, _ yb: Double, _ set: WindingSet) {
        guard yb > ya else { return }
        let r0 = floorToInt(ya), r1 = ceilToInt(yb) - 1
        if r0 == pendingRow {
            pendingSet.formUnion(set)
        } else {
            flush()
            pendingRow = r0; pendingSet = set
        }
        guard r1 > r0 else { return }
        flush()
        if r1 > r0 + 1 && set.mixes(evenOdd: evenOdd) { mark(r0 + 1, r1 - 1) }
        pendingRow = r1; pendingSet = set
    }

    private mutating func flush() {
        if pendingRow != Int.min && pendingSet.mixes(evenOdd: evenOdd) { mark(pendingRow, pendingRow) }
    }

    /// Marks absolute rows `a...b` (clipped to `rows`).
    private mutating func mark(_ a: Int, _ b: Int) {
        let lo = Swift.max(a, rows.lowerBound) - rows.lowerBound
        let hi = Swift.min(b, rows.upperBound - 1) - rows.lowerBound
        guard lo <= hi else { return }
        marked = true
        for r in lo...hi { mask[r >> 6] |= 1 << UInt64(r & 63) }
    }
}

/// One y-monotone side of a contour for ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``:
/// at `vertex`, heading to `next` (the next distinct point along the contour in direction
/// `step`, ±1, which is also the side's winding), whose height is `nextY`.
struct MonotoneSide {
    var vertex: Int
    var next: Int = 0
    var nextY: Double = 0
    /// The contour's points: `start ..< end`.
    var start: Int
    var end: Int
    var step: Int

    init(vertex: Int, start: Int, end: Int, step: Int) {
        self.vertex = vertex
        self.start = start
        self.end = end
        self.step = step
    }

    /// The same vertex, walking the other way round.
    var reversed: MonotoneSide { MonotoneSide(vertex: vertex, start: start, end: end, step: -step) }

    /// The next point along the contour from `vertex` that is not a repeat of it (see
    /// ``Rasterizer/repeatTolerance``).
    @inline(__always)
    func following(_ pts: UnsafePointer<Double>) -> Int {
        // Indices stay within the contour's points: wrapping arithmetic skips overflow checks.
        var j = vertex
        let x = pts[2 &* vertex], y = pts[2 &* vertex &+ 1]
        repeat {
            j &+= step
            if j == end { j = start } else if j < start { j = end &- 1 }
        } while pts[2 &* j &+ 1] == y && abs(pts[2 &* j] - x) <= Rasterizer.repeatTolerance && j != vertex
        return j
    }

    /// This side moved along the level edges that follow `vertex` (repeated points skipped) to
    /// the last point at its height (itself when the next point is not level).
    func acrossLevelEdges(_ pts: UnsafePointer<Double>) -> MonotoneSide {
        var s = self
        let y = pts[2 * vertex + 1]
        // A contour has a point off this height (level ones are never walked), so the walk
        // stops within one turn; the bound only makes that plain.
        for _ in start..<end {
            let j = s.following(pts)
            guard j != s.vertex, pts[2 * j + 1] == y else { break }
            s.vertex = j
        }
        return s
    }

    /// This side heading down to its next point, or nil when that is not lower.
    func advanced(_ pts: UnsafePointer<Double>) -> MonotoneSide? {
        let j = following(pts)
        guard pts[2 * j + 1] > pts[2 * vertex + 1] else { return nil }
        var s = self
        s.next = j
        s.nextY = pts[2 * j + 1]
        return s
    }
}

/// A side's current edge, from its vertex down to its next point: x at any height between
/// them, exact at both (where the sweep compares points that touch).
struct SideEdge {
    private let x0, y0, endY, endX: Double
    /// dx/dy.
    let slope: Double
    /// The least and greatest x along it.
    let minX, maxX: Double

    init(_ s: MonotoneSide, _ pts: UnsafePointer<Double>) {
        x0 = pts[2 &* s.vertex]; y0 = pts[2 &* s.vertex &+ 1]
        endX = pts[2 &* s.next]; endY = s.nextY
        slope = (endX - x0) / (endY - y0)
        minX = Swift.min(x0, endX); maxX = Swift.max(x0, endX)
    }

    @inline(__always)
    func x(at y: Double) -> Double { y == endY ? endX : x0 + (y - y0) * slope }
}
