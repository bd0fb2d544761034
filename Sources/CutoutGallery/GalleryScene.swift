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

/// A gallery whose scenes each have an identifier and a builder, so that one scene can be built
/// alone (the tests check one at a time) as well as all of them in order.
package protocol GalleryCatalog {
    /// Each scene's identifier and builder, in the gallery's order. A builder returns nil when
    /// its scene cannot be made.
    static var builders: [(id: String, build: () -> GalleryScene?)] { get }
}

extension GalleryCatalog {
    /// Every scene that can be made, in the gallery's order.
    package static func scenes() -> [GalleryScene] {
        builders.compactMap { $0.build() }
    }

    /// The scene `id` alone, built without the others; nil for an unknown identifier or a
    /// scene that cannot be made.
    package static func scene(id: String) -> GalleryScene? {
        builders.first { $0.id == id }?.build()
    }
}
