import CutoutCollection
import CutoutHoles
import CutoutSpotlight
import Foundation

extension GallerySection {
    static func spotlightSection(scale: Double) throws -> GallerySection {
        try fromScenes(title: "Spotlight tours",
                       summary: "SPEC §5: a dimmed overlay with cut-outs clipped to the visible area, callouts placed by geometry, morphing transitions.",
                       scenes: SpotlightGallery.scenes(), scale: scale)
    }
}


extension GallerySection {
    static func collectionSection(scale: Double) throws -> GallerySection {
        try fromScenes(title: "Collection layouts",
                       summary: "SPEC §4: the pizza-from-two-halves selector (scale, alpha, alignment, compaction, pinned captions, drum, snapping flick) and carousels with wrap-around.",
                       scenes: CollectionGallery.scenes(), scale: scale)
    }
}

extension GallerySection {
    static func holesSection(scale: Double) throws -> GallerySection {
        try fromScenes(title: "Holes, shaped views and outstretch",
                       summary: "SPEC §2, §3 and §6: overlays with holes (union where they overlap), holes through a scrolling list, pattern cut-outs, shaped views whose shadows follow them, nine-slice outstretch and the flashlight.",
                       scenes: HolesGallery.scenes(), scale: scale)
    }
}
