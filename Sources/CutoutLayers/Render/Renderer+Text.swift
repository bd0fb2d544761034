import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// The glyph outlines of a text layer, filled non-zero with its colour, clipped to the bounds.
    static func drawText(_ text: TextLayer, in ctx: inout DrawingContext) {
        guard let color = text.foregroundColor, color.alpha > 0, text.bounds.width > 0, text.bounds.height > 0 else { return }
        let path = text.textPath
        guard !path.isEmpty else { return }
        ctx.saveGState()
        ctx.clip(to: Path(rect: text.bounds), using: .winding)
        ctx.setFillColor(color)
        ctx.fill(path, using: .winding)
        ctx.restoreGState()
    }
}
