import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// Most pixels of tile images one render may draw, all pattern layers together (nested
    /// ones too: each draws its tile again wherever it is reached): 16 of the largest tiles.
    /// Pattern layers past it are not drawn, so that patterns of patterns cannot multiply the
    /// work without bound.
    static let maxPatternPixels = 16 * PatternLayer.maxTilePixels

    /// The tile image for `layer` under `ctm`: its size in device pixels and the scale from
    /// tile coordinates to it; nil when nothing is to be drawn. The scale of each tile axis is
    /// the norm of the matching row of the CTM's linear part, `√(a² + c²)` across and
    /// `√(b² + d²)` down, as resvg measures it (tiny-skia's `get_scale`): rotation keeps it,
    /// stretch changes it, and a `skewX` widens the tile image rather than heightening it,
    /// which sets how far apart the rows of tiles fall (as in resvg). It is
    /// reduced uniformly when the image would pass ``PatternLayer/maxTilePixels``; the size is
    /// the tile's at that scale rounded to whole pixels, and the tiles repeat every whole
    /// image, as in resvg (a tile 8.8 pixels wide repeats every 9 pixels, its content drawn
    /// at its true size).
    static func tileImage(_ layer: PatternLayer, ctm: Transform) -> (width: Int, height: Int, scaleX: CGFloat, scaleY: CGFloat)? {
        let r = layer.tileRect
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.size.width > 0, r.size.height > 0 else { return nil }
        var sx = (ctm.a * ctm.a + ctm.c * ctm.c).squareRoot(), sy = (ctm.b * ctm.b + ctm.d * ctm.d).squareRoot()
        guard sx.isFinite, sy.isFinite, sx > 0, sy > 0, (r.width * sx).isFinite, (r.height * sy).isFinite else { return nil }
        let limit = CGFloat(PatternLayer.maxTilePixels)
        if r.width * sx * r.height * sy > limit {
            let shrink = (limit / (r.width * sx * r.height * sy)).squareRoot()
            sx *= shrink
            sy *= shrink
        }
        let iw = Int((r.width * sx).rounded()), ih = Int((r.height * sy).rounded())
        guard iw > 0, ih > 0, iw * ih <= PatternLayer.maxTilePixels else { return nil }
        return (iw, ih, sx, sy)
    }

    /// Renders the tile once at device resolution, then fills the bounds with it repeated.
    func drawPattern(_ layer: PatternLayer, in ctx: inout DrawingContext, depth: Int) {
        guard let tile = layer.tile, layer.bounds.width > 0, layer.bounds.height > 0,
              let image = Renderer.tileImage(layer, ctm: ctx.ctm) else { return }
        let pixels = image.width * image.height
        guard pixels <= Renderer.maxPatternPixels - state.statistics.patternPixels else {
            state.statistics.patternsSkippedForBudget += 1
            return
        }
        let bytes = pixels * 4
        guard state.reserve(bytes) else { return }
        defer { state.release(bytes) }
        state.statistics.patternPixels += pixels
        guard var tileCtx = context(width: image.width, height: image.height, scale: 1) else { return }
        tileCtx.concatenate(Transform(scaleX: image.scaleX, y: image.scaleY))
        draw(tile, in: &tileCtx, depth: depth + 1)
        let r = layer.tileRect, m = ctx.ctm
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if m.b == 0, m.c == 0, m.a == image.scaleX, m.d == image.scaleY, let inverse = m.inverted() {
            // The tile's pixels land on device pixels one to one, only shifted: they are
            // copied (nearest pixel), not blended with their neighbours, so a tile offset by
            // half a pixel stays sharp, as in resvg. Drawn in device space; the shift is biased
            // by 10⁻⁶ px so that rounding noise in the CTM cannot move a pixel centre lying
            // exactly on a tile pixel's edge to the pixel before it.
            let box = layer.bounds.applying(m)
            ctx.concatenate(inverse)
            let shift = Transform(translationX: m.a * r.minX + m.tx - 1e-6, y: m.d * r.minY + m.ty - 1e-6)
            ctx.setFillPaint(.pattern(ImagePattern(image: tileCtx.pixmap, transform: shift, tileMode: .repeat, interpolation: .nearest)))
            ctx.fill(Path(rect: box), using: .winding)
        } else {
            let placement = Transform(scaleX: 1 / image.scaleX, y: 1 / image.scaleY)
                .concatenating(Transform(translationX: r.minX, y: r.minY))
            ctx.setFillPaint(.pattern(ImagePattern(image: tileCtx.pixmap, transform: placement, tileMode: .repeat)))
            ctx.fill(Path(rect: layer.bounds), using: .winding)
        }
    }
}
