import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// A layer's effective shadow, or nil when it casts none.
    package struct ShadowStyle {
        /// Colour with the shadow opacity folded into its alpha.
        package var color: Color
        package var offset: CGSize
        package var sigma: CGFloat
    }

    package static func shadowStyle(_ layer: Layer) -> ShadowStyle? {
        guard let c = layer.shadowColor, layer.shadowOpacity.isFinite, layer.shadowOpacity > 0,
              layer.shadowOffset.width.isFinite, layer.shadowOffset.height.isFinite else { return nil }
        let alpha = c.alpha * min(layer.shadowOpacity, 1)
        guard alpha > 0 else { return nil }
        return ShadowStyle(color: c.withAlphaComponent(alpha), offset: layer.shadowOffset,
                           sigma: Layer.shadowSigma(forRadius: layer.shadowRadius))
    }

    /// Draws the shadow cast by the alpha of `source` (device pixels): the colour through the
    /// alpha blurred with the sigma scaled to device pixels (only the alpha is blurred, over its
    /// non-zero box), moved by the offset mapped through the CTM.
    static func drawShadow(of source: Pixmap, _ shadow: ShadowStyle, ctm: Transform, into ctx: inout DrawingContext) {
        let linearScale = (abs(ctm.a * ctm.d - ctm.b * ctm.c)).squareRoot()
        let sigma = shadow.sigma * linearScale
        let dx = ctm.a * shadow.offset.width + ctm.c * shadow.offset.height
        let dy = ctm.b * shadow.offset.width + ctm.d * shadow.offset.height
        ctx.drawShadow(of: AlphaMask(alphaOf: source), color: shadow.color, sigma: sigma,
                       offset: CGSize(width: dx, height: dy))
    }
}
