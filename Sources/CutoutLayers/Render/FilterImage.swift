import Foundation
import CutoutRaster

/// One image of a running ``Filter``: premultiplied 8-bit pixels the size of the filter
/// region in device pixels, and the colour space its values are in.
///
/// The pixel arithmetic follows resvg's, so that its renders are a close oracle: colour-space
/// conversion unpremultiplies, maps each channel through an 8-bit table and premultiplies
/// again; colour matrices work on unpremultiplied values and truncate; offsets move by whole
/// pixels.
struct FilterImage {
    var pixels: Pixmap
    var space: FilterColorSpace
    /// The pixels of the primitive subregion that made it (for `feTile`); nil for the whole image.
    var subregion: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil

    /// `r` in `0...1`: SVG's sRGB transfer function, either way, on 8-bit values rounded to nearest.
    static let toLinear: [UInt8] = (0..<256).map { i in
        let c = Double(i) / 255
        let l = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        return UInt8((l * 255).rounded())
    }
    static let toSRGB: [UInt8] = (0..<256).map { i in
        let l = Double(i) / 255
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8((c * 255).rounded())
    }

    /// The image in `space` (a converted copy, or itself).
    func converted(to space: FilterColorSpace) -> FilterImage {
        guard space != self.space else { return self }
        let table = space == .linearRGB ? FilterImage.toLinear : FilterImage.toSRGB
        var out = pixels
        out.data.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let a = px[i + 3]
                if a != 0 {
                    let f = Float(a) / 255
                    for k in 0..<3 {
                        let straight = min(Float(px[i + k]) / f + 0.5, 255)
                        px[i + k] = UInt8(Float(table[Int(straight)]) * f + 0.5)
                    }
                }
                i += 4
            }
        }
        return FilterImage(pixels: out, space: space)
    }

    /// A transparent image of the same size.
    func cleared() -> Pixmap {
        var p = pixels
        p.fill(.transparent)
        return p
    }

    // MARK: Primitives

    /// The colour, premultiplied, everywhere.
    static func flood(_ color: Color, like template: Pixmap) -> FilterImage {
        var p = template
        p.fill(color.premultiplied)
        return FilterImage(pixels: p, space: .sRGB)
    }

    /// Black with the same alpha.
    func alphaOnly() -> FilterImage {
        var p = pixels
        p.data.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                px[i] = 0; px[i + 1] = 0; px[i + 2] = 0
                i += 4
            }
        }
        return FilterImage(pixels: p, space: space)
    }

    /// Moved by whole pixels; what moves past the edges is lost.
    func offset(dx: Int, dy: Int) -> FilterImage {
        guard dx != 0 || dy != 0 else { return self }
        let w = pixels.width, h = pixels.height
        var out = cleared()
        guard abs(dx) < w, abs(dy) < h else { return FilterImage(pixels: out, space: space) }
        let x0 = max(0, dx), x1 = min(w, w + dx)
        pixels.data.withUnsafeBufferPointer { src in
            out.data.withUnsafeMutableBufferPointer { dst in
                for y in max(0, dy)..<min(h, h + dy) {
                    let sy = y - dy
                    let count = (x1 - x0) * 4
                    let from = (sy * w + x0 - dx) * 4, to = (y * w + x0) * 4
                    for k in 0..<count { dst[to + k] = src[from + k] }
                }
            }
        }
        return FilterImage(pixels: out, space: space)
    }

    /// `matrix` applied to the unpremultiplied colour.
    func colorMatrix(_ matrix: FilterColorMatrix) -> FilterImage {
        let m: [Float]
        switch matrix {
        case .matrix(let values):
            guard values.count == 20, values.allSatisfy(\.isFinite) else { return self }
            m = values.map { Float(min(max($0, -1e6), 1e6)) }
        case .saturate(let s):
            // Beyond 10⁶ every colour is already pushed to a corner of the cube.
            let v = Float(s.isFinite ? min(max(s, 0), 1e6) : 1)
            m = [0.213 + 0.787 * v, 0.715 - 0.715 * v, 0.072 - 0.072 * v, 0, 0,
                 0.213 - 0.213 * v, 0.715 + 0.285 * v, 0.072 - 0.072 * v, 0, 0,
                 0.213 - 0.213 * v, 0.715 - 0.715 * v, 0.072 + 0.928 * v, 0, 0,
                 0, 0, 0, 1, 0]
        case .hueRotate(let degrees):
            let r = Float((degrees.isFinite ? degrees : 0) * .pi / 180)
            let c = cos(r), s = sin(r)
            m = [0.213 + 0.787 * c - 0.213 * s, 0.715 - 0.715 * c - 0.715 * s, 0.072 - 0.072 * c + 0.928 * s, 0, 0,
                 0.213 - 0.213 * c + 0.143 * s, 0.715 + 0.285 * c + 0.140 * s, 0.072 - 0.072 * c - 0.283 * s, 0, 0,
                 0.213 - 0.213 * c - 0.787 * s, 0.715 - 0.715 * c + 0.715 * s, 0.072 + 0.928 * c + 0.072 * s, 0, 0,
                 0, 0, 0, 1, 0]
        case .luminanceToAlpha:
            m = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0]
        }
        // Saturation and hue rotation leave the alpha exactly as it was (no round trip through floats).
        let keepsAlpha = Array(m[15...]) == [0, 0, 0, 1, 0]
        var out = pixels
        out.data.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let a = Float(px[i + 3]) / 255
                var c: (Float, Float, Float) = (0, 0, 0)
                if a > 0 {
                    func straight(_ v: UInt8) -> Float { Float(UInt8(min(Float(v) / a + 0.5, 255))) / 255 }
                    c = (straight(px[i]), straight(px[i + 1]), straight(px[i + 2]))
                }
                func row(_ k: Int) -> Float {
                    let v = c.0 * m[k] + c.1 * m[k + 1] + c.2 * m[k + 2] + a * m[k + 3] + m[k + 4]
                    return v.isNaN ? 0 : Float(UInt8(min(max(v, 0), 1) * 255)) / 255
                }
                let na = keepsAlpha ? a : row(15)
                px[i] = UInt8(row(0) * na * 255 + 0.5)
                px[i + 1] = UInt8(row(5) * na * 255 + 0.5)
                px[i + 2] = UInt8(row(10) * na * 255 + 0.5)
                px[i + 3] = UInt8(na * 255 + 0.5)
                i += 4
            }
        }
        return FilterImage(pixels: out, space: space)
    }

    /// `source` composited with `mode` onto `destination` (same size), pixel by pixel.
    static func composite(_ source: Pixmap, onto destination: Pixmap, mode: BlendMode) -> Pixmap {
        var out = destination
        source.data.withUnsafeBufferPointer { s in
            out.data.withUnsafeMutableBufferPointer { d in
                var i = 0
                let n = min(s.count, d.count)
                while i < n {
                    let src = PremultipliedRGBA8(r: s[i], g: s[i + 1], b: s[i + 2], a: s[i + 3])
                    if src.a != 0 || !mode.transparentSourceIsIdentity {
                        let dst = PremultipliedRGBA8(r: d[i], g: d[i + 1], b: d[i + 2], a: d[i + 3])
                        let r = mode.blend(src, onto: dst)
                        d[i] = r.r; d[i + 1] = r.g; d[i + 2] = r.b; d[i + 3] = r.a
                    }
                    i += 4
                }
            }
        }
        return out
    }

    /// `k1·i1·i2 + k2·i1 + k3·i2 + k4` per premultiplied channel, alpha clamped to `0...1`
    /// and colour to the alpha; truncated, as resvg.
    static func arithmetic(_ i1: Pixmap, _ i2: Pixmap, k: (Float, Float, Float, Float)) -> Pixmap {
        var out = i1
        i1.data.withUnsafeBufferPointer { p1 in
            i2.data.withUnsafeBufferPointer { p2 in
                out.data.withUnsafeMutableBufferPointer { d in
                    var i = 0
                    let n = min(p1.count, p2.count)
                    while i < n {
                        func calc(_ j: Int, _ limit: Float) -> Float {
                            let a = Float(p1[j]) / 255, b = Float(p2[j]) / 255
                            let v = k.0 * a * b + k.1 * a + k.2 * b + k.3
                            return v.isFinite ? min(max(v, 0), limit) : 0
                        }
                        let a = calc(i + 3, 1)
                        if a <= 1e-6 {
                            d[i] = 0; d[i + 1] = 0; d[i + 2] = 0; d[i + 3] = 0
                        } else {
                            d[i] = UInt8(calc(i, a) * 255)
                            d[i + 1] = UInt8(calc(i + 1, a) * 255)
                            d[i + 2] = UInt8(calc(i + 2, a) * 255)
                            d[i + 3] = UInt8(a * 255)
                        }
                        i += 4
                    }
                }
            }
        }
        return out
    }

    /// Clears everything outside the pixel rectangle `keep` (coordinates of this image).
    mutating func clear(outside keep: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        let w = pixels.width, h = pixels.height
        let x0 = min(max(keep.x0, 0), w), x1 = min(max(keep.x1, x0), w)
        let y0 = min(max(keep.y0, 0), h), y1 = min(max(keep.y1, y0), h)
        guard x0 > 0 || y0 > 0 || x1 < w || y1 < h else { return }
        pixels.data.withUnsafeMutableBufferPointer { px in
            for y in 0..<h {
                for x in 0..<w where y < y0 || y >= y1 || x < x0 || x >= x1 {
                    let i = (y * w + x) * 4
                    px[i] = 0; px[i + 1] = 0; px[i + 2] = 0; px[i + 3] = 0
                }
            }
        }
    }
}
