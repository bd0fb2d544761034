import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

extension PatternCutout.Pattern {
    /// The alpha of any layer tree (for example an imported SVG document's `layer`, at its `size`) as a pattern: the tree
    /// is rendered with ``LayerRenderer`` on a transparent canvas of `size` points at `scale`
    /// pixels per point, and that pixmap's alpha is the pattern, stretched over the image as
    /// ``alpha(_:)`` is. Colours are ignored; only coverage and opacity punch through.
    ///
    /// The layer is placed on the canvas by its own frame (as ``LayerRenderer`` places a root).
    /// - Throws: ``LayerRenderError`` when `size` × `scale` is not a valid canvas.
    /// Complexity: one render of the tree at `size` × `scale` pixels.
    public static func layer(_ layer: Layer, size: CGSize, scale: CGFloat = 2) throws(LayerRenderError) -> Self {
        .alpha(try LayerRenderer.render(layer, size: size, scale: scale))
    }
}
