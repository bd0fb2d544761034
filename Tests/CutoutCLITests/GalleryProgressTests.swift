import Foundation
import Testing
@testable import CutoutGallery
@testable import cutout

/// `cutout gallery` reports each section as it finishes: its title, how many scenes it made and
/// how long it took.
@Suite struct GalleryProgressTests {
    @Test func progressLineNamesTheSectionItsSceneCountAndTime() {
        let item = GalleryItem(id: "a", title: "A", caption: "", files: [])
        let two = GallerySection(title: "Shapes", summary: "", items: [item, item])
        #expect(GalleryCommand.progressLine(two, seconds: 1.26) == "gallery: Shapes: 2 scenes in 1.3 s")
        let one = GallerySection(title: "Spotlight tours", summary: "", items: [item])
        #expect(GalleryCommand.progressLine(one, seconds: 0.04) == "gallery: Spotlight tours: 1 scene in 0.0 s")
    }
}

/// `cutout gallery` writes every scene it could render, then ends with status 1 naming each
/// scene it could not, with the reason.
@Suite struct GalleryFailureTests {
    @Test func failuresAreListedAfterTheOthersAreWritten() throws {
        var failed = GalleryItem(id: "torn", title: "Torn", caption: "", files: [])
        failed.failure = "cannot render 0.0×0.0 points at scale 2.0"
        let fine = GalleryItem(id: "fine", title: "Fine", caption: "", files: [])
        #expect(GalleryCommand.failureMessage([GallerySection(title: "S", summary: "", items: [fine])]) == nil)
        let message = try #require(GalleryCommand.failureMessage([GallerySection(title: "S", summary: "", items: [fine, failed])]))
        #expect(message == "1 scene not rendered (the others were written):\ntorn: cannot render 0.0×0.0 points at scale 2.0")
    }
}
