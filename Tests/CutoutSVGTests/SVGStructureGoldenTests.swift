import CutoutTestSupport
import Foundation
import Testing
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// The SVG structure and styling fixtures (Fixtures/svg-structure/: CSS selectors and the
/// cascade, the CSS `transform` property, `transform-origin`, `<switch>`, `<a>`,
/// `vector-effect`, embedded `<image>`), imported and rendered at 1 and 2 px per user unit and
/// compared with resvg's renders (Golden/svg-structure-<name>[-2x].png, made by
/// scripts/golden_svg_structure.py), with ``SVGImportGoldenTests/tolerance`` (8/255 per
/// premultiplied channel, 1% of pixels: the engines anti-alias edges differently) unless
/// ``edgeDifferences`` says otherwise.
@Suite struct SVGStructureGoldenTests {
    static let fixtures = [
        "css-selectors", "css-important", "css-transform", "transform-origin", "switch", "a", "vector-effect", "image", "image-jpeg",
    ]

    /// Files whose remaining differences are anti-aliasing of edges (see
    /// ``SVGImportGoldenTests/edgeDifferences``).
    static let edgeDifferences: [String: (fraction: Double, reason: String)] = [
        "a": (0.02, "the 3 px stroked circle and the triangle's diagonal: resvg's quarter-step coverage on near-horizontal edges; 85 of 6000 pixels at 1x, largest 23/255, none off an edge"),
        "vector-effect": (0.02, "the 3 px ring (a circle under scale(0.5), stroked at 3 viewport px) and the dash ends: resvg's quarter-step coverage; 137 of 9600 pixels at 1x, none off an edge"),
    ]

    static func render(_ name: String, scale: CGFloat) throws -> (Pixmap, SVGImage) {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "svg", subdirectory: "Fixtures/svg-structure"),
                               "missing fixture \(name).svg")
        let image = try SVGImporter.importSVG(Data(contentsOf: url))
        return (try LayerRenderer.render(image.layer, size: image.size, scale: scale), image)
    }

    @Test(arguments: fixtures)
    func matchesResvg(_ name: String) throws {
        let (px, image) = try Self.render(name, scale: 1)
        #expect(image.warnings.isEmpty, "\(name): \(image.warnings)")
        try SVGImportGoldenTests.check(px, golden: "svg-structure-\(name)", allowance: Self.edgeDifferences[name])
    }

    @Test(arguments: fixtures)
    func matchesResvgAt2x(_ name: String) throws {
        let (px, _) = try Self.render(name, scale: 2)
        try SVGImportGoldenTests.check(px, golden: "svg-structure-\(name)-2x", allowance: Self.edgeDifferences[name])
    }

    /// Every fixture in the folder is listed above (a new file cannot be silently skipped).
    @Test func everyFixtureIsChecked() throws {
        let dir = try #require(Bundle.module.url(forResource: "svg-structure", withExtension: nil, subdirectory: "Fixtures"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }
        #expect(Set(files) == Set(Self.fixtures))
    }
}
