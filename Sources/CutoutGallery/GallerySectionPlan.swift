/// A section before it is rendered: its title, summary and scenes.
package struct GallerySectionPlan {
    package var title: String
    package var summary: String
    package var scenes: [GalleryScene]

    /// Every section, in the order the index shows them.
    package static var all: [GallerySectionPlan] { [shapes, geometry, holes, spotlight, collection] }
}
