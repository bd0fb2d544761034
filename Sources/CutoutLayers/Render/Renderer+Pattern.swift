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

    /// The size in device pixels of `layer`'s tile image under `ctm`, and the scale from tile
    /// coordinates to that image; nil when nothing is to be drawn. The scale of each tile axis
    /// is the length the device gives it (so rotation keeps it, skew and stretch change it),
    /// reduced uniformly when the image would pass ``PatternLayer/maxTilePixels``.
    static func tileImageSize(_ layer: PatternLayer, ctm: Transform) -> (width: Int, height: Int)? {
        let r = layer.tileRect
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.size.width > 0, r.size.height > 0 else { return nil }
        var w = r.width * (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot()
        var h = r.height * (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot()
        guard w.isFinite, h.isFinite else { return nil }
        let limit = CGFloat(PatternLayer.maxTilePixels)
        if w * h > limit {
            let shrink = (limit / (w * h)).squareRoot()
            w *= shrink
            h *= shrink
        }
        let iw = Int(w.rounded()), ih = Int(h.rounded())
        guard iw > 0, ih > 0, iw * ih <= PatternLayer.maxTilePixels else { return nil }
        return (iw, ih)
    }

    /// Renders the tile once at device resolution, then fills the bounds with it repeated.
    func drawPattern(_ layer: PatternLayer, in ctx: inout DrawingContext, depth: Int) {
        guard let tile = layer.tile, layer.bounds.width > 0, layer.bounds.height > 0,
              let size = Renderer.tileImageSize(layer, ctm: ctx.ctm) else { return }
        let pixels = size.width * size.height
        guard pixels <= Renderer.maxPatternPixels - state.statistics.patternPixels else {
            state.statistics.patternsSkippedForBudget += 1
            return
        }
        let bytes = pixels * 4
        guard state.reserve(bytes) else { return }
        defer { state.release(bytes) }
        state.statistics.patternPixels += pixels
        guard var tileCtx = try? DrawingContext(width: size.width, height: size.height, scale: 1) else { return }
        tileCtx.flatteningTolerance = ctx.flatteningTolerance
        let r = layer.tileRect
        let sx = CGFloat(size.width) / r.width, sy = CGFloat(size.height) / r.height
        tileCtx.concatenate(Transform(scaleX: sx, y: sy))
        draw(tile, in: &tileCtx, depth: depth + 1)
        let placement = Transform(scaleX: 1 / sx, y: 1 / sy).concatenating(Transform(translationX: r.minX, y: r.minY))
        ctx.saveGState()
        ctx.setFillPaint(.pattern(ImagePattern(image: tileCtx.pixmap, transform: placement, tileMode: .repeat)))
        ctx.fill(Path(rect: layer.bounds), using: .winding)
        ctx.restoreGState()
    }
}
