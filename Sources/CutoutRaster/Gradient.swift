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
/// Colours are interpolated in **premultiplied** sRGB (as CSS Images and `CGGradient` do, and
/// Skia with `kInterpolateColorsInPremul`): a stop from opaque red to transparent blue passes
/// through translucent red, never through a dark purple.
///
/// Stops are used in location order (a stable sort, so equal locations keep their order and
/// make a hard edge where the later stop wins). Locations are clamped to `0...1`; stops with a
/// NaN location are ignored. With no stops the gradient is transparent; with one stop it is
/// that colour everywhere.
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
        stops.enumerated()
            .filter { !$0.element.location.isNaN }
            .map { (offset: $0.offset, stop: GradientStop(location: min(max($0.element.location, 0), 1), color: $0.element.color)) }
            .sorted { $0.stop.location != $1.stop.location ? $0.stop.location < $1.stop.location : $0.offset < $1.offset }
            .map(\.stop)
    }

    /// The premultiplied colour at `t` in `0...1`, in floating point.
    func premultipliedColor(at t: CGFloat, stops s: [GradientStop]) -> (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        func pm(_ c: Color) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
            (c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
        }
        guard let first = s.first, let last = s.last else { return (0, 0, 0, 0) }
        if t < first.location { return pm(first.color) }
        if t >= last.location { return pm(last.color) }
        // The last stop at or before t, so a hard edge switches to the later colour at t.
        var i = 0
        while i + 1 < s.count, s[i + 1].location <= t { i += 1 }
        let a = s[i], b = s[i + 1]
        let span = b.location - a.location
        let f = span > 0 ? (t - a.location) / span : 1
        let ca = pm(a.color), cb = pm(b.color)
        return (ca.0 + (cb.0 - ca.0) * f, ca.1 + (cb.1 - ca.1) * f,
                ca.2 + (cb.2 - ca.2) * f, ca.3 + (cb.3 - ca.3) * f)
    }

    /// Number of entries in the colour table a shader samples.
    static let lookupTableSize = 1024

    /// The colour table: entry `i` is the colour at `t = i / (size − 1)`, premultiplied,
    /// multiplied by `opacity`, rounded to nearest.
    func lookupTable(opacity: CGFloat) -> [PremultipliedRGBA8] {
        let s = normalizedStops
        let n = Gradient.lookupTableSize
        return (0..<n).map { i in
            let c = premultipliedColor(at: CGFloat(i) / CGFloat(n - 1), stops: s)
            func q(_ v: CGFloat) -> UInt8 { UInt8(min(max((v * opacity * 255).rounded(), 0), 255)) }
            let a = q(c.a)
            return PremultipliedRGBA8(r: min(q(c.r), a), g: min(q(c.g), a), b: min(q(c.b), a), a: a)
        }
    }
}
