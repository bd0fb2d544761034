import Foundation
import CutoutRaster

/// An SVG filter effect: a small graph of ``FilterPrimitive``s run on a layer's rendering
/// (see ``Layer/filters``), with the SVG 1.1 / Filter Effects rules resvg follows.
///
/// The layer's body (background, contents, sublayers and its shadow) is rendered offscreen at
/// device resolution over the filter ``region`` mapped to device pixels (the bounding box of
/// the mapped rectangle, snapped outwards to whole pixels), and that rendering is the
/// `SourceGraphic` of the primitives. Each primitive writes an image of the same size; the
/// last primitive's image, back in sRGB, replaces the layer's rendering, before the layer's
/// ``Layer/blurSigma``, ``Layer/mask``, ``Layer/opacity`` and ``Layer/blendMode``. Lengths
/// (standard deviations, offsets) follow the layer's transform to the canvas, so a filter
/// looks the same at every scale.
///
/// Budgets (documented clamps, nothing traps):
/// - a filter uses at most ``maxPrimitives`` primitives; the ones past it are ignored;
/// - the device region is cut to the canvas grown by twice its size on every side (what
///   resvg does), so a huge region cannot allocate without bound;
/// - every primitive's image is an offscreen buffer counted against
///   ``LayerRenderer/offscreenByteLimit(canvasWidth:canvasHeight:)``; an image is freed as
///   soon as no later primitive reads it. A layer whose filter would pass the cap is not drawn;
/// - all the primitives of one render together produce at most
///   ``pixelBudget(canvasWidth:canvasHeight:)`` pixels, a blur counting twice its image plus
///   six standard deviations on every line (what its box passes cost), `feTurbulence` four
///   times its image per octave (at most ``FilterTurbulenceType/maxOctaves``) and a lighting
///   primitive four times its image; a filtered layer that would pass it is not drawn (so a
///   document of many large filters costs bounded work).
///
/// A filter whose region is empty or not finite, or whose ``regionUnits`` are
/// ``FilterUnits/objectBoundingBox`` on a layer with an empty box, makes the layer draw
/// nothing, as in SVG (an element with an invalid filter is not rendered). A filter without
/// primitives also draws nothing.
public struct Filter: Hashable, Sendable {
    /// The most primitives a filter runs; the ones after are ignored.
    public static let maxPrimitives = 256

    /// The most pixels the filter primitives of one render may produce together, for a canvas
    /// of that many device pixels: 256 canvases' worth, and at least 2²⁶ (64 Mi) pixels.
    public static func pixelBudget(canvasWidth: Int, canvasHeight: Int) -> Int {
        let canvas = canvasWidth.multipliedReportingOverflow(by: canvasHeight)
        guard !canvas.overflow, canvas.partialValue <= Int.max / 256 else { return Int.max }
        return max(canvas.partialValue * 256, 1 << 26)
    }

    /// The filter region: in the layer's own coordinates (``FilterUnits/userSpaceOnUse``) or as
    /// fractions of the layer's object bounding box (``FilterUnits/objectBoundingBox``, see
    /// ``Layer/filterObjectBoundingBox``). Default `(-0.1, -0.1, 1.2, 1.2)`: the box grown by
    /// 10% on every side, SVG's default.
    public var region: CGRect
    /// How ``region`` is measured. Default ``FilterUnits/objectBoundingBox``, as SVG's `filterUnits`.
    public var regionUnits: FilterUnits
    /// How the primitives' subregions and lengths (`stdDeviation`, `dx`, `dy`) are measured.
    /// Default ``FilterUnits/userSpaceOnUse``, as SVG's `primitiveUnits`.
    public var primitiveUnits: FilterUnits
    /// The primitives, run in order.
    public var primitives: [FilterPrimitive]

    /// A filter running `primitives`; SVG's defaults for the region and units.
    public init(primitives: [FilterPrimitive], region: CGRect = CGRect(x: -0.1, y: -0.1, width: 1.2, height: 1.2),
                regionUnits: FilterUnits = .objectBoundingBox, primitiveUnits: FilterUnits = .userSpaceOnUse) {
        self.primitives = primitives
        self.region = region
        self.regionUnits = regionUnits
        self.primitiveUnits = primitiveUnits
    }
}

/// The coordinate system of a filter's region or of its primitives (SVG's `filterUnits` and
/// `primitiveUnits`).
public enum FilterUnits: String, Hashable, Sendable, CaseIterable {
    /// The layer's own coordinates.
    case userSpaceOnUse
    /// Fractions of the layer's object bounding box: `(0, 0)` is its top-left corner, `(1, 1)`
    /// its bottom-right; lengths along x scale by its width, along y by its height.
    case objectBoundingBox
}

/// The colour space in which a primitive computes (SVG's `color-interpolation-filters`).
public enum FilterColorSpace: String, Hashable, Sendable, CaseIterable {
    /// Linear-light RGB: SVG's default for filter primitives. Images are converted (8-bit
    /// tables, as resvg) before the primitive runs.
    case linearRGB
    /// The sRGB values as stored: the default for CSS filter functions.
    case sRGB
}

/// Where a primitive reads an image from (SVG's `in` and `in2`).
public enum FilterInput: Hashable, Sendable {
    /// The previous primitive's result, or ``sourceGraphic`` for the first primitive
    /// (SVG's behaviour when `in` is absent).
    case previous
    /// The layer's rendering.
    case sourceGraphic
    /// The alpha of the layer's rendering, as black.
    case sourceAlpha
    /// The latest earlier result of that name (a primitive's ``FilterPrimitive/result``); an
    /// unknown name reads as ``previous``, as resvg does.
    case named(String)
}

/// How a primitive treats pixels beyond the image edge (SVG's `edgeMode`). `feConvolveMatrix`
/// follows every mode; for `feGaussianBlur` it is kept for export, the renderer blurring with
/// transparent pixels beyond the edges for every mode, as resvg does.
public enum FilterEdgeMode: String, Hashable, Sendable, CaseIterable {
    /// Transparent black beyond the edges (the default).
    case none
    /// The edge pixels repeated outwards.
    case duplicate
    /// The image repeated (tiled).
    case wrap
}

/// The colour transform of `feColorMatrix`, applied to unpremultiplied colour.
public enum FilterColorMatrix: Hashable, Sendable {
    /// Twenty values, row by row: each output channel (R, G, B, A) is the sum of the four input
    /// channels times the row's first four values, plus the fifth (in `0...1` units). A list
    /// of any other length is the identity.
    case matrix([CGFloat])
    /// Saturation, `0` grey to `1` unchanged (larger values over-saturate).
    case saturate(CGFloat)
    /// A rotation of hue by that many degrees.
    case hueRotate(degrees: CGFloat)
    /// The luminance becomes the alpha; the colour becomes black.
    case luminanceToAlpha
}

/// A Porter-Duff operator of `feComposite` (`in` is the source, `in2` the destination).
public enum FilterCompositeOperator: Hashable, Sendable {
    /// Source over destination (the default).
    case over
    /// The source where the destination is (source in).
    case `in`
    /// The source where the destination is not (source out).
    case out
    /// The source over the destination, only where the destination is (source atop).
    case atop
    /// Each where the other is not.
    case xor
    /// `k1·i1·i2 + k2·i1 + k3·i2 + k4` on premultiplied channels, clamped to `0...1` (and the
    /// colour to the alpha).
    case arithmetic(k1: CGFloat, k2: CGFloat, k3: CGFloat, k4: CGFloat)
}
