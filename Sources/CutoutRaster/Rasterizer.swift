import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform

/// Receives the coverage of a rasterised path, one horizontal run at a time.
///
/// Runs and coverage rows arrive row by row, top to bottom and left to right within a row;
/// pixels that are not covered at all are never reported as runs.
protocol SpanBlitter {
    /// `count` pixels starting at column `x` of row `y`, all with `coverage` in `1...255`.
    mutating func blitRun(x: Int, y: Int, count: Int, coverage: UInt8)

    /// `count` pixels starting at column `x` of row `y`, pixel `k` with `coverage[k]` in
    /// `0...255` (0: untouched). The bytes are scratch memory the blitter may overwrite.
    mutating func blitMask(x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>)

    /// Whether coverage should come as ``blitGroup(x:y:coverage:)`` calls, four pixels at a
    /// time, rather than as rows through ``blitMask(x:y:count:coverage:)``.
    static var blitsGroups: Bool { get }

    /// Pixels `x ..< x + 4` of row `y`, with coverage `0...255` per lane. Any lane, or all
    /// four, may be 0: those pixels must stay as they are. (Groups of a dirty stretch come
    /// whatever their coverage: testing for four zeros was a branch mispredicted often enough
    /// to cost more than blending them.)
    mutating func blitGroup(x: Int, y: Int, coverage: SIMD4<UInt32>)

    /// A hint that pixels `x ..< x + count` of row `y` are about to be blitted: a blitter over
    /// memory may start loading them into the cache (see ``CacheHint``).
    func prefetch(x: Int, y: Int, count: Int)
}

extension SpanBlitter {
    static var blitsGroups: Bool { false }

    func prefetch(x: Int, y: Int, count: Int) {}

    mutating func blitGroup(x: Int, y: Int, coverage: SIMD4<UInt32>) {
        var bytes = SIMD4<UInt8>(truncatingIfNeeded: coverage)
        withUnsafeMutableBytes(of: &bytes) { blitMask(x: x, y: y, count: 4, coverage: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Splits the row into runs of equal non-zero coverage.
    @inline(__always)
    mutating func blitMask(x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>) {
        var i = 0
        while i < count {
            let c = coverage[i]
            var j = i + 1
            while j < count && coverage[j] == c { j += 1 }
            if c != 0 { blitRun(x: x + i, y: y, count: j - i, coverage: c) }
            i = j
        }
    }
}

/// The anti-aliasing scan converter: exact-area coverage by cell accumulation.
///
/// Every line segment adds, to each cell (pixel) it crosses, its signed height inside that
/// pixel split by the exact trapezoid area to the pixel's right; a running sum along each row
/// then gives the winding-weighted covered area of every pixel. Non-zero coverage is the
/// clamped magnitude of that sum, even-odd folds it into a triangle wave.
///
/// Guarantees:
/// - Geometry is clipped in `Double` against the target rectangle *before* any integer
///   conversion: parts above or below it are dropped, parts to its right are dropped, and
///   parts to its left are projected onto its left edge, so they keep their winding. Huge
///   coordinates therefore cost nothing and cannot overflow. Device coordinates are clamped
///   to ±``coordinateLimit``, and magnitudes below 1e-270 become 0, so that every edge's slope
///   is finite (these are the only changes made to absurd input; see ``DeviceFlattener``).
/// - Curves are flattened in device space with a maximum deviation of ``tolerance`` pixels;
///   a curve whose control polygon lies outside the target is replaced by its chord, which
///   has exactly the same winding contribution there.
/// - Buffers are reused between calls: a steady stream of fills does not allocate. Memory
///   stays bounded: rows are processed in bands of at most ``cellBudget`` cells (or of
///   ``minimumBandRows`` rows, on paths wider than their quotient), and at most
///   ``PieceLog/budget`` edge pieces per band are kept for the overlap check (past that, the
///   band keeps mean-winding coverage where windings mix).
///
/// Where several winding layers meet inside one pixel (self-intersections, overlapping
/// subpaths, a stroke outline's inner joins), the fill rule applied to the pixel's mean winding
/// is not the mean of the rule. With ``exactOverlaps`` every row where the contours may put
/// such pixels (``markRowsThatMayMix(evenOdd:rows:in:)``) is checked from its edge pieces and
/// those pixels are recomputed exactly (see ``PieceLog``), so coverage is
/// exact everywhere up to `Float` rounding; without it (the default, for speed) they keep the
/// mean-winding value, as in FreeType and Blend2D.
///
/// Complexity: O(segments × bands + touched cells + covered pixels) per fill.
final class Rasterizer {
    /// Default flattening tolerance in device pixels.
    static let defaultTolerance: Double = 0.1
    /// Most straight pieces one curve is flattened into, whatever its size.
    static let maxPiecesPerCurve = DeviceFlattener.maxPieces
    /// Device coordinates are clamped to this magnitude before clipping.
    static let coordinateLimit: Double = 1e12
    /// Most accumulation cells alive at once (one float each, 512 KB; allocated only as far as
    /// a path's box needs). A path taller than a band has its segments sorted into bands
    /// first. On the tiger scene (1024 × 1024) this budget costs 1 % more instructions than
    /// 2^19, under which no path needs sorting, and takes the same time on an idle machine;
    /// with another process streaming memory on the other core it took 5 % less, as the cells
    /// then stay in the L2 cache. (2^15: +2 % instructions, and slower when idle.)
    static let cellBudget = 1 << 17
    /// Fewest rows in a band, however wide the path (at the widest pixmap, 32,768 pixels, 2 MB
    /// of cells): every band a segment crosses keeps an entry for it, so thinner bands would
    /// make the sorted segments of a tall path on a wide canvas take more memory than its cells.
    static let minimumBandRows = 16
    /// Smallest path box (in pixels, inside the clip) whose rows are shared among threads:
    /// below it, starting threads costs more than it saves.
    static let threadingMinimumPixels = 1 << 16
    /// Largest band (in pixels) whose target pixels are prefetched before it is accumulated.
    static let prefetchPixels = 1 << 14
    /// How many threads the last multi-threaded call used (for tests).
    private(set) var lastThreadCount = 0

    // The stored state below is marked `@exclusivity(unchecked)`: it is only touched by this
    // class's own methods, one call at a time (worker threads only read it), and the dynamic
    // checks otherwise paid on each access cost about 2 % of a scene of 10,000 triangles.

    /// Flattening tolerance in device pixels.
    @exclusivity(unchecked) var tolerance: Double = Rasterizer.defaultTolerance
    /// Whether rows are checked and resolved where windings mix (``DrawingContext/exactOverlapCoverage``).
    @exclusivity(unchecked) var exactOverlaps = false

    /// Flattened contours: x, y pairs.
    @exclusivity(unchecked) var points = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    @exclusivity(unchecked) var pointCapacity = 0
    /// Number of `Double`s of ``points`` in use.
    @exclusivity(unchecked) var pointCount = 0
    /// End (exclusive, in points) of each contour in `points`.
    @exclusivity(unchecked) var contourEnds: [Int] = []
    @exclusivity(unchecked) var bounds = (minX: 0.0, minY: 0.0, maxX: 0.0, maxY: 0.0)
    /// With ``exactOverlaps``, the rows of the current plan's region that are checked (see
    /// ``markRowsThatMayMix(evenOdd:rows:in:)``); read by every thread that scans it.
    @exclusivity(unchecked) private var checkedRows = ScratchBuffer<UInt64>()
    /// The memory of that sweep.
    @exclusivity(unchecked) var sweepScratch = SweepScratch()
    /// Accumulation memory of the calling thread, and of each extra worker (made on first use).
    private let buffers = BandBuffers()
    private var workerBuffers: [BandBuffers] = []

    init() {}

    deinit {
        points.deallocate()
        checkedRows.deallocate()
        sweepScratch.deallocate()
    }

    // MARK: Flattening

    /// Replaces the stored contours with `path` mapped by `transform` and flattened (see
    /// ``DeviceFlattener``, shared with the stroker). `cull` is the device rectangle that
    /// matters: curves entirely outside it become chords.
    func setPath(_ path: Path, transform t: Transform, cull: PixelRect) {
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : Rasterizer.defaultTolerance
        setPolygons { buffer in
            path.flattenForDevice(transform: t, tolerance: tol,
                                  cull: (Double(cull.minX), Double(cull.minY), Double(cull.maxX), Double(cull.maxY)),
                                  coordinateLimit: Rasterizer.coordinateLimit, into: &buffer)
        }
        WorkMeter.record(pointCount / 2, .flattenedPoints)
    }

    /// The whole pixels the stored contours can touch (empty when there are none).
    var pixelBounds: PixelRect {
        guard !contourEnds.isEmpty, bounds.minX <= bounds.maxX else { return .empty }
        return PixelRect(minX: Int(bounds.minX.rounded(.down)), minY: Int(bounds.minY.rounded(.down)),
                         maxX: Int(bounds.maxX.rounded(.up)), maxY: Int(bounds.maxY.rounded(.up)))
    }

    // MARK: Scan conversion

    /// Rasterises the stored contours (every contour implicitly closed) inside `clip`.
    func rasterize<B: SpanBlitter>(clip: PixelRect, rule: FillRule, into blitter: inout B) {
        guard let plan = plan(clip: clip, rule: rule) else { return }
        if plan.bandCount > 1 { bucketSegments(plan, into: buffers) }
        scan(plan, bands: 0, step: 1, segmentsFrom: buffers, buffers: buffers, into: &blitter)
    }

    /// Rasterises like ``rasterize(clip:rule:into:)`` with up to `threads` threads, each
    /// taking every `threads`-th band of rows with its own blitter (`makeBlitter(worker)`,
    /// worker in `0..<threads`; blitters must only touch the rows they are given).
    ///
    /// Bit-identical to the single-threaded result: each cell's value depends only on the
    /// segment and the row, never on where bands start (see ``Accumulator``), and a cell
    /// receives its segments in the same order either way.
    func rasterize<B: SpanBlitter>(clip: PixelRect, rule: FillRule, threads: Int, makeBlitter: (Int) -> B) {
        guard var plan = plan(clip: clip, rule: rule) else { return }
        let small = plan.region.width * plan.region.height < Rasterizer.threadingMinimumPixels
        if !small && threads > 1 {
            // About four bands per thread, so that uneven rows still share out evenly (any
            // banding gives the same pixels).
            let rows = (plan.region.height + 4 * threads - 1) / (4 * threads)
            plan.splitIntoBands(ofAtMost: min(plan.bandRows, max(rows, 8)))
        }
        let n = small ? 1 : min(max(1, threads), plan.bandCount)
        lastThreadCount = n
        if n == 1 {
            var blitter = makeBlitter(0)
            if plan.bandCount > 1 { bucketSegments(plan, into: buffers) }
            scan(plan, bands: 0, step: 1, segmentsFrom: buffers, buffers: buffers, into: &blitter)
            return
        }
        bucketSegments(plan, into: buffers)
        while workerBuffers.count < n - 1 { workerBuffers.append(BandBuffers()) }
        let pool = [buffers] + workerBuffers.prefix(n - 1)
        var blitters = (0..<n).map(makeBlitter)
        blitters.withUnsafeMutableBufferPointer { bp in
            let each = bp.baseAddress!
            let work = UncheckedSendable(value: { (worker: Int) in
                self.scan(plan, bands: worker, step: n, segmentsFrom: pool[0], buffers: pool[worker], into: &each[worker])
            })
            DispatchQueue.concurrentPerform(iterations: n) { worker in work.value(worker) }
        }
    }

    /// What one rasterisation covers: the pixels that can be touched and how they are banded.
    struct Plan {
        var region: PixelRect
        var stride: Int
        var bandRows: Int
        var bandCount: Int
        var dirtyWords: Int
        var evenOdd: Bool
        /// Whether some rows are checked for pixels where windings mix: those marked in the
        /// rasteriser's ``checkedRows``.
        var checksOverlaps = false

        /// Bands of at most `rows` rows (at least one).
        mutating func splitIntoBands(ofAtMost rows: Int) {
            bandRows = max(1, min(region.height, rows))
            bandCount = (region.height + bandRows - 1) / bandRows
        }
    }

    private func plan(clip: PixelRect, rule: FillRule) -> Plan? {
        guard !contourEnds.isEmpty, !clip.isEmpty, bounds.minX <= bounds.maxX else { return nil }
        // Pixels left of the path's box see zero winding; edges further left are projected
        // onto the clip's left edge, so the region starts at the larger of the two.
        let region = PixelRect(
            minX: max(clip.minX, Int(bounds.minX.rounded(.down))),
            minY: max(clip.minY, Int(bounds.minY.rounded(.down))),
            maxX: min(clip.maxX, Int(bounds.maxX.rounded(.up))),
            maxY: min(clip.maxY, Int(bounds.maxY.rounded(.up))))
        guard region.minX < region.maxX, region.minY < region.maxY else { return nil }
        // Rows are whole groups of four cells, so a group never reaches into the next row.
        let stride = (region.width + 2 + 3) & ~3
        var plan = Plan(region: region, stride: stride, bandRows: region.height, bandCount: 1,
                        dirtyWords: (stride / 4 + 63) >> 6, evenOdd: rule == .evenOdd)
        if exactOverlaps && !isSingleSimpleContour() {
            checkedRows.reserve((region.height + 63) >> 6)
            plan.checksOverlaps = markRowsThatMayMix(evenOdd: plan.evenOdd, rows: region.minY..<region.maxY,
                                                     in: checkedRows.base) != .none
        }
        plan.splitIntoBands(ofAtMost: max(Rasterizer.minimumBandRows, Rasterizer.cellBudget / stride))
        return plan
    }

    /// Accumulates and sweeps bands `bands`, `bands + step`, … of `plan` with `buffers`.
    private func scan<B: SpanBlitter>(_ plan: Plan, bands first: Int, step: Int, segmentsFrom bucketed: BandBuffers,
                                      buffers: BandBuffers, into blitter: inout B) {
        // Two copies, each with `logs` a constant, so the default (no overlap check) carries
        // no logging branch in its per-piece and per-row loops.
        if plan.checksOverlaps {
            scan(plan, bands: first, step: step, segmentsFrom: bucketed, buffers: buffers, logs: true, into: &blitter)
        } else {
            scan(plan, bands: first, step: step, segmentsFrom: bucketed, buffers: buffers, logs: false, into: &blitter)
        }
    }

    @inline(__always)
    private func scan<B: SpanBlitter>(_ plan: Plan, bands first: Int, step: Int, segmentsFrom bucketed: BandBuffers,
                                      buffers: BandBuffers, logs: Bool, into blitter: inout B) {
        let region = plan.region
        buffers.reserve(stride: plan.stride, rows: plan.bandRows, dirtyWords: plan.dirtyWords)
        if logs { buffers.log.pointee.reserve(rows: plan.bandRows) }
        var acc = Accumulator(cells: buffers.cells.base, stride: plan.stride, width: region.width,
                              dirty: buffers.dirty.base, dirtyWords: plan.dirtyWords, log: buffers.log,
                              checkedRows: checkedRows.base, regionTop: region.minY)
        let coverage = buffers.coverageRow.base
        acc.left = Double(region.minX); acc.right = Double(region.maxX)
        let pts = UnsafePointer(points)
        // The band loop is a closure: written inline, the optimiser stopped inlining the
        // per-piece functions into it (tiger: about +9 % instructions).
        withExtendedLifetime(bucketed) {
            let starts = bucketed.bandStarts.base, segs = bucketed.bandSegments.base
            var band = first
            while band < plan.bandCount {
                let top = region.minY + band * plan.bandRows
                let bot = min(region.maxY, top + plan.bandRows)
                acc.topRow = top
                acc.top = Double(top); acc.bottom = Double(bot)
                if logs { buffers.log.pointee.startBand() }
                if (bot - top) * region.width <= Rasterizer.prefetchPixels {
                    // A small shape lands on pixels that are likely out of the cache (a
                    // scene of many small shapes spread over a big canvas): their loads
                    // overlap the accumulation instead of stalling the sweep row by row.
                    for y in top..<bot { blitter.prefetch(x: region.minX, y: y, count: region.width) }
                }
                if plan.bandCount == 1 {
                    var start = 0
                    for end in contourEnds {
                        var px = pts[2 * (end - 1)], py = pts[2 * (end - 1) + 1]
                        for i in start..<end {
                            let qx = pts[2 * i], qy = pts[2 * i + 1]
                            acc.addSegment(px, py, qx, qy, logs: logs)
                            px = qx; py = qy
                        }
                        start = end
                    }
                } else {
                    var k = starts[band]
                    let kEnd = starts[band + 1]
                    while k < kEnd {
                        let from = Int(segs[k]), to = Int(segs[k + 1])
                        acc.addSegment(pts[2 * from], pts[2 * from + 1], pts[2 * to], pts[2 * to + 1], logs: logs)
                        k += 2
                    }
                }
                if logs {
                    // Before the sweep, in a loop of its own: a row's check changes only that
                    // row's cells, and inlined into the sweep's row loop it made the whole
                    // render 0.7 % dearer (tiger with the check, in instructions).
                    for r in 0..<(bot - top) { acc.exactRowIfMixed(r, evenOdd: plan.evenOdd) }
                }
                acc.sweep(rows: bot - top, originX: region.minX, originY: top, evenOdd: plan.evenOdd,
                          coverage: coverage, into: &blitter)
                band += step
            }
        }
    }

    /// Sorts the segments (as point-index pairs) into the bands they reach, so that each band
    /// visits only its own segments: O(points + segments + band crossings) instead of
    /// O(segments × bands).
    ///
    /// Each point's band is found once (above the region: the first, below it: the last); a
    /// segment reaches the bands from its upper point's to its lower point's. The bands'
    /// clipping drops what lies outside them, so a band too many costs a little time and
    /// nothing else: a point exactly on a boundary counts in the band below, which a segment
    /// ending there does not reach, and segments outside the region or level are kept. A band
    /// too few would lose part of a segment; none is, as `(y − minY) / rows` is rounded
    /// correctly, so its floor reaches band `b` exactly when `y` does (`b` is an integer).
    private func bucketSegments(_ plan: Plan, into buffers: BandBuffers) {
        let bandCount = plan.bandCount
        let pointTotal = pointCount / 2
        let pts = UnsafePointer(points)
        let minY = Double(plan.region.minY), rows = Double(plan.bandRows), last = Double(bandCount - 1)
        buffers.reserveBuckets(points: pointTotal, bands: bandCount)
        let band = buffers.pointBands.base
        for i in 0..<pointTotal {
            let v = (pts[2 &* i &+ 1] - minY) / rows
            band[i] = Int32(truncatingIfNeeded: floorToInt(v < 0 ? 0 : v > last ? last : v))
        }
        // Per band, how many segments start in it minus how many ended in the band before: the
        // running sum is each band's share (two entries a segment).
        let starts = buffers.bandStarts.base
        starts.initialize(repeating: 0, count: bandCount + 2)
        var start = 0
        for end in contourEnds {
            var previous = band[end &- 1]
            for i in start..<end {
                let current = band[i]
                starts[Int(min(previous, current)) &+ 1] &+= 2
                starts[Int(max(previous, current)) &+ 2] &-= 2
                previous = current
            }
            start = end
        }
        var share = 0
        for b in 1...bandCount {
            share &+= starts[b]
            starts[b] = starts[b &- 1] &+ share
        }
        buffers.reserveBandSegments(starts[bandCount])
        let fill = buffers.bandFill.base
        fill.update(from: starts, count: bandCount)
        let segs = buffers.bandSegments.base
        start = 0
        for end in contourEnds {
            var prev = end &- 1
            for i in start..<end {
                let p = band[prev], c = band[i]
                for b in Int(min(p, c))...Int(max(p, c)) {
                    let k = fill[b]
                    segs[k] = Int32(truncatingIfNeeded: prev); segs[k &+ 1] = Int32(truncatingIfNeeded: i)
                    fill[b] = k &+ 2
                }
                prev = i
            }
            start = end
        }
    }

    /// Flattens and rasterises `path` in one call.
    func fill<B: SpanBlitter>(_ path: Path, transform: Transform, rule: FillRule,
                              clip: PixelRect, into blitter: inout B) {
        setPath(path, transform: transform, cull: clip)
        rasterize(clip: clip, rule: rule, into: &blitter)
    }
}

/// A value handed to other threads whose safety the caller guarantees (disjoint rows, shared
/// read-only geometry).
private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
}

/// The memory one thread needs to scan bands: cells, dirty bits, a coverage row and the
/// band buckets. Reused between calls, so steady drawing does not allocate.
final class BandBuffers {
    // Unchecked exclusivity, as the rasteriser's own state: only the rasteriser touches these,
    // one call at a time per buffer set.
    @exclusivity(unchecked) private(set) var cells = ScratchBuffer<Float>()
    /// One band row of coverage bytes, handed to the blitter.
    @exclusivity(unchecked) private(set) var coverageRow = ScratchBuffer<UInt8>()
    /// One bit per group of 4 cells that may be non-zero, so sweeps skip empty stretches.
    @exclusivity(unchecked) private(set) var dirty = ScratchBuffer<UInt64>()
    /// Per band, where its segments start in ``bandSegments`` (one more entry than bands).
    @exclusivity(unchecked) private(set) var bandStarts = ScratchBuffer<Int>()
    /// Per band, where its next segment goes while they are sorted.
    @exclusivity(unchecked) private(set) var bandFill = ScratchBuffer<Int>()
    /// Point-index pairs (from, to) of the segments of each band, band after band.
    @exclusivity(unchecked) private(set) var bandSegments = ScratchBuffer<Int32>()
    /// Per flattened point, its band while segments are sorted.
    @exclusivity(unchecked) private(set) var pointBands = ScratchBuffer<Int32>()

    /// The band's edge pieces by row (see ``PieceLog``).
    let log: UnsafeMutablePointer<PieceLog> = {
        let p = UnsafeMutablePointer<PieceLog>.allocate(capacity: 1)
        p.initialize(to: PieceLog())
        return p
    }()

    deinit {
        cells.deallocate(); coverageRow.deallocate(); dirty.deallocate()
        bandStarts.deallocate(); bandFill.deallocate(); bandSegments.deallocate(); pointBands.deallocate()
        log.pointee.deallocate()
        log.deinitialize(count: 1)
        log.deallocate()
    }

    /// Grows the sorting buffers for `points` points in `bands` bands (contents undefined).
    func reserveBuckets(points: Int, bands: Int) {
        pointBands.reserve(points)
        bandStarts.reserve(bands + 2)
        bandFill.reserve(bands + 2)
    }

    /// Grows ``bandSegments`` to hold `count` entries (contents undefined).
    func reserveBandSegments(_ count: Int) {
        bandSegments.reserve(count)
    }

    /// Grows the buffers (all zero) to hold `rows` rows of `stride` cells.
    func reserve(stride: Int, rows: Int, dirtyWords: Int) {
        // Four cells more: the last row's steep pieces load and store four cells from one
        // at most at the row's end (adding zero to those past it).
        cells.reserve(stride * rows + 4, filling: 0)
        coverageRow.reserve(stride, filling: 0)
        dirty.reserve(dirtyWords * rows, filling: 0)
    }
}

/// `⌊v⌋` and `⌈v⌉` for `|v| < 2^51` (device coordinates are clamped to ±``Rasterizer/coordinateLimit``),
/// without a libm call and without the range checks of `Int(_:)`, which cost a third of the
/// instructions of a one-column edge piece. Adding 1.5 · 2^52 rounds `v` to the nearest
/// integer, held in the low 52 bits of the sum (offset by 2^51); one step corrects the rounding
/// direction. Below zero, where rows can be (a shadow's mask reaches above the canvas), this
/// rounds down, unlike `Int(v)`.
@inline(__always)
func floorToInt(_ v: Double) -> Int {
    let (i, r) = nearestInteger(v)
    return r > v ? i &- 1 : i
}

@inline(__always)
func ceilToInt(_ v: Double) -> Int {
    let (i, r) = nearestInteger(v)
    return r < v ? i &+ 1 : i
}

/// `v` rounded to the nearest integer (ties to even), as an `Int` and as a `Double`.
@inline(__always)
private func nearestInteger(_ v: Double) -> (Int, Double) {
    let magic = 6_755_399_441_055_744.0
    let f = v + magic
    let i = Int(bitPattern: UInt(f.bitPattern & 0xF_FFFF_FFFF_FFFF)) &- (1 << 51)
    return (i, f - magic)
}

/// The per-band accumulation buffer and the geometry clipper in front of it.
///
/// Every x where a segment meets a row boundary is computed from the segment's own end
/// points and the boundary's absolute y (never from a point clipped to a band), so a cell's
/// value does not depend on how rows are grouped into bands: a render split into bands across
/// threads is bit-identical to one made in a single pass.
struct Accumulator {
    let cells: UnsafeMutablePointer<Float>
    let stride: Int
    let width: Int
    let dirty: UnsafeMutablePointer<UInt64>
    let dirtyWords: Int
    /// Every edge piece added, by row, for ``exactRowIfMixed(_:evenOdd:)``, when the
    /// `logs` argument of ``addSegment(_:_:_:_:logs:)`` is set. (An argument, not a stored
    /// flag: a constant in each inlined copy, where a stored one was tested per piece.)
    let log: UnsafeMutablePointer<PieceLog>
    /// One bit per row of the region, from `regionTop`: the rows whose pieces are logged.
    let checkedRows: UnsafePointer<UInt64>
    let regionTop: Int
    /// The band's rows (absolute, `top ..< bottom`) and the region's columns.
    var top = 0.0, bottom = 0.0, left = 0.0, right = 0.0
    /// `top` as an integer.
    var topRow = 0

    init(cells: UnsafeMutablePointer<Float>, stride: Int, width: Int,
         dirty: UnsafeMutablePointer<UInt64>, dirtyWords: Int, log: UnsafeMutablePointer<PieceLog>,
         checkedRows: UnsafePointer<UInt64>, regionTop: Int) {
        self.cells = cells; self.stride = stride; self.width = width
        self.dirty = dirty; self.dirtyWords = dirtyWords; self.log = log
        self.checkedRows = checkedRows; self.regionTop = regionTop
    }

    /// Marks the groups of 4 cells holding cells `a...b` of band row `row` as dirty.
    @inline(__always)
    func markDirty(row: Int, _ a: Int, _ b: Int) {
        Accumulator.markDirty(dirty + row * dirtyWords, a, b)
    }

    /// Marks the groups of 4 cells holding cells `a...b` of the row whose dirty words start
    /// at `words`.
    @inline(__always)
    static func markDirty(_ words: UnsafeMutablePointer<UInt64>, _ a: Int, _ b: Int) {
        var g0 = a >> 2
        let g1 = b >> 2
        if g0 >> 6 == g1 >> 6 {
            // The common case, an edge piece within one word: `2 << 63` wraps to 0, so the
            // mask is all ones when the piece spans the whole word.
            words[g0 >> 6] |= ((2 as UInt64) &<< UInt64(truncatingIfNeeded: g1 &- g0) &- 1) &<< UInt64(truncatingIfNeeded: g0 & 63)
            return
        }
        while true {
            let wi = g0 >> 6
            let wordEnd = wi << 6 | 63
            let last = g1 < wordEnd ? g1 : wordEnd
            let n = last &- g0 &+ 1
            let bits: UInt64 = n >= 64 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: n)) &- 1
            words[wi] |= bits &<< UInt64(truncatingIfNeeded: g0 & 63)
            if last == g1 { return }
            g0 = last &+ 1
        }
    }

    /// Clips a device-space segment to the band and the region's columns, then accumulates.
    @inline(__always)
    mutating func addSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, logs: Bool) {
        if ay == by { return }
        var x0 = ax, y0 = ay, x1 = bx, y1 = by, dir = 1.0
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); dir = -1 }
        if y1 <= top || y0 >= bottom { return }
        if x0 >= right && x1 >= right { return }
        let ya = y0 > top ? y0 : top, yb = y1 < bottom ? y1 : bottom
        if x0 <= left && x1 <= left {
            // Left of the region: projected onto its left edge, where it keeps its winding.
            accumulate(left, y0, left, y1, 0, ya, yb, dir, clamps: false, logs: logs)
            return
        }
        let k = (x1 - x0) / (y1 - y0)
        if x0 >= left && x1 >= left && x0 <= right && x1 <= right {
            accumulate(x0, y0, x1, y1, k, ya, yb, dir, clamps: false, logs: logs)
            return
        }
        // Crosses a side: split where x meets `left` / `right`; each piece is clamped to the
        // columns (pieces left of the region become vertical at its left edge).
        var c1 = y1, c2 = y1
        if (x0 < left) != (x1 < left) { c1 = y0 + (left - x0) / k }
        if (x0 > right) != (x1 > right) {
            let yr = y0 + (right - x0) / k
            if c1 == y1 { c1 = yr } else { c2 = yr }
        }
        if c1 > c2 { swap(&c1, &c2) }
        c1 = Swift.min(Swift.max(c1, y0), y1); c2 = Swift.min(Swift.max(c2, y0), y1)
        accumulate(x0, y0, x1, y1, k, ya, c1 < yb ? c1 : yb, dir, clamps: true, logs: logs)
        accumulate(x0, y0, x1, y1, k, c1 > ya ? c1 : ya, c2 < yb ? c2 : yb, dir, clamps: true, logs: logs)
        accumulate(x0, y0, x1, y1, k, c2 > ya ? c2 : ya, yb, dir, clamps: true, logs: logs)
    }

    /// Adds the part `ya ..< yb` (absolute, inside the band) of the segment from `(x0, y0)` to
    /// `(x1, y1)` (`y0 < y1`, slope `k` = dx/dy), with x clamped to the region's columns when
    /// `clamps` (a constant in each inlined copy). A segment that lies within the columns, or
    /// is projected onto their left edge, needs no clamping: between its end points its x can
    /// leave them by a rounding error at most, and the cells reach one past either side.
    @inline(__always)
    func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ k: Double,
                    _ ya: Double, _ yb: Double, _ dir: Double, clamps: Bool, logs: Bool) {
        guard yb > ya else { return }
        // A slope of at most one column per row (after clamping too) keeps every piece within
        // two columns: the branch-free `addSteep`, whose row-by-row choice between one and
        // two columns a predictor cannot learn. (Two loops, so that the choice is made once a
        // segment.)
        if abs(k) <= 1 {
            rows(x0, y0, x1, y1, k, ya, yb, dir, clamps: clamps, steep: true, logs: logs)
        } else {
            rows(x0, y0, x1, y1, k, ya, yb, dir, clamps: clamps, steep: false, logs: logs)
        }
    }

    /// The row loop of ``accumulate(_:_:_:_:_:_:_:_:clamps:logs:)``, with `steep` constant.
    @inline(__always)
    private func rows(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ k: Double,
                      _ ya: Double, _ yb: Double, _ dir: Double, clamps: Bool, steep: Bool, logs: Bool) {
        let left = self.left, right = self.right
        @inline(__always) func clamped(_ x: Double) -> Double {
            clamps ? (x < left ? left : x > right ? right : x) - left : x - left
        }
        @inline(__always) func xAt(_ y: Double) -> Double {
            clamped(y == y0 ? x0 : y == y1 ? x1 : x0 + (y - y0) * k)
        }
        var yTop = ya
        var x = xAt(ya)
        // Rounded down and up, also below row 0: with `Int(ya)` a piece within (-1, 0) would
        // start below its last row, and the loop, which stops at that row, would run off the band.
        var row = floorToInt(ya)
        // Indices here are bounded by the band's size: wrapping arithmetic skips overflow tests.
        let last = ceilToInt(yb) &- 1
        var line = cells + (row &- topRow) &* stride
        var words = dirty + (row &- topRow) &* dirtyWords
        // Rows per column along the segment: an unclamped steep piece's width is its height
        // over this, so its split needs no division of its own (infinite for a vertical one).
        let rowsPerColumn = steep && !clamps ? 1 / abs(k) : 0
        while true {
            // Every row but the last ends at its lower boundary, strictly inside the segment
            // (neither end point), where `xAt` takes its general formula.
            let yBot = row < last ? Double(row &+ 1) : yb
            let xNext = row < last ? clamped(x0 + (yBot - y0) * k) : xAt(yb)
            let h = yBot - yTop, d = h * dir
            let (ia, ib) = steep
                ? Accumulator.addSteep(line, x, xNext, height: h, direction: dir, rowsPerColumn: rowsPerColumn, measured: clamps)
                : Accumulator.add(line, x, xNext, d)
            Accumulator.markDirty(words, ia, ib)
            if logs {
                let r = row &- regionTop
                if checkedRows[r >> 6] >> UInt64(truncatingIfNeeded: r & 63) & 1 != 0 {
                    let base = Double(row)
                    log.pointee.append(row: row - topRow, x, xNext, yTop - base, yBot - base, negative: dir < 0)
                }
            }
            if row == last { return }
            x = xNext
            yTop = yBot
            row &+= 1
            line += stride
            words += dirtyWords
        }
    }

    /// Adds to a row of cells the piece of edge from `x` (at its top) to `xNext` (at its
    /// bottom), region-relative, whose height times direction is `d`: to each cell the part of
    /// `d` whose crossing lies left of the cell's right side, weighted by the exact trapezoid
    /// area. Returns the first and last cell touched.
    @inline(__always)
    static func add(_ line: UnsafeMutablePointer<Float>, _ x: Double, _ xNext: Double, _ d: Double) -> (Int, Int) {
        let xa = x < xNext ? x : xNext, xb = x < xNext ? xNext : x
        // `xa` may lie a rounding error left of the row: it belongs to cell 0.
        let ia = floorToInt(xa < 0 ? 0 : xa)
        let xaFloor = Double(ia)
        if xb <= xaFloor + 1 {
            // Within one column (common among the pieces the overlap redo adds; edges steeper
            // than one column a row go to `addSteep`), skipping the rounding of `xb`: the part
            // right of the mean x goes to the next cell; both cells in one 8-byte load and store.
            let xm = 0.5 * (x + xNext) - xaFloor
            let right = d * xm
            let cells = UnsafeMutableRawPointer(line + ia)
            cells.storeBytes(of: cells.loadUnaligned(as: SIMD2<Float>.self) + SIMD2<Float>(SIMD2(d - right, right)),
                             as: SIMD2<Float>.self)
            return (ia, ia &+ 1)
        }
        // Cell indices lie in the row (`x`, `xNext` are clamped to it, or within a rounding
        // error of it, see `accumulate`): wrapping arithmetic. Past one column: `ib ≥ ia + 2`.
        let ib = ceilToInt(xb)
        let s = 1 / (xb - xa)
        let fa = xa - xaFloor
        let a0 = 0.5 * s * (1 - fa) * (1 - fa)
        let fb = xb - Double(ib) + 1
        let am = 0.5 * s * fb * fb
        line[ia] += Float(d * a0)
        if ib == ia &+ 2 {
            line[ia &+ 1] += Float(d * (1 - a0 - am))
        } else {
            let a1 = s * (1.5 - fa)
            line[ia &+ 1] += Float(d * (a1 - a0))
            let ds = Float(d * s)
            var i = ia &+ 2
            while i < ib &- 1 { line[i] += ds; i &+= 1 }
            let a2 = a1 + Double(ib &- ia &- 3) * s
            line[ib &- 1] += Float(d * (1 - a2 - am))
        }
        line[ib] += Float(d * am)
        return (ia, ib)
    }

    /// ``add(_:_:_:_:)`` for a piece at most one column wide, without branches: the same
    /// exact areas over the (at most) two columns it crosses, as three cell increments made in
    /// one four-cell load and store (the fourth cell gets zero). The piece is `height` rows
    /// high and winds `direction` (±1), so `d = height · direction`.
    ///
    /// With `e` the column boundary right of `xa`, the running sums at cells `ia` and `ia + 1`
    /// (the piece's coverage of those pixels) are `d·(A + B)/2·min(A/w, 1)` and
    /// `d − d·C·min(C/w, 1)/2`, where `A = e − xa`, `B = max(e − xb, 0)`, `C = max(xb − e, 0)`
    /// and `w = xb − xa`. Within one column (`C = 0`, `A ≥ w`) the first is `d` times the part
    /// of the pixel right of the mean x; across two (`B = 0`) it is the triangle left of `e`,
    /// `A²/(2w)`, and the second loses the triangle right of `e + 1`. `d·min(A/w, 1)` is the
    /// winding height of the part left of `e`: `direction · min(A · rowsPerColumn, height)`
    /// when the piece lies on its segment (`w = height / rowsPerColumn`, no division a row),
    /// `d · min(A/w, 1)` when it was `measured` (clamped pieces). A vertical piece has an
    /// infinite `rowsPerColumn` or `1/w`: each `min` is a select that takes its bound for an
    /// infinite or NaN product.
    @inline(__always)
    static func addSteep(_ line: UnsafeMutablePointer<Float>, _ x: Double, _ xNext: Double, height h: Double,
                         direction dir: Double, rowsPerColumn: Double, measured: Bool) -> (Int, Int) {
        let xa = x < xNext ? x : xNext, xb = x < xNext ? xNext : x
        let ia = floorToInt(xa < 0 ? 0 : xa)
        let e = Double(ia &+ 1)
        let a = e - xa, under = e - xb, over = xb - e
        let b = under > 0 ? under : 0, c = over > 0 ? over : 0
        let d = h * dir
        let leftOfE: Double, rightOfNext: Double
        if measured {
            let s = 1 / (xb - xa)
            let q0 = a * s, r0 = c * s
            leftOfE = d * (q0 < 1 ? q0 : 1)
            rightOfNext = d * (r0 < 1 ? r0 : 1)
        } else {
            let q0 = a * rowsPerColumn, r0 = c * rowsPerColumn
            leftOfE = dir * (q0 < h ? q0 : h)
            rightOfNext = dir * (r0 < h ? r0 : h)
        }
        let first = 0.5 * (a + b) * leftOfE
        let beyond = 0.5 * c * rightOfNext
        let cells = UnsafeMutableRawPointer(line + ia)
        let sum = cells.loadUnaligned(as: SIMD4<Float>.self) + SIMD4<Float>(SIMD4(first, d - beyond - first, beyond, 0))
        cells.storeBytes(of: sum, as: SIMD4<Float>.self)
        return (ia, c > 0 ? ia &+ 2 : ia &+ 1)
    }

    /// Turns the band's cells into coverage and clears them for the next band: each stretch of
    /// dirty groups becomes one coverage row (``SpanBlitter/blitMask(x:y:count:coverage:)``),
    /// the constant coverage between stretches one run.
    @inline(__always)
    func sweep<B: SpanBlitter>(rows: Int, originX: Int, originY: Int, evenOdd: Bool,
                               coverage: UnsafeMutablePointer<UInt8>, into target: inout B) {
        // A local copy: `target` is reached through memory the cell stores might alias, so the
        // blitter's own fields (pixel address, row length) would be reloaded for every group.
        var blitter = target
        defer { target = blitter }
        for r in 0..<rows {
            let words = dirty + r &* dirtyWords
            let line = cells + r &* stride
            let y = originY &+ r
            var sum: Float = 0
            var done = 0
            for wi in 0..<dirtyWords {
                var word = words[wi]
                if word == 0 { continue }
                words[wi] = 0
                while word != 0 {
                    let tz = word.trailingZeroBitCount
                    let ones = (~(word >> UInt64(tz))).trailingZeroBitCount
                    word = tz &+ ones >= 64 ? 0 : word & (~0 << UInt64(tz &+ ones))
                    let start = (wi << 6 &+ tz) << 2
                    let end = (wi << 6 &+ tz &+ ones) << 2
                    if start > done && done < width {
                        let c = Accumulator.coverage(sum, evenOdd: evenOdd)
                        if c != 0 { blitter.blitRun(x: originX + done, y: y, count: min(start, width) - done, coverage: c) }
                    }
                    var g = start
                    if B.blitsGroups {
                        // Groups wholly inside the row, then the rest (past its end only cleared).
                        // (One loop per fill rule, so that the rule is a constant in each.)
                        let whole = end < width & ~3 ? end : width & ~3
                        if evenOdd {
                            while g < whole {
                                let q = Accumulator.group(line + g, sum: &sum, evenOdd: true)
                                blitter.blitGroup(x: originX &+ g, y: y, coverage: q)
                                g &+= 4
                            }
                        } else {
                            while g < whole {
                                let q = Accumulator.group(line + g, sum: &sum, evenOdd: false)
                                blitter.blitGroup(x: originX &+ g, y: y, coverage: q)
                                g &+= 4
                            }
                        }
                        while g < end {
                            let q = Accumulator.group(line + g, sum: &sum, evenOdd: evenOdd)
                            if q != .zero && g < width {
                                UnsafeMutableRawPointer(coverage).storeBytes(of: Accumulator.bytes(q), as: UInt32.self)
                                blitter.blitMask(x: originX + g, y: y, count: width - g, coverage: coverage)
                            }
                            g &+= 4
                        }
                    } else {
                        while g < end {
                            let q = Accumulator.group(line + g, sum: &sum, evenOdd: evenOdd)
                            UnsafeMutableRawPointer(coverage + (g - start)).storeBytes(of: Accumulator.bytes(q), as: UInt32.self)
                            g += 4
                        }
                        if start < width {
                            blitter.blitMask(x: originX + start, y: y, count: min(end, width) - start, coverage: coverage)
                        }
                    }
                    done = end
                }
            }
            // Past the last touched cell the sum stays constant (edges right of the region
            // were dropped), so the run reaches the region's end.
            if done < width && done > 0 {
                let c = Accumulator.coverage(sum, evenOdd: evenOdd)
                if c != 0 { blitter.blitRun(x: originX + done, y: y, count: width - done, coverage: c) }
            }
        }
    }

    /// The coverage byte of an accumulated signed area under the fill rule.
    @inline(__always)
    static func coverage(_ sum: Float, evenOdd: Bool) -> UInt8 {
        let a = abs(sum)
        if a <= 1 {
            // ⌊a·255 + 0.5⌋ without `UInt8(_:)`'s range checks, as in the four-lane version.
            let v = a * 255 + 0.5
            let f = v + 8_388_608
            let rounded = f.bitPattern & 0x1FF
            return UInt8(truncatingIfNeeded: f - 8_388_608 > v ? rounded &- 1 : rounded)
        }
        guard evenOdd else { return 255 }
        // In 1/255 units, rounded once, then folded as an integer. Windings are capped at
        // 2^20 (far beyond any real path) so this cannot overflow.
        var v = Int32(min(a, 1_048_576) * 255 + 0.5)
        if v >= 510 { v %= 510 }
        if v > 255 { v = 510 - v }
        return UInt8(truncatingIfNeeded: v)
    }

    /// Adds the next four cells to the running `sum` (clearing them) and returns their
    /// coverage, 0...255 per lane.
    @inline(__always)
    static func group(_ cells: UnsafeMutablePointer<Float>, sum: inout Float, evenOdd: Bool) -> SIMD4<UInt32> {
        let raw = UnsafeMutableRawPointer(cells)
        let v = raw.loadUnaligned(as: SIMD4<Float>.self)
        raw.storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
        let s0 = sum + v[0], s1 = s0 + v[1], s2 = s1 + v[2]
        sum = s2 + v[3]
        return coverage(SIMD4(s0, s1, s2, sum), evenOdd: evenOdd)
    }

    /// ``coverage(_:evenOdd:)`` of four sums at once.
    @inline(__always)
    static func coverage(_ sums: SIMD4<Float>, evenOdd: Bool) -> SIMD4<UInt32> {
        let a = unsafeBitCast(unsafeBitCast(sums, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
        let over = a .> 1
        if evenOdd && any(over) {
            return SIMD4(UInt32(coverage(sums[0], evenOdd: true)), UInt32(coverage(sums[1], evenOdd: true)),
                         UInt32(coverage(sums[2], evenOdd: true)), UInt32(coverage(sums[3], evenOdd: true)))
        }
        // ⌊min(a, 1)·255 + 0.5⌋ without a conversion per lane: adding 2^23 rounds to an
        // integer held in the low mantissa bits; one less where that rounded up.
        let v = a.replacing(with: 1, where: over) * 255 + 0.5
        let f = v + 8_388_608
        let rounded = unsafeBitCast(f, to: SIMD4<UInt32>.self) & 0x1FF
        return rounded &+ unsafeBitCast(f - 8_388_608 .> v, to: SIMD4<UInt32>.self)
    }

    /// Four coverage lanes (0...255) as the bytes of a little-endian word.
    @inline(__always)
    static func bytes(_ q: SIMD4<UInt32>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: q), to: UInt32.self)
    }
}
