import Foundation
import Testing
import CutoutRaster
import CutoutTestSupport
import CutoutLayers
@testable import CutoutGallery

/// Compares renders with committed golden PNGs, as the other suites do.
///
/// Goldens of this suite are reviewed renders of Cutout's own gallery scenes (there is no
/// independent engine that draws our pizzas); they guard against unintended changes.
/// Tolerance: a pixel matches when every channel (premultiplied, 0...255) differs by at most
/// `channelTolerance` (default 2); a render passes when at most `maxMismatchFraction` (default
/// 0.5 %) of its pixels do not match. Setting `CUTOUT_GOLDEN_OUT=<dir>` writes each render
/// there as `<name>.png` instead of comparing (to review and re-record).
enum CollectionTestSupport {
    static func golden(_ name: String) throws -> Pixmap { try GoldenImages.load(name, from: .module) }

    static func check(_ render: Pixmap, golden name: String, channelTolerance: Int = 2,
                      maxMismatchFraction: Double = 0.005, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try GoldenImages.check(render, golden: name, in: .module, channelTolerance: channelTolerance,
                               maxMismatchFraction: maxMismatchFraction, sourceLocation: sourceLocation)
    }

    /// Every layer of a tree, depth first, the root included.
    static func allLayers(_ root: Layer) -> [Layer] {
        [root] + root.sublayers.flatMap(allLayers)
    }

    /// Whether the layer and all its ancestors up to the root are shown.
    static func isShown(_ layer: Layer) -> Bool {
        var node: Layer? = layer
        while let n = node {
            if n.isHidden || n.opacity <= 0 { return false }
            node = n.superlayer
        }
        return true
    }
}
