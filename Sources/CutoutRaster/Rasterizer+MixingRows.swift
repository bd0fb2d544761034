import CutoutGeometry

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

    /// The sweep's budget: this many steps per point (a step: one side visited where sides
    /// begin, end, cross or change order), plus ``sweepWorkAllowance``. Past it every row is
    /// marked, as when there are too many sides: contours whose sides cross at nearly every
    /// vertex would cost the square of their sides per point. The tiger's paths take at most
    /// 4 a point (0.6 on average).
    static let sweepWorkPerPoint = 64
    static let sweepWorkAllowance = 1 << 16

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
    /// the next stop is at the head of a queue of the sides' next heights, and a side that
    /// moves on goes back in past those above it; the rest is constant per point, but for the
    /// O(s) sorts and winding sums where sides begin, end or cross. Those are capped at
    /// ``sweepWorkPerPoint`` steps a point (and ``sweepWorkAllowance``): past the cap every
    /// row is marked.
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
        // Sorted only now: an insertion sort of many lowest points (a path of thousands of
        // subpaths) would cost their square, for a sweep that is not run.
        sortByHeight(lowest, count: lowestCount, pts)
        sweepScratch.sides.reserve(2 * lowestCount)
        sweepScratch.queue.reserve(2 * lowestCount + 1)
        sweepScratch.positions.reserve(2 * lowestCount)
        var sweep = RowSweep(pts: pts, sides: sweepScratch.sides.base,
                             queue: sweepScratch.queue.base, positions: sweepScratch.positions.base,
                             lowest: lowest, lowestCount: lowestCount, mask: mask, rows: rows, evenOdd: evenOdd,
                             workLimit: Rasterizer.sweepWorkPerPoint * (pointCount / 2) + Rasterizer.sweepWorkAllowance)
        let verdict = sweep.run()
        WorkMeter.record(sweep.work, .overlapSweepSteps)
        if verdict == .all { mask.update(repeating: ~0, count: words) }
        return verdict
    }

    /// Stores the lowest points of the stored contours (where one starts down after going up,
    /// at the end of a level top) in `lowest`, in contour order, as sides not yet begun;
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
            // Each point against the next: a lowest point turns from going up to going down,
            // and level edges keep the direction. Each direction's loop looks only for the edge
            // that ends it. Indices stay within the points: wrapping arithmetic skips overflow
            // checks.
            let last = end &- 1
            var i = contourStart
            while true {
                if down {
                    while i < last && !(pts[2 &* i &+ 3] < pts[2 &* i &+ 1]) { i &+= 1 }
                } else {
                    while i < last && !(pts[2 &* i &+ 3] > pts[2 &* i &+ 1]) { i &+= 1 }
                }
                guard i < last else { break }
                if !down {
                    lowest[count] = MonotoneSide(vertex: i, start: contourStart, end: end, step: 1)
                    count &+= 1
                }
                down.toggle()
                i &+= 1
            }
            // The edge back to the first point.
            if !down && pts[2 &* contourStart &+ 1] > pts[2 &* last &+ 1] {
                lowest[count] = MonotoneSide(vertex: last, start: contourStart, end: end, step: 1)
                count &+= 1
            }
        }
        return count
    }

    /// Sorts `count` lowest points by height; a point in order is not moved.
    private func sortByHeight(_ lowest: UnsafeMutablePointer<MonotoneSide>, count: Int, _ pts: UnsafePointer<Double>) {
        for i in 1..<Swift.max(count, 1) {
            let y = pts[2 &* lowest[i].vertex &+ 1]
            guard pts[2 &* lowest[i &- 1].vertex &+ 1] > y else { continue }
            let v = lowest[i]
            var j = i
            repeat {
                lowest[j] = lowest[j &- 1]
                j &-= 1
            } while j > 0 && pts[2 &* lowest[j &- 1].vertex &+ 1] > y
            lowest[j] = v
        }
    }
}

/// The memory of ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``, kept by the rasteriser
/// from path to path.
struct SweepScratch {
    var lowest = ScratchBuffer<MonotoneSide>()
    var sides = ScratchBuffer<SweptSide>()
    var queue = ScratchBuffer<NextStop>()
    var positions = ScratchBuffer<Int>()

    func deallocate() {
        lowest.deallocate(); sides.deallocate(); queue.deallocate(); positions.deallocate()
    }
}

/// The next height, `y`, of the side in slot `slot` (see ``SweptSide/slot``), in
/// ``RowSweep``'s queue.
struct NextStop {
    var y: Double
    var slot: Int
}

/// A side followed by ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``: its current edge,
/// the point that edge heads to, and how its contour is walked (see ``MonotoneSide``), which
/// never changes; a step down an edge writes only the edge and `next`.
struct SweptSide {
    var edge: SideEdge
    var next: Int
    let step: Int
    /// Where a step along the contour leaves its points (`end`, or `start − 1` going back),
    /// and where it comes back in (`start`, or `end − 1`).
    let wrapFrom: Int, wrapTo: Int
    /// Which it is, for as long as it is followed, however the sides are reordered: `2m` or
    /// `2m + 1` for the sides of the `m`-th lowest point.
    let slot: Int
    /// Whether it runs together with its right neighbour all along their current edges (the
    /// region between them has no width, and its winding is not met).
    var togetherWithNext = false

    /// `s` heading down to its next point, in slot `slot`.
    init(_ s: MonotoneSide, _ pts: UnsafePointer<Double>, slot: Int) {
        edge = SideEdge(s, pts)
        next = s.next
        step = s.step
        wrapFrom = step > 0 ? s.end : s.start &- 1
        wrapTo = step > 0 ? s.start : s.end &- 1
        self.slot = slot
    }

    /// The side at the point its edge heads to.
    var atNext: MonotoneSide {
        step > 0 ? MonotoneSide(vertex: next, start: wrapTo, end: wrapFrom, step: step)
            : MonotoneSide(vertex: next, start: wrapFrom &+ 1, end: wrapTo &+ 1, step: step)
    }

    /// Whether this side's edge and its right neighbour `right`'s are apart in x (so they
    /// cannot cross), and not marked as running together.
    @inline(__always)
    func isApart(from right: SweptSide) -> Bool {
        edge.maxX < right.edge.minX && !togetherWithNext
    }
}

/// The state of one ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``: the sides met so
/// far, in order by x at the current height, and the windings of the current stretch.
struct RowSweep {
    let pts: UnsafePointer<Double>
    /// The sides begun and not ended (`active` of them); each one's next height is its edge's
    /// `endY`.
    let sides: UnsafeMutablePointer<SweptSide>
    /// The sides' next heights, highest first (in any order where equal), then ∞: the next
    /// stop is at its head. Kept in order as the sides move on.
    let queue: UnsafeMutablePointer<NextStop>
    /// Each slot's side's place in `sides` (−1 once it ended, which is how an ended side is
    /// told until it is dropped).
    let positions: UnsafeMutablePointer<Int>
    let lowest: UnsafeMutablePointer<MonotoneSide>
    let lowestCount: Int
    let mask: UnsafeMutablePointer<UInt64>
    let rows: Range<Int>
    let evenOdd: Bool

    var active = 0
    var begun = 0
    /// The height of the next lowest point, `lowest[begun]` (∞ past the last).
    var beginY: Double
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
    /// Sides visited where sides begin, end, cross or change order; past `workLimit` the
    /// sweep gives up and every row is marked.
    private(set) var work = 0
    let workLimit: Int

    init(pts: UnsafePointer<Double>, sides: UnsafeMutablePointer<SweptSide>,
         queue: UnsafeMutablePointer<NextStop>, positions: UnsafeMutablePointer<Int>,
         lowest: UnsafeMutablePointer<MonotoneSide>, lowestCount: Int, mask: UnsafeMutablePointer<UInt64>,
         rows: Range<Int>, evenOdd: Bool, workLimit: Int) {
        self.pts = pts; self.sides = sides
        self.queue = queue; self.positions = positions
        self.lowest = lowest; self.lowestCount = lowestCount
        self.mask = mask; self.rows = rows; self.evenOdd = evenOdd
        self.workLimit = workLimit
        beginY = lowestCount > 0 ? pts[2 &* lowest[0].vertex &+ 1] : .infinity
        set.insert(0)
    }

    mutating func run() -> Rasterizer.MixingRows {
        // Kept in registers: stores through them could otherwise be taken to change them.
        let pts = self.pts, sides = self.sides
        let queue = self.queue, positions = self.positions
        queue[0] = NextStop(y: .infinity, slot: -1)
        while true {
            // The next stop: the highest next vertex, or the next lowest point.
            let head = queue[0]
            var y = head.y
            if y < beginY && queue[1].y != y {
                // The common stop: one side moves on and nothing else changes.
                let k = positions[head.slot]
                let side = sides + k
                // The next point along the contour, as ``MonotoneSide/following(_:)`` finds it
                // when it is not at this height (so not a repeat).
                var j = side.pointee.next &+ side.pointee.step
                if j == side.pointee.wrapFrom { j = side.pointee.wrapTo }
                var next = pts[2 &* j &+ 1]
                // Whether the checks, or a move across level edges, found nothing (to settle
                // unless a sort is pending from the last stop's checks).
                var quiet = true
                if next > y {
                    // Straight down from where the last edge ended.
                    side.pointee.edge = SideEdge(x0: side.pointee.edge.endX, y0: y, endX: pts[2 &* j], endY: next)
                    side.pointee.next = j
                    // The checks find nothing against neighbours apart in x, as nearly all are.
                    quiet = (k == 0 || sides[k &- 1].isApart(from: side.pointee))
                        && (k &+ 1 == active || side.pointee.isApart(from: sides[k &+ 1]))
                    if !quiet { checkNeighbours(k, at: y) }
                } else {
                    quiet = false
                    switch advance(k, at: y, checks: true) {
                    case .onward: next = sides[k].edge.endY
                    case .ended:
                        guard settle(at: y, ended: true, reordered: true) else { return .all }
                        continue
                    case .flat: return .all
                    }
                }
                // Back in the queue, after the sides whose next vertex is higher (the ∞ at
                // its end stops the walk).
                var place = queue
                while place[1].y < next {
                    place[0] = place[1]
                    place += 1
                }
                place[0] = NextStop(y: next, slot: head.slot)
                if needsSort || (!quiet && windingsChanged) {
                    guard settle(at: y, ended: false, reordered: false) else { return .all }
                }
                continue
            }
            // Neighbours may both move, or sides begin here: all pairs are checked once they
            // have.
            y = Swift.min(y, beginY)
            guard y < .infinity else { break }
            var ended = false
            if head.y == y {
                for k in 0..<active where sides[k].edge.endY == y {
                    let step = advance(k, at: y, checks: false)
                    if step == .flat { return .all }
                    ended = ended || step == .ended
                }
            }
            guard settle(at: y, ended: ended, reordered: true) else { return .all }
        }
        // Every side begun and ended, or the contours were not what the sweep took them for.
        guard begun == lowestCount && active == 0 else { return .all }
        flush()
        return marked ? .some : .none
    }

    /// The rest of stop `y` once its sides have moved (`ended` when some ended there;
    /// `reordered` when the order changed): drops the sides that ended, begins those of the
    /// lowest points there, sorts when needed, checks all neighbours after any change of
    /// order, queues the sides that moved or began, and notes the windings when they changed.
    /// False when a side does not begin, or when the sweep's work passed its limit. Out of
    /// line, as is all but the common stop, which then stays small enough to keep its values
    /// in registers.
    @inline(never)
    private mutating func settle(at y: Double, ended: Bool, reordered: Bool) -> Bool {
        work &+= active
        guard work <= workLimit else { return false }
        var reordered = reordered
        let queued = active, firstBegun = begun
        if ended {
            var kept = 0
            for k in 0..<active {
                guard positions[sides[k].slot] >= 0 else { continue }
                if kept != k { sides[kept] = sides[k] }
                kept += 1
            }
            active = kept
        }
        while beginY == y {
            guard begin(lowest[begun], at: y) else { return false }
            begun += 1
            beginY = begun < lowestCount ? pts[2 &* lowest[begun].vertex &+ 1] : .infinity
            reordered = true
        }
        if needsSort {
            sort(at: y)
            guard work <= workLimit else { return false }
            needsSort = false
            reordered = true
        }
        if reordered {
            windingsChanged = true
            if active > 1 {
                for k in 0..<(active - 1) { checkPair(k, at: y) }
            }
            for k in 0..<active { positions[sides[k].slot] = k }
        }
        requeue(at: y, queued: queued, begunFrom: firstBegun)
        if windingsChanged {
            windingsChanged = false
            var now = WindingSet()
            now.insert(0)
            // Right of each side but the last (0 again right of it); at most
            // ``Rasterizer/maxMonotoneSides`` in all, so wrapping arithmetic.
            var w = 0
            for k in 0..<Swift.max(active &- 1, 0) {
                w &+= sides[k].step
                if !sides[k].togetherWithNext { now.insert(w) }
            }
            if now != set {
                record(setTop, y, set)
                set = now
                setTop = y
            }
        }
        return true
    }

    /// Puts the sides that were at stop `y` (at the head of the queue, which held `queued`)
    /// back in at their next heights, or out if they ended, and the sides of the lowest
    /// points from `first` on in.
    private mutating func requeue(at y: Double, queued: Int, begunFrom first: Int) {
        var queued = queued
        // The ∞ at the queue's end stops the count.
        var moved = 0
        while queue[moved].y == y { moved &+= 1 }
        // From the last of them, each walks on past the higher next heights behind it; those
        // that ended walk to the end, where they serve as its ∞.
        var i = moved
        while i > 0 {
            i &-= 1
            let slot = queue[i].slot, k = positions[slot]
            let next = k >= 0 ? sides[k].edge.endY : .infinity
            var p = i
            while queue[p &+ 1].y < next {
                queue[p] = queue[p &+ 1]
                p &+= 1
            }
            queue[p] = NextStop(y: next, slot: slot)
            if k < 0 { queued &-= 1 }
        }
        for slot in (2 &* first)..<(2 &* begun) {
            let next = sides[positions[slot]].edge.endY
            var p = queued
            while p > 0 && queue[p &- 1].y > next {
                queue[p] = queue[p &- 1]
                p &-= 1
            }
            queue[p] = NextStop(y: next, slot: slot)
            queued &+= 1
        }
        queue[queued] = NextStop(y: .infinity, slot: -1)
    }

    /// What became of a side at its next vertex.
    private enum Step {
        /// It heads down along its next edge.
        case onward
        /// It ends there (a highest point), and its slot leaves `positions`.
        case ended
        /// Its contour lies all at one height.
        case flat
    }

    /// Gives side `k`, at `s`, its edge down to point `j` (at height `yj`).
    @inline(__always)
    private mutating func setEdge(_ k: Int, _ s: MonotoneSide, to j: Int, at yj: Double) {
        sides[k].edge = SideEdge(x0: pts[2 &* s.vertex], y0: pts[2 &* s.vertex &+ 1], endX: pts[2 &* j], endY: yj)
        sides[k].next = j
    }

    /// Checks side `k` against both its neighbours from height `y`.
    @inline(never)
    private mutating func checkNeighbours(_ k: Int, at y: Double) {
        if k > 0 { checkPair(k &- 1, at: y) }
        if k &+ 1 < active { checkPair(k, at: y) }
    }

    /// Moves side `k`, at its next vertex (height `y`), onto its next edge, across level
    /// edges and repeated points, and checks it against its neighbours when `checks`.
    @inline(never)
    private mutating func advance(_ k: Int, at y: Double, checks: Bool) -> Step {
        var s = sides[k].atNext
        var j = s.following(pts)
        var jumped = false
        if pts[2 &* j &+ 1] == y {
            s = s.acrossLevelEdges(pts)
            j = s.following(pts)
            jumped = true
        }
        let yj = pts[2 &* j &+ 1]
        if yj < y {
            positions[sides[k].slot] = -1
            return .ended
        }
        guard yj > y else { return .flat }
        setEdge(k, s, to: j, at: yj)
        if jumped {
            // Sideways past a neighbour: the order below changes here.
            let x = pts[2 &* s.vertex]
            if (k > 0 && sides[k &- 1].edge.x(at: y) > x) || (k &+ 1 < active && sides[k &+ 1].edge.x(at: y) < x) {
                needsSort = true
                return .onward
            }
        }
        if checks { checkNeighbours(k, at: y) }
        return .onward
    }

    /// Begins the two sides of lowest point `m` (height `y`), at the ends of its level top,
    /// among the others; false when one does not head down.
    private mutating func begin(_ m: MonotoneSide, at y: Double) -> Bool {
        guard let forward = m.advanced(pts), let backward = m.reversed.acrossLevelEdges(pts).advanced(pts) else {
            return false
        }
        var left = SweptSide(forward, pts, slot: 2 &* begun), right = SweptSide(backward, pts, slot: 2 &* begun &+ 1)
        if (right.edge.x0, right.edge.slope) < (left.edge.x0, left.edge.slope) { swap(&left, &right) }
        let x = left.edge.x0
        var at = active
        while at > 0 {
            let other = sides[at - 1].edge.x(at: y)
            if other < x || (other == x && sides[at - 1].edge.slope <= left.edge.slope) { break }
            at -= 1
        }
        var k = active
        while k > at {
            sides[k + 1] = sides[k - 1]
            k -= 1
        }
        sides[at] = left
        sides[at + 1] = right
        active += 2
        // Placed by its left end: a level top's right end may lie past the next sides.
        let rightX = right.edge.x0
        if at + 2 < active && sides[at + 2].edge.x(at: y) < rightX { needsSort = true }
        return true
    }

    /// Sorts the sides by x at height `y`, then by where they head.
    private mutating func sort(at y: Double) {
        guard active > 1 else { return }
        // The x of the side now before side `k`: the sides are mostly in order already, and
        // one that is stays where it is.
        var before = sides[0].edge.x(at: y)
        // Past the budget the sweep stops: the order no longer matters.
        for k in 1..<active where work <= workLimit {
            let x = sides[k].edge.x(at: y), slope = sides[k].edge.slope
            guard before > x || (before == x && sides[k - 1].edge.slope > slope) else {
                before = x
                continue
            }
            let v = sides[k]
            sides[k] = sides[k - 1]
            var j = k - 1
            while j > 0 {
                let other = sides[j - 1].edge.x(at: y)
                guard other > x || (other == x && sides[j - 1].edge.slope > slope) else { break }
                sides[j] = sides[j - 1]
                j -= 1
            }
            sides[j] = v
            work &+= k &- j
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
        let end = Swift.min(a.endY, b.endY)
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
    let x0, y0, endY, endX: Double
    /// dx/dy.
    let slope: Double
    /// The least and greatest x along it.
    let minX, maxX: Double

    @inline(__always)
    init(x0: Double, y0: Double, endX: Double, endY: Double) {
        self.x0 = x0; self.y0 = y0
        self.endX = endX; self.endY = endY
        slope = (endX - x0) / (endY - y0)
        // Written as the processor's min and max compute them: which of two equal x (0 and
        // −0) is kept does not matter.
        minX = x0 < endX ? x0 : endX; maxX = x0 > endX ? x0 : endX
    }

    init(_ s: MonotoneSide, _ pts: UnsafePointer<Double>) {
        self.init(x0: pts[2 &* s.vertex], y0: pts[2 &* s.vertex &+ 1], endX: pts[2 &* s.next], endY: s.nextY)
    }

    @inline(__always)
    func x(at y: Double) -> Double { y == endY ? endX : x0 + (y - y0) * slope }
}
