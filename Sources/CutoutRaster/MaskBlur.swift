import Foundation
import CutoutGeometry

/// Reusable buffers and the passes of the 8-bit mask Gaussian blur (see
/// ``AlphaMask/gaussianBlurred(sigma:)`` for the method and its guarantees).
///
/// Intermediate values are 8.8 fixed point in `UInt16` (0...65280 for 0...255); a box pass
/// divides its integer window sum by the box size with a 32-bit reciprocal, which is exact to
/// 1/256 of a level, so three passes per axis round once to 8 bits at the very end.
/// Horizontal passes run along each row with a running sum; vertical passes walk down the
/// rows keeping one running sum per column, so every pass reads memory in order.
final class MaskBlur {
    private var a = UnsafeMutablePointer<UInt16>.allocate(capacity: 0)
    private var b = UnsafeMutablePointer<UInt16>.allocate(capacity: 0)
    private var planeCapacity = 0
    private var columns = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private var zeroRow = UnsafeMutablePointer<UInt16>.allocate(capacity: 0)
    private var rowCapacity = 0
    private var line0 = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private var line1 = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private var lines0 = UnsafeMutablePointer<SIMD8<UInt32>>.allocate(capacity: 0)
    private var lines1 = UnsafeMutablePointer<SIMD8<UInt32>>.allocate(capacity: 0)
    private var lineCapacity = 0

    init() {}

    deinit {
        a.deallocate(); b.deallocate(); columns.deallocate(); zeroRow.deallocate()
        line0.deallocate(); line1.deallocate(); lines0.deallocate(); lines1.deallocate()
    }

    private func reserve(plane: Int, row: Int, line: Int) {
        if planeCapacity < plane {
            a.deallocate(); b.deallocate()
            planeCapacity = plane
            a = .allocate(capacity: plane); b = .allocate(capacity: plane)
        }
        if rowCapacity < row {
            columns.deallocate(); zeroRow.deallocate()
            rowCapacity = row
            columns = .allocate(capacity: row)
            zeroRow = .allocate(capacity: row); zeroRow.initialize(repeating: 0, count: row)
        }
        if lineCapacity < line {
            line0.deallocate(); line1.deallocate(); lines0.deallocate(); lines1.deallocate()
            lineCapacity = line
            line0 = .allocate(capacity: line); line1 = .allocate(capacity: line)
            lines0 = .allocate(capacity: line); lines1 = .allocate(capacity: line)
        }
    }

    /// Blurs the `width × height` mask at `src` as if it sat inside a transparent border of
    /// `padX` columns and `padY` rows (each at least the reach of its plan, so nothing is cut
    /// off), and writes the part `crop` of that padded plane (coordinates in the padded plane,
    /// inside it) to `dst`. Temporary memory: 4 bytes per pixel of `crop.width × (height + 2·padY)`.
    func run(src: UnsafePointer<UInt8>, width w: Int, height h: Int, srcRowBytes: Int,
             planX: BlurPlan?, planY: BlurPlan?, padX: Int, padY: Int,
             crop: PixelRect, dst: UnsafeMutablePointer<UInt8>, dstRowBytes: Int) {
        // The planes keep only the crop's columns (vertical passes never mix columns), so a
        // wide blur of a mask much larger than what is kept costs no memory for the rest.
        let cw = crop.width, ph = h + 2 * padY
        let reachX = planX?.reach ?? 0
        let guardX = (planX?.boxes.map { max($0.left, $0.right) }.max() ?? reachX) + 1
        reserve(plane: cw * ph, row: cw, line: w + 2 * reachX + 2 * guardX)
        // What the passes can write: every source row widened by the reach, across, and every
        // kept column of the padded height, down (empty rows are skipped, so often less).
        WorkMeter.record(h * (w + 2 * reachX) * max(planX?.boxes.count ?? 0, 1)
                         + cw * ph * max(planY?.boxes.count ?? 0, 1), .blurSamples)
        /// Zeroes plane row `row` outside padded columns `start..<start + count` and returns
        /// where padded column `start` would be stored plus the kept part of the range,
        /// relative to `start`.
        @inline(__always) func span(row: Int, start: Int, count: Int) -> (UnsafeMutablePointer<UInt16>, Range<Int>) {
            let out = a + row * cw
            let x0 = min(max(start, crop.minX), crop.maxX), x1 = max(min(start + count, crop.maxX), x0)
            out.update(repeating: 0, count: x0 - crop.minX)
            (out + (x1 - crop.minX)).update(repeating: 0, count: crop.maxX - x1)
            return (out + (start - crop.minX), (x0 - start)..<(x1 - start))
        }

        // Horizontal: source rows into plane `a`, rows padY..<padY+h; note which are non-zero.
        var lo = Int.max, hi = -1
        var y0 = 0
        while y0 < h {
            // Box blurs run on eight rows at once, one SIMD lane per row.
            let n = planX.map { $0.boxes.isEmpty } == false ? min(8, h - y0) : 1
            var first = w, last = -1
            for k in 0..<n {
                let s = src + (y0 + k) * srcRowBytes
                var f = 0
                while f < w && s[f] == 0 { f += 1 }
                if f == w { continue }
                var l = w - 1
                while s[l] == 0 { l -= 1 }
                first = min(first, f); last = max(last, l)
            }
            defer { y0 += n }
            guard last >= 0 else {
                for k in 0..<n { (a + (y0 + k + padY) * cw).update(repeating: 0, count: cw) }
                continue
            }
            lo = min(lo, y0 + padY); hi = y0 + n - 1 + padY
            guard let planX else {
                let s = src + y0 * srcRowBytes
                let (o, kept) = span(row: y0 + padY, start: padX + first, count: last - first + 1)
                for i in kept { o[i] = UInt16(s[first + i]) << 8 }
                continue
            }
            // The non-zero span of the blurred rows: the source span plus the reach each side.
            let m = last - first + 1 + 2 * reachX
            let start = padX + first - reachX
            if planX.boxes.isEmpty {
                let s = src + y0 * srcRowBytes
                line0.update(repeating: 0, count: m + 2 * guardX)
                line1.update(repeating: 0, count: m + 2 * guardX)
                for x in first...last { line0[guardX + reachX + x - first] = UInt32(s[x]) << 8 }
                MaskBlur.convolveLine(line0 + guardX, into: line1 + guardX, count: m, weights: planX.fixedKernel)
                let v = line1 + guardX
                let (o, kept) = span(row: y0 + padY, start: start, count: m)
                for i in kept { o[i] = UInt16(truncatingIfNeeded: v[i]) }
                continue
            }
            var l0 = lines0, l1 = lines1
            l0.update(repeating: .zero, count: m + 2 * guardX)
            l1.update(repeating: .zero, count: m + 2 * guardX)
            for k in 0..<n {
                let s = src + (y0 + k) * srcRowBytes
                let o = l0 + guardX + reachX - first
                for x in first...last { o[x][k] = UInt32(s[x]) << 8 }
            }
            for box in planX.boxes {
                MaskBlur.boxLines(l0 + guardX, into: l1 + guardX, count: m, left: box.left, right: box.right)
                swap(&l0, &l1)
            }
            let v = l0 + guardX
            for k in 0..<n {
                let (o, kept) = span(row: y0 + k + padY, start: start, count: m)
                for i in kept { o[i] = UInt16(truncatingIfNeeded: v[i][k]) }
            }
        }

        // Vertical: plane to plane, the last pass straight into `dst`.
        var from = a, to = b
        if let planY, lo <= hi {
            if planY.boxes.isEmpty {
                verticalConvolve(from, rows: lo...hi, width: cw, weights: planY.fixedKernel,
                                 crop: crop, dst: dst, dstRowBytes: dstRowBytes)
                return
            }
            for (k, box) in planY.boxes.enumerated() {
                let outRows = max(0, lo - box.right)...min(ph - 1, hi + box.left)
                let last = k == planY.boxes.count - 1
                verticalBox(from, rows: lo...hi, out: outRows, width: cw, left: box.left, right: box.right,
                            into: to, final: last ? (crop, dst, dstRowBytes) : nil)
                lo = outRows.lowerBound; hi = outRows.upperBound
                swap(&from, &to)
            }
            return
        }
        // No vertical blur: round the plane to 8 bits.
        for y in crop.minY..<crop.maxY {
            let d = dst + (y - crop.minY) * dstRowBytes
            guard y >= lo && y <= hi else { d.update(repeating: 0, count: crop.width); continue }
            let s = from + y * cw
            for x in 0..<cw { d[x] = UInt8(truncatingIfNeeded: (UInt32(s[x]) &+ 128) >> 8) }
        }
    }

    /// `2^32 / d` rounded: multiplying a window sum by it and shifting by 32 divides by `d`.
    @inline(__always)
    static func reciprocal(_ d: Int) -> UInt64 { (UInt64(1) << 32 + UInt64(d / 2)) / UInt64(d) }

    /// One box pass along eight interleaved lines: `dst[i] = mean(src[i − left ... i + right])`.
    /// `src` must be readable (and zero) `left` before and `right` after the `count` values.
    static func boxLines(_ src: UnsafeMutablePointer<SIMD8<UInt32>>, into dst: UnsafeMutablePointer<SIMD8<UInt32>>,
                         count: Int, left: Int, right: Int) {
        let r = SIMD8<UInt64>(repeating: reciprocal(left + right + 1))
        let half = SIMD8<UInt64>(repeating: 1 << 31)
        var sum = SIMD8<UInt32>.zero
        for j in -left..<right { sum &+= src[j] }
        for i in 0..<count {
            sum &+= src[i + right]
            dst[i] = SIMD8<UInt32>(truncatingIfNeeded: (SIMD8<UInt64>(truncatingIfNeeded: sum) &* r &+ half) &>> 32)
            sum &-= src[i - left]
        }
    }

    /// A convolution along a line with fixed-point weights (summing to 65536) centred on each
    /// value; `src` must be readable (and zero) `radius` either side.
    static func convolveLine(_ src: UnsafeMutablePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, count: Int,
                             weights: [UInt32]) {
        let radius = weights.count / 2
        weights.withUnsafeBufferPointer { w in
            for i in 0..<count {
                var acc: UInt32 = 1 << 15
                for k in 0..<w.count { acc &+= w[k] &* src[i + k - radius] }
                dst[i] = acc >> 16
            }
        }
    }

    /// One vertical box pass over the rows `rows` of `from` (the others are zero), producing
    /// `out` rows in `to`, or, for the last pass, rounded 8-bit rows of `crop` in `final`.
    private func verticalBox(_ from: UnsafeMutablePointer<UInt16>, rows: ClosedRange<Int>, out: ClosedRange<Int>,
                             width pw: Int, left: Int, right: Int, into to: UnsafeMutablePointer<UInt16>,
                             final: (crop: PixelRect, dst: UnsafeMutablePointer<UInt8>, rowBytes: Int)?) {
        let col = columns, zero = UnsafePointer(zeroRow)
        @inline(__always) func row(_ j: Int) -> UnsafePointer<UInt16> {
            rows.contains(j) ? UnsafePointer(from + j * pw) : zero
        }
        col.update(repeating: 0, count: pw)
        for j in (out.lowerBound - left)..<(out.lowerBound + right) where rows.contains(j) {
            let s = from + j * pw
            for x in 0..<pw { col[x] &+= UInt32(s[x]) }
        }
        let r = MaskBlur.reciprocal(left + right + 1)
        if let final {
            let crop = final.crop
            for y in crop.minY..<crop.maxY where !out.contains(y) {
                final.dst.advanced(by: (y - crop.minY) * final.rowBytes).update(repeating: 0, count: crop.width)
            }
            for y in out {
                let enter = row(y + right), leave = row(y - left)
                guard y >= crop.minY && y < crop.maxY else {
                    for x in 0..<pw { col[x] = col[x] &+ UInt32(enter[x]) &- UInt32(leave[x]) }
                    continue
                }
                let d = final.dst + (y - crop.minY) * final.rowBytes
                for x in 0..<pw {
                    let s = col[x] &+ UInt32(enter[x])
                    d[x] = UInt8(truncatingIfNeeded: (UInt64(s) &* r &+ (1 << 39)) >> 40)
                    col[x] = s &- UInt32(leave[x])
                }
            }
            return
        }
        for y in out {
            let enter = row(y + right), leave = row(y - left)
            let d = to + y * pw
            for x in 0..<pw {
                let s = col[x] &+ UInt32(enter[x])
                d[x] = UInt16(truncatingIfNeeded: (UInt64(s) &* r &+ (1 << 31)) >> 32)
                col[x] = s &- UInt32(leave[x])
            }
        }
    }

    /// The vertical small-sigma kernel, accumulated row by row, straight into `dst`.
    private func verticalConvolve(_ from: UnsafeMutablePointer<UInt16>, rows: ClosedRange<Int>, width pw: Int,
                                  weights: [UInt32], crop: PixelRect, dst: UnsafeMutablePointer<UInt8>,
                                  dstRowBytes: Int) {
        let radius = weights.count / 2
        let acc = columns
        for y in crop.minY..<crop.maxY {
            acc.update(repeating: 1 << 23, count: pw)
            for k in 0..<weights.count {
                let j = y + k - radius
                guard rows.contains(j) else { continue }
                let s = from + j * pw, wk = weights[k]
                for x in 0..<pw { acc[x] &+= wk &* UInt32(s[x]) }
            }
            let d = dst + (y - crop.minY) * dstRowBytes
            for x in 0..<pw { d[x] = UInt8(truncatingIfNeeded: acc[x] >> 24) }
        }
    }
}

extension BlurPlan {
    /// ``kernel`` in 16-bit fixed point, summing to exactly 65536 (the centre takes the rest).
    var fixedKernel: [UInt32] {
        var w = kernel.map { UInt32((Double($0) * 65536).rounded()) }
        let others = w.enumerated().reduce(UInt32(0)) { $1.offset == w.count / 2 ? $0 : $0 + $1.element }
        w[w.count / 2] = 65536 - others
        return w
    }
}
