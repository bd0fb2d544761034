import CutoutGeometry
import Foundation

struct PatternShading: Sendable {
    let image: Pixmap
    let inverse: Transform
    let tileX: TileMode, tileY: TileMode
    let interpolation: ImageInterpolation
    let opacity: UInt8

    static func make(_ p: ImagePattern, transform: Transform, opacity: CGFloat) -> Shader.Kind {
        guard let inv = deviceToPaintSpace(p.transform, transform) else { return .solid(.transparent) }
        let o = UInt8((opacity * 255).rounded())
        guard o > 0 else { return .solid(.transparent) }
        return .pattern(PatternShading(image: p.image, inverse: inv, tileX: p.tileModeX, tileY: p.tileModeY,
                                       interpolation: p.interpolation, opacity: o))
    }

    /// Coordinates far outside any image are pinned here so converting them to `Int` is safe;
    /// the pin keeps every tile mode's answer (a multiple of any image side is not needed
    /// because repeat is taken modulo the side afterwards).
    static let coordinateLimit = Double(1 << 40)

    /// The column (or row) index for `i` under `mode`, or -1 for transparent.
    @inline(__always)
    static func tile(_ i: Int, _ n: Int, _ mode: TileMode) -> Int {
        if i >= 0 && i < n { return i }
        switch mode {
        case .repeat:
            let m = i % n
            return m < 0 ? m + n : m
        case .clamp:
            return i < 0 ? 0 : n - 1
        case .decal:
            return -1
        }
    }

    func shade(x: Int, y: Int, count: Int, into: UnsafeMutablePointer<PremultipliedRGBA8>) {
        let a = Double(inverse.a), b = Double(inverse.b), c = Double(inverse.c), d = Double(inverse.d)
        let fy = Double(y) + 0.5
        let rowU = c * fy + Double(inverse.tx), rowV = d * fy + Double(inverse.ty)
        let w = image.width, h = image.height
        let limit = PatternShading.coordinateLimit
        image.data.withUnsafeBytes { raw in
            let px = raw.bindMemory(to: PremultipliedRGBA8.self)
            @inline(__always) func at(_ i: Int, _ j: Int) -> PremultipliedRGBA8 {
                let ti = PatternShading.tile(i, w, tileX), tj = PatternShading.tile(j, h, tileY)
                return ti < 0 || tj < 0 ? .transparent : px[tj * w + ti]
            }
            let x0 = Double(x) + 0.5
            for k in 0..<count {
                let fx = x0 + Double(k)
                var u = a * fx + rowU, v = b * fx + rowV
                guard !u.isNaN, !v.isNaN else { into[k] = .transparent; continue }
                u = min(max(u, -limit), limit)
                v = min(max(v, -limit), limit)
                var out: PremultipliedRGBA8
                switch interpolation {
                case .nearest:
                    out = at(Int(u.rounded(.down)), Int(v.rounded(.down)))
                case .bilinear:
                    let su = u - 0.5, sv = v - 0.5
                    let fu = su.rounded(.down), fv = sv.rounded(.down)
                    let i = Int(fu), j = Int(fv)
                    let wx = Float(su - fu), wy = Float(sv - fv)
                    let p00 = at(i, j), p10 = at(i + 1, j), p01 = at(i, j + 1), p11 = at(i + 1, j + 1)
                    let w00 = (1 - wx) * (1 - wy), w10 = wx * (1 - wy), w01 = (1 - wx) * wy, w11 = wx * wy
                    @inline(__always) func mix(_ c00: UInt8, _ c10: UInt8, _ c01: UInt8, _ c11: UInt8) -> UInt8 {
                        let v = Float(c00) * w00 + Float(c10) * w10 + Float(c01) * w01 + Float(c11) * w11
                        return UInt8(min(max(v + 0.5, 0), 255))
                    }
                    let al = mix(p00.a, p10.a, p01.a, p11.a)
                    out = PremultipliedRGBA8(r: min(mix(p00.r, p10.r, p01.r, p11.r), al),
                                             g: min(mix(p00.g, p10.g, p01.g, p11.g), al),
                                             b: min(mix(p00.b, p10.b, p01.b, p11.b), al), a: al)
                }
                into[k] = opacity == 255 ? out : BlendMath.scale(out, opacity)
            }
        }
    }
}
