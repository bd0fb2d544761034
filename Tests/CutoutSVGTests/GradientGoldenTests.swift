import CutoutTestSupport
import Foundation
import Testing
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// Colour interpolation between stops of different alpha, against resvg (which interpolates
/// straight colours, as SVG specifies): every SVG in Fixtures/svg-gradient/ imported and
/// rendered at scale 1 and 3, and the same gradients built as ``GradientLayer``s (Core
/// Animation interpolates straight colours too), compared with resvg's renders at zoom 1 and 3
/// (Golden/svg-gradient-<name>.png and -3x.png, made by scripts/golden_gradient.py).
///
/// Tolerance 2 per premultiplied channel, every pixel: our dithering moves each pixel by up to
/// one level from the exact colour (resvg rounds it), the 1024-entry table quantises t (a
/// quarter level on the steepest ramp here), and resvg's straight-alpha PNG loses up to one
/// more level when premultiplied again at low alpha. Premultiplied interpolation would be off
/// by up to 64 levels on these images.
@Suite struct GradientGoldenTests {
    static let fixtures = ["white-clear-linear", "color-transparent-radial", "multistop-alpha-linear", "multistop-alpha-radial"]
    static let tolerance = ImageTolerance(channel: 2)
    static let scales: [(scale: CGFloat, suffix: String)] = [(1, ""), (3, "-3x")]

    static func image(_ name: String) throws -> SVGImage {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "svg", subdirectory: "Fixtures/svg-gradient"),
                               "missing fixture \(name).svg")
        return try SVGImporter.importSVG(Data(contentsOf: url))
    }

    @Test(arguments: fixtures)
    func svgImportMatchesResvg(_ name: String) throws {
        let image = try Self.image(name)
        #expect(image.warnings.isEmpty, "\(name): \(image.warnings)")
        for (scale, suffix) in Self.scales {
            let px = try LayerRenderer.render(image.layer, size: image.size, scale: scale)
            try assertImage(px, matchesGolden: "svg-gradient-\(name)\(suffix)", in: .module, tolerance: Self.tolerance)
        }
    }

    /// The stops of Fixtures/svg-gradient/multistop-alpha-*.svg.
    static let multistop: (colors: [Color], locations: [CGFloat]) = (
        [Color(r8: 0xFF, g8: 0x80, b8: 0x00), Color(r8: 0x00, g8: 0xA0, b8: 0xA0).withAlphaComponent(0.3),
         Color(r8: 0xFF, g8: 0xFF, b8: 0xFF, a8: 0), Color(r8: 0x60, g8: 0x20, b8: 0xC0).withAlphaComponent(0.8)],
        [0, 0.35, 0.6, 1])

    /// The fixtures' gradients as Core Animation layers filling the canvas (their
    /// objectBoundingBox units are the layer's unit square).
    static func layer(_ name: String) -> (GradientLayer, CGSize) {
        let layer = GradientLayer()
        let size: CGSize
        switch name {
        case "white-clear-linear":
            size = CGSize(width: 96, height: 40)
            layer.colors = [.white, .clear]
            layer.startPoint = CGPoint(x: 0, y: 0)
            layer.endPoint = CGPoint(x: 1, y: 0)
        case "color-transparent-radial":
            size = CGSize(width: 80, height: 56)
            layer.type = .radial
            layer.colors = [.red, Color.blue.withAlphaComponent(0)]
            layer.startPoint = CGPoint(x: 0.5, y: 0.5)
            layer.endPoint = CGPoint(x: 1, y: 1)
        case "multistop-alpha-linear":
            size = CGSize(width: 72, height: 72)
            layer.colors = multistop.colors
            layer.locations = multistop.locations
            layer.startPoint = CGPoint(x: 0.1, y: 0.15)
            layer.endPoint = CGPoint(x: 0.9, y: 0.8)
        default:
            size = CGSize(width: 72, height: 64)
            layer.type = .radial
            layer.colors = multistop.colors
            layer.locations = multistop.locations
            layer.startPoint = CGPoint(x: 0.5, y: 0.5)
            layer.endPoint = CGPoint(x: 0.8, y: 0.8)
            layer.focalPoint = CGPoint(x: 0.4, y: 0.42)
            layer.spreadMethod = .reflect
        }
        layer.frame = CGRect(origin: .zero, size: size)
        return (layer, size)
    }

    @Test(arguments: fixtures)
    func gradientLayerMatchesResvg(_ name: String) throws {
        let (layer, size) = Self.layer(name)
        for (scale, suffix) in Self.scales {
            let px = try LayerRenderer.render(layer, size: size, scale: scale)
            try assertImage(px, matchesGolden: "svg-gradient-\(name)\(suffix)", in: .module, tolerance: Self.tolerance)
        }
    }

    /// The CAGradientLayer fringe: white to `.clear` is translucent grey halfway, white to
    /// transparent white stays white.
    @Test func whiteToClearIsGreyHalfway() throws {
        let layer = GradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 8)
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        layer.colors = [.white, .clear]
        let grey = try LayerRenderer.render(layer, size: CGSize(width: 100, height: 8))
        layer.colors = [.white, Color.white.withAlphaComponent(0)]
        let white = try LayerRenderer.render(layer, size: CGSize(width: 100, height: 8))
        // Centre of column 50 is t = 0.505: straight colour 0.495 grey at alpha 0.495, so
        // premultiplied 0.245 × 255 ≈ 62.5 (dithered to 62 or 63); white stays r = a.
        let g = grey[50, 4], w = white[50, 4]
        #expect((62...63).contains(g.r) && g.r == g.g && g.g == g.b && (126...127).contains(g.a), "\(g)")
        #expect(w.r == w.a && w.g == w.a && w.b == w.a && (126...127).contains(w.a), "\(w)")
    }
}
