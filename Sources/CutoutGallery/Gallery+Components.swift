import CutoutCollection
import CutoutHoles
import CutoutSpotlight
import Foundation

extension GallerySection {
    static func spotlightSection(scale: Double) throws -> GallerySection {
        try fromScenes(title: "Spotlight tours",
                       summary: "Onboarding tours from CutoutSpotlight: a dimmed overlay with cut-outs around the highlighted views, clipped to the visible area, callouts placed clear of every hole, and transitions that morph the holes from step to step.",
                       scenes: SpotlightGallery.scenes(), scale: scale)
    }
}


extension GallerySection {
    static func collectionSection(scale: Double) throws -> GallerySection {
        try fromScenes(title: "Collection layouts",
                       summary: "CutoutCollection's layouts rendered as layer trees: the pizza-from-two-halves selector (scale, alpha, alignment, compaction, pinned captions, drum, snapping flick) and carousels with wrap-around.",
                       scenes: CollectionGallery.scenes(), scale: scale)
    }
}

extension GallerySection {
    static func holesSection(scale: Double) throws -> GallerySection {
        try fromScenes(title: "Holes, shaped views and outstretch",
                       summary: "CutoutHoles: overlays with holes (union where they overlap), holes through a scrolling list, pattern cut-outs, shaped views whose shadows follow them, nine-slice outstretch and the flashlight.",
                       scenes: HolesGallery.scenes(), scale: scale)
    }
}
