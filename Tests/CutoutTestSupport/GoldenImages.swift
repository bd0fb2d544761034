import CutoutRaster
import Foundation
import Testing

/// How far a render is from its golden image.
public struct ImageDifference: Sendable {
    /// Pixels where some premultiplied channel differs by more than the tolerance.
    public var mismatched: Int
    public var total: Int
    /// The largest channel difference anywhere, 0...255.
    public var maxChannelDelta: Int
    public var fraction: Double { Double(mismatched) / Double(max(total, 1)) }
}

/// Golden-image comparison shared by the test suites.
///
/// A pixel matches when every premultiplied channel (0...255) differs by at most the channel
/// tolerance; a render passes when at most the stated fraction of its pixels do not match.
/// Setting `CUTOUT_GOLDEN_OUT=<dir>` writes each render there as `<name>.png` instead of
/// comparing, to review and re-record reviewed renders.
public enum GoldenImages {
    /// The golden `Golden/<name>.png` of a test bundle.
    public static func load(_ name: String, from bundle: Bundle) throws -> Pixmap {
        let url = try #require(bundle.url(forResource: name, withExtension: "png", subdirectory: "Golden"),
                               "missing golden \(name).png")
        return try Pixmap(pngData: Data(contentsOf: url))
    }

    /// The difference of two same-sized pixmaps, `nil` when their sizes differ.
    public static func difference(_ a: Pixmap, _ b: Pixmap, channelTolerance: Int) -> ImageDifference? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var mismatched = 0, maxDelta = 0
        for p in 0..<(a.width * a.height) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(a.data[p * 4 + c]) - Int(b.data[p * 4 + c]))) }
            maxDelta = max(maxDelta, worst)
            if worst > channelTolerance { mismatched += 1 }
        }
        return ImageDifference(mismatched: mismatched, total: a.width * a.height, maxChannelDelta: maxDelta)
    }

    /// Writes the render when recording, else expects it to match the golden.
    public static func check(_ render: Pixmap, golden name: String, in bundle: Bundle, channelTolerance: Int,
                             maxMismatchFraction: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let dir = ProcessInfo.processInfo.environment["CUTOUT_GOLDEN_OUT"] {
            try render.pngData().write(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
            return
        }
        let expected = try load(name, from: bundle)
        let diff = try #require(difference(render, expected, channelTolerance: channelTolerance),
                                "size \(render.width)×\(render.height) vs golden \(expected.width)×\(expected.height)",
                                sourceLocation: sourceLocation)
        #expect(diff.fraction <= maxMismatchFraction,
                "\(name): \(diff.mismatched) of \(diff.total) pixels differ by more than \(channelTolerance) (max \(diff.maxChannelDelta))",
                sourceLocation: sourceLocation)
    }
}
