import Foundation
import CutoutRaster

/// A layer that fills its bounds with copies of a tile (like a `CGPattern` or
/// `UIColor(patternImage:)`), above its background and below its sublayers; SVG's `<pattern>`.
///
/// The tile is a layer tree drawn in tile coordinates (origin at the top-left of
/// ``tileRect``), clipped to the tile's `tileRect.size`, and repeated every `tileRect.width`
/// across and `tileRect.height` down, in both directions, over the bounds. The renderer draws
/// the tree once into an image at the device resolution of the layer (so a scaled or rotated
/// pattern stays sharp) and tiles that image. As in resvg, the image is a whole number of
/// device pixels (the tile's size rounded) and the tiles repeat every whole image, so a tile
/// 8.8 pixels wide repeats every 9 pixels; an image that falls on device pixels one to one is
/// copied pixel for pixel, not resampled.
///
/// Degenerate input: no tile, a tile rectangle that is not finite or whose size is not
/// positive (negative sizes are not standardised), or a tile
/// smaller than half a device pixel on a side draws nothing. A tile image larger than
/// ``maxTilePixels`` is rendered at a lower resolution (the same scale on both axes) so that
/// it fits. One render draws at most 16 such images' worth of tile pixels in all (patterns
/// nested in tiles included); pattern layers past that are not drawn.
public final class PatternLayer: Layer {
    /// The content of one tile, in tile coordinates; nil draws nothing. It is drawn as a layer
    /// tree, not as a sublayer: its geometry is relative to the tile, and it is not part of
    /// ``Layer/sublayers``.
    public var tile: Layer?
    /// The first tile in the layer's coordinates: where the tile's origin sits and how far
    /// apart the copies are.
    public var tileRect: CGRect = .zero

    /// Most pixels of the image a tile is rendered into (4,194,304, a 2048 × 2048 tile).
    public static let maxTilePixels = 1 << 22

    public override init() { super.init() }
}
