import Foundation
import CutoutRaster

/// One node of a ``Filter``: an effect, where it reads (its inputs), the name of its result,
/// its subregion and its colour space.
public struct FilterPrimitive: Hashable, Sendable {
    /// What the primitive does, with its inputs.
    public var effect: FilterEffect
    /// The name later primitives read this result by (``FilterInput/named(_:)``); nil for none.
    public var result: String?
    /// The primitive subregion (SVG's `x`, `y`, `width`, `height` on the primitive), in the
    /// filter's ``Filter/primitiveUnits``; a nil value takes the filter region's. The result
    /// is cleared outside it (except for `feOffset`, as resvg). Under
    /// ``FilterUnits/objectBoundingBox``, an `feFlood` without a subregion covers the box.
    public var x: CGFloat?
    /// The top of the subregion (see ``x``).
    public var y: CGFloat?
    /// The width of the subregion (see ``x``).
    public var width: CGFloat?
    /// The height of the subregion (see ``x``).
    public var height: CGFloat?
    /// The colour space the primitive computes in. Default ``FilterColorSpace/linearRGB``.
    public var colorSpace: FilterColorSpace

    /// A primitive; by default unnamed, in linearRGB, over the whole filter region.
    public init(_ effect: FilterEffect, result: String? = nil, colorSpace: FilterColorSpace = .linearRGB,
                x: CGFloat? = nil, y: CGFloat? = nil, width: CGFloat? = nil, height: CGFloat? = nil) {
        self.effect = effect
        self.result = result
        self.colorSpace = colorSpace
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The images this primitive reads, in order.
    public var inputs: [FilterInput] {
        switch effect {
        case .flood, .turbulence: return []
        case .offset(let i, _, _), .gaussianBlur(let i, _, _, _), .colorMatrix(let i, _), .dropShadow(let i, _, _, _, _, _):
            return [i]
        case .blend(let a, let b, _), .composite(let a, let b, _): return [a, b]
        case .merge(let list): return list
        case .componentTransfer(let i, _), .morphology(let i, _, _, _), .convolveMatrix(let i, _), .tile(let i): return [i]
        case .displacementMap(let a, let b, _, _, _): return [a, b]
        case .image: return []
        case .diffuseLighting(let i, _, _, _, _), .specularLighting(let i, _, _, _, _, _): return [i]
        }
    }
}

/// The filter primitives Cutout renders (SVG's names in brackets). Lengths are in the
/// filter's ``Filter/primitiveUnits``; negative and non-finite lengths count as 0.
public enum FilterEffect: Hashable, Sendable {
    /// The subregion filled with one colour (`feFlood`; `flood-opacity` folded into the
    /// alpha). The colour is sRGB whatever the primitive's colour space.
    case flood(color: Color)
    /// The input moved by `(dx, dy)` (`feOffset`). In device pixels the move is truncated
    /// towards zero to whole pixels, as resvg does.
    case offset(FilterInput, dx: CGFloat, dy: CGFloat)
    /// A Gaussian blur of the input (`feGaussianBlur`), standard deviations along x and y.
    /// 0 along both axes passes the input through.
    case gaussianBlur(FilterInput, stdDeviationX: CGFloat, stdDeviationY: CGFloat, edgeMode: FilterEdgeMode)
    /// A colour transform of the input (`feColorMatrix`).
    case colorMatrix(FilterInput, FilterColorMatrix)
    /// The first input blended with `mode` onto the second (`feBlend`: `in` onto `in2`).
    /// Every ``BlendMode`` of the raster is accepted.
    case blend(FilterInput, FilterInput, mode: BlendMode)
    /// The first input composited onto the second (`feComposite`: `in` onto `in2`).
    case composite(FilterInput, FilterInput, FilterCompositeOperator)
    /// The inputs drawn over one another, first at the bottom (`feMerge`).
    case merge([FilterInput])
    /// The input over its own shadow: its alpha blurred, tinted with `color` (alpha included)
    /// and moved by `(dx, dy)` (`feDropShadow`).
    case dropShadow(FilterInput, dx: CGFloat, dy: CGFloat, stdDeviationX: CGFloat, stdDeviationY: CGFloat, color: Color)
    /// Each channel of the unpremultiplied input through its own transfer function
    /// (`feComponentTransfer`).
    case componentTransfer(FilterInput, FilterComponentTransfer)
    /// The input thinned (``FilterMorphologyOperator/erode``) or fattened
    /// (``FilterMorphologyOperator/dilate``) by the smallest or largest value of each channel
    /// over a `2·radiusX` by `2·radiusY` rectangle (`feMorphology`; see
    /// ``FilterMorphologyOperator`` for the radius rules and limit).
    case morphology(FilterInput, FilterMorphologyOperator, radiusX: CGFloat, radiusY: CGFloat)
    /// The input convolved with a kernel of device pixels (`feConvolveMatrix`).
    case convolveMatrix(FilterInput, FilterConvolveMatrix)
    /// The input's subregion repeated over the primitive's subregion (`feTile`).
    case tile(FilterInput)
    /// The first input's pixels moved by the second's channels (`feDisplacementMap`: `in`
    /// displaced by `in2`): each output pixel reads the first input at its own position plus
    /// `scale · (channel − 0.5)` along each axis, `scale` in the filter's ``Filter/primitiveUnits``.
    case displacementMap(FilterInput, FilterInput, scale: CGFloat, xChannel: FilterChannel, yChannel: FilterChannel)
    /// A picture or another layer's rendering placed in the primitive's subregion (`feImage`).
    case image(FilterImageSource)
    /// Perlin noise (`feTurbulence`), from the Filter Effects specification's reference
    /// algorithm, sampled at each device pixel's position in the primitive's units. Frequencies
    /// are per user unit (a negative one gives transparent black, as resvg); `numOctaves`
    /// is clamped to ``FilterTurbulenceType/maxOctaves``; `seed` is truncated towards zero.
    /// `stitchTiles` moves the frequencies so that a whole number of noise cells spans the
    /// primitive subregion (the specification's reference code, which resvg follows too, then
    /// wraps the lattice only for subregions far left of or above the origin). The colour
    /// (R, G, B, A noise) is in the primitive's colour space.
    case turbulence(baseFrequencyX: CGFloat, baseFrequencyY: CGFloat, numOctaves: Int, seed: CGFloat,
                    stitchTiles: Bool, type: FilterTurbulenceType)
    /// Diffuse (Lambert) light on the input's alpha taken as a height map
    /// (`feDiffuseLighting`): `diffuseConstant · (N·L) · color`, opaque. `surfaceScale`
    /// multiplies the heights; the normals come from the specification's 3×3 Sobel kernels on
    /// device pixels (`kernelUnitLength` is not kept, as resvg ignores it). The colour is sRGB
    /// (converted to the primitive's colour space) and its alpha is ignored.
    case diffuseLighting(FilterInput, surfaceScale: CGFloat, diffuseConstant: CGFloat, color: Color, light: FilterLightSource)
    /// Specular (Phong) light on the input's alpha taken as a height map
    /// (`feSpecularLighting`): `specularConstant · (N·H)^specularExponent · color`, its alpha
    /// the largest colour channel (the colour counts as premultiplied by it, as resvg and
    /// browsers draw it). `specularExponent` is in `1...128`; outside it the primitive gives
    /// transparent black, as resvg.
    case specularLighting(FilterInput, surfaceScale: CGFloat, specularConstant: CGFloat, specularExponent: CGFloat,
                          color: Color, light: FilterLightSource)
}
