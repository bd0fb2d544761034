import Foundation
import Testing
import CutoutRaster
import CutoutTestSupport
import CutoutLayers
@testable import CutoutGallery

/// Helpers of the collection gallery's tests.
///
/// Goldens of this suite are reviewed renders of Cutout's own gallery scenes (there is no
/// independent engine that draws our pizzas); they guard against unintended changes.
enum CollectionTestSupport {
    /// A pixel matches when every channel differs by at most 2; at most 0.5% of the pixels may
    /// not: rounding changes in the rasteriser, not a moved topping or a changed colour.
    static let tolerance = ImageTolerance(channel: 2, mismatchFraction: 0.005)

    static func check(_ render: Pixmap, golden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try assertImage(render, matchesGolden: name, in: .module, tolerance: tolerance, sourceLocation: sourceLocation)
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
