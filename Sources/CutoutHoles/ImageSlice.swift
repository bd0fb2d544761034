import CutoutGeometry
import Foundation

/// One piece of an image drawn into one rect of a view: the unit of both nine-slice
/// flavours (``Outstretch`` and ``NineSlice``).
///
/// The same piece is given three ways so each renderer takes what it needs: points (to draw
/// with a CTM, as the seed's drawRect version does), pixels (to crop, as
/// `CGImageCreateWithImageInRect`) and unit coordinates (a layer's `contentsRect`).
public struct ImageSlice: Hashable, Sendable {
    /// Column (0...2, left to right) and row (0...2, top to bottom) of the slice; the single
    /// slice of a whole-image stretch is (0, 0).
    public var column: Int
    public var row: Int
    /// The piece of the image, in image points (pixels / image scale).
    public var imageRect: CGRect
    /// The same piece in image pixels.
    public var pixelRect: CGRect
    /// The same piece in unit coordinates of the image (a layer's `contentsRect`).
    public var contentsRect: CGRect
    /// Where the piece is drawn, in the view's coordinates.
    public var viewRect: CGRect

    public init(column: Int, row: Int, imageRect: CGRect, pixelRect: CGRect, contentsRect: CGRect, viewRect: CGRect) {
        self.column = column
        self.row = row
        self.imageRect = imageRect
        self.pixelRect = pixelRect
        self.contentsRect = contentsRect
        self.viewRect = viewRect
    }

    /// The affine map from image points to view points that draws this slice (scale then
    /// translate), or `nil` when the image rect has no area.
    public var imageToView: Transform? {
        guard imageRect.width > 0, imageRect.height > 0 else { return nil }
        return Transform(translationX: -imageRect.minX, y: -imageRect.minY)
            .concatenating(Transform(scaleX: viewRect.width / imageRect.width, y: viewRect.height / imageRect.height))
            .concatenating(Transform(translationX: viewRect.minX, y: viewRect.minY))
    }
}

/// An image's size as the slicing code needs it: pixels and the scale that turns them into points.
public struct ImageMetrics: Hashable, Sendable {
    /// Width and height in pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Pixels per point (1, 2 or 3 on iOS). Non-finite or non-positive values count as 1.
    public var scale: CGFloat

    public init(pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
    }

    /// The scale actually used.
    public var effectiveScale: CGFloat { scale.isFinite && scale > 0 ? scale : 1 }

    /// Size in points: pixels / scale. Zero for a non-positive pixel size.
    public var size: CGSize {
        CGSize(width: CGFloat(max(pixelWidth, 0)) / effectiveScale, height: CGFloat(max(pixelHeight, 0)) / effectiveScale)
    }

    /// Whether there is anything to draw.
    public var isEmpty: Bool { pixelWidth <= 0 || pixelHeight <= 0 }

    /// A slice for image rect `imageRect` (points) drawn in `viewRect`.
    func slice(column: Int, row: Int, imageRect: CGRect, viewRect: CGRect) -> ImageSlice {
        let s = effectiveScale, size = self.size
        let pixel = CGRect(x: imageRect.minX * s, y: imageRect.minY * s, width: imageRect.width * s, height: imageRect.height * s)
        let unit = CGRect(x: imageRect.minX / size.width, y: imageRect.minY / size.height,
                          width: imageRect.width / size.width, height: imageRect.height / size.height)
        return ImageSlice(column: column, row: row, imageRect: imageRect, pixelRect: pixel, contentsRect: unit, viewRect: viewRect)
    }

    /// The nine slices between four image edges and four view edges per axis, row by row,
    /// leaving out slices that are empty in the image or in the view.
    func slices(imageX ix: [CGFloat], imageY iy: [CGFloat], viewX vx: [CGFloat], viewY vy: [CGFloat]) -> [ImageSlice] {
        var out: [ImageSlice] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let imageRect = CGRect(x: ix[column], y: iy[row], width: ix[column + 1] - ix[column], height: iy[row + 1] - iy[row])
                let viewRect = CGRect(x: vx[column], y: vy[row], width: vx[column + 1] - vx[column], height: vy[row + 1] - vy[row])
                guard imageRect.size.width > 0, imageRect.size.height > 0, viewRect.size.width > 0, viewRect.size.height > 0 else { continue }
                out.append(slice(column: column, row: row, imageRect: imageRect, viewRect: viewRect))
            }
        }
        return out
    }
}

extension CGRect {
    /// Whether every component is finite and the rect is not null.
    var isFiniteRect: Bool {
        !isNull && origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
