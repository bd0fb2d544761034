import CutoutGeometry
import Foundation

/// Turns a ``Paint`` into premultiplied pixels, one horizontal span at a time.
///
/// A shader is built once per fill from the paint, the transform from user space to device
/// pixels (CTM × scale) and an opacity; ``shade(x:y:count:into:)`` then evaluates the paint at
/// the pixel centres `(x + i + 0.5, y + 0.5)`. Gradients sample a precomputed table of 1024
/// premultiplied colours with the opacity already applied, kept with 8 fractional bits and
/// dithered by device pixel position (see ``Gradient``), so a shader gives the same pixels for
/// the same span however the row is split.
///
/// Guarantees: never traps on any input. Non-finite or non-invertible transforms, NaN
/// geometry and degenerate gradients (documented on ``LinearGradient`` and ``RadialGradient``)
/// give a transparent or solid shader, never garbage.
public struct Shader: Sendable {
    enum Kind: Sendable {
        case solid(PremultipliedRGBA8)
        case linear(LinearShading)
        case radial(RadialShading)
        case pattern(PatternShading)
    }

    let kind: Kind

    /// - Parameters:
    ///   - paint: what to paint.
    ///   - transform: user space → device pixels.
    ///   - opacity: multiplies every pixel's alpha; clamped to `0...1`, NaN counts as 0.
    public init(paint: Paint, transform: Transform = .identity, opacity: CGFloat = 1) {
        let opacity = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        switch paint {
        case .color(let c):
            kind = .solid(c.withAlphaComponent(c.alpha * opacity).premultiplied)
        case .linearGradient(let g):
            kind = LinearShading.make(g, transform: transform, opacity: opacity)
        case .radialGradient(let g):
            kind = RadialShading.make(g, transform: transform, opacity: opacity)
        case .pattern(let p):
            kind = PatternShading.make(p, transform: transform, opacity: opacity)
        }
    }

    /// The single colour every pixel gets, when the paint is uniform (a solid colour or a
    /// degenerate gradient): the rasteriser can then use
    /// ``BlendMode/blendSpan(color:coverage:into:count:)`` and skip ``shade(x:y:count:into:)``.
    public var solidColor: PremultipliedRGBA8? {
        if case .solid(let c) = kind { return c }
        return nil
    }

    /// Writes `count` premultiplied pixels for row `y`, columns `x ..< x + count`, into `into`.
    /// Complexity: O(`count`).
    public func shade(x: Int, y: Int, count: Int, into: UnsafeMutablePointer<PremultipliedRGBA8>) {
        guard count > 0 else { return }
        switch kind {
        case .solid(let c): into.update(repeating: c, count: count)
        case .linear(let s): s.shade(x: x, y: y, count: count, into: into)
        case .radial(let s): s.shade(x: x, y: y, count: count, into: into)
        case .pattern(let s): s.shade(x: x, y: y, count: count, into: into)
        }
    }
}

/// Maps a gradient parameter to a colour-table index under a spread method.
@inline(__always)
func gradientTableIndex(_ t: Double, spread: SpreadMethod, size: Int) -> Int {
    var u: Double
    switch spread {
    case .pad:
        u = t
    case .repeat:
        u = t - t.rounded(.down)
    case .reflect:
        let m = t - 2 * (t / 2).rounded(.down)
        u = m > 1 ? 2 - m : m
    }
    u = min(max(u, 0), 1)
    guard !u.isNaN else { return 0 }
    return Int(u * Double(size - 1) + 0.5)
}

/// The full gradient → device transform inverted, or nil when it is unusable.
func deviceToPaintSpace(_ paintTransform: Transform, _ transform: Transform) -> Transform? {
    let full = paintTransform.concatenating(transform)
    guard full.isFinite, let inverse = full.inverted(), inverse.isFinite else { return nil }
    return inverse
}

struct LinearShading: Sendable {
    let table: [DitheredColor]
    let spread: SpreadMethod
    /// t = dtdx·px + dtdy·py + t0 for the device point (px, py).
    let dtdx: Double, dtdy: Double, t0: Double

    static func make(_ g: LinearGradient, transform: Transform, opacity: CGFloat) -> Shader.Kind {
        let stops = g.gradient.normalizedStops
        guard let last = stops.last else { return .solid(.transparent) }
        let single = last.color.withAlphaComponent(last.color.alpha * opacity).premultiplied
        guard g.start.x.isFinite, g.start.y.isFinite, g.end.x.isFinite, g.end.y.isFinite,
              let inv = deviceToPaintSpace(g.transform, transform) else { return .solid(.transparent) }
        let vx = Double(g.end.x - g.start.x), vy = Double(g.end.y - g.start.y)
        let len2 = vx * vx + vy * vy
        guard stops.count > 1, len2 > 0, len2.isFinite else { return .solid(single) }
        let a = Double(inv.a), b = Double(inv.b), c = Double(inv.c), d = Double(inv.d)
        let tx = Double(inv.tx), ty = Double(inv.ty)
        let sx = Double(g.start.x), sy = Double(g.start.y)
        return .linear(LinearShading(
            table: g.gradient.lookupTable(opacity: opacity),
            spread: g.gradient.spread,
            dtdx: (a * vx + b * vy) / len2,
            dtdy: (c * vx + d * vy) / len2,
            t0: ((tx - sx) * vx + (ty - sy) * vy) / len2))
    }

    func shade(x: Int, y: Int, count: Int, into: UnsafeMutablePointer<PremultipliedRGBA8>) {
        let base = t0 + dtdy * (Double(y) + 0.5)
        let n = table.count
        let dither = DitheredColor.ditherRow(y)
        if dtdx == 0 {
            // The colour only changes from row to row and the dither repeats every 8 columns:
            // shade one period, then copy it along the span in doubling blocks (each a
            // multiple of 8 long, so the pattern stays aligned with x).
            let color = table[gradientTableIndex(base, spread: spread, size: n)]
            let period = min(count, 8)
            for i in 0..<period { into[i] = color.pixel(threshold: (dither >> (UInt64((x &+ i) & 7) << 3)) & 0xFF) }
            var filled = period
            while filled < count {
                let m = min(filled, count - filled)
                (into + filled).update(from: into, count: m)
                filled += m
            }
            return
        }
        // Converted once: x + i itself could overflow at the ends of Int.
        let x0 = Double(x) + 0.5
        table.withUnsafeBufferPointer { lut in
            for i in 0..<count {
                let t = base + dtdx * (x0 + Double(i))
                let d = (dither >> (UInt64((x &+ i) & 7) << 3)) & 0xFF
                into[i] = lut[gradientTableIndex(t, spread: spread, size: n)].pixel(threshold: d)
            }
        }
    }
}

struct RadialShading: Sendable {
    let table: [DitheredColor]
    let spread: SpreadMethod
    let inverse: Transform
    let c0x: Double, c0y: Double, r0: Double
    let cdx: Double, cdy: Double, dr: Double
    /// The quadratic's leading coefficient |c1 − c0|² − (r1 − r0)², or 0 when it is linear.
    let qa: Double

    static func make(_ g: RadialGradient, transform: Transform, opacity: CGFloat) -> Shader.Kind {
        let stops = g.gradient.normalizedStops
        guard let last = stops.last else { return .solid(.transparent) }
        let values = [g.startCenter.x, g.startCenter.y, g.startRadius, g.endCenter.x, g.endCenter.y, g.endRadius]
        guard values.allSatisfy(\.isFinite),
              let inv = deviceToPaintSpace(g.transform, transform) else { return .solid(.transparent) }
        let r0 = Double(max(g.startRadius, 0)), r1 = Double(max(g.endRadius, 0))
        let cdx = Double(g.endCenter.x - g.startCenter.x), cdy = Double(g.endCenter.y - g.startCenter.y)
        let dr = r1 - r0
        guard cdx != 0 || cdy != 0 || dr != 0 else {
            // Equal circles (tiny-skia's reading of Skia's degenerate two-point conical): with
            // pad and a positive radius, a ring of zero width at the radius, so the first
            // colour inside and the last outside; otherwise nothing.
            guard g.gradient.spread == .pad, r1 > 0, let first = stops.first else { return .solid(.transparent) }
            let ring = Gradient(stops: [GradientStop(location: 0, color: first.color), GradientStop(location: 1, color: first.color),
                                        GradientStop(location: 1, color: last.color)])
            return .radial(RadialShading(
                table: ring.lookupTable(opacity: opacity), spread: .pad, inverse: inv,
                c0x: Double(g.startCenter.x), c0y: Double(g.startCenter.y), r0: 0, cdx: 0, cdy: 0, dr: r1, qa: -r1 * r1))
        }
        var qa = cdx * cdx + cdy * cdy - dr * dr
        if abs(qa) <= 1e-12 * max(cdx * cdx + cdy * cdy, dr * dr) { qa = 0 }
        let table = stops.count > 1
            ? g.gradient.lookupTable(opacity: opacity)
            : [DitheredColor(last.color.withAlphaComponent(last.color.alpha * opacity).premultiplied)]
        return .radial(RadialShading(
            table: table, spread: g.gradient.spread, inverse: inv,
            c0x: Double(g.startCenter.x), c0y: Double(g.startCenter.y), r0: r0,
            cdx: cdx, cdy: cdy, dr: dr, qa: qa))
    }

    /// The largest t with |p − c(t)| = r(t) and r(t) ≥ 0, or nil.
    @inline(__always)
    func parameter(_ px: Double, _ py: Double) -> Double? {
        let pdx = px - c0x, pdy = py - c0y
        let b = pdx * cdx + pdy * cdy + r0 * dr
        let c = pdx * pdx + pdy * pdy - r0 * r0
        if qa == 0 {
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return r0 + t * dr >= 0 ? t : nil
        }
        let disc = b * b - qa * c
        guard disc >= 0 else { return nil }
        let root = disc.squareRoot()
        let t1 = (b + root) / qa, t2 = (b - root) / qa
        let hi = max(t1, t2), lo = min(t1, t2)
        if r0 + hi * dr >= 0 { return hi }
        if r0 + lo * dr >= 0 { return lo }
        return nil
    }

    func shade(x: Int, y: Int, count: Int, into: UnsafeMutablePointer<PremultipliedRGBA8>) {
        let a = Double(inverse.a), b = Double(inverse.b), c = Double(inverse.c), d = Double(inverse.d)
        let fy = Double(y) + 0.5
        let rowX = c * fy + Double(inverse.tx), rowY = d * fy + Double(inverse.ty)
        let n = table.count
        let dither = DitheredColor.ditherRow(y)
        let x0 = Double(x) + 0.5
        table.withUnsafeBufferPointer { lut in
            for i in 0..<count {
                let fx = x0 + Double(i)
                if let t = parameter(a * fx + rowX, b * fx + rowY), t.isFinite {
                    let d = (dither >> (UInt64((x &+ i) & 7) << 3)) & 0xFF
                    into[i] = (n == 1 ? lut[0] : lut[gradientTableIndex(t, spread: spread, size: n)]).pixel(threshold: d)
                } else {
                    into[i] = .transparent
                }
            }
        }
    }
}
