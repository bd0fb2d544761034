import CutoutTestSupport
import Foundation
import Testing
import CutoutRaster

/// The one image comparison every suite uses: each bound of a tolerance can fail on its own,
/// and a failure leaves the three images it names.
@Suite struct ImageAssertionTests {
    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> PremultipliedRGBA8) throws -> Pixmap {
        var p = try Pixmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { p[x, y] = pixel(x, y) } }
        return p
    }

    static let grey = PremultipliedRGBA8(r: 100, g: 100, b: 100, a: 255)

    @Test func eachBoundFailsOnItsOwn() throws {
        let expected = try Self.image(10, 10) { _, _ in Self.grey }
        // One pixel off by 20, the rest by 1.
        let actual = try Self.image(10, 10) { x, y in
            let v: UInt8 = x == 0 && y == 0 ? 120 : 101
            return PremultipliedRGBA8(r: v, g: 100, b: 100, a: 255)
        }
        func failures(_ t: ImageTolerance) -> Int { ImageComparison(actual, expected, tolerance: t).failures(of: t).count }
        #expect(failures(ImageTolerance(channel: 1, mismatchFraction: 0.01)) == 0)
        #expect(failures(ImageTolerance(channel: 1)) == 1, "one pixel past 1, none allowed")
        #expect(failures(ImageTolerance(channel: 0, mismatchFraction: 0.5)) == 1, "every pixel past 0")
        #expect(failures(ImageTolerance(channel: 1, mismatchFraction: 0.01, mean: 0.2)) == 1, "mean (99 + 20) / 400 ≈ 0.3")
        #expect(failures(ImageTolerance(channel: 1, mismatchFraction: 0.01, far: (10, 0))) == 1)
        #expect(failures(ImageTolerance(channel: 1, mismatchFraction: 0.01, far: (20, 0))) == 0)
        var ignoring = [Bool](repeating: false, count: 100)
        ignoring[0] = true
        let t = ImageTolerance(channel: 1)
        #expect(ImageComparison(actual, expected, tolerance: t, ignoring: ignoring).failures(of: t).isEmpty)
    }

    /// Mismatches on an edge of the expected image are counted apart from the others.
    @Test func edgeFractionSeparatesEdgesFromInteriors() throws {
        let expected = try Self.image(10, 10) { x, _ in x < 5 ? .init(r: 0, g: 0, b: 0, a: 255) : Self.grey }
        let shifted = try Self.image(10, 10) { x, _ in x < 6 ? .init(r: 0, g: 0, b: 0, a: 255) : Self.grey }
        let t = ImageTolerance(channel: 8, edgeFraction: 0.1)
        let edge = ImageComparison(shifted, expected, tolerance: t)
        #expect(edge.edgeMismatched == 10 && edge.mismatched == 0 && edge.failures(of: t).isEmpty)
        let tight = ImageTolerance(channel: 8, edgeFraction: 0.05)
        #expect(edge.failures(of: tight).count == 1)
        var spot = expected
        spot[8, 8] = .init(r: 0, g: 0, b: 0, a: 255)
        #expect(ImageComparison(spot, expected, tolerance: t).failures(of: t).count == 1, "a spot away from every edge")
    }

    @Test func aFailureWritesAndNamesActualExpectedAndDifference() throws {
        let expected = try Self.image(4, 4) { _, _ in Self.grey }
        let actual = try Self.image(4, 4) { x, _ in x == 2 ? .init(r: 0, g: 0, b: 0, a: 0) : Self.grey }
        let name = "image-assertion-self-test-\(UUID().uuidString)"
        let paths = ["actual", "expected", "difference"].map { Golden.failureFolder.appendingPathComponent("\(name)-\($0).png").path }
        // The issue is a known one only when its message names all three files and the count.
        try withKnownIssue {
            try assertImage(actual, matches: expected, named: name, tolerance: ImageTolerance(channel: 2))
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            return paths.allSatisfy(message.contains) && message.contains("4 of 16 pixels differ by more than 2")
        }
        for (kind, path) in zip(["actual", "expected", "difference"], paths) {
            let written = try Pixmap(pngData: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(written.width == 4 && written.height == 4, "\(kind)")
            if kind == "difference" { #expect(written[2, 0].r > 0 && written[2, 0].g == 0 && written[0, 0].r == written[0, 0].g) }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
