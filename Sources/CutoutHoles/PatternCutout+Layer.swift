import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

extension PatternCutout.Pattern {
    /// The alpha of any layer tree (for example an imported SVG's layer) as a pattern: the tree
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

    /// The alpha of an imported SVG document (``SVGImporter/importSVG(_:limits:)``) as a
    /// pattern, rendered at the document's own size: the document is stretched over the image
    /// (a document of the image's aspect ratio keeps its proportions).
    /// - Throws: ``LayerRenderError`` when the document's size × `scale` is not a valid canvas.
    public static func svg(_ document: SVGImage, scale: CGFloat = 2) throws(LayerRenderError) -> Self {
        try layer(document.layer, size: document.size, scale: scale)
    }
}
