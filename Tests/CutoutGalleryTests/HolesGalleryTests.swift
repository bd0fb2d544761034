import CutoutGeometry
import CutoutLayers
import Foundation
import Testing
@testable import CutoutHoles
@testable import CutoutGallery

@Suite struct HolesGalleryTests {
    @Test func scenesHaveUniqueFileSafeIdsAndFrames() {
        let scenes = HolesGallery.scenes()
        let ids = scenes.map(\.id)
        #expect(Set(ids).count == ids.count)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        #expect(ids.allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed.contains) })
        for s in scenes {
            #expect(s.size == HolesGallery.sceneSize)
            #expect(!s.frames.isEmpty)
            #expect(s.frames.count == 1 || s.frameDuration > 0)
            #expect(s.frames.allSatisfy { $0.bounds.size == s.size })
        }
        #expect(scenes.filter { $0.frames.count > 1 }.map(\.id) == ["list-scrolling", "flashlight-moving"])
        // The table scene(id:) looks in names each scene by the identifier it builds.
        #expect(ids == HolesGallery.builders.map(\.id))
        #expect(HolesGallery.scene(id: "hole") == nil)
    }

    @Test func listAnimationScrollsFromTopToBottom() throws {
        let scene = try #require(HolesGallery.scene(id: "list-scrolling"))
        func firstCell(_ frame: Layer) -> String? { frame.sublayers.first { $0.name == "list" }?.sublayers.first?.name }
        #expect(firstCell(scene.frames[0]) == "cell-0")
        #expect(firstCell(scene.frames[scene.frames.count - 1]) != "cell-0")
    }

    @Test func flashlightSpotIsClearInTheMiddleAndDarkAtTheEdges() throws {
        let light = Flashlight(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), center: CGPoint(x: 30, y: 40),
                               radius: 10, softness: 8, color: .black)
        let image = try #require(light.spotImage(scale: 2))
        // Extent ceil(10 + 4) = 14, margin 2: 32 points, 64 pixels.
        #expect(image.width == 64 && image.height == 64)
        #expect(image[32, 32].a == 0)
        #expect(image[0, 0].a == 255 && image[63, 32].a == 255)
        // At the radius (10 pt = 20 px from the centre, between pixels 51 and 52) the overlay is
        // half transparent: the smoothstep is symmetric about it.
        #expect(abs(Int(image[51, 32].a) + Int(image[52, 32].a) - 255) <= 2)
        #expect(image[51, 32].a < image[52, 32].a)
        let o = light.outstretch(scale: 2)
        let slices = o.slices
        #expect(slices.count == 9)
        #expect(slices[4].viewRect == CGRect(x: 16, y: 26, width: 28, height: 28))
        #expect(slices[4].imageRect == CGRect(x: 2, y: 2, width: 28, height: 28))
    }
}
