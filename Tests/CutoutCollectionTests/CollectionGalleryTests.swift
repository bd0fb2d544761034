import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import CutoutLayers
@testable import CutoutCollection

@Suite struct CollectionGalleryTests {
    @Test func everySceneBuilds() throws {
        let scenes = CollectionGallery.scenes()
        let out = ProcessInfo.processInfo.environment["CUTOUT_GALLERY_OUT"]
        for scene in scenes {
            #expect(!scene.frames.isEmpty, "\(scene.id)")
            if let out {
                for (k, frame) in scene.frames.enumerated() where k == 0 || k == scene.frames.count - 1 || k % 6 == 0 {
                    let px = try LayerRenderer.render(frame, size: scene.size, scale: 1)
                    try px.pngData().write(to: URL(fileURLWithPath: out).appendingPathComponent("\(scene.id)-\(k).png"))
                }
            }
        }
    }
}
