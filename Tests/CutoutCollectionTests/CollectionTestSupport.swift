import Foundation
import Testing
import CutoutRaster
import CutoutLayers

/// Compares renders with committed golden PNGs, as the other suites do.
///
/// Goldens of this suite are reviewed renders of Cutout's own gallery scenes (there is no
/// independent engine that draws our pizzas); they guard against unintended changes.
/// Tolerance: a pixel matches when every channel (premultiplied, 0...255) differs by at most
/// `channelTolerance` (default 2); a render passes when at most `maxMismatchFraction` (default
/// 0.5 %) of its pixels do not match. Setting `CUTOUT_GOLDEN_OUT=<dir>` writes each render
/// there as `<name>.png` instead of comparing (to review and re-record).
enum CollectionTestSupport {
    static func golden(_ name: String) throws -> Pixmap {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Golden"),
                               "missing golden \(name).png")
        return try Pixmap(pngData: Data(contentsOf: url))
    }

    struct Difference {
        var mismatched: Int
        var total: Int
        var maxChannelDelta: Int
        var fraction: Double { Double(mismatched) / Double(max(total, 1)) }
    }

    static func difference(_ a: Pixmap, _ b: Pixmap, channelTolerance: Int) -> Difference? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var mismatched = 0, maxDelta = 0
        for p in 0..<(a.width * a.height) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(a.data[p * 4 + c]) - Int(b.data[p * 4 + c]))) }
            maxDelta = max(maxDelta, worst)
            if worst > channelTolerance { mismatched += 1 }
        }
        return Difference(mismatched: mismatched, total: a.width * a.height, maxChannelDelta: maxDelta)
    }

    /// Writes the render when recording, else expects it to match the golden.
    static func check(_ render: Pixmap, golden name: String, channelTolerance: Int = 2,
                      maxMismatchFraction: Double = 0.005, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let dir = ProcessInfo.processInfo.environment["CUTOUT_GOLDEN_OUT"] {
            try render.pngData().write(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
            return
        }
        let expected = try golden(name)
        let diff = try #require(difference(render, expected, channelTolerance: channelTolerance),
                                "size \(render.width)×\(render.height) vs golden \(expected.width)×\(expected.height)",
                                sourceLocation: sourceLocation)
        #expect(diff.fraction <= maxMismatchFraction,
                "\(name): \(diff.mismatched) of \(diff.total) pixels differ by more than \(channelTolerance) (max \(diff.maxChannelDelta))",
                sourceLocation: sourceLocation)
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
