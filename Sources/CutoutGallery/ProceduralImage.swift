import CutoutGeometry
import CutoutRaster
import Foundation

/// Images made from code for the gallery (no external files): each pixel's colour is a
/// function of its centre in points.
enum ProceduralImage {
    /// A `width × height` point image at `scale`, or `nil` if it cannot be allocated.
    static func make(width: CGFloat, height: CGFloat, scale: CGFloat, _ color: (CGFloat, CGFloat) -> Color) -> Pixmap? {
        let w = Int((width * scale).rounded()), h = Int((height * scale).rounded())
        guard var pixmap = try? Pixmap(width: w, height: h, scale: scale) else { return nil }
        for y in 0..<h {
            for x in 0..<w {
                pixmap[x, y] = color((CGFloat(x) + 0.5) / scale, (CGFloat(y) + 0.5) / scale).premultiplied
            }
        }
        return pixmap
    }

    static func mix(_ a: Color, _ b: Color, _ t: CGFloat) -> Color {
        let u = min(max(t, 0), 1)
        return Color(red: a.red + (b.red - a.red) * u, green: a.green + (b.green - a.green) * u,
                     blue: a.blue + (b.blue - a.blue) * u, alpha: a.alpha + (b.alpha - a.alpha) * u)
    }

    /// A diagonal two-colour gradient with soft diagonal bands.
    static func bands(width: CGFloat, height: CGFloat, scale: CGFloat, from a: Color, to b: Color) -> Pixmap? {
        make(width: width, height: height, scale: scale) { x, y in
            let t = (x / width + y / height) / 2
            let band = 0.5 + 0.5 * sin((x + y) / 9)
            return mix(mix(a, b, t), .white, 0.12 * band)
        }
    }

    /// A checkerboard of two colours with `cell`-point squares.
    static func checkerboard(width: CGFloat, height: CGFloat, scale: CGFloat, cell: CGFloat, _ a: Color, _ b: Color) -> Pixmap? {
        make(width: width, height: height, scale: scale) { x, y in
            (Int(x / cell) + Int(y / cell)).isMultiple(of: 2) ? a : b
        }
    }

    /// Diagonal stripes: opaque stripes of `period/2` on a transparent ground (a pattern's alpha).
    static func stripes(width: CGFloat, height: CGFloat, scale: CGFloat, period: CGFloat) -> Pixmap? {
        make(width: width, height: height, scale: scale) { x, y in
            let phase = (x - y).truncatingRemainder(dividingBy: period)
            let u = phase < 0 ? phase + period : phase
            // One point of anti-aliasing on each stripe edge.
            let cover = min(max(min(u, period / 2 - u) + 0.5, 0), 1)
            return Color(white: 0, alpha: u < period / 2 ? cover : 0)
        }
    }

    /// A picture whose middle must never stretch: a bull's-eye in `eye` on a grid of stripes.
    static func target(width: CGFloat, height: CGFloat, scale: CGFloat, eye: CGRect) -> Pixmap? {
        let sky = Color(red: 0.18, green: 0.45, blue: 0.85), sea = Color(red: 0.1, green: 0.75, blue: 0.7)
        return make(width: width, height: height, scale: scale) { x, y in
            let d = hypot(x - eye.midX, y - eye.midY), r = eye.width / 2
            if d < r {
                let ring = Int(d / (r / 4))
                return ring.isMultiple(of: 2) ? Color(red: 0.98, green: 0.35, blue: 0.3) : .white
            }
            let base = mix(sky, sea, y / height)
            let grid = (Int(x / 10) + Int(y / 10)).isMultiple(of: 2)
            return grid ? base : mix(base, .white, 0.25)
        }
    }

    /// A small bordered, rounded button image for the classic nine-slice.
    static func button(side: CGFloat, scale: CGFloat, radius: CGFloat) -> Pixmap? {
        let fillTop = Color(red: 1, green: 0.78, blue: 0.35), fillBottom = Color(red: 0.98, green: 0.45, blue: 0.3)
        let rounded = Path(roundedRect: CGRect(x: 0, y: 0, width: side, height: side), cornerWidth: radius, cornerHeight: radius)
        let inner = Path(roundedRect: CGRect(x: 2, y: 2, width: side - 4, height: side - 4),
                         cornerWidth: radius - 2, cornerHeight: radius - 2)
        return make(width: side, height: side, scale: scale) { x, y in
            let p = CGPoint(x: x, y: y)
            guard rounded.contains(p) else { return .clear }
            return inner.contains(p) ? mix(fillTop, fillBottom, y / side) : Color(red: 0.45, green: 0.15, blue: 0.1)
        }
    }
}
