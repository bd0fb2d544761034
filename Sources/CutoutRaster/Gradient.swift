import Foundation

/// One colour of a gradient at a `location` along it (0 = start, 1 = end).
public struct GradientStop: Hashable, Sendable {
    public var location: CGFloat
    public var color: Color

    public init(location: CGFloat, color: Color) {
        self.location = location
        self.color = color
    }
}

/// What a gradient shows beyond its start and end (SVG `spreadMethod`).
public enum SpreadMethod: String, CaseIterable, Hashable, Sendable {
    /// The end colours extend forever (`CGGradientDrawingOptions` before start and after end).
    case pad
    /// The gradient starts over: `t − floor(t)`.
    case `repeat`
    /// The gradient goes back and forth: 0→1, 1→0, 0→1, …
    case reflect
}

/// Colour stops and a spread method, shared by linear and radial gradients.
///
/// Colours are interpolated **unpremultiplied**: each straight sRGB component and the alpha
/// are interpolated on their own, then the result is premultiplied. That is what
/// `CGGradient` does by default, what `CAGradientLayer` shows (a gradient from white to
/// `UIColor.clear`, which is transparent *black*, passes through translucent grey), what Skia
/// does without `kInterpolateColorsInPremul_Flag`, and what SVG specifies for `<stop>`
/// colours and resvg draws. (CSS gradients differ: they interpolate premultiplied.) For a
/// clean fade, give the transparent stop the colour of the opaque one with alpha 0.
///
/// Stops are used in location order (a stable sort, so equal locations keep their order and
/// make a hard edge where the later stop wins). Locations are clamped to `0...1`; stops with a
/// NaN location are ignored. With no stops the gradient is transparent; with one stop it is
/// that colour everywhere.
///
/// Drawn gradients are dithered: the colour table keeps 8 fractional bits per channel and an
/// ordered 8 × 8 threshold, chosen by the device pixel's position, rounds each pixel up or
/// down so that the average over the pattern is the exact colour. A long ramp between close
/// colours therefore shows no bands, and the same gradient always gives the same pixels.
/// Where the gradient is flat (before the first stop, after the last, between equal stops)
/// every pixel is the stop colour rounded, as a solid fill of that colour draws it.
public struct Gradient: Hashable, Sendable {
    public var stops: [GradientStop]
    public var spread: SpreadMethod

    public init(stops: [GradientStop], spread: SpreadMethod = .pad) {
        self.stops = stops
        self.spread = spread
    }

    /// Colours evenly spaced from 0 to 1 (or at `locations`, when given with the same count,
    /// like `CGGradient(colorsSpace:colors:locations:)`).
    public init(colors: [Color], locations: [CGFloat]? = nil, spread: SpreadMethod = .pad) {
        let locs: [CGFloat]
        if let locations, locations.count == colors.count {
            locs = locations
        } else if colors.count > 1 {
            locs = (0..<colors.count).map { CGFloat($0) / CGFloat(colors.count - 1) }
        } else {
            locs = Array(repeating: 0, count: colors.count)
        }
        self.init(stops: zip(locs, colors).map { GradientStop(location: $0, color: $1) }, spread: spread)
    }

    /// The stops actually used: valid locations, clamped, in order.
    var normalizedStops: [GradientStop] {
        // Statements with explicit types: as one chained expression this took seconds to
        // type-check, on the critical path of every build.
        var ordered: [(offset: Int, stop: GradientStop)] = []
        for (offset, stop) in stops.enumerated() where !stop.location.isNaN {
            let location: CGFloat = min(max(stop.location, 0), 1)
            ordered.append((offset: offset, stop: GradientStop(location: location, color: stop.color)))
        }
        ordered.sort { (p: (offset: Int, stop: GradientStop), q: (offset: Int, stop: GradientStop)) -> Bool in
            p.stop.location != q.stop.location ? p.stop.location < q.stop.location : p.offset < q.offset
        }
        return ordered.map { (entry: (offset: Int, stop: GradientStop)) -> GradientStop in entry.stop }
    }

    /// The colour at `t` in `0...1`, straight (unpremultiplied) components interpolated, and
    /// in `flat` the stop colour where the gradient is flat at `t` (outside the stops, or
    /// between two equal colours; nil elsewhere), so that the caller can draw it exactly.
    func color(at t: CGFloat, stops s: [GradientStop]) -> (color: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat), flat: Color?) {
        func parts(_ c: Color) -> (CGFloat, CGFloat, CGFloat, CGFloat) { (c.red, c.green, c.blue, c.alpha) }
        guard let first = s.first, let last = s.last else { return ((0, 0, 0, 0), .clear) }
        if t < first.location { return (parts(first.color), first.color) }
        if t >= last.location { return (parts(last.color), last.color) }
        // The last stop at or before t, so a hard edge switches to the later colour at t.
        var i = 0
        while i + 1 < s.count, s[i + 1].location <= t { i += 1 }
        let a = s[i].color, b = s[i + 1].color
        if a == b { return (parts(a), a) }
        let span = s[i + 1].location - s[i].location
        let f = span > 0 ? (t - s[i].location) / span : 1
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * f }
        return ((mix(a.red, b.red), mix(a.green, b.green), mix(a.blue, b.blue), mix(a.alpha, b.alpha)), nil)
    }

    /// Number of entries in the colour table a shader samples.
    static let lookupTableSize = 1024

    /// The colour table: entry `i` is the colour at `t = i / (size − 1)`, premultiplied after
    /// interpolation, multiplied by `opacity`, as a ``DitheredColor``.
    func lookupTable(opacity: CGFloat) -> [DitheredColor] {
        let s = normalizedStops
        let n = Gradient.lookupTableSize
        return (0..<n).map { i in
            let c = color(at: CGFloat(i) / CGFloat(n - 1), stops: s)
            if let flat = c.flat { return DitheredColor(flat.withAlphaComponent(flat.alpha * opacity).premultiplied) }
            let a = c.color.a * opacity
            return DitheredColor(r: c.color.r * a, g: c.color.g * a, b: c.color.b * a, a: a)
        }
    }
}

/// A premultiplied colour with 8 fractional bits per channel, for ordered dithering.
///
/// The four channels are 16-bit lanes of one `UInt64` (red in the lowest), each the channel's
/// 8-bit value times 256, at most `255 × 256`. Adding the same threshold below 256 to every
/// lane and keeping the high byte rounds all four channels at once; no lane carries into the
/// next, and since the colour channels never exceed alpha in the table they cannot after
/// rounding either.
struct DitheredColor: Hashable, Sendable {
    let lanes: UInt64

    /// A colour that dithering leaves exactly as it is (whole 8-bit values).
    init(_ c: PremultipliedRGBA8) {
        lanes = UInt64(c.r) << 8 | UInt64(c.g) << 24 | UInt64(c.b) << 40 | UInt64(c.a) << 56
    }

    /// From premultiplied components in `0...1` (colour channels clamped to alpha).
    init(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        func q(_ v: CGFloat) -> UInt64 { UInt64(min(max((v * 255 * 256).rounded(), 0), 255 * 256)) }
        let qa = q(a)
        lanes = min(q(r), qa) | min(q(g), qa) << 16 | min(q(b), qa) << 32 | qa << 48
    }

    /// The 8-bit pixel for a threshold `d` in `0..<256` (one lane's worth; see ``ditherRow(_:)``).
    @inline(__always)
    func pixel(threshold d: UInt64) -> PremultipliedRGBA8 {
        let v = lanes &+ d &* 0x0001_0001_0001_0001
        return PremultipliedRGBA8(r: UInt8(truncatingIfNeeded: v >> 8), g: UInt8(truncatingIfNeeded: v >> 24),
                                  b: UInt8(truncatingIfNeeded: v >> 40), a: UInt8(truncatingIfNeeded: v >> 56))
    }

    /// The thresholds of device row `y` for columns `x mod 8 = 0...7`, one per byte (lowest
    /// byte first): the 8 × 8 Bayer matrix, entry `k` in `0..<64` giving `4k + 2`, the centre
    /// of its 1/64 step. Over any 8 × 8 block the thresholds are uniform in `0..<256`, so a
    /// channel of value `v + f/256` rounds up in `f` of every 256 pixels on average and the
    /// mean is exact.
    static func ditherRow(_ y: Int) -> UInt64 { bayerRows[y & 7] }

    private static let bayerRows: [UInt64] = (0..<8).map { y in
        (0..<8).reduce(UInt64(0)) { row, x in
            // Bayer index: the bits of x ^ y and y interleaved, lowest first, read from the top.
            let u = x ^ y
            var k = 0
            for bit in 0..<3 {
                k |= ((u >> bit) & 1) << (5 - 2 * bit)
                k |= ((y >> bit) & 1) << (4 - 2 * bit)
            }
            return row | UInt64(4 * k + 2) << (8 * x)
        }
    }
}
