import CutoutGeometry
import CutoutRaster
import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutLayers
@testable import CutoutSVG

/// `vector-effect="non-scaling-stroke"`: ``ShapeLayer/hasNonScalingStroke`` in the layer tree,
/// the same attribute in the export, and the stroke's width in canvas points at any scale.
@Suite struct SVGNonScalingStrokeTests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
          <g transform="scale(1, 4)"><line x1="4" y1="5" x2="36" y2="5" stroke="black" stroke-width="2" vector-effect="non-scaling-stroke"/></g>
          <g transform="scale(4, 1)"><line x1="5" y1="4" x2="5" y2="36" stroke="black" stroke-width="2" style="vector-effect: non-scaling-stroke" vector-effect="none"/></g>
        </svg>
        """

    static func shapes(_ layer: Layer) -> [ShapeLayer] {
        var out: [ShapeLayer] = []
        var stack = [layer]
        while let l = stack.popLast() {
            stack += l.sublayers.reversed()
            if let s = l as? ShapeLayer { out.append(s) }
        }
        return out
    }

    /// Each line is scaled 4× across its length's normal (a scaling stroke would be 8 px
    /// thick): both are 2 canvas points thick at scale 1 and 3, the `style` property beating
    /// the attribute on the second.
    @Test func widthIsInCanvasPoints() throws {
        let image = try SVGImporter.importSVG(Self.svg)
        #expect(image.warnings.isEmpty)
        let lines = Self.shapes(image.layer)
        #expect(lines.count == 2 && lines.allSatisfy(\.hasNonScalingStroke))
        for scale: CGFloat in [1, 3] {
            let px = try LayerRenderer.render(image.layer, size: image.size, scale: scale)
            func alpha(_ x: CGFloat, _ y: CGFloat) -> UInt8 { px[Int(x * scale), Int(y * scale)].a }
            // Horizontal line at y = 20: covers 19…21.
            #expect(alpha(30, 19.5) == 255 && alpha(30, 20.5) == 255)
            #expect(alpha(30, 18.5) == 0 && alpha(30, 21.5) == 0)
            // Vertical line at x = 20: covers 19…21.
            #expect(alpha(19.5, 30) == 255 && alpha(20.5, 30) == 255)
            #expect(alpha(18.5, 30) == 0 && alpha(21.5, 30) == 0)
        }
    }

    /// A scaled stroke without the effect is 4× wider, with it exactly the stated width: the
    /// difference shows at the far edge.
    @Test func differsFromAScalingStroke() throws {
        func render(_ effect: String) throws -> Pixmap {
            let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'><g transform='scale(4)'><line x1='1' y1='5' x2='9' y2='5' stroke='black' stroke-width='2' vector-effect='\(effect)'/></g></svg>"
            let image = try SVGImporter.importSVG(svg)
            return try LayerRenderer.render(image.layer, size: image.size)
        }
        let scaling = try render("none"), fixed = try render("non-scaling-stroke")
        #expect(scaling[20, 17].a == 255 && scaling[20, 22].a == 255)
        #expect(fixed[20, 19].a == 255 && fixed[20, 17].a == 0 && fixed[20, 22].a == 0)
    }

    /// Export writes the attribute on the stroke, and importing the export gives the same
    /// layer flag and the same pixels.
    @Test func roundTrip() throws {
        let url = try #require(Bundle.module.url(forResource: "vector-effect", withExtension: "svg", subdirectory: "Fixtures/svg-structure"))
        let first = try SVGImporter.importSVG(Data(contentsOf: url))
        let exported = SVGExporter.svg(for: first.layer, size: first.size)
        #expect(exported.components(separatedBy: "vector-effect=\"non-scaling-stroke\"").count - 1 == 3)
        let second = try SVGImporter.importSVG(exported)
        #expect(second.warnings.isEmpty)
        #expect(Self.shapes(second.layer).filter(\.hasNonScalingStroke).count == 3)
        for scale: CGFloat in [1, 2] {
            let a = try LayerRenderer.render(first.layer, size: first.size, scale: scale)
            let b = try LayerRenderer.render(second.layer, size: second.size, scale: scale)
            // The same strokes drawn by the same code: measured identical at both scales.
            try assertImage(b, matches: a, named: "non-scaling-round-trip-\(Int(scale))x", tolerance: .exact)
        }
    }

    @Test func otherValuesWarn() throws {
        let image = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg'><rect width='1' height='1' vector-effect='non-scaling-size'/></svg>")
        #expect(image.warnings.map(\.message) == ["vector-effect 'non-scaling-size' is not supported; ignored"])
    }

    @Test func coreAnimationListsItAsUnsupported() {
        let s = ShapeLayer()
        s.strokeColor = .black
        s.hasNonScalingStroke = true
        #expect(s.coreAnimationProperties().unsupported.contains(.nonScalingStroke))
    }
}
