import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// Path data and attribute values read numbers with one lexer (`SVGNumberLexer` in
/// CutoutGeometry): the same text splits into the same numbers in a `d`, a `transform`, a
/// `viewBox`, an opacity or a colour.
@Suite struct SVGNumberTests {
    /// Texts whose splitting the SVG grammar's longest-match rule decides, with the two
    /// numbers each must give.
    static let pairs: [(String, CGFloat, CGFloat)] = [
        ("0.5.5", 0.5, 0.5), ("-1e-3-2", -0.001, -2), ("1e2.5", 100, 0.5), (".5-.5", 0.5, -0.5),
        ("+3,\u{0C}4", 3, 4), ("6E+1 7", 60, 7),
    ]

    @Test(arguments: pairs)
    func pathDataAndTransformsSplitNumbersAlike(text: String, x: CGFloat, y: CGFloat) throws {
        let path = try Path(svgPathData: "M" + text)
        #expect(path.elements == [.moveTo(CGPoint(x: x, y: y))])
        let t = try #require(SVGTransformList.parse("translate(\(text))", maxMagnitude: 1e6))
        #expect(t == Transform(translationX: x, y: y))
        var scanner = SVGNumberScanner(text, maxMagnitude: 1e6)
        #expect(scanner.numberList() == [x, y])
    }

    /// `1e` is the number 1 followed by `e`, in path data (where `e` is no command, so an
    /// error at its offset) and in attributes (the unit `e`, which no attribute accepts).
    @Test func anExponentWithoutDigitsIsNotPartOfTheNumber() {
        let error = #expect(throws: SVGPathDataError.self) { try Path(svgPathData: "M1 1e") }
        #expect(error?.offset == 4 && error?.found == "'e'")
        #expect(SVGNumberScanner.numberWithSuffix("1e")! == (1, "e"))
        #expect(SVGLength.parse("1e", maxMagnitude: 1e6) == nil)
        #expect(SVGNumberScanner.numberWithSuffix(" 1 ")! == (1, ""))
    }

    /// Opacities, offsets and colour components used to go through `Double(String)`, which
    /// also reads hexadecimal floats and `nan`/`inf` words; now they follow SVG's grammar.
    @Test func opacitiesAndColourComponentsUseTheSVGGrammar() throws {
        #expect(SVGNumberScanner.numberWithSuffix("50%")! == (50, "%"))
        #expect(SVGNumberScanner.numberWithSuffix("120deg")! == (120, "deg"))
        for text in ["0x1p-1", "nan", "inf", "infinity", "1 2", "", "%"] {
            #expect(SVGNumberScanner.numberWithSuffix(text) == nil, "\(text)")
        }
        #expect(CSSColor.parse("rgb(0x10, 0, 0)") == nil)
        #expect(CSSColor.parse("rgb(100%, 0%, 0%)") == Color(red: 1, green: 0, blue: 0))
        // The comma syntax does not mix percentages and numbers (CSS Color 4); spaces may.
        #expect(CSSColor.parse("rgb(100%, 0, 0)") == nil)
        #expect(CSSColor.parse("rgb(100% 0 0)") == Color(red: 1, green: 0, blue: 0))
        #expect(CSSColor.parse("hsl(120deg, 100%, 50%)") == Color(red: 0, green: 1, blue: 0))
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
          <rect width="10" height="10" opacity="0x1p-1"/><rect width="10" height="10" opacity="25%"/>
        </svg>
        """
        let image = try SVGImporter.importSVG(svg)
        var shapes: [Layer] = []
        var stack = [image.layer]
        while let l = stack.popLast() {
            if l is ShapeLayer { shapes.append(l) }
            stack.append(contentsOf: l.sublayers)
        }
        #expect(shapes.map(\.opacity).sorted() == [0.25, 1])
        #expect(image.warnings.contains { "\($0)".contains("opacity") })
    }
}
