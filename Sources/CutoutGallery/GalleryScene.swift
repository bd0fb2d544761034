import CutoutLayers
import Foundation

/// One picture (or animation) of the project's gallery: every component module returns its
/// scenes from `package enum <Something>Gallery { package static func scenes() -> [GalleryScene] }`.
package struct GalleryScene {
    /// A file-name-safe identifier (letters, digits, `-`, `_`).
    package var id: String
    package var title: String
    package var caption: String
    /// Size of every frame in points.
    package var size: CGSize
    /// The frames' layer trees: one for a still, more for an animation.
    package var frames: [Layer]
    /// Seconds each frame is shown.
    package var frameDuration: Double

    package init(id: String, title: String, caption: String, size: CGSize, frames: [Layer], frameDuration: Double) {
        self.id = id
        self.title = title
        self.caption = caption
        self.size = size
        self.frames = frames
        self.frameDuration = frameDuration
    }
}
