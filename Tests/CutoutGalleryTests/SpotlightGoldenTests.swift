import CutoutTestSupport
import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutSpotlight
@testable import CutoutGallery

/// The gallery scenes rendered at scale 0.5 (195 × 422 pixels) against reviewed renders in
/// `Golden/<scene-id>.png` (for the animation, `Golden/spotlight-tour-animation-frame-<n>.png`).
///
/// These are regression images: each was rendered by Cutout and looked at before it was
/// committed (holes where the targets are, the bar intact over the scrolled field, the bubble
/// clear of every hole with its arrow on the asked side, the blur outside the holes only). The
/// rules themselves are asserted independently in ``SpotlightRenderingTests``.
///
/// Tolerance: a pixel matches when every channel (premultiplied RGBA) is within 2 of 255 of the
/// golden; at most 0.5% of the pixels may mismatch. That absorbs rounding changes in the
/// rasteriser, not a moved hole, a changed colour or a callout on another side (each moves
/// thousands of pixels at this size).
///
/// To re-record after a reviewed change: `CUTOUT_GOLDEN_OUT=<folder> swift test --filter
/// SpotlightGoldenTests`, look at every PNG written there, and copy them into `Golden/`.
@Suite struct SpotlightGoldenTests {
    static let scale: CGFloat = 0.5
    static let channelTolerance = 2
    static let mismatchFraction = 0.005

    static let stills = ["spotlight-step-1", "spotlight-step-2", "spotlight-step-3", "spotlight-under-navigation-bar",
                         "spotlight-blurred-backdrop", "spotlight-step-2-rtl"]
    /// Mid-fade, mid-morph from step 1 to 2 (one hole splitting into two), and the last frame.
    static let animationFrames = [2, 6, 13]

    func check(_ layer: Layer, size: CGSize, name: String) throws {
        let rendered = try LayerRenderer.render(layer, size: size, scale: Self.scale)
        try assertImage(rendered, matchesGolden: name, in: .module,
                        tolerance: ImageTolerance(channel: Self.channelTolerance, mismatchFraction: Self.mismatchFraction))
    }

    @Test(arguments: stills)
    func galleryStill(sceneID: String) throws {
        let scene = try #require(SpotlightGallery.scenes().first { $0.id == sceneID })
        try check(scene.frames[0], size: scene.size, name: sceneID)
    }

    @Test(arguments: animationFrames)
    func tourAnimationFrame(index: Int) throws {
        let scene = try #require(SpotlightGallery.scenes().first { $0.id == "spotlight-tour-animation" })
        try #require(scene.frames.indices.contains(index))
        try check(scene.frames[index], size: scene.size, name: "spotlight-tour-animation-frame-\(index)")
    }

    /// The top 112 points of the scrolled scene at 1x against Skia (`scripts/golden_spotlight.py`,
    /// rebuilt from the scene's specification): the bar dimmed and intact, the hole cut below it
    /// only. Tolerance for two rasterisers: a pixel matches when every channel is within 3 of 255
    /// (both composite in 8 bits, rounding differently); at most 2% of the pixels may mismatch (the
    /// labels "9:41", "Orders" and "Search orders" are all edge pixels, whose coverage the two
    /// engines estimate a few levels apart: measured 1.4%), and
    /// at most 0.1% (44 pixels) by more than 16: the two rasterisers estimate coverage of
    /// outline pixels differently (the hole's rounded corners differ by up to about 55 at their
    /// steepest pixels). A hole cut through the bar, a wrong dim colour or opacity moves
    /// thousands of pixels by far more.
    @Test func underNavigationBarTopMatchesSkia() throws {
        let scene = try #require(SpotlightGallery.scenes().first { $0.id == "spotlight-under-navigation-bar" })
        let rendered = try LayerRenderer.render(scene.frames[0], size: scene.size, scale: 1)
        try assertImage(rendered.topRows(112), matchesGolden: "spotlight-under-navigation-bar-top-skia", in: .module,
                        tolerance: ImageTolerance(channel: 3, mismatchFraction: 0.02, far: (16, 0.001)))
    }
}
