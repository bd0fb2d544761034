import Foundation

/// One picture (or animation) of the project's gallery: every component module returns its
/// scenes from `public enum <Something>Gallery { public static func scenes() -> [GalleryScene] }`.
public struct GalleryScene {
    /// A file-name-safe identifier (letters, digits, `-`, `_`).
    public var id: String
    public var title: String
    public var caption: String
    /// Size of every frame in points.
    public var size: CGSize
    /// The frames' layer trees: one for a still, more for an animation.
    public var frames: [Layer]
    /// Seconds each frame is shown.
    public var frameDuration: Double

    public init(id: String, title: String, caption: String, size: CGSize, frames: [Layer], frameDuration: Double) {
        self.id = id
        self.title = title
        self.caption = caption
        self.size = size
        self.frames = frames
        self.frameDuration = frameDuration
    }
}
