import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

@Suite struct SVGImporterTests {
    func allLayers(_ root: Layer) -> [Layer] {
        var out: [Layer] = []
        var stack = [root]
        while let l = stack.popLast() {
            out.append(l)
            stack.append(contentsOf: l.sublayers)
            if let m = l.mask { stack.append(m) }
        }
        return out
    }

    @Test func sizeFromViewBoxAndWidth() throws {
        let img = try SVGImporter.importSVG(#"<svg xmlns="http://www.w3.org/2000/svg" width="200" viewBox="0 0 50 25"/>"#)
        #expect(img.size == CGSize(width: 200, height: 100))
        #expect(img.layer.bounds == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(img.layer.masksToBounds)
    }

    @Test func shapesBecomeShapeLayers() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          <rect x="10" y="10" width="30" height="20" rx="5" fill="#ff0000" fill-opacity="0.5"/>
          <circle cx="50" cy="50" r="10" style="fill: none; stroke: blue; stroke-width: 4"/>
          <polygon points="0,0 10,0 10,10" fill-rule="evenodd"/>
        </svg>
        """
        let img = try SVGImporter.importSVG(svg)
        let shapes = allLayers(img.layer).compactMap { $0 as? ShapeLayer }
        #expect(shapes.count == 3)
        let rect = try #require(shapes.first { $0.fillColor?.red == 1 })
        #expect(rect.fillColor == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(rect.path?.boundingBox == CGRect(x: 10, y: 10, width: 30, height: 20))
        let circle = try #require(shapes.first { $0.strokeColor != nil })
        #expect(circle.fillColor == nil && circle.lineWidth == 4 && circle.strokeColor == .blue)
        #expect(shapes.contains { $0.fillRule == .evenOdd })
    }

    @Test func cssSelectorsCascade() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
          <style>rect { fill: red } .a { fill: lime } #b { fill: blue } /* comment */ rect::after { fill: black }</style>
          <rect width="1" height="1"/>
          <rect class="a" width="2" height="1"/>
          <rect class="a" id="b" width="3" height="1" fill="yellow"/>
          <rect class="a" width="4" height="1" style="fill: #00f8"/>
        </svg>
        """
        let img = try SVGImporter.importSVG(svg)
        let shapes = allLayers(img.layer).compactMap { $0 as? ShapeLayer }
        func fill(width: CGFloat) -> Color? { shapes.first { $0.path?.boundingBox.width == width }?.fillColor }
        #expect(fill(width: 1) == .red)
        #expect(fill(width: 2) == Color(red: 0, green: 1, blue: 0))
        #expect(fill(width: 3) == .blue)
        #expect(fill(width: 4) == Color(red: 0, green: 0, blue: 1, alpha: 0x88 / 255.0))
        #expect(img.warnings.contains { $0.message.contains("rect::after") })
    }

    @Test func transformListOrder() throws {
        let t = try #require(SVGTransformList.parse("translate(10, 0) scale(2)", maxMagnitude: 1e6))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 2))
        let r = try #require(SVGTransformList.parse("rotate(90 10 10)", maxMagnitude: 1e6))
        let p = CGPoint(x: 20, y: 10).applying(r)
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 20) < 1e-9)
        #expect(SVGTransformList.parse("scale(", maxMagnitude: 1e6) == nil)
    }

    @Test func useAndSymbol() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">
          <defs><rect id="r" width="10" height="10" fill="green"/>
          <symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol></defs>
          <use href="#r" x="20" y="30"/>
          <use xlink:href="#s" x="50" y="50" width="20" height="20"/>
        </svg>
        """
        let img = try SVGImporter.importSVG(svg)
        let shapes = allLayers(img.layer).compactMap { $0 as? ShapeLayer }
        #expect(shapes.count == 2)
        let rect = try #require(shapes.first { $0.fillColor == Color(red: 0, green: 128 / 255, blue: 0) })
        #expect(CGPoint.zero.applying(rect.transformToRoot) == CGPoint(x: 20, y: 30))
        let circle = try #require(shapes.first { $0 !== rect })
        let c = CGPoint(x: 10, y: 10).applying(circle.transformToRoot)
        #expect(abs(c.x - 70) < 1e-9 && abs(c.y - 70) < 1e-9)
    }

    /// Dash lengths take any unit; percentages are of the viewport's normalized diagonal
    /// (here sqrt(60² + 80²)/√2 = 70.71); a negative entry draws solid.
    @Test func dashLengthsTakeUnitsAndPercentages() throws {
        func dashes(_ array: String, offset: String = "0") throws -> ([CGFloat]?, CGFloat) {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"60\" height=\"80\"><line x2=\"50\" stroke=\"red\" stroke-dasharray=\"\(array)\" stroke-dashoffset=\"\(offset)\"/></svg>"
            let img = try SVGImporter.importSVG(svg)
            let line = try #require(allLayers(img.layer).compactMap { $0 as? ShapeLayer }.first)
            return (line.lineDashPattern, line.lineDashPhase)
        }
        func close(_ a: [CGFloat]?, _ b: [CGFloat]) -> Bool {
            guard let a, a.count == b.count else { return false }
            return zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
        }
        let diagonal = CGFloat(60 * 60 + 80 * 80).squareRoot() / CGFloat(2).squareRoot()
        #expect(close(try dashes("3mm, 2mm").0, [3 * 96 / 25.4, 2 * 96 / 25.4]))
        #expect(close(try dashes("1in 6pt").0, [96, 8]))
        #expect(close(try dashes("10% 4px 5").0, [0.1 * diagonal, 4, 5, 0.1 * diagonal, 4, 5]))
        let (_, phase) = try dashes("5 5", offset: "-2%")
        #expect(abs(phase + 0.02 * diagonal) < 1e-9)
        #expect(try dashes("5 -1").0 == nil)
        #expect(try dashes("5 abc").0 == nil)
    }

    /// paint-order: only whether the stroke comes before the fill matters; bad values warn.
    @Test func paintOrderPutsTheStrokeUnderTheFill() throws {
        func order(_ value: String) throws -> (strokeFirst: Bool, warnings: Int) {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"><rect width=\"9\" height=\"9\" fill=\"red\" stroke=\"blue\" paint-order=\"\(value)\"/></svg>"
            let img = try SVGImporter.importSVG(svg)
            // In drawing order (allLayers lists siblings last first).
            let shapes = Array(allLayers(img.layer).compactMap { $0 as? ShapeLayer }.reversed())
            let strokeFirst = shapes.count == 2 && shapes[0].strokeColor != nil && shapes[0].fillColor == nil
                && shapes[1].fillColor != nil && shapes[1].strokeColor == nil
            return (strokeFirst, img.warnings.count)
        }
        for value in ["stroke", "stroke fill", "markers stroke", "stroke markers fill"] {
            #expect(try order(value) == (true, 0), "\(value)")
        }
        for value in ["normal", "fill", "markers", "fill stroke", "markers fill"] {
            #expect(try order(value) == (false, 0), "\(value)")
        }
        for value in ["stroke stroke", "paint", "fill stroke markers fill"] {
            #expect(try order(value) == (false, 1), "\(value)")
        }
    }

    @Test func unsupportedContentWarnsButImports() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/><image href="x.png"/><rect width="5" height="5" filter="url(#f)"/></svg>"#
        let img = try SVGImporter.importSVG(svg)
        #expect(img.warnings.count >= 3)
        #expect(allLayers(img.layer).contains { $0 is ShapeLayer })
    }

    @Test func gradientHrefInheritance() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          <linearGradient id="base"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
          <linearGradient id="g" href="#base" x2="0" y2="1"/>
          <rect width="100" height="50" fill="url(#g)"/>
        </svg>
        """
        let img = try SVGImporter.importSVG(svg)
        let g = try #require(allLayers(img.layer).compactMap { $0 as? GradientLayer }.first)
        #expect(g.colors == [.red, .blue])
        let start = CGPoint(x: g.startPoint.x * g.bounds.width, y: g.startPoint.y * g.bounds.height).applying(g.transformToSuperlayerBounds)
        let end = CGPoint(x: g.endPoint.x * g.bounds.width, y: g.endPoint.y * g.bounds.height).applying(g.transformToSuperlayerBounds)
        #expect(abs(start.x) < 1e-9 && abs(start.y) < 1e-9)
        #expect(abs(end.x) < 1e-9 && abs(end.y - 50) < 1e-9)
    }
}
