import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform

/// Receives the coverage of a rasterised path, one horizontal run at a time.
///
/// Runs arrive row by row, top to bottom and left to right within a row; pixels that are not
/// covered at all are never reported.
protocol SpanBlitter {
    /// `count` pixels starting at column `x` of row `y`, all with `coverage` in `1...255`.
    mutating func blitRun(x: Int, y: Int, count: Int, coverage: UInt8)
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
///   to ±``coordinateLimit`` (this is the only change made to absurd input).
/// - Curves are flattened in device space with a maximum deviation of ``tolerance`` pixels;
///   a curve whose control polygon lies outside the target is replaced by its chord, which
///   has exactly the same winding contribution there.
/// - Buffers are reused between calls: a steady stream of fills does not allocate. Memory
///   stays bounded: rows are processed in bands of at most ``cellBudget`` cells.
///
/// Known limit of the method (shared with FreeType-style area rasterisers): where several
/// winding layers meet inside one pixel (self-intersections, overlapping subpaths, ±1 windings
/// side by side), signed areas are summed before the fill rule is applied, so such pixels can
/// differ from the true coverage. `ReferenceRasterizer.analyse` (in the tests' support target) identifies them; everywhere
/// else coverage is exact up to `Float` rounding.
///
/// Complexity: O(segments × bands + touched cells + covered pixels) per fill.
final class Rasterizer {
    /// Default flattening tolerance in device pixels.
    static let defaultTolerance: Double = 0.1
    /// Device coordinates are clamped to this magnitude before clipping.
    static let coordinateLimit: Double = 1e12
    /// Most accumulation cells alive at once (one float each).
    static let cellBudget = 1 << 16

    /// Flattening tolerance in device pixels.
    var tolerance: Double = Rasterizer.defaultTolerance

    /// Flattened contours: x, y pairs.
    private var points = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private var pointCapacity = 0
    /// Number of `Double`s of ``points`` in use.
    private var pointCount = 0
    /// End (exclusive, in points) of each contour in `points`.
    private var contourEnds: [Int] = []
    private var bounds = (minX: 0.0, minY: 0.0, maxX: 0.0, maxY: 0.0)
    /// Per band, where its segments start in ``bandSegments`` (one more entry than bands).
    private var bandStarts: [Int] = []
    private var bandFill: [Int] = []
    /// Point-index pairs (from, to) of the segments of each band, band after band.
    private var bandSegments: [Int32] = []

    private var cells = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var cellCapacity = 0
    private var rowMin = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private var rowMax = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private var rowCapacity = 0
    /// One bit per block of 16 cells that may be non-zero, so sweeps skip empty stretches.
    private var dirty = UnsafeMutablePointer<UInt64>.allocate(capacity: 0)
    private var dirtyCapacity = 0

    init() {}

    deinit {
        points.deallocate(); cells.deallocate(); rowMin.deallocate(); rowMax.deallocate(); dirty.deallocate()
    }

    /// Grows the band buffers (all zero / empty) to hold `rows` rows of `stride` cells.
    private func reserve(stride: Int, rows: Int, dirtyWords: Int) {
        if cellCapacity < stride * rows {
            cells.deallocate()
            cellCapacity = stride * rows
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if rowCapacity < rows {
            rowMin.deallocate(); rowMax.deallocate()
            rowCapacity = rows
            rowMin = .allocate(capacity: rows); rowMin.initialize(repeating: .max, count: rows)
            rowMax = .allocate(capacity: rows); rowMax.initialize(repeating: -1, count: rows)
        }
        if dirtyCapacity < dirtyWords * rows {
            dirty.deallocate()
            dirtyCapacity = dirtyWords * rows
            dirty = .allocate(capacity: dirtyCapacity)
            dirty.initialize(repeating: 0, count: dirtyCapacity)
        }
    }

    // MARK: Flattening

    /// Replaces the stored contours with `path` mapped by `transform` and flattened.
    /// `cull` is the device rectangle that matters: curves entirely outside it become chords.
    func setPath(_ path: Path, transform t: Transform, cull: PixelRect) {
        contourEnds.removeAll(keepingCapacity: true)
        // Work on locals (moved out of the object and back at the end): nested functions that
        // touch stored properties of a class pay for dynamic exclusivity checks on every point.
        var pts = points, capacity = pointCapacity
        var ends = contourEnds
        contourEnds = []
        var count = 0
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        defer {
            points = pts; pointCapacity = capacity; contourEnds = ends; pointCount = count; bounds = box
        }
        let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
        let tx = Double(t.tx), ty = Double(t.ty)
        let cx0 = Double(cull.minX), cy0 = Double(cull.minY), cx1 = Double(cull.maxX), cy1 = Double(cull.maxY)
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : Rasterizer.defaultTolerance
        var cur = (x: 0.0, y: 0.0)
        var subpathStart = cur
        var contourStart = 0

        @inline(__always) func map(_ p: CGPoint) -> (x: Double, y: Double) {
            let x = Double(p.x), y = Double(p.y)
            return (clampCoordinate(a * x + c * y + tx), clampCoordinate(b * x + d * y + ty))
        }
        @inline(__always) func push(_ p: (x: Double, y: Double)) {
            if count + 2 > capacity {
                let grown = UnsafeMutablePointer<Double>.allocate(capacity: max(256, 2 * capacity))
                grown.update(from: pts, count: count)
                pts.deallocate()
                pts = grown
                capacity = max(256, 2 * capacity)
            }
            pts[count] = p.x; pts[count + 1] = p.y
            count += 2
            if p.x < box.minX { box.minX = p.x }
            if p.x > box.maxX { box.maxX = p.x }
            if p.y < box.minY { box.minY = p.y }
            if p.y > box.maxY { box.maxY = p.y }
            cur = p
        }
        func endContour() {
            let n = count / 2
            if n - contourStart >= 2 { ends.append(n) } else { count = 2 * contourStart }
            contourStart = count / 2
        }
        @inline(__always) func outside(_ xs: (Double, Double, Double, Double), _ ys: (Double, Double, Double, Double)) -> Bool {
            max(ys.0, ys.1, ys.2, ys.3) <= cy0 || min(ys.0, ys.1, ys.2, ys.3) >= cy1
                || max(xs.0, xs.1, xs.2, xs.3) <= cx0 || min(xs.0, xs.1, xs.2, xs.3) >= cx1
        }

        for e in path.elements {
            switch e {
            case .moveTo(let p):
                endContour()
                push(map(p))
                subpathStart = cur
            case .lineTo(let p):
                push(map(p))
            case .quadCurveTo(let p, let ctl):
                let p0 = cur, p1 = map(ctl), p2 = map(p)
                if outside((p0.x, p1.x, p2.x, p2.x), (p0.y, p1.y, p2.y, p2.y)) { push(p2); break }
                let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
                let n = Rasterizer.pieces(((ddx * ddx + ddy * ddy).squareRoot() / (4 * tol)).squareRoot())
                if n > 1 {
                    let h = 1 / Double(n)
                    for i in 1..<n {
                        let s = Double(i) * h, m = 1 - s
                        let w0 = m * m, w1 = 2 * m * s, w2 = s * s
                        push((w0 * p0.x + w1 * p1.x + w2 * p2.x, w0 * p0.y + w1 * p1.y + w2 * p2.y))
                    }
                }
                push(p2)
            case .curveTo(let p, let c1, let c2):
                let p0 = cur, p1 = map(c1), p2 = map(c2), p3 = map(p)
                if outside((p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)) { push(p3); break }
                let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
                let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
                let m2 = max(ax * ax + ay * ay, bx * bx + by * by)
                let n = Rasterizer.pieces((0.75 * m2.squareRoot() / tol).squareRoot())
                if n > 1 {
                    let h = 1 / Double(n)
                    for i in 1..<n {
                        let s = Double(i) * h, m = 1 - s
                        let w0 = m * m * m, w1 = 3 * m * m * s, w2 = 3 * m * s * s, w3 = s * s * s
                        push((w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                              w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y))
                    }
                }
                push(p3)
            case .closeSubpath:
                endContour()
                cur = subpathStart
            }
        }
        endContour()
    }

    /// The whole pixels the stored contours can touch (empty when there are none).
    var pixelBounds: PixelRect {
        guard !contourEnds.isEmpty, bounds.minX <= bounds.maxX else { return .empty }
        return PixelRect(minX: Int(bounds.minX.rounded(.down)), minY: Int(bounds.minY.rounded(.down)),
                         maxX: Int(bounds.maxX.rounded(.up)), maxY: Int(bounds.maxY.rounded(.up)))
    }

    @inline(__always)
    private static func pieces(_ n: Double) -> Int {
        guard n.isFinite else { return 1 }
        return max(1, min(Int(n.rounded(.up)), 4096))
    }

    // MARK: Scan conversion

    /// Rasterises the stored contours (every contour implicitly closed) inside `clip`.
    func rasterize<B: SpanBlitter>(clip: PixelRect, rule: FillRule, into blitter: inout B) {
        guard !contourEnds.isEmpty, !clip.isEmpty, bounds.minX <= bounds.maxX else { return }
        // Pixels left of the path's box see zero winding; edges further left are projected
        // onto the clip's left edge, so the region starts at the larger of the two.
        let region = PixelRect(
            minX: max(clip.minX, Int(bounds.minX.rounded(.down))),
            minY: max(clip.minY, Int(bounds.minY.rounded(.down))),
            maxX: min(clip.maxX, Int(bounds.maxX.rounded(.up))),
            maxY: min(clip.maxY, Int(bounds.maxY.rounded(.up))))
        guard region.minX < region.maxX, region.minY < region.maxY else { return }
        let w = region.width, stride = w + 2
        let bandRows = max(1, min(region.height, Rasterizer.cellBudget / stride))
        let dirtyWords = (stride + 1023) >> 10
        reserve(stride: stride, rows: bandRows, dirtyWords: dirtyWords)
        let evenOdd = rule == .evenOdd
        var acc = Accumulator(cells: cells, stride: stride, width: w, rowMin: rowMin, rowMax: rowMax,
                              dirty: dirty, dirtyWords: dirtyWords)
        acc.left = Double(region.minX); acc.right = Double(region.maxX)
        let bandCount = (region.height + bandRows - 1) / bandRows
        if bandCount > 1 { bucketSegments(region: region, bandRows: bandRows, bandCount: bandCount) }
        do { let pts = UnsafePointer(points)
            bandStarts.withUnsafeBufferPointer { starts in
                bandSegments.withUnsafeBufferPointer { segs in
                    for band in 0..<bandCount {
                        let top = region.minY + band * bandRows
                        let bot = min(region.maxY, top + bandRows)
                        acc.top = Double(top); acc.bottom = Double(bot)
                        if bandCount == 1 {
                            var start = 0
                            for end in contourEnds {
                                var px = pts[2 * (end - 1)], py = pts[2 * (end - 1) + 1]
                                for i in start..<end {
                                    let qx = pts[2 * i], qy = pts[2 * i + 1]
                                    acc.addSegment(px, py, qx, qy)
                                    px = qx; py = qy
                                }
                                start = end
                            }
                        } else {
                            var k = starts[band]
                            let kEnd = starts[band + 1]
                            while k < kEnd {
                                let from = Int(segs[k]), to = Int(segs[k + 1])
                                acc.addSegment(pts[2 * from], pts[2 * from + 1], pts[2 * to], pts[2 * to + 1])
                                k += 2
                            }
                        }
                        acc.sweep(rows: bot - top, originX: region.minX, originY: top, evenOdd: evenOdd, into: &blitter)
                    }
                }
            }
        }
    }

    /// Sorts the segments (as point-index pairs) into the bands they reach, so that each band
    /// visits only its own segments: O(segments + band crossings) instead of O(segments × bands).
    private func bucketSegments(region: PixelRect, bandRows: Int, bandCount: Int) {
        bandStarts.removeAll(keepingCapacity: true)
        bandStarts.append(contentsOf: repeatElement(0, count: bandCount + 1))
        let minY = Double(region.minY), maxY = Double(region.maxY), rows = Double(bandRows)
        do { let pts = UnsafePointer(points)
            @inline(__always) func bands(_ from: Int, _ to: Int) -> (Int, Int)? {
                let ya = pts[2 * from + 1], yb = pts[2 * to + 1]
                let y0 = min(ya, yb), y1 = max(ya, yb)
                guard y0 < y1, y1 > minY, y0 < maxY else { return nil }
                let b0 = y0 <= minY ? 0 : min(bandCount - 1, Int((y0 - minY) / rows))
                let b1 = y1 >= maxY ? bandCount - 1 : min(bandCount - 1, Int((y1 - minY) / rows))
                return (b0, b1)
            }
            bandStarts.withUnsafeMutableBufferPointer { counts in
                var start = 0
                for end in contourEnds {
                    var prev = end - 1
                    for i in start..<end {
                        if let (b0, b1) = bands(prev, i) { for b in b0...b1 { counts[b + 1] += 2 } }
                        prev = i
                    }
                    start = end
                }
                for b in 0..<bandCount { counts[b + 1] += counts[b] }
            }
            let total = bandStarts[bandCount]
            if bandSegments.count < total { bandSegments.append(contentsOf: repeatElement(0, count: total - bandSegments.count)) }
            bandFill.removeAll(keepingCapacity: true)
            bandFill.append(contentsOf: bandStarts.dropLast())
            bandFill.withUnsafeMutableBufferPointer { fill in
                bandSegments.withUnsafeMutableBufferPointer { segs in
                    var start = 0
                    for end in contourEnds {
                        var prev = end - 1
                        for i in start..<end {
                            if let (b0, b1) = bands(prev, i) {
                                for b in b0...b1 {
                                    segs[fill[b]] = Int32(prev); segs[fill[b] + 1] = Int32(i)
                                    fill[b] += 2
                                }
                            }
                            prev = i
                        }
                        start = end
                    }
                }
            }
        }
    }

    /// Flattens and rasterises `path` in one call.
    func fill<B: SpanBlitter>(_ path: Path, transform: Transform, rule: FillRule,
                              clip: PixelRect, into blitter: inout B) {
        setPath(path, transform: transform, cull: clip)
        rasterize(clip: clip, rule: rule, into: &blitter)
    }
}

/// `⌈v⌉` for `v ≥ 0` (band-local coordinates), without a libm call.
@inline(__always)
private func ceilNonNegative(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) < v ? i + 1 : i
}

@inline(__always)
private func clampCoordinate(_ v: Double) -> Double {
    if v.isNaN { return 0 }
    return min(max(v, -Rasterizer.coordinateLimit), Rasterizer.coordinateLimit)
}

/// The per-band accumulation buffer and the geometry clipper in front of it.
private struct Accumulator {
    let cells: UnsafeMutablePointer<Float>
    let stride: Int
    let width: Int
    let rowMin: UnsafeMutablePointer<Int32>
    let rowMax: UnsafeMutablePointer<Int32>
    let dirty: UnsafeMutablePointer<UInt64>
    let dirtyWords: Int
    var top = 0.0, bottom = 0.0, left = 0.0, right = 0.0

    init(cells: UnsafeMutablePointer<Float>, stride: Int, width: Int,
         rowMin: UnsafeMutablePointer<Int32>, rowMax: UnsafeMutablePointer<Int32>,
         dirty: UnsafeMutablePointer<UInt64>, dirtyWords: Int) {
        self.cells = cells; self.stride = stride; self.width = width
        self.rowMin = rowMin; self.rowMax = rowMax
        self.dirty = dirty; self.dirtyWords = dirtyWords
    }

    /// Marks the 16-cell blocks holding cells `a...b` of band row `row` as dirty.
    @inline(__always)
    func markDirty(row: Int, _ a: Int, _ b: Int) {
        let words = dirty + row * dirtyWords
        let b0 = a >> 4, b1 = b >> 4
        if b0 == b1 {
            words[b0 >> 6] |= 1 << UInt64(b0 & 63)
        } else {
            for blk in b0...b1 { words[blk >> 6] |= 1 << UInt64(blk & 63) }
        }
    }

    /// The first cell index at or after `cell` that starts a dirty block, or `Int.max`.
    @inline(__always)
    func nextDirtyBlockStart(row: Int, from cell: Int) -> Int {
        let words = dirty + row * dirtyWords
        var blk = cell >> 4
        var wi = blk >> 6
        guard wi < dirtyWords else { return .max }
        var word = words[wi] & (~0 << UInt64(blk & 63))
        while word == 0 {
            wi += 1
            if wi >= dirtyWords { return .max }
            word = words[wi]
        }
        blk = wi << 6 + word.trailingZeroBitCount
        return blk << 4
    }

    /// Clips a device-space segment to the band and the region's columns, then accumulates.
    @inline(__always)
    mutating func addSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        if ay == by { return }
        var x0 = ax, y0 = ay, x1 = bx, y1 = by, dir = 1.0
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); dir = -1 }
        if y1 <= top || y0 >= bottom { return }
        if x0 >= right && x1 >= right { return }
        if y0 < top || y1 > bottom {
            let k = (x1 - x0) / (y1 - y0)
            if y0 < top { x0 += k * (top - y0); y0 = top }
            if y1 > bottom { x1 = x0 + k * (bottom - y0); y1 = bottom }
            if y0 >= y1 { return }
        }
        if x0 <= left && x1 <= left {
            accumulate(0, y0 - top, 0, y1 - top, dir)
            return
        }
        if x0 >= left && x1 >= left && x0 <= right && x1 <= right {
            accumulate(x0 - left, y0 - top, x1 - left, y1 - top, dir)
            return
        }
        // Crosses a side: split where x meets `left` / `right`, clamp each piece to the
        // columns (pieces left of the region become vertical at its left edge).
        let kx = (x1 - x0) / (y1 - y0)
        var c1 = y1, c2 = y1
        if (x0 < left) != (x1 < left) { c1 = y0 + (left - x0) / kx }
        if (x0 > right) != (x1 > right) {
            let yr = y0 + (right - x0) / kx
            if c1 == y1 { c1 = yr } else { c2 = yr }
        }
        if c1 > c2 { swap(&c1, &c2) }
        c1 = min(max(c1, y0), y1); c2 = min(max(c2, y0), y1)
        piece(y0, c1, x0, y0, x1, y1, kx, dir)
        piece(c1, c2, x0, y0, x1, y1, kx, dir)
        piece(c2, y1, x0, y0, x1, y1, kx, dir)
    }

    @inline(__always)
    private func piece(_ ya: Double, _ yb: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                       _ kx: Double, _ dir: Double) {
        guard yb > ya else { return }
        let xa = ya == y0 ? x0 : x0 + (ya - y0) * kx
        let xb = yb == y1 ? x1 : x0 + (yb - y0) * kx
        accumulate(min(max(xa, left), right) - left, ya - top,
                   min(max(xb, left), right) - left, yb - top, dir)
    }

    /// Adds a segment already inside the band, in band-local coordinates (`y0 < y1`).
    @inline(__always)
    func accumulate(_ x0In: Double, _ y0: Double, _ x1In: Double, _ y1: Double, _ dir: Double) {
        let wMax = Double(width)
        let dxdy = (x1In - x0In) / (y1 - y0)
        var x = min(max(x0In, 0), wMax)
        let rowStart = Int(y0)
        let rowEnd = min(ceilNonNegative(y1), Int(bottom - top))
        var row = rowStart
        while row < rowEnd {
            let rowTop = Double(row)
            let dy = min(rowTop + 1, y1) - max(rowTop, y0)
            let xNext = min(max(x + dxdy * dy, 0), wMax)
            let d = dy * dir
            let line = cells + row * stride
            let xa = min(x, xNext), xb = max(x, xNext)
            let ia = Int(xa)
            let xaFloor = Double(ia)
            let ibCeil = ceilNonNegative(xb)
            let xbCeil = Double(ibCeil)
            let ib = max(ia + 1, ibCeil)
            if ib <= ia + 1 {
                // Within one column: the part right of the mean x goes to the next cell.
                let xm = 0.5 * (x + xNext) - xaFloor
                line[ia] += Float(d - d * xm)
                line[ia + 1] += Float(d * xm)
            } else {
                let s = 1 / (xb - xa)
                let fa = xa - xaFloor
                let a0 = 0.5 * s * (1 - fa) * (1 - fa)
                let fb = xb - xbCeil + 1
                let am = 0.5 * s * fb * fb
                line[ia] += Float(d * a0)
                if ib == ia + 2 {
                    line[ia + 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - fa)
                    line[ia + 1] += Float(d * (a1 - a0))
                    let ds = Float(d * s)
                    var i = ia + 2
                    while i < ib - 1 { line[i] += ds; i += 1 }
                    let a2 = a1 + Double(ib - ia - 3) * s
                    line[ib - 1] += Float(d * (1 - a2 - am))
                }
                line[ib] += Float(d * am)
            }
            if Int32(ia) < rowMin[row] { rowMin[row] = Int32(ia) }
            if Int32(ib) > rowMax[row] { rowMax[row] = Int32(ib) }
            markDirty(row: row, ia, ib)
            x = xNext
            row += 1
        }
    }

    /// Turns the band's cells into coverage runs and clears them for the next band.
    @inline(__always)
    func sweep<B: SpanBlitter>(rows: Int, originX: Int, originY: Int, evenOdd: Bool, into blitter: inout B) {
        for r in 0..<rows {
            let lo = Int(rowMin[r]), hi = Int(rowMax[r])
            if lo > hi { continue }
            rowMin[r] = .max; rowMax[r] = -1
            let line = cells + r * stride
            let y = originY + r
            var sum: Float = 0
            var i = lo
            while i <= hi {
                sum += line[i]
                line[i] = 0
                var j = i + 1
                while j <= hi {
                    if j & 15 == 0 {
                        j = nextDirtyBlockStart(row: r, from: j)
                        if j > hi { break }
                    }
                    // Four cells at a time: stop at the first one whose bits are not zero
                    // (a stray -0 only splits a run in two of the same coverage).
                    if j + 3 <= hi {
                        let raw = UnsafeRawPointer(line + j)
                        let a = raw.loadUnaligned(as: UInt64.self)
                        if a != 0 { j += a.trailingZeroBitCount >> 5; break }
                        let b = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        if b != 0 { j += 2 + b.trailingZeroBitCount >> 5; break }
                        j = (j + 4) & ~3
                        continue
                    }
                    if line[j] != 0 { break }
                    j += 1
                }
                if i < width {
                    let a = abs(sum)
                    let c: UInt8
                    if a <= 1 {
                        c = UInt8(a * 255 + 0.5)
                    } else if evenOdd {
                        // In 1/255 units, rounded once, then folded as an integer. Windings are
                        // capped at 2^20 (far beyond any real path) so this cannot overflow.
                        var v = Int32(min(a, 1_048_576) * 255 + 0.5) % 510
                        if v > 255 { v = 510 - v }
                        c = UInt8(truncatingIfNeeded: v)
                    } else {
                        c = 255
                    }
                    if c != 0 {
                        // Past the last touched cell the sum stays constant (edges right of
                        // the region were dropped), so the run reaches the region's end.
                        let end = j > hi ? width : min(j, width)
                        blitter.blitRun(x: originX + i, y: y, count: end - i, coverage: c)
                    }
                }
                i = j
            }
            let words = dirty + r * dirtyWords
            for wi in (lo >> 10)...(hi >> 10) { words[wi] = 0 }
        }
    }
}
