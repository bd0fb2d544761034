import CutoutLayers
import CutoutSVG
import CutoutTestSupport
import Foundation
import Testing

/// The checks each filter fixture suite makes of its own folder: the graph survives export,
/// resvg draws the committed export as we draw the fixture, and no fixture goes unchecked.
enum FilterFixtureChecks {
    /// Import → export → import keeps `graphs` of the layer tree and draws the same (only the
    /// exported outlines' rounding may differ).
    static func exportKeepsTheGraph<G: Equatable & Collection>(_ source: Data, name: String, roundTripGolden: String,
                                                                graphs: (Layer) -> G) throws {
        let image = try SVGImporter.importSVG(source)
        let svg = SVGExporter.svg(for: image.layer, size: image.size)
        let again = try SVGImporter.importSVG(svg)
        #expect(again.warnings.isEmpty, "\(name): \(again.warnings)")
        let before = graphs(image.layer), after = graphs(again.layer)
        #expect(!before.isEmpty)
        #expect(before == after, "\(name)")
        let a = try LayerRenderer.render(image.layer, size: image.size)
        let b = try LayerRenderer.render(again.layer, size: again.size)
        try assertImage(b, matches: a, named: roundTripGolden, tolerance: ImageTolerance(channel: 2, mismatchFraction: 0.002))
    }

    /// The export of `source` equals the committed `Fixtures/<exportFolder>/<name>.svg` (else the
    /// goldens check an old exporter), and our render at scale 1 and 2 matches resvg's render of
    /// that file, `Golden/<goldenPrefix><name>[-2x].png`. With `CUTOUT_GOLDEN_OUT` set the
    /// export is written there instead.
    static func resvgDrawsTheExport(_ source: Data, name: String, exportFolder: String, goldenPrefix: String,
                                    tolerance: ImageTolerance) throws {
        let image = try SVGImporter.importSVG(source)
        let svg = SVGExporter.svg(for: image.layer, size: image.size)
        if let dir = Golden.recordingFolder {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(svg.utf8).write(to: dir.appendingPathComponent(name + ".svg"))
            return
        }
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "svg", subdirectory: "Fixtures/\(exportFolder)"))
        #expect(try String(contentsOf: url, encoding: .utf8) == svg)
        for (scale, suffix) in [(CGFloat(1), ""), (2, "-2x")] {
            let px = try LayerRenderer.render(image.layer, size: image.size, scale: scale)
            try assertImage(px, matchesGolden: "\(goldenPrefix)\(name)\(suffix)", in: .module, tolerance: tolerance)
        }
    }
}
