/// The edge pieces added to one band of the rasteriser, one per edge and row, linked row by
/// row, so that rows where windings mix can be checked and redone exactly.
///
/// Why: the cells hold each pixel's mean winding, and the fill rule applied to a mean is the
/// mean of the rule only where the rule is linear over the windings inside the pixel:
/// non-zero (`min(|w|, 1)`) is wrong where one pixel holds winding 0 and `|w| ≥ 2`, or both
/// signs; even-odd where its windings span 2 or more. That happens only where shapes overlap
/// themselves (self-crossing paths, overlapping subpaths, the inner joins of a stroke outline),
/// so the rows where they may (see ``Rasterizer/markRowsThatMayMix(evenOdd:rows:in:)``) are
/// logged and checked from their pieces (cheap: a few chains of pieces per row, in x order),
/// and only the pixels that mix are recomputed, exactly, from the same pieces.
///
/// Memory is bounded: past ``budget`` pieces in one band the log stops and that band keeps
/// the mean-winding coverage (``overflowed``).
struct PieceLog {
    /// Most pieces logged per band (16 bytes of geometry and 4 of link each).
    static let budget = 1 << 18

    /// Per piece: x at its top, x at its bottom (region-relative), its top and bottom y
    /// relative to its row (top < bottom).
    private(set) var geometry = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 0)
    /// Per piece: the row's previous piece plus one (0: none), times four, plus two when the
    /// piece continues that previous piece (the next segment of the same edge chain, from the
    /// point where it ended), plus one when the edge runs upwards (winding −1 to its right).
    private(set) var links = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private var capacity = 0
    private(set) var count = 0
    /// Per band row: its last piece plus one (0: none).
    private(set) var heads = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private var headCapacity = 0
    /// Set when the band had more than ``budget`` pieces: its rows cannot be checked.
    private(set) var overflowed = false

    /// One row's pieces, gathered for checking, and their chains.
    var row = UnsafeMutablePointer<RowPiece>.allocate(capacity: 0)
    var chains = UnsafeMutablePointer<RowChain>.allocate(capacity: 0)
    /// Scratch for ``Accumulator/chainsSideBySide``: a row's chains, if there are few.
    static let quickCapacity = 32
    let quick = UnsafeMutablePointer<QuickChain>.allocate(capacity: PieceLog.quickCapacity)
    /// Scratch for ordering one interval's chains: their indices and middle x.
    var members = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    var mids = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private(set) var rowCapacity = 0
    /// The y values (row-relative) where a row's pieces start, end or cross.
    var breaks = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    /// Winding left of the current x, per interval between consecutive breaks.
    var windings = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    private(set) var breakCapacity = 0
    /// Scratch for ``Accumulator/redoCluster``: the heights that cut a cluster into slabs, and
    /// the vertex heights where two of its chains are compared.
    var cuts = ScratchHeights()
    var samples = ScratchHeights()

    mutating func deallocate() {
        geometry.deallocate(); links.deallocate(); heads.deallocate()
        row.deallocate(); chains.deallocate(); members.deallocate(); mids.deallocate(); quick.deallocate()
        breaks.deallocate(); windings.deallocate()
        cuts.deallocate(); samples.deallocate()
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
        let g = SIMD4(Float(xTop), Float(xBottom), Float(yTop), Float(yBottom))
        geometry[count] = g
        let head = heads[row]
        var link = head << 2 | (negative ? 1 : 0)
        if head != 0 {
            // Downward chains continue at their previous piece's bottom, upward ones at its top.
            let previous = geometry[Int(head) - 1]
            let sameWay = (links[Int(head) - 1] & 1 == 1) == negative
            let joined = negative ? (previous[2] == g[3] && previous[0] == g[1]) : (previous[3] == g[2] && previous[1] == g[0])
            if sameWay && joined { link |= 2 }
        }
        links[count] = link
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
    /// ``row`` and groups them into ``chains`` (pieces continuing one another), growing both;
    /// returns how many pieces and chains there are.
    mutating func gather(from head: Int) -> (pieces: Int, chains: Int) {
        var n = 0, c = 0
        var link = head
        while link != 0 {
            let i = link - 1
            if n == rowCapacity { growRow() }
            let g = geometry[i]
            let l = Int(links[i])
            let piece = RowPiece(x0: Double(g[0]), x1: Double(g[1]), y0: Double(g[2]), y1: Double(g[3]),
                                 dir: l & 1 == 0 ? 1 : -1)
            row[n] = piece
            // A piece that continues the next one in the list (older) shares its chain; the
            // chain was started by the newer piece that led here, unless this one is first.
            if c > 0 && chains[c - 1].first + chains[c - 1].count == n && chains[c - 1].open {
                chains[c - 1].extend(piece)
            } else {
                chains[c] = RowChain(piece, first: n)
                c += 1
            }
            chains[c - 1].open = l & 2 != 0
            n += 1
            link = l >> 2
        }
        return (n, c)
    }

    private mutating func growRow() {
        let grown = max(64, 2 * rowCapacity)
        let p = UnsafeMutablePointer<RowPiece>.allocate(capacity: grown)
        p.update(from: row, count: rowCapacity)
        row.deallocate()
        row = p
        let q = UnsafeMutablePointer<RowChain>.allocate(capacity: grown)
        q.update(from: chains, count: rowCapacity)
        chains.deallocate()
        chains = q
        members.deallocate(); members = .allocate(capacity: grown)
        mids.deallocate(); mids = .allocate(capacity: grown)
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
