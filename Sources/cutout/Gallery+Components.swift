import CutoutSpotlight
import Foundation

extension GallerySection {
    static func spotlightSection(scale: Double) throws -> GallerySection {
        try fromScenes(title: "Spotlight tours",
                       summary: "SPEC §5: a dimmed overlay with cut-outs clipped to the visible area, callouts placed by geometry, morphing transitions.",
                       scenes: SpotlightGallery.scenes(), scale: scale)
    }
}
