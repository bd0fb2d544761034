import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform

extension DrawingContext {
    /// Draws the shadow `path` casts (the path in user space, through the CTM): its coverage
    /// under `rule`, blurred by a Gaussian of `sigma` **device pixels** (see
    /// ``AlphaMask/gaussianBlurred(sigma:)``), moved by `offset` **device pixels**, painted in
    /// `color` with the global alpha and blend mode, through the clip. As with
    /// `CGContext.setShadow`, blur and offset are not affected by the CTM. The shape itself is
    /// not drawn.
    ///
    /// Only the path's device box grown by ``Pixmap/gaussianBlurOutset(sigma:)`` is rasterised
    /// and blurred, as one 8-bit mask; a fractional offset moves the path before rasterising,
    /// so it costs nothing extra. A non-finite offset draws nothing.
    public mutating func drawShadow(of path: Path, using rule: FillRule = .winding, color: Color,
                                    sigma: CGFloat, offset: CGSize = .zero) {
        guard offset.width.isFinite, offset.height.isFinite, !gstate.clip.bounds.isEmpty, !path.isEmpty else { return }
        let outset = Pixmap.gaussianBlurOutset(sigma: sigma)
        let clip = gstate.clip.bounds
        let reachable = PixelRect(minX: clip.minX - outset, minY: clip.minY - outset,
                                  maxX: clip.maxX + outset, maxY: clip.maxY + outset)
        let scratch = uniqueScratch()
        let raster = scratch.rasterizer
        raster.setPath(path, transform: gstate.ctm.concatenating(Transform(translationX: offset.width, y: offset.height)),
                       cull: reachable)
        let area = reachable.intersection(raster.pixelBounds)
        guard !area.isEmpty else { return }
        let src = scratch.maskBuffer(0, count: area.width * area.height, zeroed: true)
        var b = CoverageMaskBlitter(mask: src, originX: area.minX, originY: area.minY, rowBytes: area.width)
        raster.rasterize(clip: area, rule: rule, into: &b)
        fillBlurred(src, area: area, rowBytes: area.width, sigma: sigma, outset: outset, color: color)
    }

    /// Draws the shadow cast by `mask`, a coverage mask in **device pixels** whose top-left is
    /// at the device origin (for instance ``AlphaMask/init(alphaOf:)`` of an offscreen
    /// rendering): blurred and moved by `offset` device pixels, otherwise as
    /// ``drawShadow(of:using:color:sigma:offset:)``. Only the mask's non-zero box is blurred; a
    /// fractional offset is applied by bilinear resampling of the unblurred mask.
    public mutating func drawShadow(of mask: AlphaMask, color: Color, sigma: CGFloat, offset: CGSize = .zero) {
        guard offset.width.isFinite, offset.height.isFinite, !gstate.clip.bounds.isEmpty,
              abs(offset.width) < 1e9, abs(offset.height) < 1e9 else { return }
        let dx = offset.width.rounded(.down), dy = offset.height.rounded(.down)
        let fx = Int(((offset.width - dx) * 256).rounded()), fy = Int(((offset.height - dy) * 256).rounded())
        guard let box = mask.nonZeroBounds else { return }
        let outset = Pixmap.gaussianBlurOutset(sigma: sigma)
        let scratch = uniqueScratch()
        // The resampled box is one pixel larger where the offset has a fraction.
        let w = box.width + (fx > 0 ? 1 : 0), h = box.height + (fy > 0 ? 1 : 0)
        let area = PixelRect(minX: box.minX + Int(dx), minY: box.minY + Int(dy),
                             maxX: box.minX + Int(dx) + w, maxY: box.minY + Int(dy) + h)
        let src = scratch.maskBuffer(0, count: w * h, zeroed: true)
        mask.data.withUnsafeBufferPointer { m in
            let base = m.baseAddress! + box.minY * mask.width + box.minX
            for y in 0..<h {
                let out = src + y * w
                // Rows y and y-1 of the box, weighted (256 − fy) and fy; likewise columns.
                let wy0 = UInt32(256 - fy), wy1 = UInt32(fy), wx0 = UInt32(256 - fx), wx1 = UInt32(fx)
                let r0: UnsafePointer<UInt8>? = y < box.height ? base + y * mask.width : nil
                let r1: UnsafePointer<UInt8>? = y > 0 && fy > 0 ? base + (y - 1) * mask.width : nil
                for x in 0..<w {
                    @inline(__always) func at(_ r: UnsafePointer<UInt8>?, _ x: Int) -> UInt32 {
                        guard let r, x >= 0, x < box.width else { return 0 }
                        return UInt32(r[x])
                    }
                    if fx == 0 && fy == 0 { out[x] = r0![x]; continue }
                    let top = at(r0, x) &* wx0 &+ at(r0, x - 1) &* wx1
                    let bottom = at(r1, x) &* wx0 &+ at(r1, x - 1) &* wx1
                    out[x] = UInt8(truncatingIfNeeded: (top &* wy0 &+ bottom &* wy1 &+ (1 << 15)) >> 16)
                }
            }
        }
        fillBlurred(src, area: area, rowBytes: w, sigma: sigma, outset: outset, color: color)
    }

    /// Blurs the coverage `src` of device rectangle `area`, grown by `outset` (at least the
    /// blur's reach), and paints `color` through the part that falls inside the clip.
    private mutating func fillBlurred(_ src: UnsafeMutablePointer<UInt8>, area: PixelRect, rowBytes: Int,
                                      sigma: CGFloat, outset: Int, color: Color) {
        let grown = PixelRect(minX: area.minX - outset, minY: area.minY - outset,
                              maxX: area.maxX + outset, maxY: area.maxY + outset)
        let visible = grown.intersection(gstate.clip.bounds)
        guard !visible.isEmpty else { return }
        let plan = BlurPlan(sigma: sigma)
        let scratch = uniqueScratch()
        let out = scratch.maskBuffer(1, count: visible.width * visible.height, zeroed: false)
        let crop = PixelRect(minX: visible.minX - grown.minX, minY: visible.minY - grown.minY,
                             maxX: visible.maxX - grown.minX, maxY: visible.maxY - grown.minY)
        scratch.maskBlur.run(src: src, width: area.width, height: area.height, srcRowBytes: rowBytes,
                             planX: plan, planY: plan, padX: outset, padY: outset,
                             crop: crop, dst: out, dstRowBytes: visible.width)
        fill(mask: UnsafePointer(out), rect: visible, color: color)
    }

    /// Paints `color` (with the global alpha and blend mode, through the clip) with the coverage
    /// of the 8-bit mask `mask` laid over device rectangle `rect` (inside the clip bounds).
    mutating func fill(mask: UnsafePointer<UInt8>, rect: PixelRect, color: Color) {
        let mode = gstate.blendMode, clip = gstate.clip
        let faded = color.withAlphaComponent(color.alpha * gstate.alpha)
        let c = faded.premultiplied
        if c.a == 0 && mode.transparentSourceIsIdentity { return }
        if mode == .normal {
            let packed = PackedPixel.pack(c)
            withTarget { px, _, rowPixels in
                if clip.mask == nil {
                    DrawingContext.sourceOver(packed, mask: mask, rect: rect, pixels: px, rowPixels: rowPixels)
                    return
                }
                let solid = SolidSourceOverBlitter(pixels: px, rowPixels: rowPixels, color: packed)
                clip.feed(mask: mask, rect: rect, into: solid)
            }
            return
        }
        let scratch = uniqueScratch()
        let span = scratch.spanBuffer(rect.maxX), covRow = scratch.coverageBuffer(rect.maxX)
        let shader = Shader(paint: .color(faded), transform: .identity, opacity: 1)
        withTargetPixels { px, rowPixels in
            let blitter = PaintBlitter(pixels: px, rowPixels: rowPixels, shader: shader, solid: c, mode: mode,
                                       opaque: c.a == 255, span: span, coverageRow: covRow)
            clip.feed(mask: mask, rect: rect, into: blitter)
        }
    }
}

extension DrawingContext {
    /// Source-over of `color` scaled by each mask value: the unclipped fast path of
    /// ``fill(mask:rect:color:)``. Four pixels at a time in 16-bit lanes (the same rounding
    /// as ``PackedPixel/mul255(_:by:)``); stretches of zeros are skipped.
    static func sourceOver(_ color: UInt32, mask: UnsafePointer<UInt8>, rect: PixelRect,
                           pixels: UnsafeMutablePointer<UInt32>, rowPixels: Int) {
        let w = rect.width
        let opaque = color >> 24 == 255
        let colorLanes = SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD4<UInt32>(repeating: color),
                                                                          to: SIMD16<UInt8>.self))
        let alphaLanes = SIMD16<UInt16>(repeating: UInt16(color >> 24))
        // Under full coverage the source is the colour itself and the destination keeps
        // 255 − alpha (mul255 by 255 is exact).
        let fullInverse = SIMD16<UInt16>(repeating: 255 - UInt16(color >> 24))
        // The constants are vectors made once, not scalars: an unoptimised (debug) build
        // broadcasts a scalar operand lane by lane at every use, which made this loop an eighth
        // of `swift run cutout gallery`'s rendering time; an optimised build folds both alike.
        let half = SIMD16<UInt16>(repeating: 128), eight = SIMD16<UInt16>(repeating: 8)
        let full = SIMD16<UInt16>(repeating: 255), byteSpread = SIMD4<UInt32>(repeating: 0x0101_0101)
        @inline(__always) func mul255(_ a: SIMD16<UInt16>, _ b: SIMD16<UInt16>) -> SIMD16<UInt16> {
            let t = a &* b &+ half
            return (t &+ (t &>> eight)) &>> eight
        }
        for y in rect.minY..<rect.maxY {
            let m = mask + (y - rect.minY) * w
            let d = pixels + y * rowPixels + rect.minX
            var x = 0
            while x + 4 <= w {
                let m4 = UnsafeRawPointer(m + x).loadUnaligned(as: UInt32.self)
                if m4 == 0 { x += 4; continue }
                if m4 == .max {
                    if opaque {
                        d[x] = color; d[x + 1] = color; d[x + 2] = color; d[x + 3] = color
                    } else {
                        let raw = UnsafeMutableRawPointer(d + x)
                        let dst = SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(as: SIMD16<UInt8>.self))
                        raw.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: colorLanes &+ mul255(dst, fullInverse)), as: SIMD16<UInt8>.self)
                    }
                    x += 4
                    continue
                }
                // Each mask byte repeated over its pixel's four channels.
                let spread = SIMD4<UInt32>(m4 & 0xFF, m4 >> 8 & 0xFF, m4 >> 16 & 0xFF, m4 >> 24) &* byteSpread
                let cov = SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(spread, to: SIMD16<UInt8>.self))
                let src = mul255(colorLanes, cov)
                let inv = full &- mul255(alphaLanes, cov)
                let raw = UnsafeMutableRawPointer(d + x)
                let dst = SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(as: SIMD16<UInt8>.self))
                raw.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: src &+ mul255(dst, inv)), as: SIMD16<UInt8>.self)
                x += 4
            }
            while x < w {
                let v = UInt32(m[x])
                if v != 0 {
                    let s = v == 255 ? color : PackedPixel.mul255(color, by: v)
                    let sa = s >> 24
                    d[x] = sa == 255 ? s : s &+ PackedPixel.mul255(d[x], by: 255 &- sa)
                }
                x += 1
            }
        }
    }
}

extension ClipState {
    /// Hands the runs of equal non-zero values of `mask` (over device `rect`, inside
    /// ``bounds``) to `blitter` as coverage, through this clip's mask when there is one.
    func feed<B: SpanBlitter>(mask: UnsafePointer<UInt8>, rect: PixelRect, into blitter: B) {
        if let clipMask = self.mask {
            clipMask.coverage.withUnsafeBufferPointer { m in
                var masked = ClipMaskBlitter(inner: blitter, mask: m.baseAddress!, originX: clipMask.bounds.minX,
                                             originY: clipMask.bounds.minY, rowBytes: clipMask.bounds.width)
                ClipState.runs(of: mask, rect: rect, into: &masked)
            }
        } else {
            var b = blitter
            ClipState.runs(of: mask, rect: rect, into: &b)
        }
    }

    @inline(__always)
    private static func runs<B: SpanBlitter>(of mask: UnsafePointer<UInt8>, rect: PixelRect, into blitter: inout B) {
        let w = rect.width
        for y in rect.minY..<rect.maxY {
            let row = mask + (y - rect.minY) * w
            var i = 0
            while i < w {
                let v = row[i]
                var j = i + 1
                while j < w && row[j] == v { j += 1 }
                if v != 0 { blitter.blitRun(x: rect.minX + i, y: y, count: j - i, coverage: v) }
                i = j
            }
        }
    }
}

extension AlphaMask {
    /// The smallest rectangle holding every non-zero value, or nil when all are zero.
    var nonZeroBounds: PixelRect? {
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        data.withUnsafeBufferPointer { d in
            for y in 0..<height {
                let row = d.baseAddress! + y * width
                var first = 0
                while first < width && row[first] == 0 { first += 1 }
                if first == width { continue }
                var last = width - 1
                while row[last] == 0 { last -= 1 }
                minX = min(minX, first); maxX = max(maxX, last)
                if minY == .max { minY = y }
                maxY = y
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1)
    }
}
