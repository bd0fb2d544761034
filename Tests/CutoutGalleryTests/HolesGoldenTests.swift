import CutoutTestSupport
import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutHoles
@testable import CutoutGallery

/// Gallery scenes rendered by Cutout against images drawn independently with Skia
/// (`scripts/golden_holes.py`), at 1x.
///
/// Tolerance, per scene: the mean absolute difference over all channels must stay under 1.0
/// (of 255) and at most 1% of pixels may differ by more than 16 in any channel. The second
/// bound leaves room for anti-aliasing along outlines (the two rasterisers sample coverage
/// differently) and for our Gaussian being three box blurs (within 3% of Skia's); a wrong
/// hole, shape, colour or shadow offset moves whole regions and fails both.
@Suite struct HolesGoldenTests {
    static let tolerance = ImageTolerance(channel: 16, mismatchFraction: 0.01, mean: 1.0)

    /// The first frame of the scene `sceneID` at 1x against `Golden/<sceneID>.png`.
    static func check(_ sceneID: String, tolerance: ImageTolerance, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scene = try #require(HolesGallery.scenes().first { $0.id == sceneID })
        let rendered = try LayerRenderer.render(scene.frames[0], size: scene.size, scale: 1)
        try assertImage(rendered, matchesGolden: sceneID, in: .module, tolerance: tolerance, sourceLocation: sourceLocation)
    }

    func expectWithinTolerance(_ sceneID: String) throws { try Self.check(sceneID, tolerance: Self.tolerance) }

    @Test func holeView() throws { try expectWithinTolerance("hole-view") }
    @Test func shapedBorder() throws { try expectWithinTolerance("shaped-border") }
    @Test func listHoles() throws { try expectWithinTolerance("list-holes") }
    /// The first frame of the animation (offset 0).
    @Test func listScrolling() throws { try expectWithinTolerance("list-scrolling") }
    @Test func listShortContent() throws { try expectWithinTolerance("list-short-content") }
    @Test func stackedHole() throws { try expectWithinTolerance("stacked-hole") }

    /// The soft hole and every anti-aliased hole edge depend on a mask's partial alpha being
    /// applied exactly once (a mask of alpha 0.5 leaves 0.5, not 0.25).
    @Test func holeKinds() throws { try expectWithinTolerance("hole-kinds") }
}

/// Scenes that no independent engine reproduces (procedural images resampled by our renderer,
/// the stroker's own outline under even-odd): renders reviewed by eye when committed (each
/// looked at before it went in) and kept as regression images, at 1x.
///
/// Tolerance: mean absolute difference under 0.5 (of 255) and at most 0.5% of pixels off by
/// more than 16 in a channel — tighter than against Skia, since the reference is our own
/// output; a change in the rasteriser's anti-aliasing may move edge pixels, nothing more.
@Suite struct HolesReviewedRenderTests {
    func expectMatchesReview(_ sceneID: String) throws {
        try HolesGoldenTests.check(sceneID, tolerance: ImageTolerance(channel: 16, mismatchFraction: 0.005, mean: 0.5))
    }

    @Test func patternCutout() throws { try expectMatchesReview("pattern-cutout") }
    @Test func erasedCurve() throws { try expectMatchesReview("erased-curve") }
    @Test func shapesCatalogue() throws { try expectMatchesReview("shapes-catalogue") }
    @Test func outstretch() throws { try expectMatchesReview("outstretch") }
    @Test func flashlight() throws { try expectMatchesReview("flashlight") }
    /// The first frame of the animation.
    @Test func flashlightMoving() throws { try expectMatchesReview("flashlight-moving") }
}
