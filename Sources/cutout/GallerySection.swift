import Foundation

/// One file the gallery writes.
struct GalleryFile {
    var name: String
    var data: Data
}

/// One scene in the gallery: its files (the first image is shown) and a caption.
struct GalleryItem {
    var id: String
    var title: String
    var caption: String
    var files: [GalleryFile]
}

/// A titled group of gallery items, one per component.
struct GallerySection {
    var title: String
    var summary: String
    var items: [GalleryItem]

    /// Every section, in the order the index shows them; each is built at a render scale.
    static let all: [@Sendable (Double) throws -> GallerySection] = [
        shapesSection,
        geometrySection,
        spotlightSection,
        collectionSection,
    ]
}
