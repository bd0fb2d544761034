import CutoutGeometry
import CutoutRaster
import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutLayers
@testable import CutoutSVG

/// CSS selectors and the cascade where resvg (simplecss) cannot serve as the oracle: the
/// subsequent-sibling combinator `~` and the `^=`, `$=`, `*=` attribute operators, which it
/// does not parse, and `!important` between sheets and the `style` attribute, where it lets
/// the first important declaration win. Expected values follow Selectors Level 4 and CSS
/// Cascade Level 4. Also the work budgets of hostile selector sheets.
@Suite struct SVGCSSSelectorTests {
    static func shapes(_ svg: String) throws -> (SVGImage, [ShapeLayer]) {
        let image = try SVGImporter.importSVG(svg)
        var out: [ShapeLayer] = []
        var stack = [image.layer]
        while let l = stack.popLast() {
            stack += l.sublayers.reversed()
            if let s = l as? ShapeLayer { out.append(s) }
        }
        return (image, out)
    }

    static func fill(_ shapes: [ShapeLayer], x: CGFloat) -> Color? {
        shapes.first { $0.path?.boundingBox.minX == x }?.fillColor
    }

    /// Class lists split at white space code points, as CSS does: a word that starts with a
    /// combining mark (which, as a `Character`, belongs to the space before it) is still a
    /// class, for `.class` and for `[class~=…]` (found by the `css` fuzz target).
    @Test func classWordsStartingWithACombiningMarkMatch() throws {
        let (_, shapes) = try Self.shapes("""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
              <style>
                .\u{0301}b { fill: lime }
                [class~="\u{0301}c"] { stroke: blue }
              </style>
              <rect x="0" width="1" height="1" class="a \u{0301}b" fill="red"/>
              <rect x="1" width="1" height="1" class="a \u{0301}c" fill="red" stroke="red"/>
            </svg>
            """)
        #expect(Self.fill(shapes, x: 0) == Color(red: 0, green: 1, blue: 0))
        #expect(shapes.first { $0.path?.boundingBox.minX == 1 }?.strokeColor == Color(red: 0, green: 0, blue: 1))
    }

    @Test func subsequentSiblingAndSubstringAttributes() throws {
        let (image, shapes) = try Self.shapes("""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
              <style>
                .start ~ rect { fill: lime }
                [id^="ab"] { fill: blue }
                [id$="yz"] { stroke: blue }
                [data-t*="mid"] { fill: yellow }
                [data-t*=""] { stroke: red }
              </style>
              <rect x="0" width="1" height="1" fill="red"/>
              <rect x="1" class="start" width="1" height="1" fill="red"/>
              <circle cx="8" cy="8" r="1"/>
              <rect x="2" width="1" height="1" fill="red"/>
              <rect x="3" id="abc" width="1" height="1"/>
              <rect x="4" id="xyz" width="1" height="1"/>
              <rect x="5" data-t="a-mid-b" width="1" height="1"/>
            </svg>
            """)
        #expect(image.warnings.isEmpty)
        #expect(Self.fill(shapes, x: 0) == .red)  // before .start
        #expect(Self.fill(shapes, x: 1) == .red)  // .start itself
        #expect(Self.fill(shapes, x: 2) == Color(r8: 0, g8: 255, b8: 0))
        // `[id^="ab"]` (0,1,0) is less specific than `.start ~ rect` (0,1,1).
        #expect(Self.fill(shapes, x: 3) == Color(r8: 0, g8: 255, b8: 0))
        #expect(shapes.first { $0.path?.boundingBox.minX == 4 }?.strokeColor == .blue)
        // `[data-t*="mid"]` (0,1,0) loses to `.start ~ rect` (0,1,1) too.
        #expect(Self.fill(shapes, x: 5) == Color(r8: 0, g8: 255, b8: 0))
        let (_, alone) = try Self.shapes("<svg xmlns='http://www.w3.org/2000/svg'><style>[data-t*='mid'] { fill: yellow }</style><rect x='5' data-t='a-mid-b' width='1' height='1'/></svg>")
        #expect(Self.fill(alone, x: 5) == Color(r8: 255, g8: 255, b8: 0))
        // An empty substring matches nothing.
        #expect(shapes.allSatisfy { $0.strokeColor != .red })
    }

    /// Author `!important` beats the `style` attribute; the `style` attribute's `!important`
    /// beats the sheet's; among important sheet declarations the most specific, then the last.
    @Test func importantFollowsTheCascade() throws {
        let (_, shapes) = try Self.shapes("""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
              <style>
                .a { fill: blue !important }
                rect { fill: red !important }
                .b { fill: blue !important }
                .b { fill: lime !important }
                .c { fill: red !important }
              </style>
              <rect x="0" class="a" width="1" height="1" style="fill: red"/>
              <rect x="1" class="b" width="1" height="1"/>
              <rect x="2" class="c" width="1" height="1" style="fill: lime !important"/>
              <rect x="3" width="1" height="1" style="fill: lime" fill="red"/>
            </svg>
            """)
        #expect(Self.fill(shapes, x: 0) == .blue)
        #expect(Self.fill(shapes, x: 1) == Color(r8: 0, g8: 255, b8: 0))
        #expect(Self.fill(shapes, x: 2) == Color(r8: 0, g8: 255, b8: 0))
        #expect(Self.fill(shapes, x: 3) == .red)  // `rect { … !important }` beats a normal `style`
    }

    @Test func selectorParsing() throws {
        let s = try #require(CSSSelector.parse("svg  g.a > rect#b[x='1'] + circle:first-child ~ *"))
        #expect(s.compounds.count == 5)
        #expect(s.combinators == [.descendant, .child, .nextSibling, .subsequentSibling])
        #expect(s.compounds[1] == CSSSelector.Compound(element: "g", classes: ["a"]))
        #expect(s.compounds[2].attributes == [CSSSelector.AttributeTest(name: "x", op: .equals, value: "1")])
        #expect(s.specificity == 1_000_000 + 3 * 1000 + 4)
        for bad in ["a::before", "a:hover", "svg|rect", "a >", "> a", "[x", "a:nth-child(2)", "[x=\"a\\\"b\"]", ""] {
            #expect(CSSSelector.parse(bad) == nil, "\(bad)")
        }
        #expect(CSSSelector.parse(String(repeating: "g ", count: 40) + "rect") == nil)
    }

    /// 500 rules `.nope g g … g rect` (10 levels) against 100 nested groups holding 100
    /// rects: naive right-to-left matching backtracks through every choice of ancestors
    /// (C(100, 9) ≈ 2·10¹² ways per rect and rule, since `.nope` never matches); with each
    /// (rule, compound, element) answered once, the work stays within rules × compounds ×
    /// elements, and a smaller visit budget stops it with a typed error.
    @Test func descendantChainsAreMatchedOncePerElement() throws {
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><style>"
        for i in 0..<500 { svg += ".nope " + String(repeating: "g ", count: 9) + "rect.x\(i % 5) { fill: red }\n" }
        svg += "</style>" + String(repeating: "<g>", count: 100) + String(repeating: "<rect class='x1' width='1' height='1'/>", count: 100)
            + String(repeating: "</g>", count: 100) + "</svg>"
        let (builder, result) = try SVGImportBudgetTests.build(svg)
        let image = try result.get()
        // 100 rules name class x1; each answers (compound, element) once: 10 × 100 groups + 100 rects.
        #expect(builder.sheet.selectorSteps <= 100 * (10 * 101 + 100))
        #expect(builder.sheet.rulesTested == 100 * 100)
        #expect(image.warnings.isEmpty)
        let small = SVGImporter.Limits(maxVisits: 50_000)
        #expect(throws: SVGError.tooManyVisits(line: 501, limit: 50_000)) { try SVGImporter.importSVG(svg, limits: small) }
    }

    /// `.a ~ rect` over 20,000 siblings: each sibling's answer reuses the previous one's, so
    /// the work is linear (before memoising: 200 million steps).
    @Test func siblingChainsAreLinear() throws {
        let n = 20_000
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><style>.a ~ rect { fill: lime }</style><rect class='a' width='1' height='1'/>"
            + String(repeating: "<rect width='1' height='1'/>", count: n) + "</svg>"
        let (builder, result) = try SVGImportBudgetTests.build(svg)
        let image = try result.get()
        #expect(builder.sheet.selectorSteps <= 2 * (n + 2))
        let last = try #require(image.layer.sublayers.first?.sublayers.last as? ShapeLayer)
        #expect(last.fillColor == Color(r8: 0, g8: 255, b8: 0))
    }
}

/// Random text through the new parsers and whole documents built from it: no trap, no hang;
/// every result is a value or nil (a warning in the document).
@Suite struct SVGStructureRobustnessTests {
    static let pieces = ["a", "rect", ".", "#", "*", "[", "]", "=", "~", "|", "^", "$", ":", "first-child", ">", "+", " ", ",",
                         "\"", "'", "(", ")", "-", "1", "deg", "px", "%", "rotate", "translate", "scaleX", "matrix", "e9", "1e999",
                         "left", "top", "center", "\\", "\u{0}", "é", "{", "}", ";", "!important", "/*", "*/"]

    static func text(_ r: inout FuzzRandom, _ length: Int) -> String {
        (0..<length).map { _ in r.pick(pieces) }.joined()
    }

    @Test func parsersNeverTrap() {
        var r = FuzzRandom(state: 0x5EED_C55)
        for _ in 0..<3000 {
            let s = Self.text(&r, r.below(12) + 1)
            _ = CSSSelector.parse(s)
            _ = SVGTransformSyntax.parse(s, maxMagnitude: 1e6)
            _ = SVGTransformOrigin.parse(s, viewport: CGSize(width: 10, height: 10), maxMagnitude: 1e6)
        }
    }

    @Test func documentsNeverTrap() throws {
        var r = FuzzRandom(state: 0xD0C5)
        for _ in 0..<200 {
            let sheet = (0..<4).map { _ in Self.text(&r, 6) + "{fill:red;transform:" + Self.text(&r, 4) + "}" }.joined()
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><style>\(sheet.replacingOccurrences(of: "<", with: ""))</style>
                <switch><g systemLanguage="\(Self.text(&r, 3).replacingOccurrences(of: "\"", with: ""))"><rect width="4" height="4"/></g>
                <a><rect class="a b" id="x" width="8" height="8" transform-origin="\(Self.text(&r, 3).replacingOccurrences(of: "\"", with: ""))"
                  transform="rotate(10)" vector-effect="non-scaling-stroke" stroke="blue"/></a></switch></svg>
                """
            guard let image = try? SVGImporter.importSVG(svg) else { continue }
            _ = try LayerRenderer.render(image.layer, size: image.size)
        }
    }
}
