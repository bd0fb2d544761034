import CutoutGeometry
import Foundation

/// How an image pattern continues outside the image.
public enum TileMode: String, CaseIterable, Hashable, Sendable {
    /// The image repeats (`CGPattern` tiling).
    case `repeat`
    /// The edge pixels extend forever.
    case clamp
    /// Transparent outside the image (Skia's *decal*); bilinear sampling fades over half a pixel.
    case decal
}

/// How an image is sampled between its pixels (`CGInterpolationQuality` `.none` vs `.low`).
public enum ImageInterpolation: String, CaseIterable, Hashable, Sendable {
    /// The pixel whose square contains the sample point.
    case nearest
    /// Linear in x and y between the four nearest pixel centres.
    case bilinear
}

/// An image used as paint: pixel `(i, j)` of `image` covers the square `[i, i+1)×[j, j+1)` of
/// pattern space, which `transform` maps to user space.
///
/// Degenerate input: a non-invertible or non-finite transform paints nothing.
public struct ImagePattern: Hashable, Sendable {
    public var image: Pixmap
    public var transform: Transform
    public var tileModeX: TileMode
    public var tileModeY: TileMode
    public var interpolation: ImageInterpolation

    public init(image: Pixmap, transform: Transform = .identity, tileModeX: TileMode = .repeat,
                tileModeY: TileMode = .repeat, interpolation: ImageInterpolation = .bilinear) {
        self.image = image
        self.transform = transform
        self.tileModeX = tileModeX
        self.tileModeY = tileModeY
        self.interpolation = interpolation
    }

    public init(image: Pixmap, transform: Transform = .identity, tileMode: TileMode,
                interpolation: ImageInterpolation = .bilinear) {
        self.init(image: image, transform: transform, tileModeX: tileMode, tileModeY: tileMode,
                  interpolation: interpolation)
    }
}
