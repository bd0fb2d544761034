import CutoutGeometry
import Foundation

/// The classic nine-slice of `CALayer.contentsCenter` / `UIImage.resizableImage(withCapInsets:)`:
/// the four corners keep their size, the edges stretch along one axis and the centre
/// stretches in both, so the image fills the view. Shown beside ``Outstretch``, its inverse.
///
/// Rules:
/// - ``contentsCenter`` is in unit coordinates of the image, as Core Animation's; it is
///   intersected with the unit square. The default `(0, 0, 1, 1)` (no caps), a null or a
///   non-finite rect stretch the whole image as one slice.
/// - Caps are drawn at their size in points (pixels / image scale). When the view is too
///   small for two opposite caps, both shrink by the same factor to fit and the middle has
///   zero size (its slices are dropped).
/// - No image, or null or non-finite bounds: no slices.
public struct NineSlice: Hashable, Sendable {
    public var image: ImageMetrics?
    /// The stretchable centre, in unit coordinates of the image.
    public var contentsCenter: CGRect
    /// The view's bounds.
    public var bounds: CGRect

    public init(image: ImageMetrics?, contentsCenter: CGRect, bounds: CGRect) {
        self.image = image
        self.contentsCenter = contentsCenter
        self.bounds = bounds
    }

    /// The slices to draw, row by row, left to right (at most nine).
    public var slices: [ImageSlice] {
        guard let image, !image.isEmpty, bounds.isFiniteRect else { return [] }
        let b = bounds.standardized
        let size = image.size
        let whole = CGRect(origin: .zero, size: size)
        guard contentsCenter.isFiniteRect else { return [image.slice(column: 0, row: 0, imageRect: whole, viewRect: b)] }
        let c = contentsCenter.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !c.isNull else { return [image.slice(column: 0, row: 0, imageRect: whole, viewRect: b)] }
        let ix = [0, c.minX * size.width, c.maxX * size.width, size.width]
        let iy = [0, c.minY * size.height, c.maxY * size.height, size.height]
        if ix[1] == 0, ix[2] == size.width, iy[1] == 0, iy[2] == size.height {
            return [image.slice(column: 0, row: 0, imageRect: whole, viewRect: b)]
        }
        /// View edges along one axis: caps at natural size, shrunk together when they don't fit.
        func edges(_ img: [CGFloat], from lo: CGFloat, length: CGFloat) -> [CGFloat] {
            let first = img[1], last = img[3] - img[2]
            let k = first + last > length ? length / (first + last) : 1
            return [lo, lo + first * k, lo + length - last * k, lo + length]
        }
        let vx = edges(ix, from: b.minX, length: b.width)
        let vy = edges(iy, from: b.minY, length: b.height)
        return image.slices(imageX: ix, imageY: iy, viewX: vx, viewY: vy)
    }
}
