import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform

/// How an image is sampled when drawn scaled or transformed.
public enum Interpolation: Hashable, Sendable {
    /// The nearest pixel (blocky, exact for whole-pixel copies).
    case nearest
    /// Bilinear filtering between the four nearest pixels.
    case bilinear
}

/// Samples a premultiplied image at device pixel centres through an affine map; coordinates
/// outside the image take the nearest edge pixel.
struct ImageSampler {
    let width: Int
    let height: Int
    let a, b, c, d, tx, ty: Double
    let interpolation: Interpolation

    init(image: Pixmap, toImage t: Transform, interpolation: Interpolation) {
        width = image.width; height = image.height
        a = Double(t.a); b = Double(t.b); c = Double(t.c); d = Double(t.d)
        tx = Double(t.tx); ty = Double(t.ty)
        self.interpolation = interpolation
    }

    /// The packed premultiplied colour at image coordinates `(u, v)` (pixel centres at +0.5).
    func sample(_ px: UnsafePointer<UInt8>, _ u: Double, _ v: Double) -> UInt32 {
        var pixel = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)
        sampleRow(px, u: u, v: v, count: 1, into: &pixel)
        return PackedPixel.pack(pixel)
    }

    /// ``sample(_:_:_:)`` at `count` points from `(u, v)`, each the previous one plus the
    /// sampler's `(a, b)` (one device pixel to the right), into `out`.
    ///
    /// One loop with no call per pixel, concrete comparisons instead of the generic `min` and
    /// `max`, and bytes read one by one instead of through a generic load: in a debug build
    /// (a new user's first `swift run cutout gallery`) each of those costs more than the
    /// arithmetic.
    func sampleRow(_ px: UnsafePointer<UInt8>, u: Double, v: Double, count: Int, into out: UnsafeMutablePointer<PremultipliedRGBA8>) {
        let maxX = Double(width - 1), maxY = Double(height - 1)
        let nearest = interpolation == .nearest
        var u = u, v = v
        var uu = 0.0, vv = 0.0
        var x0 = 0, y0 = 0, x1 = 0, y1 = 0, k = 0
        var fx: UInt32 = 0, fy: UInt32 = 0, mixed: UInt32 = 0
        while k < count {
            // Along a row of an unrotated image, v and everything derived from it are constant.
            if k == 0 || b != 0 {
                vv = nearest ? v.rounded(.down) : v - 0.5
                if vv < 0 { vv = 0 }
                if vv > maxY { vv = maxY }
                y0 = Int(vv)
                y1 = y0 &+ 1 < height ? y0 &+ 1 : height &- 1
                fy = nearest ? 0 : UInt32((vv - Double(y0)) * 256)
                // Drawn pixel for pixel (no scaling, no rotation, device pixel centres on
                // image pixel centres): every sample is one texel of this row, a copy.
                if k == 0 && a == 1 && b == 0 && fy == 0 && u - 0.5 == (u - 0.5).rounded(.down) {
                    copyRow(px, row: y0, from: u - 0.5, count: count, into: out)
                    return
                }
            }
            uu = nearest ? u.rounded(.down) : u - 0.5
            if uu < 0 { uu = 0 }
            if uu > maxX { uu = maxX }
            x0 = Int(uu)
            x1 = x0 &+ 1 < width ? x0 &+ 1 : width &- 1
            fx = nearest ? 0 : UInt32((uu - Double(x0)) * 256)
            // A zero weight makes an interpolation return its first pixel: its other texels
            // are not read.
            mixed = texel(px, x0, y0)
            if fx != 0 { mixed = Self.lerp(mixed, texel(px, x1, y0), fx) }
            if fy != 0 {
                var bottom = texel(px, x0, y1)
                if fx != 0 { bottom = Self.lerp(bottom, texel(px, x1, y1), fx) }
                mixed = Self.lerp(mixed, bottom, fy)
            }
            out[k].r = UInt8(truncatingIfNeeded: mixed)
            out[k].g = UInt8(truncatingIfNeeded: mixed &>> 8)
            out[k].b = UInt8(truncatingIfNeeded: mixed &>> 16)
            out[k].a = UInt8(truncatingIfNeeded: mixed &>> 24)
            u += a
            v += b
            k &+= 1
        }
    }

    /// The packed pixel at column `x`, row `y`, read byte by byte (a generic unaligned load is
    /// a call in a debug build).
    @inline(__always)
    private func texel(_ px: UnsafePointer<UInt8>, _ x: Int, _ y: Int) -> UInt32 {
        let i = 4 &* (y &* width &+ x)
        return UInt32(px[i]) | UInt32(px[i &+ 1]) &<< 8 | UInt32(px[i &+ 2]) &<< 16 | UInt32(px[i &+ 3]) &<< 24
    }

    /// `p + (q − p)·t/256` per channel, rounded, `t` in 0..<256. Equal channels stay unchanged,
    /// so an opaque image stays exactly opaque; premultiplied inputs give a premultiplied
    /// result (each colour channel moves by at most what its alpha moves).
    @inline(__always)
    private static func lerp(_ p: UInt32, _ q: UInt32, _ t: UInt32) -> UInt32 {
        if p == q { return p }
        var mixed: UInt32 = 0, shift: UInt32 = 0, channel: Int32 = 0
        while shift < 32 {
            channel = Int32((p &>> shift) & 0xFF)
            channel = channel &+ (((Int32((q &>> shift) & 0xFF) &- channel) &* Int32(t) &+ 128) &>> 8)
            mixed |= UInt32(channel) &<< shift
            shift &+= 8
        }
        return mixed
    }

    /// `count` texels of image row `y` from column `x` (a whole number), columns clamped to
    /// the image as in ``sampleRow(_:u:v:count:into:)``.
    private func copyRow(_ px: UnsafePointer<UInt8>, row y: Int, from x: Double, count: Int, into out: UnsafeMutablePointer<PremultipliedRGBA8>) {
        let n = Double(count)
        // Samples left of the image, then those inside it; the rest are right of it.
        let left = Int(min(max(-x, 0), n))
        let inside = Int(min(max(Double(width) - x, 0), n))
        let rowStart = px + 4 * y * width
        if inside > left {
            UnsafeMutableRawPointer(out + left).copyMemory(from: rowStart + 4 * Int(x + Double(left)), byteCount: 4 * (inside - left))
        }
        let first = PremultipliedRGBA8(r: rowStart[0], g: rowStart[1], b: rowStart[2], a: rowStart[3])
        let lastStart = rowStart + 4 * (width - 1)
        let last = PremultipliedRGBA8(r: lastStart[0], g: lastStart[1], b: lastStart[2], a: lastStart[3])
        var k = 0
        while k < left { out[k] = first; k += 1 }
        k = max(left, inside)
        while k < count { out[k] = last; k += 1 }
    }
}

/// Image pixels as a span source.
struct ImageShader: SpanShader {
    let sampler: ImageSampler
    let pixels: UnsafePointer<UInt8>

    func shade(x: Int, y: Int, count: Int, into: UnsafeMutablePointer<PremultipliedRGBA8>) {
        let s = sampler
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        s.sampleRow(pixels, u: s.a * fx + s.c * fy + s.tx, v: s.b * fx + s.d * fy + s.ty, count: count, into: into)
    }
}

extension DrawingContext {
    /// Draws `image` stretched over `rect` (user space) with the current blend mode, scaled by
    /// the global alpha and clipped. The rect's edges are anti-aliased like a filled path; the image
    /// is sampled at each device pixel centre with `interpolation`.
    public mutating func draw(_ image: Pixmap, in rect: CGRect, interpolation: Interpolation = .bilinear) {
        let r = rect.standardized
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite,
              r.width > 0, r.height > 0, !gstate.clip.bounds.isEmpty, gstate.alpha > 0,
              let inv = gstate.ctm.inverted() else { return }
        let toImage = inv.concatenating(Transform(translationX: -r.minX, y: -r.minY))
            .concatenating(Transform(scaleX: CGFloat(image.width) / r.width,
                                           y: CGFloat(image.height) / r.height))
        guard toImage.isFinite else { return }
        let sampler = ImageSampler(image: image, toImage: toImage, interpolation: interpolation)
        let scratch = uniqueScratch()
        let raster = scratch.rasterizer
        let width = gstate.clip.bounds.maxX
        let span = scratch.spanBuffer(width)
        let clip = gstate.clip, ctm = gstate.ctm, mode = gstate.blendMode, alpha = gstate.alpha
        image.data.withUnsafeBufferPointer { src in
            let shader = ImageShader(sampler: sampler, pixels: src.baseAddress!)
            raster.setPath(Path(rect: r), transform: ctm, cull: clip.bounds)
            if mode == .normal {
                let alpha256 = UInt32((alpha * 256).rounded())
                withTarget { px, _, rowPixels in
                    let blitter = ShaderSourceOverBlitter(pixels: px, rowPixels: rowPixels, shader: shader,
                                                          alpha256: alpha256, scratch: span)
                    clip.rasterize(raster, rule: .winding, through: blitter)
                }
            } else {
                let covRow = scratch.coverageBuffer(width)
                let faded = AlphaScaledShader(inner: shader, alpha: UInt8((alpha * 255).rounded()))
                withTargetPixels { px, rowPixels in
                    let blitter = PaintBlitter(pixels: px, rowPixels: rowPixels, shader: faded, solid: nil, mode: mode,
                                               opaque: false, span: span, coverageRow: covRow)
                    clip.rasterize(raster, rule: .winding, through: blitter)
                }
            }
        }
    }
}

/// Another shader's pixels scaled by a constant alpha.
struct AlphaScaledShader<Inner: SpanShader>: SpanShader {
    let inner: Inner
    let alpha: UInt8

    func shade(x: Int, y: Int, count: Int, into: UnsafeMutablePointer<PremultipliedRGBA8>) {
        inner.shade(x: x, y: y, count: count, into: into)
        guard alpha != 255 else { return }
        let raw = UnsafeMutableRawPointer(into)
        let s = PackedPixel.scale256(UInt32(alpha))
        for k in 0..<count {
            let v = raw.load(fromByteOffset: 4 * k, as: UInt32.self)
            raw.storeBytes(of: PackedPixel.scale(v, s), toByteOffset: 4 * k, as: UInt32.self)
        }
    }
}
