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

    @inline(__always)
    private func texel(_ px: UnsafePointer<UInt8>, _ x: Int, _ y: Int) -> UInt32 {
        UnsafeRawPointer(px + 4 * (y * width + x)).loadUnaligned(as: UInt32.self).littleEndian
    }

    /// The packed premultiplied colour at image coordinates `(u, v)` (pixel centres at +0.5).
    @inline(__always)
    func sample(_ px: UnsafePointer<UInt8>, _ u: Double, _ v: Double) -> UInt32 {
        let maxX = Double(width - 1), maxY = Double(height - 1)
        switch interpolation {
        case .nearest:
            let x = Int(min(max(u.rounded(.down), 0), maxX)), y = Int(min(max(v.rounded(.down), 0), maxY))
            return texel(px, x, y)
        case .bilinear:
            let uu = min(max(u - 0.5, 0), maxX), vv = min(max(v - 0.5, 0), maxY)
            let x0 = Int(uu), y0 = Int(vv)
            let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
            let fx = UInt32((uu - Double(x0)) * 256), fy = UInt32((vv - Double(y0)) * 256)
            let top = lerp(texel(px, x0, y0), texel(px, x1, y0), fx)
            let bottom = lerp(texel(px, x0, y1), texel(px, x1, y1), fx)
            return lerp(top, bottom, fy)
        }
    }

    /// `p + (q − p)·t/256` per channel.
    @inline(__always)
    private func lerp(_ p: UInt32, _ q: UInt32, _ t: UInt32) -> UInt32 {
        PackedPixel.scale(p, 256 - t) &+ PackedPixel.scale(q, t)
    }
}

/// Image pixels as a span source.
struct ImageShader: SpanShader {
    let sampler: ImageSampler
    let pixels: UnsafePointer<UInt8>

    func shade(x: Int, y: Int, count: Int, into: UnsafeMutablePointer<PremultipliedRGBA8>) {
        let out = UnsafeMutableRawPointer(into)
        let s = sampler
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        var u = s.a * fx + s.c * fy + s.tx
        var v = s.b * fx + s.d * fy + s.ty
        for k in 0..<count {
            out.storeBytes(of: s.sample(pixels, u, v), toByteOffset: 4 * k, as: UInt32.self)
            u += s.a; v += s.b
        }
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
