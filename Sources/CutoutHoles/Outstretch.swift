import CutoutGeometry
import Foundation

/// The inverse of `contentStretch`: a fixed rect of the image is never stretched
/// and is drawn centred on a movable point of the view; the eight regions around it stretch
/// so the image still fills the view.
///
/// Slice edges are `{0, fixed.minX, fixed.maxX, image width}` in image space and
/// `{bounds.minX, viewFixed.minX, viewFixed.maxX, bounds.maxX}` in view space (likewise y),
/// where `viewFixed` is the fixed rect's size centred on ``fixedCenter``. The geometry is
/// computed once per change and drawn by either path: redrawing into a context
/// (``draw(_:in:)``) or nine layers with `contentsRect` (``makeLayer(image:)``).
///
/// Rules for degenerate input, each deliberate:
/// - **No image** (`image == nil` or a zero pixel size): no slices; nothing is drawn.
/// - **Null fixed rect** (`CGRect.null`, as the seed's "no fixed rect"), or one with a
///   non-finite component: one slice, the whole image stretched over the view bounds.
/// - **Out-of-bounds fixed rect:** it is intersected with the image bounds; the surviving
///   part is drawn exactly where it would have been (not re-centred). Entirely outside the
///   image counts as null.
/// - **Empty fixed rect** (zero width and/or height, but inside the image): a seam. The image
///   splits there and the pieces stretch to meet at ``fixedCenter``; the zero-area middle
///   slices are dropped.
/// - **Fixed rect overhanging the view** (centre near or past an edge): the fixed part is still
///   drawn unstretched, overhanging the bounds (the container clips it); the outer slices on
///   that side collapse to zero width and are dropped.
/// - Slices whose image piece has no area while their view rect has area are dropped (there are
///   no pixels to stretch), leaving that part of the view uncovered; so are slices whose view
///   rect overflows to infinity (coordinates near ±1.8e308).
/// - A non-finite ``fixedCenter`` counts as the bounds' centre; non-finite or null bounds
///   (or bounds whose far edge overflows) give no slices. A centre more than ``maxCenterDistance`` outside the bounds is clamped to that
///   distance, so slice rects stay finite (a centre at 1e300 gave infinite widths, and the
///   renderer skips such layers).
public struct Outstretch: Hashable, Sendable {
    /// The image's size and scale, or `nil` for no image.
    public var image: ImageMetrics?
    /// The never-stretched rect, in image points (`CGRect.null` for none).
    public var fixedRect: CGRect
    /// Where the fixed rect's centre is drawn, in view coordinates.
    public var fixedCenter: CGPoint
    /// The view's bounds.
    public var bounds: CGRect

    /// How far outside the bounds ``fixedCenter`` may lie, in points: 10⁹.
    public static let maxCenterDistance: CGFloat = 1e9

    public init(image: ImageMetrics?, fixedRect: CGRect, fixedCenter: CGPoint, bounds: CGRect) {
        self.image = image
        self.fixedRect = fixedRect
        self.fixedCenter = fixedCenter
        self.bounds = bounds
    }

    /// The slices to draw, row by row, left to right, under the rules above (at most nine).
    public var slices: [ImageSlice] {
        guard let image, !image.isEmpty, bounds.isFiniteRect else { return [] }
        let b = bounds.standardized
        guard b.maxX.isFinite, b.maxY.isFinite else { return [] }
        let imageBounds = CGRect(origin: .zero, size: image.size)
        guard fixedRect.isFiniteRect else {
            return [image.slice(column: 0, row: 0, imageRect: imageBounds, viewRect: b)]
        }
        let requested = fixedRect.standardized
        let fixed = requested.intersection(imageBounds)
        guard !fixed.isNull else {
            return [image.slice(column: 0, row: 0, imageRect: imageBounds, viewRect: b)]
        }
        let far = Self.maxCenterDistance
        let center = fixedCenter.x.isFinite && fixedCenter.y.isFinite
            ? CGPoint(x: min(max(fixedCenter.x, b.minX - far), b.maxX + far), y: min(max(fixedCenter.y, b.minY - far), b.maxY + far))
            : CGPoint(x: b.minX + b.width / 2, y: b.minY + b.height / 2)  // midX sums minX + maxX: inf near 1.8e308
        // Where the requested rect lands, then the surviving part at the same relative place.
        let viewRequested = CGRect(x: center.x - requested.width / 2, y: center.y - requested.height / 2,
                                   width: requested.width, height: requested.height)
        let viewFixed = fixed.offsetBy(dx: viewRequested.minX - requested.minX, dy: viewRequested.minY - requested.minY)

        let ix = [0, fixed.minX, fixed.maxX, imageBounds.maxX]
        let iy = [0, fixed.minY, fixed.maxY, imageBounds.maxY]
        let vx = [min(b.minX, viewFixed.minX), viewFixed.minX, viewFixed.maxX, max(b.maxX, viewFixed.maxX)]
        let vy = [min(b.minY, viewFixed.minY), viewFixed.minY, viewFixed.maxY, max(b.maxY, viewFixed.maxY)]
        return image.slices(imageX: ix, imageY: iy, viewX: vx, viewY: vy)
    }
}
