import CutoutCollection
import CutoutHoles
import CutoutSpotlight
import Foundation

extension GallerySectionPlan {
    static var spotlight: GallerySectionPlan {
        GallerySectionPlan(title: "Spotlight tours",
                           summary: "Onboarding tours from CutoutSpotlight: a dimmed overlay with cut-outs around the highlighted views, clipped to the visible area, callouts placed clear of every hole, and transitions that morph the holes from step to step.",
                           scenes: SpotlightGallery.scenes())
    }
}


extension GallerySectionPlan {
    static var collection: GallerySectionPlan {
        GallerySectionPlan(title: "Collection layouts",
                           summary: "CutoutCollection's layouts rendered as layer trees: the pizza-from-two-halves selector (scale, alpha, alignment, compaction, pinned captions, drum, snapping flick) and carousels with wrap-around.",
                           scenes: CollectionGallery.scenes())
    }
}

extension GallerySectionPlan {
    static var holes: GallerySectionPlan {
        GallerySectionPlan(title: "Holes, shaped views and outstretch",
                           summary: "CutoutHoles: overlays with holes (union where they overlap), holes through a scrolling list, pattern cut-outs, shaped views whose shadows follow them, nine-slice outstretch and the flashlight.",
                           scenes: HolesGallery.scenes())
    }
}
