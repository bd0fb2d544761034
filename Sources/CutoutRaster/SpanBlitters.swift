import Foundation

/// Packed premultiplied pixel arithmetic on `UInt32` words whose bytes in memory are
/// R, G, B, A (little-endian: R in the low byte, A in the high byte).
enum PackedPixel {
    @inline(__always)
    static func pack(_ p: PremultipliedRGBA8) -> UInt32 {
        UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
    }

    @inline(__always)
    static func unpack(_ v: UInt32) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
                           b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
    }

    /// Maps a 0...255 factor to 0...256 so that 255 scales exactly by one.
    @inline(__always)
    static func scale256(_ c: UInt32) -> UInt32 { c &+ (c >> 7) }

    /// Every channel of `p` times `s / 256`, `s` in 0...256.
    @inline(__always)
    static func scale(_ p: UInt32, _ s: UInt32) -> UInt32 {
        let rb = (((p & 0x00FF_00FF) &* s) >> 8) & 0x00FF_00FF
        let ag = (((p >> 8) & 0x00FF_00FF) &* s) & 0xFF00_FF00
        return rb | ag
    }

    /// Every channel of `p` times `f / 255`, rounded to nearest, `f` in 0...255.
    @inline(__always)
    static func mul255(_ p: UInt32, by f: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over of a premultiplied `src` on `dst`: `src + dst·(255 − αsrc)/255`, rounded.
    @inline(__always)
    static func sourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        src &+ mul255(dst, by: 255 &- (src >> 24))
    }

    /// Stores `value` into `count` pixels. A long run of a value whose four bytes are equal
    /// (opaque white, transparent black) becomes a byte fill, which the C library's `memset`
    /// does with wider stores than the compiler's loop.
    @inline(__always)
    static func fill(_ p: UnsafeMutablePointer<UInt32>, with value: UInt32, count: Int) {
        if count >= 32 && value == (value & 0xFF) &* 0x0101_0101 {
            UnsafeMutableRawPointer(p).initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: value),
                                                        count: 4 * count)
        } else {
            p.update(repeating: value, count: count)
        }
    }

    /// `a·b/255` rounded, for 8-bit factors.
    @inline(__always)
    static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}

/// Source-over of one premultiplied colour: the fast path for solid fills.
struct SolidSourceOverBlitter: SpanBlitter {
    let pixels: UnsafeMutablePointer<UInt32>
    let rowPixels: Int
    let color: UInt32
    /// The colour's red and blue, and green and alpha, as 16-bit lanes of four pixels.
    private let colorRB: SIMD8<UInt16>
    private let colorGA: SIMD8<UInt16>
    private let opaque: Bool

    init(pixels: UnsafeMutablePointer<UInt32>, rowPixels: Int, color: UInt32) {
        self.pixels = pixels; self.rowPixels = rowPixels; self.color = color
        opaque = color >> 24 == 255
        colorRB = unsafeBitCast(SIMD4<UInt32>(repeating: color & 0x00FF_00FF), to: SIMD8<UInt16>.self)
        colorGA = unsafeBitCast(SIMD4<UInt32>(repeating: (color >> 8) & 0x00FF_00FF), to: SIMD8<UInt16>.self)
    }

    static var blitsGroups: Bool { true }

    /// The same arithmetic as the scalar paths (coverage scales the colour, then source-over,
    /// each product rounded as ``PackedPixel/mul255(_:by:)``), on two 16-bit lanes per pixel.
    /// Zero coverage leaves a pixel as it is, full coverage of an opaque colour replaces it.
    @inline(__always)
    mutating func blitGroup(x: Int, y: Int, coverage: SIMD4<UInt32>) {
        // The constants used several times are vectors made once: an unoptimised (debug)
        // build broadcasts a scalar operand lane by lane at each use; an optimised one folds
        // both forms into the same constants.
        let half = SIMD8<UInt16>(repeating: 128), eight = SIMD8<UInt16>(repeating: 8)
        let lowBytes = SIMD4<UInt32>(repeating: 0x00FF_00FF), byte = SIMD4<UInt32>(repeating: 8)
        @inline(__always) func mul255(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let t = a &* b &+ half
            return (t &+ (t &>> eight)) &>> eight
        }
        @inline(__always) func lanes(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v, to: SIMD8<UInt16>.self) }
        @inline(__always) func words(_ v: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }
        let raw = UnsafeMutableRawPointer(pixels + (y &* rowPixels &+ x))
        let dst = raw.loadUnaligned(as: SIMD4<UInt32>.self)
        let c = lanes(coverage | coverage &<< 16)
        let sRB = mul255(colorRB, c), sGA = mul255(colorGA, c)
        // An opaque colour scaled by coverage has alpha `mul255(255, c) = c`.
        let inv: SIMD8<UInt16>
        if opaque {
            inv = SIMD8<UInt16>(repeating: 255) &- c
        } else {
            let a = words(sGA) & 0xFFFF_0000
            inv = SIMD8<UInt16>(repeating: 255) &- lanes(a | a &>> 16)
        }
        let rRB = mul255(lanes(dst & lowBytes), inv)
        let rGA = mul255(lanes((dst &>> byte) & lowBytes), inv)
        raw.storeBytes(of: words(sRB &+ rRB) | words(sGA &+ rGA) &<< byte, as: SIMD4<UInt32>.self)
    }

    @inline(__always)
    func prefetch(x: Int, y: Int, count: Int) {
        CacheHint.prefetch(pixels + (y * rowPixels + x), count: count)
    }

    @inline(__always)
    mutating func blitRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        let p = pixels + (y * rowPixels + x)
        let src = coverage == 255 ? color : PackedPixel.mul255(color, by: UInt32(coverage))
        let sa = src >> 24
        if sa == 255 {
            if count == 1 { p.pointee = src } else { PackedPixel.fill(p, with: src, count: count) }
            return
        }
        if sa == 0 { return }
        let inv = 255 &- sa
        for k in 0..<count {
            p[k] = src &+ PackedPixel.mul255(p[k], by: inv)
        }
    }

    @inline(__always)
    mutating func blitMask(x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>) {
        let p = pixels + (y * rowPixels + x)
        let color = self.color
        let full = color >> 24 == 255 ? color : 0
        for k in 0..<count {
            let c = UInt32(coverage[k])
            if c == 0 { continue }
            if c == 255 && full != 0 { p[k] = full; continue }
            let src = c == 255 ? color : PackedPixel.mul255(color, by: c)
            let sa = src >> 24
            if sa == 0 { continue }
            p[k] = sa == 255 ? src : src &+ PackedPixel.mul255(p[k], by: 255 &- sa)
        }
    }
}

/// The ``BlendMode/clear`` mode (whatever the paint): each pixel keeps `1 − coverage` of
/// itself, with ``BlendMode/blendSpan(_:coverage:into:count:)``'s rounding. The fast path
/// for erasing a shape, say cutting a stroke out of a fill.
struct ClearBlitter: SpanBlitter {
    let pixels: UnsafeMutablePointer<UInt32>
    let rowPixels: Int

    static var blitsGroups: Bool { true }

    @inline(__always)
    mutating func blitGroup(x: Int, y: Int, coverage: SIMD4<UInt32>) {
        @inline(__always) func mul255(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let t = a &* b &+ 128
            return (t &+ (t &>> 8)) &>> 8
        }
        @inline(__always) func lanes(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v, to: SIMD8<UInt16>.self) }
        @inline(__always) func words(_ v: SIMD8<UInt16>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }
        let raw = UnsafeMutableRawPointer(pixels + (y &* rowPixels &+ x))
        let dst = raw.loadUnaligned(as: SIMD4<UInt32>.self)
        let keep = 255 &- coverage
        let k = lanes(keep | keep &<< 16)
        let rb = mul255(lanes(dst & 0x00FF_00FF), k)
        let ga = mul255(lanes((dst &>> 8) & 0x00FF_00FF), k)
        raw.storeBytes(of: words(rb) | words(ga) &<< 8, as: SIMD4<UInt32>.self)
    }

    @inline(__always)
    func prefetch(x: Int, y: Int, count: Int) {
        CacheHint.prefetch(pixels + (y * rowPixels + x), count: count)
    }

    @inline(__always)
    mutating func blitRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        let p = pixels + (y * rowPixels + x)
        if coverage == 255 {
            PackedPixel.fill(p, with: 0, count: count)
            return
        }
        let keep = 255 &- UInt32(coverage)
        for k in 0..<count { p[k] = PackedPixel.mul255(p[k], by: keep) }
    }

    @inline(__always)
    mutating func blitMask(x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>) {
        let p = pixels + (y * rowPixels + x)
        for k in 0..<count where coverage[k] != 0 {
            p[k] = PackedPixel.mul255(p[k], by: 255 &- UInt32(coverage[k]))
        }
    }
}

/// Produces premultiplied source pixels for a run, e.g. from an image or a gradient.
protocol SpanShader {
    /// Writes `count` premultiplied pixels for columns `x..<x+count` of row `y` into `into`.
    func shade(x: Int, y: Int, count: Int, into: UnsafeMutablePointer<PremultipliedRGBA8>)
}

extension Shader: SpanShader {}

/// Any paint under any blend mode: shades the run (or uses a solid colour) and hands it to
/// ``BlendMode/blendSpan(_:coverage:into:count:)`` with the run's coverage.
struct PaintBlitter<S: SpanShader>: SpanBlitter {
    let pixels: UnsafeMutablePointer<PremultipliedRGBA8>
    let rowPixels: Int
    let shader: S
    /// Set when every shaded pixel is the same colour: shading is skipped.
    let solid: PremultipliedRGBA8?
    let mode: BlendMode
    /// Whether every shaded pixel is opaque, so full-coverage `normal` runs are plain copies.
    let opaque: Bool
    /// At least one row of scratch pixels and of coverage.
    let span: UnsafeMutablePointer<PremultipliedRGBA8>
    let coverageRow: UnsafeMutablePointer<UInt8>

    @inline(__always)
    mutating func blitRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        let dst = pixels + (y * rowPixels + x)
        if coverage == 255 && opaque && mode == .normal {
            if let solid { dst.update(repeating: solid, count: count) } else { shader.shade(x: x, y: y, count: count, into: dst) }
            return
        }
        var cov: UnsafePointer<UInt8>? = nil
        if coverage != 255 {
            coverageRow.update(repeating: coverage, count: count)
            cov = UnsafePointer(coverageRow)
        }
        if let solid {
            mode.blendSpan(color: solid, coverage: cov, into: dst, count: count)
        } else {
            shader.shade(x: x, y: y, count: count, into: span)
            mode.blendSpan(UnsafePointer(span), coverage: cov, into: dst, count: count)
        }
    }

    @inline(__always)
    mutating func blitMask(x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>) {
        let dst = pixels + (y * rowPixels + x)
        if let solid {
            mode.blendSpan(color: solid, coverage: coverage, into: dst, count: count)
        } else {
            shader.shade(x: x, y: y, count: count, into: span)
            mode.blendSpan(UnsafePointer(span), coverage: coverage, into: dst, count: count)
        }
    }
}

/// Source-over of shaded pixels, scaled by coverage and a constant alpha (0...256).
struct ShaderSourceOverBlitter<S: SpanShader>: SpanBlitter {
    let pixels: UnsafeMutablePointer<UInt32>
    let rowPixels: Int
    let shader: S
    let alpha256: UInt32
    /// At least one row of scratch pixels.
    let scratch: UnsafeMutablePointer<PremultipliedRGBA8>

    @inline(__always)
    mutating func blitRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        shader.shade(x: x, y: y, count: count, into: scratch)
        let src = UnsafeRawPointer(scratch)
        let s = (PackedPixel.scale256(UInt32(coverage)) &* alpha256) >> 8
        let p = pixels + (y * rowPixels + x)
        if s >= 256 {
            for k in 0..<count {
                p[k] = PackedPixel.sourceOver(src.load(fromByteOffset: 4 * k, as: UInt32.self), p[k])
            }
        } else {
            for k in 0..<count {
                let v = PackedPixel.scale(src.load(fromByteOffset: 4 * k, as: UInt32.self), s)
                p[k] = PackedPixel.sourceOver(v, p[k])
            }
        }
    }

    @inline(__always)
    mutating func blitMask(x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>) {
        shader.shade(x: x, y: y, count: count, into: scratch)
        let src = UnsafeRawPointer(scratch)
        let p = pixels + (y * rowPixels + x)
        for k in 0..<count {
            let c = coverage[k]
            if c == 0 { continue }
            let s = (PackedPixel.scale256(UInt32(c)) &* alpha256) >> 8
            let v = src.load(fromByteOffset: 4 * k, as: UInt32.self)
            p[k] = PackedPixel.sourceOver(s >= 256 ? v : PackedPixel.scale(v, s), p[k])
        }
    }
}

/// Writes coverage into an 8-bit mask (used to build clip masks), multiplied by an
/// existing mask value when one is given.
struct CoverageMaskBlitter: SpanBlitter {
    let mask: UnsafeMutablePointer<UInt8>
    let originX: Int
    let originY: Int
    let rowBytes: Int

    @inline(__always)
    mutating func blitRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        let p = mask + ((y - originY) * rowBytes + (x - originX))
        p.update(repeating: coverage, count: count)
    }

    @inline(__always)
    mutating func blitMask(x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>) {
        (mask + ((y - originY) * rowBytes + (x - originX))).update(from: coverage, count: count)
    }
}

/// Multiplies coverage by an 8-bit clip mask before passing runs on; runs of equal mask
/// values stay runs.
struct ClipMaskBlitter<Inner: SpanBlitter>: SpanBlitter {
    var inner: Inner
    let mask: UnsafePointer<UInt8>
    let originX: Int
    let originY: Int
    let rowBytes: Int

    @inline(__always)
    func prefetch(x: Int, y: Int, count: Int) { inner.prefetch(x: x, y: y, count: count) }

    @inline(__always)
    mutating func blitRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        let m = mask + ((y - originY) * rowBytes + (x - originX))
        var i = 0
        while i < count {
            let v = m[i]
            var j = i + 1
            while j < count && m[j] == v { j += 1 }
            if v != 0 {
                let c = v == 255 ? coverage : UInt8(PackedPixel.mul255(UInt32(v), UInt32(coverage)))
                if c != 0 { inner.blitRun(x: x + i, y: y, count: j - i, coverage: c) }
            }
            i = j
        }
    }

    @inline(__always)
    mutating func blitMask(x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>) {
        let m = mask + ((y - originY) * rowBytes + (x - originX))
        for k in 0..<count {
            let v = m[k], c = coverage[k]
            coverage[k] = v == 255 ? c : c == 0 ? 0 : UInt8(PackedPixel.mul255(UInt32(v), UInt32(c)))
        }
        inner.blitMask(x: x, y: y, count: count, coverage: coverage)
    }
}
