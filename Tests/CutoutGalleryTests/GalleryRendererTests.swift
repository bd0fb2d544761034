import CutoutLayers
import Foundation
import Testing
@testable import CutoutGallery

/// A scene that cannot be rendered does not stop the gallery: the other scenes are made, and
/// the failed one keeps its SVG and names the reason, in its item and in the index.
@Suite struct GalleryRendererTests {
    static func scene(_ id: String, size: CGSize) -> GalleryScene {
        let layer = Layer()
        layer.frame = CGRect(x: 4, y: 4, width: 8, height: 8)
        layer.backgroundColor = .black
        return GalleryScene(id: id, title: id, caption: "", size: size, frames: [layer], frameDuration: 0)
    }

    @Test func aFailedSceneLeavesTheOthersAndNamesItsReason() throws {
        let plan: @Sendable () -> GallerySectionPlan = {
            GallerySectionPlan(title: "Test", summary: "",
                               scenes: [Self.scene("empty", size: .zero), Self.scene("square", size: CGSize(width: 16, height: 16))])
        }
        let sections = GalleryRenderer.render([plan], scale: 1) { _, _ in }
        let items = try #require(sections.first?.items)
        #expect(items.map(\.id) == ["empty", "square"])
        #expect(items[1].failure == nil && items[1].files.map(\.name) == ["square.png", "square.svg"])
        let failure = try #require(items[0].failure)
        #expect(failure.contains("cannot render 0.0×0.0 points"))
        #expect(items[0].files.map(\.name) == ["empty.svg"])
        let html = GalleryIndex.html(sections: sections)
        #expect(html.contains("Not rendered: cannot render 0.0×0.0 points"))
    }
}
