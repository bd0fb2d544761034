import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutSVG

/// A folder of SVG fixtures (`Fixtures/<name>/`) whose renders at 1 and 2 px per user unit are
/// compared with resvg's (`Golden/<name>-<fixture>[-2x].png`), the checks the golden suites
/// share: each suite keeps its own list of fixtures, warnings and allowances.
struct SVGGoldenFixtureFolder {
    let name: String
    /// Whether a fixture may read files beside it (`<image>` from files).
    var grantsFiles = false

    func url() throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"), "missing fixture folder \(name)")
    }

    func render(_ fixture: String, scale: CGFloat) throws -> (Pixmap, SVGImage) {
        let file = try url().appendingPathComponent(fixture + ".svg")
        let data = try Data(contentsOf: file)
        let image = grantsFiles ? try SVGImporter.importSVG(data, files: .document(at: file)) : try SVGImporter.importSVG(data)
        return (try LayerRenderer.render(image.layer, size: image.size, scale: scale), image)
    }

    /// Renders `fixture` at `scale` and compares it with resvg's render; at scale 1 the import
    /// must also give exactly `warnings`.
    func check(_ fixture: String, scale: CGFloat, warnings: [String], allowance: (fraction: Double, reason: String)?,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (px, image) = try render(fixture, scale: scale)
        if scale == 1 {
            #expect(image.warnings.map(\.message) == warnings, "\(fixture): \(image.warnings)", sourceLocation: sourceLocation)
        }
        let golden = "\(name)-\(fixture)" + (scale == 1 ? "" : "-\(Int(scale))x")
        try SVGImportGoldenTests.check(px, golden: golden, allowance: allowance, sourceLocation: sourceLocation)
    }

    /// Every `.svg` in the folder is one of `fixtures` (a new file cannot be silently skipped).
    func expectHolds(exactly fixtures: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: url().path)
            .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }
        #expect(Set(files) == Set(fixtures), sourceLocation: sourceLocation)
    }
}
