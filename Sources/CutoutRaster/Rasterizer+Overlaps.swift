import CutoutGeometry

/// A growable list of heights kept from row to row, so that redoing a row allocates nothing
/// once it has grown.
struct ScratchHeights {
    private(set) var base = UnsafeMutablePointer<Double>.allocate(capacity: 16)
    private var capacity = 16
    private(set) var count = 0

    mutating func deallocate() { base.deallocate() }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    @inline(__always)
    mutating func append(_ y: Double) {
        if count == capacity { grow() }
        base[count] = y
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let p = UnsafeMutablePointer<Double>.allocate(capacity: 2 * capacity)
        p.update(from: base, count: count)
        base.deallocate()
        base = p
        capacity *= 2
    }

    /// Sorts the heights, keeping repeats.
    mutating func sort() { sortHeights(base, count: count) }

    @inline(__always)
    subscript(i: Int) -> Double { base[i] }
}

/// One edge piece inside one pixel row: a straight line from `(x0, y0)` to `(x1, y1)`
/// (x region-relative, y row-relative, `y0 < y1`) that adds `dir` to the winding on its right.
struct RowPiece {
    var x0, x1, y0, y1: Double
    var dir: Int

    /// x where the piece meets height `y` (in `y0...y1`).
    @inline(__always)
    func x(at y: Double) -> Double {
        y == y0 ? x0 : y == y1 ? x1 : x0 + (x1 - x0) * (y - y0) / (y1 - y0)
    }

    var minX: Double { Swift.min(x0, x1) }
    var maxX: Double { Swift.max(x0, x1) }
    /// First and last pixel column whose coverage the piece changes.
    var firstColumn: Int { Int(minX) }
    var lastColumn: Int { Swift.max(Int(minX), ceilToInt(maxX) - 1) }
}

/// A chain's extent in its row, as ``Accumulator/chainsSideBySide`` summarises it.
struct QuickChain {
    var minX, maxX, y0, y1: Float
    /// x where it meets the row's top and its bottom (when it spans the row).
    var top, bottom: Float
    var dir: Int32
    /// Its pieces: `count` entries of the row's list from index `first` on.
    var first, count: Int32
}

/// Consecutive pieces of one row that continue one another (one edge chain crossing the row):
/// for the winding they behave as one monotone polyline from `y0` to `y1`.
struct RowChain {
    var dir: Int
    var y0, y1, minX, maxX: Double
    /// Its pieces: `row[first ..< first + count]`.
    var first: Int
    var count = 1
    /// Whether the last piece added continues into the next piece of the row's list.
    var open = false

    init(_ p: RowPiece, first: Int) {
        dir = p.dir; y0 = p.y0; y1 = p.y1; minX = p.minX; maxX = p.maxX
        self.first = first
    }

    mutating func extend(_ p: RowPiece) {
        y0 = Swift.min(y0, p.y0); y1 = Swift.max(y1, p.y1)
        minX = Swift.min(minX, p.minX); maxX = Swift.max(maxX, p.maxX)
        count += 1
    }

    var firstColumn: Int { Int(minX) }
    var lastColumn: Int { Swift.max(Int(minX), ceilToInt(maxX) - 1) }

    /// x where the chain meets height `y` (in `y0...y1`).
    func x(at y: Double, _ pieces: UnsafeMutablePointer<RowPiece>) -> Double {
        for k in first..<(first + count) where pieces[k].y0 <= y && y <= pieces[k].y1 {
            return pieces[k].x(at: y)
        }
        return pieces[first].x0
    }
}

/// The windings met inside some pixels, reduced to what decides whether a fill rule is linear
/// over them.
struct WindingSet: Equatable {
    var min = Int.max, max = Int.min
    var hasZero = false

    @inline(__always)
    mutating func insert(_ w: Int) {
        if w < min { min = w }
        if w > max { max = w }
        if w == 0 { hasZero = true }
    }

    @inline(__always)
    mutating func formUnion(_ other: WindingSet) {
        if other.min < min { min = other.min }
        if other.max > max { max = other.max }
        hasZero = hasZero || other.hasZero
    }

    /// Whether the rule applied to the mean winding differs from the mean of the rule: for
    /// non-zero, 0 beside `|w| ≥ 2` or both signs; for even-odd, windings 2 or more apart.
    func mixes(evenOdd: Bool) -> Bool {
        guard min <= max else { return false }
        if evenOdd { return max - min >= 2 }
        return (min < 0 && max > 0) || (hasZero && (max >= 2 || min <= -2))
    }
}

extension Accumulator {
    /// The rule's coverage of winding `w`: `min(|w|, 1)` or `|w| mod 2`.
    @inline(__always)
    static func rule(_ w: Int, evenOdd: Bool) -> Int {
        evenOdd ? w & 1 : (w == 0 ? 0 : 1)
    }

    /// Checks band row `r` and, where windings mix in some pixels, makes the cells give those
    /// pixels their exact coverage (see ``redoCluster``).
    @inline(__always)
    func exactRowIfMixed(_ r: Int, evenOdd: Bool) {
        let log = self.log
        let head = Int(log.pointee.heads[r])
        guard head != 0 else { return }
        log.pointee.clear(row: r)
        // One chain, or two pieces of opposite direction side by side, cannot mix: the common
        // rows of simple shapes.
        let link = Int(log.pointee.links[head - 1])
        let second = link >> 2
        if second == 0 || (link & 2 != 0 && Int(log.pointee.links[second - 1]) >> 2 == 0) { return }
        if Int(log.pointee.links[second - 1]) >> 2 == 0 && twoPiecesSeparate(head - 1, second - 1) { return }
        if log.pointee.overflowed || chainsSideBySide(head, evenOdd: evenOdd) { return }
        checkRow(r, head: head, evenOdd: evenOdd)
    }

    /// Whether the row's chains lie side by side with windings that never mix: then every
    /// horizontal line meets them in the same order, and no pixel can hold windings that mix.
    /// Side by side: x ranges in order, not overlapping; or, where they overlap, every chain
    /// spanning the row and none crossing another (each left of the next in order by x at the
    /// row's top, at every vertex of either), as the two sides of a thin stroke.
    /// Chains span the row's full height, except pairs of neighbours with opposite directions
    /// that start and end at the same heights, as the two sides of a shape's top or bottom:
    /// the winding at a height is the sum of the directions of the chains left of it there,
    /// so such a pair adds `w + dir` between its sides where both are present and nothing
    /// elsewhere. Where x ranges do not overlap, only chains that share pixel columns are
    /// checked together, so the winding 0 left of a cut-out's frame does not count against
    /// the 2 inside its holes. The common rows of ordinary shapes, checked from the log
    /// without copying it.
    private func chainsSideBySide(_ head: Int, evenOdd: Bool) -> Bool {
        let geometry = log.pointee.geometry, links = log.pointee.links
        let quick = log.pointee.quick
        var c = 0
        var open = false
        var partial = false
        var link = head
        // The chain being walked, kept in registers and stored when the next one starts.
        var current = QuickChain(minX: 0, maxX: 0, y0: 0, y1: 1, top: 0, bottom: 0, dir: 0, first: 0, count: 0)
        while link != 0 {
            let i = link - 1
            let l = Int(links[i])
            let g = geometry[i]
            let lo = Swift.min(g[0], g[1]), hi = Swift.max(g[0], g[1])
            if open {
                current.minX = Swift.min(current.minX, lo); current.maxX = Swift.max(current.maxX, hi)
                current.y0 = Swift.min(current.y0, g[2]); current.y1 = Swift.max(current.y1, g[3])
                if g[2] == 0 { current.top = g[0] }
                if g[3] == 1 { current.bottom = g[1] }
                current.count += 1
            } else {
                if c > 0 {
                    quick[c - 1] = current
                    if current.y0 != 0 || current.y1 != 1 { partial = true }
                }
                if c == PieceLog.quickCapacity { return false }
                current = QuickChain(minX: lo, maxX: hi, y0: g[2], y1: g[3], top: g[0], bottom: g[1],
                                     dir: l & 1 == 0 ? 1 : -1, first: Int32(truncatingIfNeeded: i), count: 1)
                c += 1
            }
            open = l & 2 != 0
            link = l >> 2
        }
        if c > 0 {
            quick[c - 1] = current
            if current.y0 != 0 || current.y1 != 1 { partial = true }
        }
        for k in 1..<c {
            let v = quick[k]
            var j = k
            while j > 0 && quick[j - 1].minX > v.minX { quick[j] = quick[j - 1]; j -= 1 }
            quick[j] = v
        }
        var overlapping = false
        for k in 1..<c where quick[k - 1].maxX > quick[k].minX { overlapping = true; break }
        if overlapping {
            // Every chain spans the row: in order by x at the top, each must stay left of the
            // next at every height (then the order holds for all of them, at every height).
            if partial { return false }
            @inline(__always) func leftOf(_ a: QuickChain, _ b: QuickChain) -> Bool {
                a.top < b.top || (a.top == b.top && a.bottom < b.bottom)
            }
            for k in 1..<c {
                let v = quick[k]
                var j = k
                while j > 0 && leftOf(v, quick[j - 1]) { quick[j] = quick[j - 1]; j -= 1 }
                quick[j] = v
            }
            for k in 1..<c {
                let a = quick[k - 1], b = quick[k]
                if a.count == 1 && b.count == 1 {
                    if a.bottom > b.bottom { return false }
                } else if a.maxX > b.minX && !staysLeft(a, of: b) {
                    return false
                }
            }
        }
        var seen = WindingSet()
        var w = 0
        seen.insert(0)
        var k = 0
        while k < c {
            let q = quick[k]
            if q.y0 == 0 && q.y1 == 1 {
                w += Int(q.dir)
                seen.insert(w)
                k += 1
                continue
            }
            guard k + 1 < c else { return false }
            let partner = quick[k + 1]
            guard partner.y0 == q.y0, partner.y1 == q.y1, partner.dir == -q.dir else { return false }
            seen.insert(w + Int(q.dir))
            k += 2
        }
        if !seen.mixes(evenOdd: evenOdd) { return true }
        return !overlapping && clustersDoNotMix(c, evenOdd: evenOdd)
    }

    /// For chains side by side without overlapping (in ``PieceLog/quick``, sorted, paired as
    /// ``chainsSideBySide`` found them) whose windings mix over the whole row: whether they
    /// still do not mix within any cluster of chains that share pixel columns, as a pixel
    /// between clusters meets one winding. The row of a cut-out's frame and its holes: the 0
    /// left of the frame never shares a pixel with the 2 inside a hole. A chain ending on a
    /// pixel's left side counts as reaching into it (merging more is safe; rounding up costs
    /// a call in the baseline x86-64 instruction set).
    @inline(never)
    private func clustersDoNotMix(_ c: Int, evenOdd: Bool) -> Bool {
        let quick = log.pointee.quick
        var seen = WindingSet()
        var w = 0
        var lastColumn = -1
        var k = 0
        while k < c {
            let q = quick[k]
            if Int(q.minX) > lastColumn {
                if seen.mixes(evenOdd: evenOdd) { return false }
                seen = WindingSet()
                seen.insert(w)
            }
            if q.y0 == 0 && q.y1 == 1 {
                w += Int(q.dir)
                seen.insert(w)
                lastColumn = Swift.max(lastColumn, Int(q.maxX))
                k += 1
            } else {
                seen.insert(w + Int(q.dir))
                lastColumn = Swift.max(lastColumn, Int(quick[k + 1].maxX))
                k += 2
            }
        }
        return !seen.mixes(evenOdd: evenOdd)
    }

    /// Whether chain `a` is nowhere right of chain `b`, both spanning the row: checked at
    /// every vertex of either (between which both are straight). Also false when they have so
    /// many pieces that the full check of the row is cheaper.
    private func staysLeft(_ a: QuickChain, of b: QuickChain) -> Bool {
        guard Int(a.count) * Int(b.count) <= 64 else { return false }
        let geometry = log.pointee.geometry, links = log.pointee.links
        /// x of `chain` at height `y`, or nil if no piece reaches it.
        func x(_ chain: QuickChain, at y: Float) -> Float? {
            var i = Int(chain.first)
            for _ in 0..<chain.count {
                let g = geometry[i]
                if g[2] <= y && y <= g[3] {
                    return y == g[2] ? g[0] : y == g[3] ? g[1] : g[0] + (g[1] - g[0]) * (y - g[2]) / (g[3] - g[2])
                }
                i = Int(links[i]) >> 2 - 1
            }
            return nil
        }
        var i = Int(a.first)
        for _ in 0..<a.count {
            let g = geometry[i]
            guard let top = x(b, at: g[2]), let bottom = x(b, at: g[3]), g[0] <= top, g[1] <= bottom else { return false }
            i = Int(links[i]) >> 2 - 1
        }
        i = Int(b.first)
        for _ in 0..<b.count {
            let g = geometry[i]
            guard let top = x(a, at: g[2]), let bottom = x(a, at: g[3]), top <= g[0], bottom <= g[1] else { return false }
            i = Int(links[i]) >> 2 - 1
        }
        return true
    }

    /// Whether two pieces, alone in a row, leave every pixel with windings `{0, ±1}` of one
    /// sign: opposite directions, both the row's full height, and not crossing.
    @inline(__always)
    private func twoPiecesSeparate(_ a: Int, _ b: Int) -> Bool {
        let la = log.pointee.links[a], lb = log.pointee.links[b]
        guard (la ^ lb) & 1 == 1 else { return false }
        let ga = log.pointee.geometry[a], gb = log.pointee.geometry[b]
        guard ga[2] == 0, ga[3] == 1, gb[2] == 0, gb[3] == 1 else { return false }
        let top = ga[0] - gb[0], bottom = ga[1] - gb[1]
        return (top <= 0 && bottom <= 0) || (top >= 0 && bottom >= 0)
    }

    /// Walks band row `r`'s chains left to right and recomputes exactly the pixels that mix.
    ///
    /// The row is cut at every height where a chain starts or ends; chains are taken left to
    /// right in clusters that share pixels. A cluster's pixels see, on each horizontal
    /// interval, the winding on their left and after each of its chains in x order there
    /// (chains that cross count as mixing); pixels between clusters see the windings left by
    /// the cluster before. A cluster or gap that mixes is recomputed.
    ///
    /// That walk is quick for the few chains of ordinary rows but grows faster than the row
    /// (with intervals times chains, and with the cube of a cluster's chains, whose pairs may
    /// all cross). When its estimate, ``exactRowWork(_:_:intervals:)``, passes
    /// ``maxExactRowWork``, the row is resolved by ``redoRowBySubRows(_:_:_:_:_:evenOdd:)``
    /// instead, whose work grows with its pieces and chains only.
    @inline(never)
    private func checkRow(_ r: Int, head: Int, evenOdd: Bool) {
        let (n, nc) = log.pointee.gather(from: head)
        let p = log.pointee.row, ch = log.pointee.chains
        if nc < 2 { return }
        if nc > 32 {
            // Chains crowded into few columns make some cluster large (at least chains over
            // columns): the exact walk would pass its limit, and sorting them is wasted.
            var first = Int.max, last = Int.min
            for c in 0..<nc {
                first = Swift.min(first, ch[c].firstColumn)
                last = Swift.max(last, ch[c].lastColumn)
            }
            let crowd = nc / Swift.max(last - first + 1, 1)
            if crowd * crowd * crowd > Accumulator.maxExactRowWork {
                redoRowBySubRows(r, ch, nc, p, n, evenOdd: evenOdd)
                return
            }

            // By key, then moved once: sorting the chains themselves moves 48 bytes a step.
            let keys = log.pointee.mids, order = log.pointee.members
            for c in 0..<nc {
                keys[c] = ch[c].minX
                order[c] = c
            }
            var byKey = UnsafeMutableBufferPointer(start: order, count: nc)
            byKey.sort { keys[$0] < keys[$1] }
            let sorted = (0..<nc).map { ch[order[$0]] }
            for c in 0..<nc { ch[c] = sorted[c] }
        } else {
            for i in 1..<nc {
                let v = ch[i]
                var j = i
                while j > 0 && ch[j - 1].minX > v.minX { ch[j] = ch[j - 1]; j -= 1 }
                ch[j] = v
            }
        }
        // Heights where chains start or end, inside the row.
        log.pointee.reserveBreaks(2 * nc + 2)
        let breaks = log.pointee.breaks, windings = log.pointee.windings
        var m = 0
        breaks[m] = 0; m += 1
        for i in 0..<nc {
            if ch[i].y0 > 0 { breaks[m] = ch[i].y0; m += 1 }
            if ch[i].y1 < 1 { breaks[m] = ch[i].y1; m += 1 }
        }
        breaks[m] = 1; m += 1
        if m > 2 { sortUnique(breaks, &m) }
        let intervals = m - 1
        let work = exactRowWork(ch, nc, intervals: intervals)
        guard work <= Accumulator.maxExactRowWork else {
            redoRowBySubRows(r, ch, nc, p, n, evenOdd: evenOdd)
            return
        }
        WorkMeter.record(work, .overlapRowSteps)
        for e in 0..<intervals { windings[e] = 0 }
        var i = 0
        while i < nc {
            let first = ch[i].firstColumn
            if first >= width { break }
            let (j, last) = cluster(ch, nc, from: i)
            if clusterMixes(ch, from: i, to: j, p, breaks, windings, intervals, evenOdd: evenOdd) {
                redoCluster(r, ch, from: i, to: j, p, n, columns: first...last, breaks, windings, intervals, evenOdd: evenOdd)
            }
            advance(ch, from: i, to: j, breaks, windings, intervals)
            // The pixels up to the next cluster (or the region's end) keep the windings left.
            let gapEnd = Swift.min(j < nc ? ch[j].firstColumn : width, width)
            if gapEnd > last + 1 {
                var gap = WindingSet()
                for e in 0..<intervals { gap.insert(windings[e]) }
                if gap.mixes(evenOdd: evenOdd) {
                    redoGap(r, from: last + 1, to: gapEnd, breaks, windings, intervals, evenOdd: evenOdd)
                }
            }
            i = j
        }
    }

    /// The cluster of chains that begins at `ch[i]` (chains sorted by left end): `ch[i..<end]`
    /// share pixel columns, one with the next, up to `lastColumn`.
    @inline(__always)
    func cluster(_ ch: UnsafeMutablePointer<RowChain>, _ nc: Int, from i: Int) -> (end: Int, lastColumn: Int) {
        var last = ch[i].lastColumn
        var j = i + 1
        while j < nc && ch[j].firstColumn <= last { last = Swift.max(last, ch[j].lastColumn); j += 1 }
        return (j, last)
    }

    /// Whether some pixel of the cluster `ch[i..<j]` may mix, given the windings left of it.
    private func clusterMixes(_ ch: UnsafeMutablePointer<RowChain>, from i: Int, to j: Int,
                              _ p: UnsafeMutablePointer<RowPiece>, _ breaks: UnsafeMutablePointer<Double>,
                              _ windings: UnsafeMutablePointer<Int>, _ intervals: Int, evenOdd: Bool) -> Bool {
        var seen = WindingSet()
        if j == i + 1 {
            // One chain: each interval it spans sees w and w + dir.
            for e in 0..<intervals {
                seen.insert(windings[e])
                if ch[i].y0 <= breaks[e] && ch[i].y1 >= breaks[e + 1] { seen.insert(windings[e] + ch[i].dir) }
            }
            return seen.mixes(evenOdd: evenOdd)
        }
        let members = log.pointee.members, mids = log.pointee.mids
        for e in 0..<intervals {
            let ya = breaks[e], yb = breaks[e + 1]
            var w = windings[e]
            seen.insert(w)
            // Members in x order: chains are sorted by left end; where neighbours overlap in x
            // they are ordered by x at the interval's middle and must not cross.
            var count = 0
            var overlap = false
            for k in i..<j where ch[k].y0 <= ya && ch[k].y1 >= yb {
                if count > 0 && ch[members[count - 1]].maxX > ch[k].minX { overlap = true }
                members[count] = k
                count += 1
            }
            if overlap {
                let ym = 0.5 * (ya + yb)
                for a in 0..<count {
                    let k = members[a], mid = ch[k].x(at: ym, p)
                    var b = a
                    while b > 0 && mids[b - 1] > mid { mids[b] = mids[b - 1]; members[b] = members[b - 1]; b -= 1 }
                    mids[b] = mid; members[b] = k
                }
                for a in 1..<count where ch[members[a - 1]].maxX > ch[members[a]].minX {
                    if cross(ch[members[a - 1]], ch[members[a]], p, ya, yb) { return true }
                }
            }
            for a in 0..<count {
                w += ch[members[a]].dir
                seen.insert(w)
            }
        }
        return seen.mixes(evenOdd: evenOdd)
    }

    /// Whether chain `b` is left of chain `a` somewhere in `ya...yb` (both span it): checked
    /// at both ends and at every vertex of either, between which both are straight.
    private func cross(_ a: RowChain, _ b: RowChain, _ p: UnsafeMutablePointer<RowPiece>, _ ya: Double, _ yb: Double) -> Bool {
        @inline(__always) func leftOfA(_ y: Double) -> Bool { b.x(at: y, p) < a.x(at: y, p) }
        if leftOfA(ya) || leftOfA(yb) { return true }
        for k in a.first..<(a.first + a.count) where p[k].y0 > ya && p[k].y0 < yb && leftOfA(p[k].y0) { return true }
        for k in b.first..<(b.first + b.count) where p[k].y0 > ya && p[k].y0 < yb && leftOfA(p[k].y0) { return true }
        return false
    }

    /// Moves the windings past the cluster `ch[i..<j]`.
    private func advance(_ ch: UnsafeMutablePointer<RowChain>, from i: Int, to j: Int,
                         _ breaks: UnsafeMutablePointer<Double>, _ windings: UnsafeMutablePointer<Int>, _ intervals: Int) {
        for k in i..<j {
            for e in 0..<intervals where ch[k].y0 <= breaks[e] && ch[k].y1 >= breaks[e + 1] { windings[e] += ch[k].dir }
        }
    }

    /// Makes the cells give columns `columns` of band row `r` (the cluster `ch[i..<j]`) their
    /// exact coverage, leaving every other pixel's sum as it was.
    ///
    /// The cluster's pieces are taken out of the cells, the row is cut into slabs at every
    /// height where windings on the left change, a chain has a vertex, or two chains cross, so
    /// that inside a slab the chains are straight and keep their x order; each chain's part in
    /// a slab goes back in with the weight `rule(w + dir) − rule(w)` (`w`: the winding on its
    /// left), so that the sum over a pixel is the area where the rule holds. The first column
    /// also gets `rule(w) − w` of the windings on the left, and the column after the cluster
    /// the difference back, so the sums right of it are unchanged.
    @inline(never)
    private func redoCluster(_ r: Int, _ ch: UnsafeMutablePointer<RowChain>, from i: Int, to j: Int,
                             _ p: UnsafeMutablePointer<RowPiece>, _ n: Int, columns: ClosedRange<Int>,
                             _ breaks: UnsafeMutablePointer<Double>, _ windings: UnsafeMutablePointer<Int>,
                             _ intervals: Int, evenOdd: Bool) {
        let line = cells + r * stride
        let log = self.log
        log.pointee.cuts.removeAll()
        for e in 0...intervals { log.pointee.cuts.append(breaks[e]) }
        for a in i..<j {
            let ca = ch[a]
            log.pointee.cuts.append(ca.y1)
            for q in ca.first..<(ca.first + ca.count) {
                _ = Accumulator.add(line, p[q].x0, p[q].x1, -(p[q].y1 - p[q].y0) * Double(p[q].dir))
                // Every vertex cuts too, so that inside a slab each chain is straight: two that
                // do not cross are then apart or together over the whole slab, never together
                // over part of it (a piece clamped to the region's edge beside one projected
                // onto it), where the order at the slab's middle would be a tie.
                log.pointee.cuts.append(p[q].y0)
            }
            // Where it crosses a later chain: between consecutive vertices of either, both
            // are straight, so a change of side is found and placed exactly.
            for b in (a + 1)..<j {
                let cb = ch[b]
                let ya = Swift.max(ca.y0, cb.y0), yb = Swift.min(ca.y1, cb.y1)
                guard ya < yb, ca.maxX >= cb.minX, cb.maxX >= ca.minX else { continue }
                log.pointee.samples.removeAll()
                log.pointee.samples.append(ya); log.pointee.samples.append(yb)
                for q in ca.first..<(ca.first + ca.count) where p[q].y0 > ya && p[q].y0 < yb { log.pointee.samples.append(p[q].y0) }
                for q in cb.first..<(cb.first + cb.count) where p[q].y0 > ya && p[q].y0 < yb { log.pointee.samples.append(p[q].y0) }
                log.pointee.samples.sort()
                let samples = log.pointee.samples
                var y0 = samples[0], d0 = ca.x(at: y0, p) - cb.x(at: y0, p)
                for s in 1..<samples.count where samples[s] > y0 {
                    let y1 = samples[s]
                    let d1 = ca.x(at: y1, p) - cb.x(at: y1, p)
                    if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) {
                        let y = y0 + (y1 - y0) * d0 / (d0 - d1)
                        if y > y0 && y < y1 { log.pointee.cuts.append(y) }
                    }
                    y0 = y1; d0 = d1
                }
            }
        }
        log.pointee.cuts.sort()
        let cuts = log.pointee.cuts
        // The cluster's chains in x order within a slab (the scratch of ``clusterMixes``,
        // which is done with them).
        let members = log.pointee.members, mids = log.pointee.mids
        var leftW = 0.0, leftRule = 0.0, rightW = 0.0, rightRule = 0.0
        var e = 0
        for s in 0..<(cuts.count - 1) {
            let ya = cuts[s], yb = cuts[s + 1]
            guard yb > ya else { continue }
            let h = yb - ya, ym = 0.5 * (ya + yb)
            while breaks[e + 1] < ym { e += 1 }
            var w = windings[e]
            leftW += Double(w) * h
            leftRule += Double(Accumulator.rule(w, evenOdd: evenOdd)) * h
            var count = 0
            for k in i..<j where ch[k].y0 <= ya && ch[k].y1 >= yb {
                let mid = ch[k].x(at: ym, p)
                var b = count
                while b > 0 && mids[b - 1] > mid { mids[b] = mids[b - 1]; members[b] = members[b - 1]; b -= 1 }
                mids[b] = mid; members[b] = k
                count += 1
            }
            for o in 0..<count {
                let c = ch[members[o]]
                let next = w + c.dir
                let weight = Double(Accumulator.rule(next, evenOdd: evenOdd) - Accumulator.rule(w, evenOdd: evenOdd))
                w = next
                guard weight != 0 else { continue }
                for q in c.first..<(c.first + c.count) where p[q].y1 > ya && p[q].y0 < yb {
                    let top = Swift.max(ya, p[q].y0), bottom = Swift.min(yb, p[q].y1)
                    _ = Accumulator.add(line, p[q].x(at: top), p[q].x(at: bottom), weight * (bottom - top))
                }
            }
            rightW += Double(w) * h
            rightRule += Double(Accumulator.rule(w, evenOdd: evenOdd)) * h
        }
        line[columns.lowerBound] += Float(leftRule - leftW)
        line[columns.upperBound + 1] += Float(rightW - rightRule)
        markDirty(row: r, columns.lowerBound, columns.upperBound + 1)
    }

    /// Makes the cells give columns `from ..< to` of band row `r`, crossed by no edge but with
    /// windings that vary with height, their exact coverage: the rule's mean over the heights.
    @inline(never)
    private func redoGap(_ r: Int, from: Int, to: Int, _ breaks: UnsafeMutablePointer<Double>,
                         _ windings: UnsafeMutablePointer<Int>, _ intervals: Int, evenOdd: Bool) {
        var mean = 0.0, ruled = 0.0
        for e in 0..<intervals {
            let h = breaks[e + 1] - breaks[e]
            mean += Double(windings[e]) * h
            ruled += Double(Accumulator.rule(windings[e], evenOdd: evenOdd)) * h
        }
        let line = cells + r * stride
        line[from] += Float(ruled - mean)
        line[to] -= Float(ruled - mean)
        markDirty(row: r, from, to)
    }
}

/// Sorts `v[0..<m]` (insertion sort when short, as rows' lists nearly always are).
private func sortHeights(_ v: UnsafeMutablePointer<Double>, count m: Int) {
    if m > 32 {
        var all = UnsafeMutableBufferPointer(start: v, count: m)
        all.sort()
        return
    }
    for i in stride(from: 1, to: m, by: 1) {
        let x = v[i]
        var j = i
        while j > 0 && v[j - 1] > x { v[j] = v[j - 1]; j -= 1 }
        v[j] = x
    }
}

/// Sorts `v[0..<m]` and drops repeats.
private func sortUnique(_ v: UnsafeMutablePointer<Double>, _ m: inout Int) {
    sortHeights(v, count: m)
    var out = 1
    for i in 1..<m where v[i] != v[out - 1] { v[out] = v[i]; out += 1 }
    m = out
}
