import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

/// A shadow as Core Animation describes one.
public struct LayerShadow: Hashable, Sendable {
    public var color: Color
    public var opacity: CGFloat
    public var offset: CGSize
    /// Blur radius; the renderer maps it to a Gaussian (``Layer/shadowSigma(forRadius:)``).
    public var radius: CGFloat

    public init(color: Color = .black, opacity: CGFloat = 1, offset: CGSize = .zero, radius: CGFloat = 20) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}

/// A view of any outline with a fill, an optional border and a shadow that follows the
/// outline.
///
/// Layer structure, the seed's recipe: the container draws only the shadow, cast from a
/// `shadowPath` equal to the outline; a front sublayer carries the fill and the border and is
/// masked by the outline. The mask sits on the front layer, not on the container, because a
/// mask also cuts away its layer's own shadow.
public struct ShapedView: Hashable, Sendable {
    /// The view's bounds; the outline is in the same coordinates.
    public var bounds: CGRect
    /// The outline.
    public var outline: Path
    /// Rule the mask fills ``outline`` with. The shadow path is always filled non-zero (as
    /// Core Animation fills it), so an even-odd cut-out shows the shadow through it unless the
    /// outline is made non-zero-safe (for example with a boolean `subtracting`).
    public var fillRule: FillRule
    public var fillColor: Color
    /// Border colour; `nil` for no border.
    public var borderColor: Color?
    /// Border width, drawn inside the outline (the stroke is twice as wide and the mask keeps
    /// its inner half). Negative or non-finite counts as 0.
    public var borderWidth: CGFloat
    /// The shadow; `nil` for none.
    public var shadow: LayerShadow?
    /// The path the shadow is cast from (filled non-zero); `nil` means ``outline``.
    public var shadowPath: Path?

    public init(bounds: CGRect, outline: Path, fillRule: FillRule = .winding, fillColor: Color = .white,
                borderColor: Color? = nil, borderWidth: CGFloat = 0, shadow: LayerShadow? = LayerShadow()) {
        self.bounds = bounds
        self.outline = outline
        self.fillRule = fillRule
        self.fillColor = fillColor
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.shadow = shadow
    }

    /// The container layer (frame and bounds = ``bounds``) with its front layer and border.
    public func makeLayer() -> Layer {
        let box = bounds.isFiniteRect ? bounds.standardized : .zero
        let container = HoleOverlay.frameLayer(box)
        container.name = "shaped-view"
        if let shadow {
            container.shadowPath = shadowPath ?? outline
            container.shadowColor = shadow.color
            container.shadowOpacity = shadow.opacity
            container.shadowOffset = shadow.offset
            container.shadowRadius = shadow.radius
        } else {
            container.shadowOpacity = 0
        }
        let front = HoleOverlay.frameLayer(box)
        front.name = "front"
        front.backgroundColor = fillColor
        let mask = ShapeLayer()
        HoleOverlay.configure(mask, box)
        mask.path = outline
        mask.fillRule = fillRule
        mask.fillColor = .black
        front.mask = mask
        let width = borderWidth.isFinite ? max(borderWidth, 0) : 0
        if let borderColor, width > 0 {
            let border = ShapeLayer()
            HoleOverlay.configure(border, box)
            border.name = "border"
            border.path = outline
            border.fillColor = nil
            border.strokeColor = borderColor
            border.lineWidth = 2 * width
            front.addSublayer(border)
        }
        container.addSublayer(front)
        return container
    }
}
