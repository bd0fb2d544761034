import Foundation
import CutoutRaster

extension FilterImage {
    /// The image convolved with `m` (`feConvolveMatrix`); transparent black when the kernel is
    /// not valid (``FilterConvolveMatrix/isValid``).
    func convolved(_ m: FilterConvolveMatrix) -> FilterImage {
        guard m.isValid else { return FilterImage(pixels: cleared(), space: space) }
        let w = pixels.width, h = pixels.height
        let ox = m.orderX, oy = m.orderY
        let sum = m.kernelMatrix.reduce(0, +)
        // A sum that cancels out counts as 0 even when rounding leaves a trace of it.
        let divisor = Float(m.divisor ?? (abs(sum) > 1e-6 ? sum : 1))
        let bias = Float(m.bias)
        // The kernel rotated by 180° (SVG's formula reads it from the far corner), as offsets
        // from the output pixel.
        var taps: [(dx: Int, dy: Int, k: Float)] = []
        for i in 0..<oy {
            for j in 0..<ox {
                let k = Float(m.kernelMatrix[(oy - 1 - i) * ox + (ox - 1 - j)])
                if k != 0 { taps.append((j - m.targetX, i - m.targetY, k / divisor)) }
            }
        }
        // The channels convolved: premultiplied, or unpremultiplied colour with the alpha kept
        // (one temporary image, no wider than the input).
        var src = pixels.data
        if m.preserveAlpha {
            src.withUnsafeMutableBufferPointer { px in
                var i = 0
                while i < px.count {
                    let a = Float(px[i + 3])
                    if a > 0 {
                        for c in 0..<3 { px[i + c] = UInt8(min(Float(px[i + c]) * 255 / a + 0.5, 255)) }
                    }
                    i += 4
                }
            }
        }
        func sample(_ x: Int, _ y: Int) -> Int? {
            switch m.edgeMode {
            case .none: return x >= 0 && x < w && y >= 0 && y < h ? y * w + x : nil
            case .duplicate: return min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)
            case .wrap: return ((y % h) + h) % h * w + ((x % w) + w) % w
            }
        }
        var out = pixels
        src.withUnsafeBufferPointer { src in
        out.data.withUnsafeMutableBufferPointer { px in
            for y in 0..<h {
                for x in 0..<w {
                    var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                    for t in taps {
                        guard let s = sample(x + t.dx, y + t.dy) else { continue }
                        acc.0 += Float(src[s * 4]) * t.k
                        acc.1 += Float(src[s * 4 + 1]) * t.k
                        acc.2 += Float(src[s * 4 + 2]) * t.k
                        acc.3 += Float(src[s * 4 + 3]) * t.k
                    }
                    acc = (acc.0 / 255, acc.1 / 255, acc.2 / 255, acc.3 / 255)
                    let o = (y * w + x) * 4
                    func unit(_ v: Float) -> Float { v.isNaN ? 0 : min(max(v, 0), 1) }
                    // The bias counts in proportion to the alpha (the result's, before clamping,
                    // when the alpha is convolved too), as resvg draws it.
                    if m.preserveAlpha {
                        let a = Float(src[o + 3]) / 255
                        px[o] = UInt8(unit(acc.0 + bias * a) * a * 255 + 0.5)
                        px[o + 1] = UInt8(unit(acc.1 + bias * a) * a * 255 + 0.5)
                        px[o + 2] = UInt8(unit(acc.2 + bias * a) * a * 255 + 0.5)
                    } else {
                        let raw = acc.3 + bias, a = unit(raw)
                        px[o] = UInt8(min(unit(acc.0 + bias * raw), a) * 255 + 0.5)
                        px[o + 1] = UInt8(min(unit(acc.1 + bias * raw), a) * 255 + 0.5)
                        px[o + 2] = UInt8(min(unit(acc.2 + bias * raw), a) * 255 + 0.5)
                        px[o + 3] = UInt8(a * 255 + 0.5)
                    }
                }
            }
        }
        }
        return FilterImage(pixels: out, space: space)
    }
}
