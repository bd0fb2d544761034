import Foundation
import Testing
@testable import CutoutGeometry

/// Cutout's stroke outlines against Skia's (`scripts/golden_stroke.py`): the area covered by
/// the non-zero fill of our outline, measured exactly by `StrokeTestSupport.nonZeroArea`, must
/// match the area of Skia's outline after skia-pathops simplification.
@Suite("Stroke differential (Skia)")
struct StrokeDifferentialTests {
    @Test("the fixture loads")
    func fixtureLoads() throws {
        let cases = try StrokeTestSupport.loadCases()
        #expect(cases.count >= 30)
        #expect(cases.contains { $0.exact } && cases.contains { !$0.exact })
    }

    /// Polygonal cases (lines, butt and square caps, miter and bevel joins) are exact in both
    /// engines, so they agree to 1e-6 (Skia works in 32-bit floats). Curved cases agree to
    /// 0.1%: our curve offsets are within 1/1000 of the width, Skia's within its own
    /// tolerance at resScale 64, and our outline is measured flattened to 1/20000 of the width.
    /// The one case where Skia is wrong is compared with cairo's rasterised coverage (20x
    /// scale, antialiased), to 1e-4.
    @Test("area matches Skia", arguments: StrokeTestSupport.cases)
    func areaMatchesSkia(_ c: StrokeTestSupport.Case) {
        let outline = c.outline()
        let area = StrokeTestSupport.nonZeroArea(of: outline, tolerance: c.width / 20000)
        let relative = abs(area - c.referenceArea) / c.referenceArea
        let tolerance = c.usesCairoReference ? 1e-4 : c.exact ? 1e-6 : 1e-3
        #expect(relative <= tolerance, "\(c.name): ours \(area), reference \(c.referenceArea), relative \(relative)")
    }

    /// Bounds agree within 1e-4 on polygonal cases and 1/500 of the width on curved ones.
    @Test("bounds match Skia", arguments: StrokeTestSupport.cases)
    func boundsMatchSkia(_ c: StrokeTestSupport.Case) {
        let box = c.outline().boundingBox
        let tol = c.exact ? 1e-4 : c.width / 500
        let pairs = [(box.minX, c.skiaBounds.minX), (box.minY, c.skiaBounds.minY),
                     (box.maxX, c.skiaBounds.maxX), (box.maxY, c.skiaBounds.maxY)]
        for (ours, skia) in pairs {
            #expect(abs(ours - skia) <= tol, "\(c.name): ours \(box), Skia \(c.skiaBounds)")
        }
    }
}
