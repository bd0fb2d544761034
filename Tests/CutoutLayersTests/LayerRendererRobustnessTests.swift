import CutoutTestSupport
import CutoutGeometry
import CutoutRaster
import Foundation
import Testing
@testable import CutoutLayers
import CutoutSVG

/// Seeded fuzzing of layer trees: NaN, infinite and huge geometry, opacities, shadows, corner
/// radii, borders, contents placement, masks, dashes and gradients, rendered to small canvases
/// and exported to SVG. Documented rules under test: the renderer skips a layer whose geometry
/// is not finite, clamps opacity to 0...1 (NaN = 0) and treats non-finite or negative radii,
/// widths and sigmas as 0; every render stays within the work budget of its canvas
/// (``RenderingBudget``), gives the promised size and premultiplied pixels.
@Suite struct LayerRendererRobustnessTests {
    typealias SplitMix64 = FuzzRandom

    static let extremes: [CGFloat] = [0, -0.0, 1, -1, 0.5, 1e-300, -1e-300, 1e300, -1e300, .greatestFiniteMagnitude,
                                      -.greatestFiniteMagnitude, 1e9, -1e9, .nan, .infinity, -.infinity]

    static func value(_ rng: inout SplitMix64, range: ClosedRange<Double> = -8...24) -> CGFloat {
        rng.below(10) == 0 ? rng.pick(extremes) : CGFloat(range.lowerBound + rng.unit() * (range.upperBound - range.lowerBound))
    }

    /// Radii and sigmas: extreme, but none in (0, 1e-150), where the blur traps (see
    /// ``tinyShadowRadiusDoesNotTrap()``).
    static func radius(_ rng: inout SplitMix64) -> CGFloat {
        rng.below(3) == 0 ? rng.pick([0, -1, .nan, .infinity, -.infinity, 1e300, .greatestFiniteMagnitude, 1e9, 1e-9])
            : CGFloat(rng.unit() * 6)
    }

    static func point(_ rng: inout SplitMix64) -> CGPoint { CGPoint(x: value(&rng), y: value(&rng)) }
    static func size(_ rng: inout SplitMix64) -> CGSize { CGSize(width: value(&rng, range: 1...16), height: value(&rng, range: 1...16)) }
    static func rect(_ rng: inout SplitMix64) -> CGRect { CGRect(origin: point(&rng), size: size(&rng)) }
    static func unitRect(_ rng: inout SplitMix64) -> CGRect {
        rng.below(2) == 0 ? CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            : CGRect(x: value(&rng, range: 0...1), y: value(&rng, range: 0...1), width: value(&rng, range: 0...1), height: value(&rng, range: 0...1))
    }

    static func color(_ rng: inout SplitMix64) -> Color {
        Color(red: value(&rng, range: 0...1), green: value(&rng, range: 0...1), blue: value(&rng, range: 0...1), alpha: value(&rng, range: 0...1))
    }

    static func transform(_ rng: inout SplitMix64) -> Transform {
        switch rng.below(5) {
        case 0: return Transform(rotationAngle: value(&rng))
        case 1: return Transform(scaleX: value(&rng, range: -2...2), y: value(&rng, range: -2...2))
        case 2: return Transform(a: value(&rng), b: value(&rng), c: value(&rng), d: value(&rng), tx: value(&rng), ty: value(&rng))
        default: return .identity
        }
    }

    static let image: Pixmap = {
        var p = try! Pixmap(width: 6, height: 4)
        for y in 0..<4 { for x in 0..<6 { p[x, y] = PremultipliedRGBA8(r: UInt8(x * 40), g: UInt8(y * 60), b: 0, a: 255) } }
        return p
    }()

    static func path(_ rng: inout SplitMix64) -> Path {
        var p = Path()
        p.move(to: point(&rng))
        p.addCurve(to: point(&rng), control1: point(&rng), control2: point(&rng))
        p.addLine(to: point(&rng))
        if rng.below(2) == 0 { p.addEllipse(in: rect(&rng)) }
        if rng.below(2) == 0 { p.closeSubpath() }
        return p
    }

    /// A random layer, with a few sublayers down to `depth`.
    static func layer(_ rng: inout SplitMix64, depth: Int) -> Layer {
        let l: Layer
        switch rng.below(3) {
        case 0:
            let s = ShapeLayer()
            s.path = path(&rng)
            s.fillColor = rng.below(4) == 0 ? nil : color(&rng)
            s.strokeColor = rng.below(2) == 0 ? nil : color(&rng)
            s.lineWidth = value(&rng, range: 0...6)
            s.lineCap = rng.pick(LineCap.allCases)
            s.lineJoin = rng.pick(LineJoin.allCases)
            s.miterLimit = value(&rng, range: 0...20)
            if rng.below(3) == 0 { s.lineDashPattern = (0..<(1 + rng.below(3))).map { _ in value(&rng, range: 0...5) } }
            s.lineDashPhase = value(&rng)
            s.strokeStart = value(&rng, range: 0...1)
            s.strokeEnd = value(&rng, range: 0...1)
            s.fillRule = rng.below(2) == 0 ? .winding : .evenOdd
            l = s
        case 1:
            let g = GradientLayer()
            g.type = rng.pick(GradientLayer.GradientType.allCases)
            g.colors = (0..<rng.below(4)).map { _ in color(&rng) }
            if rng.below(2) == 0 { g.locations = (0..<rng.below(5)).map { _ in value(&rng, range: 0...1) } }
            g.startPoint = CGPoint(x: value(&rng, range: 0...1), y: value(&rng, range: 0...1))
            g.endPoint = CGPoint(x: value(&rng, range: 0...1), y: value(&rng, range: 0...1))
            l = g
        default:
            l = Layer()
        }
        l.bounds = CGRect(origin: rng.below(3) == 0 ? point(&rng) : .zero, size: size(&rng))
        l.position = CGPoint(x: value(&rng, range: 0...16), y: value(&rng, range: 0...12))
        l.anchorPoint = CGPoint(x: value(&rng, range: 0...1), y: value(&rng, range: 0...1))
        if rng.below(3) == 0 { l.transform = transform(&rng) }
        if rng.below(4) == 0 { l.sublayerTransform = transform(&rng) }
        l.opacity = value(&rng, range: 0...1)
        l.backgroundColor = rng.below(2) == 0 ? color(&rng) : nil
        l.cornerRadius = value(&rng, range: 0...8)
        l.borderWidth = rng.below(2) == 0 ? value(&rng, range: 0...4) : 0
        l.masksToBounds = rng.below(3) == 0
        l.zPosition = value(&rng)
        if rng.below(3) == 0 {
            l.shadowOpacity = value(&rng, range: 0...1)
            l.shadowRadius = radius(&rng)
            l.shadowOffset = size(&rng)
            l.shadowColor = color(&rng)
            if rng.below(2) == 0 { l.shadowPath = path(&rng) }
        }
        if rng.below(5) == 0 { l.blurSigma = radius(&rng) }
        if rng.below(3) == 0 {
            l.contents = image
            l.contentsRect = unitRect(&rng)
            l.contentsCenter = unitRect(&rng)
            l.contentsGravity = rng.pick([.resize, .resizeAspect, .resizeAspectFill, .center, .topLeft, .bottomRight])
            l.contentsScale = value(&rng, range: 0.5...3)
        }
        if depth > 0, rng.below(4) == 0 { l.mask = layer(&rng, depth: 0) }
        if depth > 0 {
            for _ in 0..<rng.below(3) { l.addSublayer(layer(&rng, depth: depth - 1)) }
        }
        return l
    }

    @Test func randomTreesRenderWithinTheirBudget() throws {
        var rng = SplitMix64(state: 21)
        var drewSomething = 0
        for i in 0..<300 {
            let root = Self.layer(&rng, depth: 2)
            let scale = rng.pick([CGFloat(1), 2, 1e-6, 0.37])
            var pixels: Pixmap?
            let work = try WorkMeter.measure {
                pixels = try LayerRenderer.render(root, size: CGSize(width: 16, height: 12), scale: scale)
            }
            let (w, h) = (Int((16 * scale).rounded(.up)), Int((12 * scale).rounded(.up)))
            #expect(pixels?.width == w && pixels?.height == h, "case \(i)")
            if let pixels, pixels.data.contains(where: { $0 != 0 }) { drewSomething += 1 }
            if let bad = pixels?.premultipliedViolation { Issue.record("case \(i): channel above alpha at \(bad)") }
            let overruns = RenderingBudget(canvasWidth: w, canvasHeight: h).overruns(work)
            #expect(overruns.isEmpty, "case \(i): \(overruns)")
            let svg = SVGExporter.svg(for: root, size: CGSize(width: 16, height: 12))
            #expect(!svg.contains("nan") && !svg.contains("inf"), "case \(i): the SVG export writes only finite numbers")
            #expect(throws: Never.self, "case \(i): the SVG export reads back") { try SVGImporter.importSVG(svg) }
        }
        #expect(drewSomething > 40, "the trees are not all degenerate: \(drewSomething) of 300 drew pixels")
    }

    /// The documented skip rule: a layer with non-finite geometry draws nothing, and its
    /// siblings still draw.
    @Test func nonFiniteGeometrySkipsOnlyThatLayer() throws {
        for bad in [CGFloat.nan, .infinity, -.infinity] {
            let root = Layer(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
            let broken = Layer(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
            broken.backgroundColor = .black
            broken.position = CGPoint(x: bad, y: 4)
            let fine = Layer(frame: CGRect(x: 0, y: 0, width: 4, height: 8))
            fine.backgroundColor = Color(red: 1, green: 0, blue: 0)
            root.addSublayer(broken)
            root.addSublayer(fine)
            let pixels = try LayerRenderer.render(root, size: CGSize(width: 8, height: 8))
            #expect(pixels[1, 1] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), "\(bad)")
            #expect(pixels[6, 1].a == 0, "\(bad): the broken layer is skipped")
        }
    }

    /// Opacity is clamped to 0...1 with NaN as 0.
    @Test func opacityIsClamped() throws {
        for (opacity, expected) in [(CGFloat.nan, UInt8(0)), (-1, 0), (5, 255), (.infinity, 255), (-.infinity, 0)] {
            let l = Layer(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            l.backgroundColor = .black
            l.opacity = opacity
            #expect(try LayerRenderer.render(l, size: CGSize(width: 4, height: 4))[1, 1].a == expected, "\(opacity)")
        }
    }

    /// Huge shadow radii and blur sigmas are clamped (to ``Pixmap/maximumBlurSigma``) and cost no
    /// more than the canvas.
    @Test func hugeShadowRadiusAndBlurAreBounded() throws {
        for radius in [CGFloat(1e6), 1e300, .greatestFiniteMagnitude, .infinity, .nan, -5] {
            let l = Layer(frame: CGRect(x: 4, y: 4, width: 8, height: 8))
            l.backgroundColor = .black
            l.shadowOpacity = 1
            l.shadowRadius = radius
            l.blurSigma = radius
            var pixels: Pixmap?
            let work = try WorkMeter.measure { pixels = try LayerRenderer.render(l, size: CGSize(width: 16, height: 16)) }
            #expect(pixels?.width == 16 && pixels?.height == 16, "radius \(radius)")
            if let bad = pixels?.premultipliedViolation { Issue.record("radius \(radius): channel above alpha at \(bad)") }
            let overruns = RenderingBudget(canvasWidth: 16, canvasHeight: 16).overruns(work)
            #expect(overruns.isEmpty, "radius \(radius): \(overruns)")
        }
    }

    /// A shadow radius of 1e-300 (or any shadow or blur rendered at a scale of 1e-300) reaches
    /// the blur as a sigma whose square underflows (BlurRobustnessTests.subnormalSigmaDoesNotTrap).
    /// Run in a child process so a regression is observed rather than fatal.
    @Test func tinyShadowRadiusDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let l = Layer(frame: CGRect(x: 2, y: 2, width: 4, height: 4))
            l.backgroundColor = .black
            l.shadowOpacity = 1
            l.shadowRadius = 1e-300
            _ = try LayerRenderer.render(l, size: CGSize(width: 8, height: 8))
        }
    }

    @Test func absurdCanvasesAreRefusedBeforeAllocating() {
        let l = Layer(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        for (size, scale) in [(CGSize(width: 1e9, height: 1), CGFloat(1)), (CGSize(width: 20_000, height: 20_000), 1),
                              (CGSize(width: 10, height: 10), 1e300), (CGSize(width: CGFloat.nan, height: 10), 1),
                              (CGSize(width: 10, height: 10), .infinity), (CGSize(width: -1, height: 10), 1),
                              (CGSize(width: 10, height: 10), 0), (CGSize(width: 1e-300, height: 1e-300), 1e-300)] {
            #expect(throws: LayerRenderError.self, "\(size) @\(scale)") { try LayerRenderer.render(l, size: size, scale: scale) }
        }
    }
}
