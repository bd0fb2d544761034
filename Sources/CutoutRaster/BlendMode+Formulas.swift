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
        let sa = UInt32(s.a)
        switch mode {
        case .normal: return combine(s, 255, d, 255 - sa)
        case .clear: return .transparent
        case .copy: return s
        case .destinationOut: return combine(s, 0, d, 255 - sa)
        case .sourceIn: return SourceIn.blend(s, d)
        case .sourceOut: return SourceOut.blend(s, d)
        case .sourceAtop: return SourceAtop.blend(s, d)
        case .destinationOver: return DestinationOver.blend(s, d)
        case .destinationIn: return DestinationIn.blend(s, d)
        case .destinationAtop: return DestinationAtop.blend(s, d)
        case .xor: return Xor.blend(s, d)
        case .plusLighter: return PlusLighter.blend(s, d)
        case .plusDarker: return PlusDarker.blend(s, d)
        default:
            return blendModeFloat(mode, s, d)
        }
    }

    enum SourceIn: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            combine(s, UInt32(d.a), d, 0)
        }
    }

    enum SourceOut: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            combine(s, 255 - UInt32(d.a), d, 0)
        }
    }

    enum SourceAtop: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            combine(s, UInt32(d.a), d, 255 - UInt32(s.a))
        }
    }

    enum DestinationOver: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            combine(s, 255 - UInt32(d.a), d, 255)
        }
    }

    enum DestinationIn: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            combine(s, 0, d, UInt32(s.a))
        }
    }

    enum DestinationAtop: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            combine(s, 255 - UInt32(d.a), d, UInt32(s.a))
        }
    }

    enum Xor: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            combine(s, 255 - UInt32(d.a), d, 255 - UInt32(s.a))
        }
    }

    enum PlusLighter: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            PremultipliedRGBA8(
                r: byte(UInt32(s.r) + UInt32(d.r)), g: byte(UInt32(s.g) + UInt32(d.g)),
                b: byte(UInt32(s.b) + UInt32(d.b)), a: byte(UInt32(s.a) + UInt32(d.a)))
        }
    }

    enum PlusDarker: PixelBlendFormula {
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            // co = max(0, cs + cb − αs·αb), in units of 1/255² before rounding.
            let sa = UInt32(s.a), da = UInt32(d.a)
            let overlap = sa * da
            @inline(__always) func channel(_ cs: UInt8, _ cb: UInt8) -> UInt8 {
                let sum = (UInt32(cs) + UInt32(cb)) * 255
                return sum > overlap ? byte(div255(sum - overlap)) : 0
            }
            let a = byte(div255((sa + da) * 255 - overlap))
            return PremultipliedRGBA8(
                r: min(channel(s.r, d.r), a), g: min(channel(s.g, d.g), a),
                b: min(channel(s.b, d.b), a), a: a)
        }
    }

    // MARK: Blend modes B(Cb, Cs)

    typealias RGB = (r: Float, g: Float, b: Float)

    /// ``blendModeFloat(_:_:_:)-(BlendMode,_,_)`` for the blend mode `mode` (a Porter-Duff
    /// operator mixes like ``normal``: the source colour).
    static func blendModeFloat(_ mode: BlendMode, _ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
        switch mode {
        case .multiply: return Mixed<Multiply>.blend(s, d)
        case .screen: return Mixed<Screen>.blend(s, d)
        case .overlay: return Mixed<Overlay>.blend(s, d)
        case .darken: return Mixed<Darken>.blend(s, d)
        case .lighten: return Mixed<Lighten>.blend(s, d)
        case .colorDodge: return Mixed<ColorDodge>.blend(s, d)
        case .colorBurn: return Mixed<ColorBurn>.blend(s, d)
        case .hardLight: return Mixed<HardLight>.blend(s, d)
        case .softLight: return Mixed<SoftLight>.blend(s, d)
        case .difference: return Mixed<Difference>.blend(s, d)
        case .exclusion: return Mixed<Exclusion>.blend(s, d)
        case .hue: return Mixed<Hue>.blend(s, d)
        case .saturation: return Mixed<Saturation>.blend(s, d)
        case .color: return Mixed<ColorMode>.blend(s, d)
        case .luminosity: return Mixed<Luminosity>.blend(s, d)
        case .normal, .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
             .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter:
            return Mixed<SourceColor>.blend(s, d)
        }
    }

    /// A blend mode `B(Cb, Cs)` composited as the W3C formula says: the mix weighted by both
    /// alphas, plus the source outside the destination and the destination outside the source.
    enum Mixed<M: ColorMixer>: PixelBlendFormula {
        /// Channels in SIMD lanes (r, g, b, a): every lane does the scalar formula's operations
        /// in the same order, so the result is the same to the bit; only the mix itself is
        /// per channel.
        @inline(__always)
        static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8 {
            let k: Float = 1 / 255
            let sv = SIMD4<Float>(Float(s.r), Float(s.g), Float(s.b), Float(s.a)) * k
            let dv = SIMD4<Float>(Float(d.r), Float(d.g), Float(d.b), Float(d.a)) * k
            let sa = sv.w, da = dv.w
            let cs = unpremultiplied(sv, sa), cb = unpremultiplied(dv, da)
            let m = M.mix((cs.x, cs.y, cs.z), (cb.x, cb.y, cb.z))
            var v = sv * (1 - da) + dv * (1 - sa) + (sa * da) * SIMD4(m.r, m.g, m.b, 0)
            v.w = sa + da - sa * da
            // To bytes: 0 unless positive, else v·255 + 0.5 capped at 255, truncated.
            var q = (v * 255 + 0.5).replacing(with: 0, where: .!(v .> 0))
            q.replace(with: 255, where: q .> 255)
            let a8 = UInt8(q.w)
            return PremultipliedRGBA8(r: min(UInt8(q.x), a8), g: min(UInt8(q.y), a8), b: min(UInt8(q.z), a8), a: a8)
        }

        /// Colour over alpha, capped at 1 (0 where the alpha is 0); the alpha lane is not used.
        @inline(__always)
        private static func unpremultiplied(_ c: SIMD4<Float>, _ a: Float) -> SIMD4<Float> {
            guard a > 0 else { return .zero }
            let u = c / SIMD4(repeating: a)
            return u.replacing(with: 1, where: u .> 1)
        }
    }

    // The separable blend functions `B(Cb, Cs)` (W3C Compositing and Blending §9).

    enum SourceColor: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { cs }
    }

    enum Multiply: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { cb * cs }
    }

    enum Screen: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { screen(cb, cs) }
    }

    enum Overlay: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { hardLight(cs, cb) }
    }

    enum Darken: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { min(cb, cs) }
    }

    enum Lighten: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { max(cb, cs) }
    }

    enum ColorDodge: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float {
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        }
    }

    enum ColorBurn: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float {
            if cb >= 1 { return 1 }
            if cs == 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        }
    }

    enum HardLight: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { hardLight(cb, cs) }
    }

    enum SoftLight: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float {
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (dcb - cb)
        }
    }

    enum Difference: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { abs(cb - cs) }
    }

    enum Exclusion: SeparableMixer {
        static func apply(_ cb: Float, _ cs: Float) -> Float { cb + cs - 2 * cb * cs }
    }

    // The non-separable blend modes (W3C Compositing and Blending §10).

    enum Hue: ColorMixer {
        static func mix(_ cs: RGB, _ cb: RGB) -> RGB { setLum(setSat(cs, sat(cb)), lum(cb)) }
    }

    enum Saturation: ColorMixer {
        static func mix(_ cs: RGB, _ cb: RGB) -> RGB { setLum(setSat(cb, sat(cs)), lum(cb)) }
    }

    enum ColorMode: ColorMixer {
        static func mix(_ cs: RGB, _ cb: RGB) -> RGB { setLum(cs, lum(cb)) }
    }

    enum Luminosity: ColorMixer {
        static func mix(_ cs: RGB, _ cb: RGB) -> RGB { setLum(cb, lum(cs)) }
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

/// One compositing formula on premultiplied pixels. Each mode is its own type, so that a span
/// loop generic over it is specialised per mode (no per-pixel dispatch or closure).
protocol PixelBlendFormula {
    static func blend(_ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8) -> PremultipliedRGBA8
}

/// The colour mix `B(Cb, Cs)` of a blend mode, on unpremultiplied colours (source first).
protocol ColorMixer {
    static func mix(_ cs: BlendMath.RGB, _ cb: BlendMath.RGB) -> BlendMath.RGB
}

/// A blend mode applied channel by channel.
protocol SeparableMixer: ColorMixer {
    static func apply(_ cb: Float, _ cs: Float) -> Float
}

extension SeparableMixer {
    @inline(__always)
    static func mix(_ cs: BlendMath.RGB, _ cb: BlendMath.RGB) -> BlendMath.RGB {
        (apply(cb.r, cs.r), apply(cb.g, cs.g), apply(cb.b, cs.b))
    }
}
