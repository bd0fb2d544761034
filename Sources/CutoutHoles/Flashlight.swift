import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

/// A dark overlay with one soft round transparent spot that can follow a touch, built on
/// ``Outstretch``: a small image holds the spot and a margin of solid overlay colour; the spot
/// is the fixed rect, drawn at ``center``, and the margins stretch to
/// cover the rest of the view. Moving the light only moves nine frames.
public struct Flashlight: Hashable, Sendable {
    /// Largest spot radius (plus softness) accepted, in points; larger values are clamped so
    /// the spot image stays small.
    public static let maxRadius: CGFloat = 1024

    public var bounds: CGRect
    /// Centre of the light, in view coordinates.
    public var center: CGPoint
    /// Radius where the overlay is half transparent.
    public var radius: CGFloat
    /// Width of the fade from fully clear to fully dark, centred on ``radius``.
    public var softness: CGFloat
    /// The overlay's colour (alpha included).
    public var color: Color

    public init(bounds: CGRect, center: CGPoint, radius: CGFloat = 60, softness: CGFloat = 40,
                color: Color = Color(white: 0, alpha: 0.88)) {
        self.bounds = bounds
        self.center = center
        self.radius = radius
        self.softness = softness
        self.color = color
    }

    /// Margin of solid colour around the spot, in points: what the outer slices stretch.
    static let margin: CGFloat = 2

    var effectiveRadius: CGFloat { radius.isFinite ? min(max(radius, 0), Self.maxRadius) : 0 }
    var effectiveSoftness: CGFloat { softness.isFinite ? min(max(softness, 0), Self.maxRadius) : 0 }

    /// Half the side of the fixed square: where the fade has fully reached the overlay colour.
    var spotExtent: CGFloat { ceil(effectiveRadius + effectiveSoftness / 2) }

    /// The spot image at `scale` pixels per point: the fixed square plus the margin, alpha 0 in
    /// the middle rising to the colour's alpha with a smoothstep across the softness.
    /// `nil` only if the pixmap cannot be allocated.
    public func spotImage(scale: CGFloat) -> Pixmap? {
        let s = scale.isFinite && scale > 0 ? min(scale, 4) : 1
        let side = Int(((2 * (spotExtent + Self.margin)) * s).rounded(.up))
        guard var pixmap = try? Pixmap(width: side, height: side, scale: s) else { return nil }
        let c = CGFloat(side) / 2, r = effectiveRadius * s, soft = effectiveSoftness * s
        let base = color
        // Most pixels are clear (inside the spot) or full (past the fade): their colour is
        // worked out once.
        let clear = base.withAlphaComponent(base.alpha * 0).premultiplied
        let full = base.withAlphaComponent(base.alpha * 1).premultiplied
        pixmap.data.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: PremultipliedRGBA8.self).baseAddress!
            // The image is symmetric about both centre lines (a mirrored pixel's offset from the
            // centre is exactly the negated offset), so one quadrant is computed and written four
            // times.
            let half = (side + 1) / 2
            for y in 0..<half {
                for x in 0..<half {
                    let d = hypot(CGFloat(x) + 0.5 - c, CGFloat(y) + 0.5 - c)
                    let t: CGFloat
                    if soft > 0 {
                        let u = min(max((d - (r - soft / 2)) / soft, 0), 1)
                        t = u * u * (3 - 2 * u)
                    } else {
                        t = min(max(d - r + 0.5, 0), 1)
                    }
                    let value = t == 0 ? clear : t == 1 ? full : base.withAlphaComponent(base.alpha * t).premultiplied
                    let top = y * side, bottom = (side - 1 - y) * side
                    px[top + x] = value
                    px[top + side - 1 - x] = value
                    px[bottom + x] = value
                    px[bottom + side - 1 - x] = value
                }
            }
        }
        return pixmap
    }

    /// The nine-slice geometry placing the spot image (at `scale`) at ``center``, snapped to the
    /// nearest device pixel at that scale so every slice edge falls on a pixel boundary (slices
    /// meeting inside a pixel would each be anti-aliased and let a faint seam through).
    /// A non-finite centre counts as the bounds' centre.
    public func outstretch(scale: CGFloat) -> Outstretch {
        let s = scale.isFinite && scale > 0 ? min(scale, 4) : 1
        let side = Int(((2 * (spotExtent + Self.margin)) * s).rounded(.up))
        let metrics = ImageMetrics(pixelWidth: side, pixelHeight: side, scale: s)
        let size = metrics.size
        let fixed = CGRect(origin: .zero, size: size).insetBy(dx: Self.margin, dy: Self.margin)
        let c = center.x.isFinite && center.y.isFinite ? center : CGPoint(x: bounds.midX, y: bounds.midY)
        let snapped = CGPoint(x: (c.x * s).rounded() / s, y: (c.y * s).rounded() / s)
        return Outstretch(image: metrics, fixedRect: fixed, fixedCenter: snapped, bounds: bounds)
    }

    /// The overlay as nine slice layers.
    public func makeLayer(scale: CGFloat) -> Layer {
        guard let image = spotImage(scale: scale) else {
            let layer = HoleOverlay.frameLayer(bounds.isFiniteRect ? bounds.standardized : .zero)
            layer.backgroundColor = color
            return layer
        }
        let layer = outstretch(scale: scale).makeLayer(image: image)
        layer.name = "flashlight"
        return layer
    }
}
