import CutoutGeometry
import CutoutRaster
import Foundation

extension Outstretch {
    /// The redraw implementation of the seed (its `drawRect:`): draws `image` into `context`,
    /// in the context's current user space (the view's coordinates), one ``slices`` entry at a
    /// time, each clipped to its view rect and mapped by its ``ImageSlice/imageToView``, and
    /// everything clipped to ``bounds``.
    ///
    /// The geometry is that of ``makeLayer(image:)``, and the pixels are those of that layer
    /// rendered by `LayerRenderer` at the context's scale, up to rounding. `image` should have the
    /// size and scale of ``image``; like the layer's `contentsRect`s, the slices cover the whole
    /// of `image` whatever its pixel size. No slices (no image, unusable bounds) draws nothing.
    ///
    /// Moving ``fixedCenter`` means drawing the whole view again, so prefer the layer where the
    /// centre follows a touch; this suits contexts that are redrawn anyway (a `draw(_:)`
    /// override, an exported picture).
    ///
    /// Complexity: proportional to the device pixels of ``bounds``: the slices do not overlap,
    /// and each samples `image` only where it lands.
    public func draw(_ image: Pixmap, in context: inout DrawingContext) {
        ImageSlice.draw(slices: slices, of: image, pointSize: self.image?.size ?? .zero, clippedTo: bounds, in: &context)
    }
}

extension NineSlice {
    /// Draws `image` slice by slice into `context`, as ``Outstretch/draw(_:in:)``: the pixels
    /// of ``makeLayer(image:)`` rendered, drawn again on every call.
    public func draw(_ image: Pixmap, in context: inout DrawingContext) {
        ImageSlice.draw(slices: slices, of: image, pointSize: self.image?.size ?? .zero, clippedTo: bounds, in: &context)
    }
}

extension ImageSlice {
    /// Draws each slice of `image` (`pointSize` points, as the slices measure it) within its
    /// view rect, all within `bounds`: the clips that the slice layers and their clipping
    /// container of ``makeLayer(slices:image:bounds:name:)`` apply.
    static func draw(slices: [ImageSlice], of image: Pixmap, pointSize: CGSize, clippedTo bounds: CGRect,
                     in context: inout DrawingContext) {
        // Unusable bounds give no slices, so this also keeps them out of the clip below.
        guard !slices.isEmpty else { return }
        // Stretching all of the pixels over the image's point size, rather than using the
        // pixmap's own scale, keeps a pixmap of another size covered as the layer's
        // contentsRect (unit coordinates) covers it.
        let whole = CGRect(origin: .zero, size: pointSize)
        context.saveGState()
        context.clip(to: Path(rect: bounds.standardized), using: .winding)
        for slice in slices {
            guard let imageToView = slice.imageToView else { continue }
            context.saveGState()
            context.clip(to: Path(rect: slice.viewRect), using: .winding)
            context.concatenate(imageToView)
            context.draw(image, in: whole)
            context.restoreGState()
        }
        context.restoreGState()
    }
}
