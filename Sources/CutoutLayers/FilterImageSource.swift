import Foundation
import CutoutRaster

/// What `feImage` draws in its primitive subregion.
public enum FilterImageSource: Hashable, Sendable {
    /// A picture (premultiplied pixels, e.g. a decoded PNG or JPEG), placed in the
    /// subregion as `fit` says and sampled with `interpolation` (SVG's `image-rendering`;
    /// default bilinear). A picture without pixels draws nothing.
    case picture(Pixmap, fit: FilterImageFit, interpolation: Interpolation = .bilinear)
    /// A layer (with its sublayers) drawn in the filtered layer's own coordinates, as if it
    /// were one of its sublayers, moved to the origin of the primitive subregion (the filter
    /// region's when the primitive has none): SVG's `feImage` naming an element, drawn as a
    /// `use` at the subregion's `x`, `y`. The layer counts one level deeper than the filtered
    /// layer against the renderer's depth limit, and a layer that is being drawn already (a
    /// cycle through filters) draws nothing.
    case layer(FilterLayerReference)
}

/// How a picture is placed in a rectangle (SVG's `preserveAspectRatio`).
public enum FilterImageFit: Hashable, Sendable {
    /// Stretched to fill the rectangle (`none`).
    case fill
    /// Scaled uniformly to fit inside it (`meet`), aligned by `alignX`, `alignY` in `0...1`
    /// (0 = left or top, 0.5 = centre, 1 = right or bottom).
    case meet(alignX: CGFloat, alignY: CGFloat)
    /// Scaled uniformly to cover it (`slice`), aligned as ``meet(alignX:alignY:)``, and cut to it.
    case slice(alignX: CGFloat, alignY: CGFloat)

    /// The rectangle a picture of `size` takes in `rect`.
    public func place(_ size: CGSize, in rect: CGRect) -> CGRect {
        guard size.width > 0, size.height > 0 else { return rect }
        let sx = rect.width / size.width, sy = rect.height / size.height
        let s: CGFloat, ax: CGFloat, ay: CGFloat
        switch self {
        case .fill: return rect
        case .meet(let x, let y): (s, ax, ay) = (min(sx, sy), x, y)
        case .slice(let x, let y): (s, ax, ay) = (max(sx, sy), x, y)
        }
        func unit(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v, 0), 1) : 0.5 }
        let w = size.width * s, h = size.height * s
        return CGRect(x: rect.minX + (rect.width - w) * unit(ax), y: rect.minY + (rect.height - h) * unit(ay), width: w, height: h)
    }
}

/// A layer named by a filter (``FilterImageSource/layer(_:)``). Two references are equal
/// when they hold the same layer object: the layer is shared, not copied, so a change to it
/// shows in every filter that names it.
public struct FilterLayerReference: Hashable, @unchecked Sendable {
    /// The layer drawn.
    public let layer: Layer

    /// A reference to `layer`.
    public init(_ layer: Layer) { self.layer = layer }

    /// Whether both hold the same layer object.
    public static func == (a: FilterLayerReference, b: FilterLayerReference) -> Bool { a.layer === b.layer }
    /// Hashes the layer's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(layer)) }
}
