import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// A layer's effective shadow, or nil when it casts none.
    struct ShadowStyle {
        /// Colour with the shadow opacity folded into its alpha.
        var color: Color
        var offset: CGSize
        var sigma: CGFloat
    }

    static func shadowStyle(_ layer: Layer) -> ShadowStyle? {
        guard let c = layer.shadowColor, layer.shadowOpacity.isFinite, layer.shadowOpacity > 0,
              layer.shadowOffset.width.isFinite, layer.shadowOffset.height.isFinite else { return nil }
        let alpha = c.alpha * min(layer.shadowOpacity, 1)
        guard alpha > 0 else { return nil }
        return ShadowStyle(color: c.withAlphaComponent(alpha), offset: layer.shadowOffset,
                           sigma: Layer.shadowSigma(forRadius: layer.shadowRadius))
    }

    /// Draws the shadow cast by the alpha of `source` (device pixels): tinted, blurred with
    /// the sigma scaled to device pixels, moved by the offset mapped through the CTM.
    static func drawShadow(of source: Pixmap, _ shadow: ShadowStyle, ctm: Transform, into ctx: inout DrawingContext) {
        var tinted = source
        let p = shadow.color.premultiplied
        tinted.data.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i < px.count {
                let a = UInt32(px[i + 3])
                if a == 0 {
                    px[i] = 0; px[i + 1] = 0; px[i + 2] = 0
                } else {
                    px[i] = UInt8((UInt32(p.r) * a + 127) / 255)
                    px[i + 1] = UInt8((UInt32(p.g) * a + 127) / 255)
                    px[i + 2] = UInt8((UInt32(p.b) * a + 127) / 255)
                    px[i + 3] = UInt8((UInt32(p.a) * a + 127) / 255)
                }
                i += 4
            }
        }
        let linearScale = (abs(ctm.a * ctm.d - ctm.b * ctm.c)).squareRoot()
        let sigma = shadow.sigma * linearScale
        let blurred = sigma > 0 ? tinted.gaussianBlurred(sigma: sigma) : tinted
        let dx = ctm.a * shadow.offset.width + ctm.c * shadow.offset.height
        let dy = ctm.b * shadow.offset.width + ctm.d * shadow.offset.height
        drawDevice(blurred, into: &ctx, offset: CGPoint(x: dx, y: dy))
    }
}
