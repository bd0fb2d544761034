import Foundation

/// Per-pixel compositing arithmetic shared by blending, shaders and blur.
enum BlendMath {
    /// `x / 255` rounded to nearest, exact for `x` in `0...255·255·2`.
    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// `a · b / 255` rounded to nearest.
    @inline(__always)
    static func mul255(_ a: UInt8, _ b: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: div255(UInt32(a) &* UInt32(b)))
    }

    @inline(__always)
    static func byte(_ v: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: min(v, 255)) }

    /// Every channel of `p` scaled by `f / 255`.
    @inline(__always)
    static func scale(_ p: PremultipliedRGBA8, _ f: UInt8) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(r: mul255(p.r, f), g: mul255(p.g, f), b: mul255(p.b, f), a: mul255(p.a, f))
    }

    /// `(s·fa + d·fb) / 255` per channel, rounded, clamped to a byte.
    @inline(__always)
    static func combine(_ s: PremultipliedRGBA8, _ fa: UInt32, _ d: PremultipliedRGBA8, _ fb: UInt32) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(
            r: byte(div255(UInt32(s.r) &* fa &+ UInt32(d.r) &* fb)),
            g: byte(div255(UInt32(s.g) &* fa &+ UInt32(d.g) &* fb)),
            b: byte(div255(UInt32(s.b) &* fa &+ UInt32(d.b) &* fb)),
            a: byte(div255(UInt32(s.a) &* fa &+ UInt32(d.a) &* fb)))
    }

    /// Source-over: `s + d·(1 − sa)`.
    @inline(__always)
    static func sourceOver(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        combine(s, 255, d, 255 &- UInt32(s.a))
    }

    /// `d + c·(r − d)`: the bounded-compositing interpolation by coverage `c / 255`.
    @inline(__always)
    static func lerp(_ d: PremultipliedRGBA8, _ r: PremultipliedRGBA8, _ c: UInt8) -> PremultipliedRGBA8 {
        combine(r, UInt32(c), d, 255 &- UInt32(c))
    }

    static func porterDuff(_ mode: BlendMode, _ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        let sa = UInt32(s.a), da = UInt32(d.a)
        switch mode {
        case .normal: return combine(s, 255, d, 255 - sa)
        case .clear: return .transparent
        case .copy: return s
        case .sourceIn: return combine(s, da, d, 0)
        case .sourceOut: return combine(s, 255 - da, d, 0)
        case .sourceAtop: return combine(s, da, d, 255 - sa)
        case .destinationOver: return combine(s, 255 - da, d, 255)
        case .destinationIn: return combine(s, 0, d, sa)
        case .destinationOut: return combine(s, 0, d, 255 - sa)
        case .destinationAtop: return combine(s, 255 - da, d, sa)
        case .xor: return combine(s, 255 - da, d, 255 - sa)
        case .plusLighter:
            return PremultipliedRGBA8(
                r: byte(UInt32(s.r) + UInt32(d.r)), g: byte(UInt32(s.g) + UInt32(d.g)),
                b: byte(UInt32(s.b) + UInt32(d.b)), a: byte(sa + da))
        case .plusDarker:
            // co = max(0, cs + cb − αs·αb), in units of 1/255² before rounding.
            let overlap = sa * da
            func channel(_ cs: UInt8, _ cb: UInt8) -> UInt8 {
                let sum = (UInt32(cs) + UInt32(cb)) * 255
                return sum > overlap ? byte(div255(sum - overlap)) : 0
            }
            let a = byte(div255((sa + da) * 255 - overlap))
            return PremultipliedRGBA8(
                r: min(channel(s.r, d.r), a), g: min(channel(s.g, d.g), a),
                b: min(channel(s.b, d.b), a), a: a)
        default:
            return blendModeFloat(mode, s, d)
        }
    }

    // MARK: Blend modes B(Cb, Cs)

    typealias RGB = (r: Float, g: Float, b: Float)

    static func blendModeFloat(_ mode: BlendMode, _ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        let k: Float = 1 / 255
        let sa = Float(s.a) * k, da = Float(d.a) * k
        let sc: RGB = (Float(s.r) * k, Float(s.g) * k, Float(s.b) * k)
        let dc: RGB = (Float(d.r) * k, Float(d.g) * k, Float(d.b) * k)
        let cs = unpremultiply(sc, sa), cb = unpremultiply(dc, da)
        let mixed: RGB
        switch mode {
        case .hue: mixed = setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: mixed = setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: mixed = setLum(cs, lum(cb))
        case .luminosity: mixed = setLum(cb, lum(cs))
        default:
            let f = separable(mode)
            mixed = (f(cb.r, cs.r), f(cb.g, cs.g), f(cb.b, cs.b))
        }
        let ao = sa + da - sa * da
        let both = sa * da
        func out(_ csP: Float, _ cbP: Float, _ m: Float) -> Float {
            csP * (1 - da) + cbP * (1 - sa) + both * m
        }
        let a8 = quantize(ao)
        return PremultipliedRGBA8(
            r: min(quantize(out(sc.r, dc.r, mixed.r)), a8),
            g: min(quantize(out(sc.g, dc.g, mixed.g)), a8),
            b: min(quantize(out(sc.b, dc.b, mixed.b)), a8),
            a: a8)
    }

    @inline(__always)
    static func quantize(_ v: Float) -> UInt8 {
        guard v > 0 else { return 0 }
        return UInt8(min(v * 255 + 0.5, 255))
    }

    static func unpremultiply(_ c: RGB, _ a: Float) -> RGB {
        guard a > 0 else { return (0, 0, 0) }
        return (min(c.r / a, 1), min(c.g / a, 1), min(c.b / a, 1))
    }

    /// The separable blend function `B(Cb, Cs)` of `mode` (W3C Compositing and Blending §9).
    static func separable(_ mode: BlendMode) -> (Float, Float) -> Float {
        switch mode {
        case .multiply: return { cb, cs in cb * cs }
        case .screen: return screen
        case .overlay: return { cb, cs in hardLight(cs, cb) }
        case .darken: return { cb, cs in min(cb, cs) }
        case .lighten: return { cb, cs in max(cb, cs) }
        case .colorDodge:
            return { cb, cs in
                if cb == 0 { return 0 }
                if cs >= 1 { return 1 }
                return min(1, cb / (1 - cs))
            }
        case .colorBurn:
            return { cb, cs in
                if cb >= 1 { return 1 }
                if cs == 0 { return 0 }
                return 1 - min(1, (1 - cb) / cs)
            }
        case .hardLight: return hardLight
        case .softLight:
            return { cb, cs in
                if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
                let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                return cb + (2 * cs - 1) * (dcb - cb)
            }
        case .difference: return { cb, cs in abs(cb - cs) }
        case .exclusion: return { cb, cs in cb + cs - 2 * cb * cs }
        default: return { _, cs in cs }
        }
    }

    static func screen(_ cb: Float, _ cs: Float) -> Float { cb + cs - cb * cs }

    static func hardLight(_ cb: Float, _ cs: Float) -> Float {
        cs <= 0.5 ? cb * 2 * cs : screen(cb, 2 * cs - 1)
    }

    static func lum(_ c: RGB) -> Float { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    static func sat(_ c: RGB) -> Float { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }

    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c)
        let n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
        var o = c
        if n < 0, l - n > 0 {
            let f = l / (l - n)
            o = (l + (o.r - l) * f, l + (o.g - l) * f, l + (o.b - l) * f)
        }
        if x > 1, x - l > 0 {
            let f = (1 - l) / (x - l)
            o = (l + (o.r - l) * f, l + (o.g - l) * f, l + (o.b - l) * f)
        }
        return o
    }

    static func setLum(_ c: RGB, _ l: Float) -> RGB {
        let d = l - lum(c)
        return clipColor((c.r + d, c.g + d, c.b + d))
    }

    static func setSat(_ c: RGB, _ s: Float) -> RGB {
        let n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
        guard x > n else { return (0, 0, 0) }
        let f = s / (x - n)
        return ((c.r - n) * f, (c.g - n) * f, (c.b - n) * f)
    }
}
