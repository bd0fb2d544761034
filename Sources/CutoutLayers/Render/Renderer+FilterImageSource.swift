import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// `feImage`: the picture fitted into the primitive subregion (the filter region when it
    /// has none), or the layer drawn in the filtered layer's coordinates moved to the
    /// subregion's origin. Transparent when the image cannot be made.
    func filterImage(_ source: FilterImageSource, _ p: FilterPrimitive, _ placed: PlacedFilter, template: Pixmap) -> FilterImage {
        let blank = FilterImage(pixels: template, space: .sRGB)
        let s = template.scale
        guard var ctx = context(width: template.width, height: template.height, scale: s) else { return blank }
        // As `offscreen(like:area:)`: the context starts at the pixmap's scale; the CTM wanted
        // is the filtered layer's, moved by the region's origin.
        ctx.concatenate(placed.ctm.concatenating(Transform(translationX: -CGFloat(placed.region.x0), y: -CGFloat(placed.region.y0)))
            .concatenating(Transform(scaleX: 1 / s, y: 1 / s)))
        switch source {
        case .picture(let picture, let fit, let interpolation):
            guard picture.width > 0, picture.height > 0 else { return blank }
            let rect = userSubregion(p, placed) ?? placed.userRegion
            guard let r = Renderer.finite(rect), r.width > 0, r.height > 0 else { return blank }
            let placedRect = fit.place(CGSize(width: picture.width, height: picture.height), in: r)
            ctx.saveGState()
            ctx.clip(to: Path(rect: r), using: .winding)
            ctx.draw(picture, in: placedRect, interpolation: interpolation)
            ctx.restoreGState()
        case .layer(let reference):
            // As SVG's `use` at the subregion's origin.
            let origin = (userSubregion(p, placed) ?? placed.userRegion).origin
            guard origin.x.isFinite, origin.y.isFinite else { return blank }
            ctx.concatenate(Transform(translationX: origin.x, y: origin.y))
            draw(reference.layer, in: &ctx, depth: placed.depth + 1)
        }
        return FilterImage(pixels: ctx.pixmap, space: .sRGB)
    }
}
