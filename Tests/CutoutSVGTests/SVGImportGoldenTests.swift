import CutoutTestSupport
import Foundation
import Testing
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// Every SVG in Fixtures/svg/ imported with ``SVGImporter`` and rendered with
/// ``LayerRenderer`` at 1 px per user unit, compared with resvg's render of the same file
/// (Golden/svg-<name>.png, made by scripts/golden_svg.py), and again at scale 2 against
/// resvg at zoom 2 (Golden/svg-<name>-2x.png), with the same tolerances.
///
/// Tolerance (``resvgTolerance``): a pixel matches when each premultiplied channel is within
/// 8/255 — the two engines anti-alias edges differently — at most 0.8% of the pixels may
/// mismatch and the mean channel difference is at most 0.4. Comparisons of gradients keep
/// ``tolerance`` (1%, no mean bound) while the gradient work of issue 18 changes their
/// interpolation. Bounds measured with `CUTOUT_IMAGE_STATS` (see `ImageStatistics`).
@Suite struct SVGImportGoldenTests {
    /// The bound for gradients (and the former default): within 8/255, 1% may mismatch.
    static let tolerance = ImageTolerance(channel: 8, mismatchFraction: 0.01)
    /// Measured worst: clip-path at 2x, 0.69% of pixels past 8/255 (resvg's quarter-step
    /// coverage along the clip's curved edge); mean at most 0.27 (opacity-group at 1x).
    static let resvgTolerance = ImageTolerance(channel: 8, mismatchFraction: 0.008, mean: 0.4)
    /// Our render against our render of what the exporter wrote: measured at most 2/255
    /// (shadow colours rounded through the export's numbers), so 2/255 on every pixel.
    static let renderEquality = ImageTolerance(channel: 2)

    /// Whether a comparison draws gradients (whose bounds are left to the gradient work).
    static func drawsGradients(_ name: String) -> Bool { name.contains("gradient") || name.contains("radial") }

    /// ``tolerance`` for gradients, `other` for everything else.
    static func tolerance(_ name: String, otherwise other: ImageTolerance) -> ImageTolerance {
        drawsGradients(name) ? tolerance : other
    }

    static let fixtures = [
        "shapes", "rect-rounded", "transforms", "fill-rule", "stroke-caps-joins", "stroke-dashes",
        "opacity-group", "clip-path", "mask", "linear-gradient", "gradient-spread", "radial-gradient",
        "gradient-href", "gradient-stroke", "use-symbol", "viewbox-meet", "viewbox-slice", "viewbox-none",
        "css-style", "colors", "nested-svg", "curves", "blur", "entities-illustrator", "mix-blend-mode", "isolation", "dash-units", "paint-order",
    ]

    static let folder = SVGGoldenFixtureFolder(name: "svg")

    static func render(_ name: String, scale: CGFloat = 1) throws -> (Pixmap, SVGImage) {
        try folder.render(name, scale: scale)
    }

    /// Files whose remaining differences are anti-aliasing of edges, measured and explained.
    /// For these the 1% budget is replaced by: no mismatch away from an edge of the golden
    /// (a pixel whose 3×3 neighbourhood in the golden is uniform within 8/255), at most
    /// the stated fraction of pixels mismatching on edges (each about 1.15× the worst of the
    /// two scales), and a mean channel difference of at most 1.0 (measured at most 0.72,
    /// dash-units: the differences stay on edges; a shifted shape would not).
    static let edgeDifferences: [String: (fraction: Double, reason: String)] = [
        "shapes": (0.02, "resvg (tiny-skia) samples coverage on 4 sub-scanlines, so near-horizontal edges of the ellipse and circle get coverage in quarter steps (e.g. 0.75 where the exact area is 0.91; ours gives 0.89)"),
        "rect-rounded": (0.018, "quarter-step vertical coverage in resvg on the nearly horizontal parts of the elliptical corners"),
        "viewbox-none": (0.023, "the circle stretched 2.4× into a flat ellipse: nearly horizontal edges everywhere, quarter-step coverage in resvg"),
        "curves": (0.045, "long shallow curves and a thin (2 px) stroke: quarter-step coverage in resvg along near-horizontal edges"),
        "stroke-dashes": (0.03, "dash ends along the circle land up to ~1 px apart (arc length of the Bézier circle measured differently) and round caps of the dotted line anti-alias differently"),
        "entities-illustrator": (0.045, "both edges of the 4 px ring (Illustrator's four-curve circle) and the rounded corners: quarter-step coverage in resvg; 168 of 4096 pixels, all on edges, largest 31/255"),
        "dash-units": (0.05, "every dash end falls mid-pixel (lengths such as 8.25 and 4.12 px) and anti-aliases differently: 272 of 6000 pixels, all at dash ends, the dash pattern itself identical; only 2 pixels differ by more than 40/255, where a dash turns the rect's corner"),
        "paint-order": (0.028, "the rims of the three stroked circles (7 px strokes, quarter-step coverage in resvg on near-horizontal edges): 134 of 4608 pixels, largest 32/255; the rects, where the order shows, match"),
        "gradient-stroke": (0.03, "edges of the 10 px ring: resvg's coverage is quarter-stepped (0.5 where the exact area is 0.71; ours 0.70)"),
    ]

    @Test(arguments: fixtures)
    func matchesResvg(_ name: String) throws {
        let (px, image) = try Self.render(name)
        #expect(image.warnings.isEmpty, "\(name): \(image.warnings)")
        try Self.check(px, golden: "svg-\(name)", allowance: Self.edgeDifferences[name], measured: true)
    }

    @Test(arguments: fixtures)
    func matchesResvgAt2x(_ name: String) throws {
        let (px, _) = try Self.render(name, scale: 2)
        if name == "blur" {
            // At 2x the sigma doubles (to 8 px): our Gaussian (three box blurs) and resvg's
            // differ by up to 11/255 over the wide soft slopes (1.2% of pixels > 8), mean 0.83.
            return try assertImage(px, matchesGolden: "svg-blur-2x", in: .module, tolerance: Self.blurTolerance)
        }
        try Self.check(px, golden: "svg-\(name)-2x", allowance: Self.edgeDifferences[name], measured: true)
    }

    /// The blur at both scales: the box-blur approximation differs from resvg's by at most
    /// 11/255 (measured 8 at 1x, 11 at 2x) on every pixel, mean 0.67 and 0.83.
    static let blurTolerance = ImageTolerance(channel: 12, mean: 1.0)

    /// Checks `px` against `golden`: with the measured bounds of this suite's fixtures
    /// (``resvgTolerance``, ``blurTolerance``, edge checks with a mean bound) when `measured`,
    /// else with ``tolerance`` and plain edge checks (the structure goldens, measured by their
    /// own suite).
    static func check(_ px: Pixmap, golden: String, allowance: (fraction: Double, reason: String)?, measured: Bool = false,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let allowance else {
            let bound = !measured ? tolerance : golden.hasPrefix("svg-blur") ? blurTolerance : tolerance(golden, otherwise: resvgTolerance)
            return try assertImage(px, matchesGolden: golden, in: .module, tolerance: bound, sourceLocation: sourceLocation)
        }
        try checkEdgesOnly(px, golden: golden, maxEdgeFraction: allowance.fraction, reason: allowance.reason,
                           mean: measured ? 1.0 : nil, sourceLocation: sourceLocation)
    }

    /// The edge-only comparison: no mismatch (> 8/255) where the golden's 3×3 neighbourhood
    /// is uniform within 8/255, at most `maxEdgeFraction` of the pixels mismatching on edges,
    /// and, when given, a mean channel difference of at most `mean` (gradients excepted).
    static func checkEdgesOnly(_ px: Pixmap, golden name: String, maxEdgeFraction: Double, reason: String,
                               mean: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bound = ImageTolerance(channel: 8, mean: drawsGradients(name) ? nil : mean, edgeFraction: maxEdgeFraction)
        try assertImage(px, matchesGolden: name, in: .module, tolerance: bound, sourceLocation: sourceLocation)
    }

    /// Every fixture in the folder is listed above (a new file cannot be silently skipped).
    @Test func everyFixtureIsChecked() throws { try Self.folder.expectHolds(exactly: Self.fixtures) }
}
