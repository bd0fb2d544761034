import Foundation
import Testing
import CutoutRaster
import CutoutTestSupport
@testable import CutoutLayers
@testable import CutoutSVG

/// Compares renders with committed golden PNGs.
///
/// Tolerance: a pixel matches when every channel (premultiplied, 0...255) differs by at most
/// `channelTolerance`; a render passes when at most `maxMismatchFraction` of its pixels do not
/// match. Setting `CUTOUT_GOLDEN_OUT=<dir>` writes each render there as `<name>.png` (for the
/// reviewed-render goldens) instead of comparing.
enum GoldenSupport {
    static func golden(_ name: String) throws -> Pixmap { try GoldenImages.load(name, from: .module) }

    static func difference(_ a: Pixmap, _ b: Pixmap, channelTolerance: Int) -> ImageDifference? {
        GoldenImages.difference(a, b, channelTolerance: channelTolerance)
    }

    static func check(_ render: Pixmap, golden name: String, channelTolerance: Int = 8,
                      maxMismatchFraction: Double = 0.01, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try GoldenImages.check(render, golden: name, in: .module, channelTolerance: channelTolerance,
                               maxMismatchFraction: maxMismatchFraction, sourceLocation: sourceLocation)
    }
}
