import Foundation
import Testing
import CutoutRaster
@testable import CutoutLayers

/// Compares renders with committed golden PNGs.
///
/// Tolerance: a pixel matches when every channel (premultiplied, 0...255) differs by at most
/// `channelTolerance`; a render passes when at most `maxMismatchFraction` of its pixels do not
/// match. Setting `CUTOUT_GOLDEN_OUT=<dir>` writes each render there as `<name>.png` (for the
/// reviewed-render goldens) instead of comparing.
enum GoldenSupport {
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
    static func check(_ render: Pixmap, golden name: String, channelTolerance: Int = 8,
                      maxMismatchFraction: Double = 0.01, sourceLocation: SourceLocation = #_sourceLocation) throws {
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
}
