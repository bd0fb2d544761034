/// A section before it is rendered: its title, summary and scenes.
package struct GallerySectionPlan {
    package var title: String
    package var summary: String
    package var scenes: [GalleryScene]

    /// Every section's builder, in the order the index shows them (``GalleryRenderer`` builds
    /// them concurrently: the holes' scenes take seconds of boolean operations in a debug build).
    package static let all: [@Sendable () -> GallerySectionPlan] = [{ shapes }, { geometry }, { holes }, { spotlight }, { collection }]
}
