import Foundation

/// One file the gallery writes.
package struct GalleryFile {
    package var name: String
    package var data: Data
}

/// One scene in the gallery: its files (the first image is shown) and a caption.
package struct GalleryItem {
    package var id: String
    package var title: String
    package var caption: String
    package var files: [GalleryFile]
    /// Why the scene's image could not be made (its other files are kept), or `nil`.
    package var failure: String? = nil
}

/// A titled group of gallery items, one per component.
package struct GallerySection {
    package var title: String
    package var summary: String
    package var items: [GalleryItem]
}
