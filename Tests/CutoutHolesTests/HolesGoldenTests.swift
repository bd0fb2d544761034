import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutHoles

/// Gallery scenes rendered by Cutout against images drawn independently with Skia
/// (`scripts/golden_holes.py`), at 1x.
///
/// Tolerance, per scene: the mean absolute difference over all channels must stay under 1.0
/// (of 255) and at most 1% of pixels may differ by more than 16 in any channel. The second
/// bound leaves room for anti-aliasing along outlines (the two rasterisers sample coverage
/// differently) and for our Gaussian being three box blurs (within 3% of Skia's); a wrong
/// hole, shape, colour or shadow offset moves whole regions and fails both.
@Suite struct HolesGoldenTests {
    struct Difference { var mean: Double; var fractionOver16: Double }

    func compare(sceneID: String) throws -> Difference {
        let scene = try #require(HolesGallery.scenes().first { $0.id == sceneID })
        let rendered = try LayerRenderer.render(scene.frames[0], size: scene.size, scale: 1)
        let url = try #require(Bundle.module.url(forResource: sceneID, withExtension: "png", subdirectory: "Golden"))
        let golden = try Pixmap(pngData: Data(contentsOf: url))
        try #require(golden.width == rendered.width && golden.height == rendered.height)
        var total = 0, over = 0
        for i in stride(from: 0, to: golden.data.count, by: 4) {
            var worst = 0
            for k in 0..<4 {
                let d = abs(Int(golden.data[i + k]) - Int(rendered.data[i + k]))
                total += d
                worst = max(worst, d)
            }
            if worst > 16 { over += 1 }
        }
        let pixels = golden.width * golden.height
        return Difference(mean: Double(total) / Double(pixels * 4), fractionOver16: Double(over) / Double(pixels))
    }

    @Test(arguments: ["hole-view", "shaped-border"])
    func sceneMatchesSkia(sceneID: String) throws {
        let d = try compare(sceneID: sceneID)
        #expect(d.mean < 1.0, "mean \(d.mean)")
        #expect(d.fractionOver16 < 0.01, "over 16: \(d.fractionOver16)")
    }
}
