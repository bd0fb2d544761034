/// The edge pieces added to one band of the rasteriser, one per edge and row, linked row by
/// row, so that rows where windings mix can be checked and redone exactly.
///
/// Why: the cells hold each pixel's mean winding, and the fill rule applied to a mean is the
/// mean of the rule only where the rule is linear over the windings inside the pixel:
/// non-zero (`min(|w|, 1)`) is wrong where one pixel holds winding 0 and `|w| ≥ 2`, or both
/// signs; even-odd where its windings span 2 or more. That happens only where shapes overlap
/// themselves (self-crossing paths, overlapping subpaths, the inner joins of a stroke outline),
/// so every row is checked from its pieces (cheap: a few pieces per row, sorted by x) and only
/// the rows that mix are recomputed, exactly, from the same pieces.
///
/// Memory is bounded: past ``budget`` pieces in one band the log stops and that band keeps
/// the mean-winding coverage (``overflowed``).
struct PieceLog {
    /// Most pieces logged per band (16 bytes of geometry and 4 of link each).
    static let budget = 1 << 18

    /// Per piece: x at its top, x at its bottom (region-relative), its top and bottom y
    /// relative to its row (top < bottom).
    private(set) var geometry = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 0)
    /// Per piece: the row's previous piece plus one (0: none), times two, plus one when the
    /// edge runs upwards (winding −1 to its right).
    private(set) var links = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private var capacity = 0
    private(set) var count = 0
    /// Per band row: its last piece plus one (0: none).
    private(set) var heads = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private var headCapacity = 0
    /// Set when the band had more than ``budget`` pieces: its rows cannot be checked.
    private(set) var overflowed = false

    /// One row's pieces, gathered for checking.
    var row = UnsafeMutablePointer<RowPiece>.allocate(capacity: 0)
    private(set) var rowCapacity = 0
    /// The y values (row-relative) where a row's pieces start, end or cross.
    var breaks = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    /// Winding left of the current x, per interval between consecutive breaks.
    var windings = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    private(set) var breakCapacity = 0

    mutating func deallocate() {
        geometry.deallocate(); links.deallocate(); heads.deallocate()
        row.deallocate(); breaks.deallocate(); windings.deallocate()
    }

    /// Prepares for a band of `rows` rows (all empty).
    mutating func reserve(rows: Int) {
        if headCapacity < rows {
            heads.deallocate()
            headCapacity = rows
            heads = .allocate(capacity: rows)
            heads.initialize(repeating: 0, count: rows)
        }
        startBand()
    }

    /// Empties the log for the next band (every row's list was emptied when it was swept).
    @inline(__always)
    mutating func startBand() {
        count = 0
        overflowed = false
    }

    @inline(__always)
    mutating func append(row: Int, _ xTop: Double, _ xBottom: Double, _ yTop: Double, _ yBottom: Double, negative: Bool) {
        if count == capacity && !grow() { return }
        geometry[count] = SIMD4(Float(xTop), Float(xBottom), Float(yTop), Float(yBottom))
        links[count] = heads[row] << 1 | (negative ? 1 : 0)
        count += 1
        heads[row] = Int32(truncatingIfNeeded: count)
    }

    @inline(never)
    private mutating func grow() -> Bool {
        guard capacity < PieceLog.budget else {
            overflowed = true
            return false
        }
        let grown = min(PieceLog.budget, max(1024, 2 * capacity))
        let g = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: grown)
        g.update(from: geometry, count: count)
        geometry.deallocate()
        geometry = g
        let l = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
        l.update(from: links, count: count)
        links.deallocate()
        links = l
        capacity = grown
        return true
    }

    /// Forgets band row `r`'s pieces.
    @inline(__always)
    mutating func clear(row r: Int) { heads[r] = 0 }

    /// Copies the pieces of the row whose list starts at `head` (a ``heads`` entry) into
    /// ``row`` (growing it) and returns how many there are.
    mutating func gather(from head: Int) -> Int {
        var n = 0
        var link = head
        while link != 0 {
            let i = link - 1
            if n == rowCapacity { growRow() }
            let g = geometry[i]
            let l = Int(links[i])
            row[n] = RowPiece(x0: Double(g[0]), x1: Double(g[1]), y0: Double(g[2]), y1: Double(g[3]),
                              dir: l & 1 == 0 ? 1 : -1)
            n += 1
            link = l >> 1
        }
        return n
    }

    private mutating func growRow() {
        let grown = max(64, 2 * rowCapacity)
        let p = UnsafeMutablePointer<RowPiece>.allocate(capacity: grown)
        p.update(from: row, count: rowCapacity)
        row.deallocate()
        row = p
        rowCapacity = grown
    }

    /// Makes room for `n` breaks (and `n` intervals).
    mutating func reserveBreaks(_ n: Int) {
        guard breakCapacity < n else { return }
        breaks.deallocate(); windings.deallocate()
        breakCapacity = max(n, 2 * breakCapacity)
        breaks = .allocate(capacity: breakCapacity)
        windings = .allocate(capacity: breakCapacity)
    }
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
    var lastColumn: Int { Swift.max(Int(minX), ceilNonNegative(maxX) - 1) }
}

/// The windings met inside some pixels, reduced to what decides whether a fill rule is linear
/// over them.
struct WindingSet {
    var min = Int.max, max = Int.min
    var hasZero = false

    @inline(__always)
    mutating func insert(_ w: Int) {
        if w < min { min = w }
        if w > max { max = w }
        if w == 0 { hasZero = true }
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

    /// Checks band row `r` and, if windings mix in any of its pixels, replaces its cells by
    /// the exact coverage (then in `0...1`, which either rule's coverage leaves unchanged).
    @inline(__always)
    func exactRowIfMixed(_ r: Int, evenOdd: Bool) {
        let log = self.log
        let head = Int(log.pointee.heads[r])
        guard head != 0 else { return }
        log.pointee.clear(row: r)
        // One piece, or two from one edge's consecutive rows cannot mix: the common rows of
        // simple shapes are two pieces of opposite direction.
        let second = Int(log.pointee.links[head - 1]) >> 1
        if second == 0 { return }
        if Int(log.pointee.links[second - 1]) >> 1 == 0 && twoPiecesSeparate(head - 1, second - 1) { return }
        if log.pointee.overflowed { return }
        checkRow(r, head: head, evenOdd: evenOdd)
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

    @inline(never)
    private func checkRow(_ r: Int, head: Int, evenOdd: Bool) {
        let n = log.pointee.gather(from: head)
        let pieces = log.pointee.row
        if rowMixes(pieces, n, evenOdd: evenOdd) {
            redoRow(r, pieces, n, evenOdd: evenOdd)
        }
    }

    /// Whether some pixel of the row holds windings the rule is not linear over.
    ///
    /// The row is cut at every height where a piece starts or ends; pieces are taken left to
    /// right in clusters that share pixels. Each cluster's pixels see, on each horizontal
    /// interval, the winding on their left and after each of the cluster's pieces in x order
    /// there (pieces that cross inside an interval count as mixing); pixels between clusters
    /// see the windings left by the cluster before.
    private func rowMixes(_ p: UnsafeMutablePointer<RowPiece>, _ n: Int, evenOdd: Bool) -> Bool {
        // Sort by left end (insertion sort: rows hold few pieces).
        for i in 1..<n {
            let v = p[i]
            var j = i
            while j > 0 && p[j - 1].minX > v.minX { p[j] = p[j - 1]; j -= 1 }
            p[j] = v
        }
        // Heights where pieces start or end, inside the row.
        log.pointee.reserveBreaks(2 * n + 2)
        let breaks = log.pointee.breaks, windings = log.pointee.windings
        var m = 0
        breaks[m] = 0; m += 1
        for i in 0..<n {
            if p[i].y0 > 0 { breaks[m] = p[i].y0; m += 1 }
            if p[i].y1 < 1 { breaks[m] = p[i].y1; m += 1 }
        }
        breaks[m] = 1; m += 1
        sortUnique(breaks, &m)
        let intervals = m - 1
        for e in 0..<intervals { windings[e] = 0 }
        var i = 0
        while i < n {
            let first = p[i].firstColumn
            if first >= width { break }
            var last = p[i].lastColumn
            var j = i + 1
            while j < n && p[j].firstColumn <= last { last = Swift.max(last, p[j].lastColumn); j += 1 }
            var seen = WindingSet()
            for e in 0..<intervals {
                let ya = breaks[e], yb = breaks[e + 1]
                var w = windings[e]
                seen.insert(w)
                // The cluster's pieces spanning this interval, in x order at its middle.
                var previous: (top: Double, bottom: Double)? = nil
                var members = 0
                var k = i
                while k < j {
                    if p[k].y0 <= ya && p[k].y1 >= yb { members += 1 }
                    k += 1
                }
                if members == 0 { continue }
                if members == 1 {
                    k = i
                    while !(p[k].y0 <= ya && p[k].y1 >= yb) { k += 1 }
                    w += p[k].dir
                    seen.insert(w)
                } else {
                    // Few members: select the next leftmost each time.
                    var done = 0
                    var lastMid = -Double.infinity
                    var lastIndex = -1
                    while done < members {
                        var best = -1
                        var bestMid = Double.infinity
                        k = i
                        while k < j {
                            if p[k].y0 <= ya && p[k].y1 >= yb {
                                let mid = p[k].x(at: 0.5 * (ya + yb))
                                if (mid > lastMid || (mid == lastMid && k > lastIndex)) && mid < bestMid {
                                    best = k; bestMid = mid
                                }
                            }
                            k += 1
                        }
                        if best < 0 { break }
                        let top = p[best].x(at: ya), bottom = p[best].x(at: yb)
                        if let prev = previous, prev.top > top || prev.bottom > bottom { return true }
                        previous = (top, bottom)
                        lastMid = bestMid; lastIndex = best
                        w += p[best].dir
                        seen.insert(w)
                        done += 1
                    }
                }
                windings[e] = w
            }
            if seen.mixes(evenOdd: evenOdd) { return true }
            // The pixels up to the next cluster (or the region's end) keep the windings left.
            let gapEnd = j < n ? p[j].firstColumn : width
            if gapEnd > last + 1 && last + 1 < width {
                var gap = WindingSet()
                for e in 0..<intervals { gap.insert(windings[e]) }
                if gap.mixes(evenOdd: evenOdd) { return true }
            }
            i = j
        }
        return false
    }

    /// Replaces band row `r`'s cells by its exact coverage under the rule: the row is cut
    /// into slabs at every height where pieces start, end or cross, so that inside a slab the
    /// pieces keep their x order; each piece's part in a slab is added with the weight
    /// `rule(w + dir) − rule(w)` (`w`: the winding on its left), which sums, per pixel, to the
    /// area where the rule holds.
    @inline(never)
    private func redoRow(_ r: Int, _ p: UnsafeMutablePointer<RowPiece>, _ n: Int, evenOdd: Bool) {
        let line = cells + r * stride
        let words = dirty + r * dirtyWords
        for wi in 0..<dirtyWords {
            var word = words[wi]
            while word != 0 {
                let g = (wi << 6 + word.trailingZeroBitCount) << 2
                (line + g).update(repeating: 0, count: 4)
                word &= word - 1
            }
        }
        // Slab boundaries: piece ends and pairwise crossings. A row crowded with pieces
        // (hostile input) is cut at 1/256 steps instead of at its crossings, so the work stays
        // near-linear; coverage is then within 1/256 of a pixel per crossing.
        let crowded = n > 128
        let capacity = 2 * n + 2 + (crowded ? 257 : n * (n - 1) / 2)
        log.pointee.reserveBreaks(capacity)
        let breaks = log.pointee.breaks
        var m = 0
        breaks[m] = 0; m += 1
        breaks[m] = 1; m += 1
        for i in 0..<n {
            breaks[m] = p[i].y0; m += 1
            breaks[m] = p[i].y1; m += 1
        }
        if crowded {
            for s in 1..<256 { breaks[m] = Double(s) / 256; m += 1 }
        } else {
            for a in 0..<n {
                for b in (a + 1)..<n {
                    let ya = Swift.max(p[a].y0, p[b].y0), yb = Swift.min(p[a].y1, p[b].y1)
                    guard ya < yb else { continue }
                    let dTop = p[a].x(at: ya) - p[b].x(at: ya), dBottom = p[a].x(at: yb) - p[b].x(at: yb)
                    guard (dTop < 0 && dBottom > 0) || (dTop > 0 && dBottom < 0) else { continue }
                    let y = ya + (yb - ya) * dTop / (dTop - dBottom)
                    if y > ya && y < yb { breaks[m] = y; m += 1 }
                }
            }
        }
        sortUnique(breaks, &m)
        // Members of each slab, sorted by their middle x (insertion sort on indices).
        var order = [Int](repeating: 0, count: n)
        var mids = [Double](repeating: 0, count: n)
        for s in 0..<(m - 1) {
            let ya = breaks[s], yb = breaks[s + 1]
            guard yb > ya else { continue }
            let ym = 0.5 * (ya + yb)
            var count = 0
            for i in 0..<n where p[i].y0 <= ya && p[i].y1 >= yb {
                let mid = p[i].x(at: ym)
                var j = count
                while j > 0 && mids[j - 1] > mid { mids[j] = mids[j - 1]; order[j] = order[j - 1]; j -= 1 }
                mids[j] = mid; order[j] = i
                count += 1
            }
            var w = 0
            for k in 0..<count {
                let q = p[order[k]]
                let next = w + q.dir
                let weight = Accumulator.rule(next, evenOdd: evenOdd) - Accumulator.rule(w, evenOdd: evenOdd)
                w = next
                guard weight != 0 else { continue }
                let (ia, ib) = Accumulator.add(line, q.x(at: ya), q.x(at: yb), Double(weight) * (yb - ya))
                markDirty(row: r, ia, ib)
            }
        }
    }
}

/// Sorts `v[0..<m]` and drops repeats (insertion sort when short, as rows' lists are).
private func sortUnique(_ v: UnsafeMutablePointer<Double>, _ m: inout Int) {
    if m > 32 { var all = UnsafeMutableBufferPointer(start: v, count: m); all.sort() }
    else { for i in 1..<m {
        let x = v[i]
        var j = i
        while j > 0 && v[j - 1] > x { v[j] = v[j - 1]; j -= 1 }
        v[j] = x
    } }
    var out = 1
    for i in 1..<m where v[i] != v[out - 1] { v[out] = v[i]; out += 1 }
    m = out
}
