import CutoutGeometry
import CutoutRaster
import Foundation
import Testing
@testable import CutoutLayers
@testable import CutoutSVG

/// Documents that are small but ask for a lot of work: long reference chains, content reused
/// many times, huge style sheets. Each test counts the work the importer did (depth reached,
/// elements visited, bytes scanned, rules tested), never the time it took.
@Suite struct SVGImportBudgetTests {
    /// A builder over `svg` (parsed with `limits`), and the result of building it.
    static func build(_ svg: String, limits: SVGImporter.Limits = .default) throws -> (SVGBuilder, Result<SVGImage, SVGError>) {
        let root = try XMLDocumentParser(limits: limits).parse(Data(svg.utf8))
        let builder = SVGBuilder(root: root, limits: limits)
        do throws(SVGError) { return (builder, .success(try builder.build())) } catch { return (builder, .failure(error)) }
    }

    /// The deepest chain of sublayers and masks under `layer`, measured without recursion.
    static func layerDepth(_ layer: Layer) -> Int {
        var deepest = 0
        var stack = [(layer, 1)]
        while let (l, d) = stack.popLast() {
            deepest = max(deepest, d)
            for s in l.sublayers { stack.append((s, d + 1)) }
            if let m = l.mask { stack.append((m, d + 1)) }
        }
        return deepest
    }

    static func chain(_ count: Int, _ link: (Int, String) -> String, user: String) -> String {
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'>\n"
        for i in 0..<count { svg += link(i, i + 1 < count ? "url(#l\(i + 1))" : "none") + "\n" }
        return svg + user + "</svg>"
    }

    /// 5,000 clip paths, each clipped by the next (on the `<clipPath>` itself, or on its
    /// shape), and 5,000 masks whose content is masked by the next: before, each link was one
    /// more level of native recursion (a stack overflow in release too) and mask content
    /// restarted its depth. Now the chain is cut at the shared depth limit: the element it
    /// protects is not drawn, and the layer tree stays as shallow as the limit.
    static let chains = [
        "clipPath": chain(5000, { "<clipPath id='l\($0)' clip-path='\($1)'><rect width='8' height='8'/></clipPath>" },
                          user: "<rect width='8' height='8' fill='red' clip-path='url(#l0)'/>"),
        "clip shape": chain(5000, { "<clipPath id='l\($0)'><rect width='8' height='8' clip-path='\($1)'/></clipPath>" },
                            user: "<rect width='8' height='8' fill='red' clip-path='url(#l0)'/>"),
        "mask": chain(5000, { "<mask id='l\($0)'><rect width='8' height='8' fill='white' mask='\($1)'/></mask>" },
                      user: "<rect width='8' height='8' fill='red' mask='url(#l0)'/>"),
    ]

    @Test(arguments: ["clipPath", "clip shape", "mask"])
    func longReferenceChainsAreCutAtTheDepthLimit(kind: String) throws {
        let svg = try #require(Self.chains[kind])
        let (builder, result) = try Self.build(svg)
        let image = try result.get()
        #expect(builder.deepest == 257, "\(kind): deepest level checked")
        #expect(image.warnings.contains { $0.message.contains("deeper than 256 levels") }, "\(kind)")
        #expect(Self.layerDepth(image.layer) < 3 * 256, "\(kind)")
        // The cut clips everything away, so nothing of the red square is drawn.
        let pixels = try LayerRenderer.render(image.layer, size: CGSize(width: 8, height: 8))
        #expect(pixels[4, 4].a == 0, "\(kind)")
    }

    /// A chain within the limit is not cut: 100 clip paths each clipping the next, the last
    /// one a 4×4 square, leave that square.
    @Test func chainsWithinTheLimitAreKept() throws {
        let svg = Self.chain(100, { i, next in
            "<clipPath id='l\(i)' clip-path='\(next)'><rect width='\(next == "none" ? 4 : 8)' height='8'/></clipPath>"
        }, user: "<rect width='8' height='8' fill='red' clip-path='url(#l0)'/>")
        let (builder, result) = try Self.build(svg)
        let image = try result.get()
        #expect(builder.deepest == 102)
        #expect(image.warnings.isEmpty)
        let pixels = try LayerRenderer.render(image.layer, size: CGSize(width: 8, height: 8))
        #expect(pixels[2, 4].a == 255)
        #expect(pixels[6, 4].a == 0)
    }

    /// Mask content continues from the depth of the element it masks: 200 nested groups, then
    /// a mask holding 100 more, go past 256 (before, the mask's content started again at 1).
    @Test func maskContentContinuesTheDepth() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><mask id='m'>"
            + String(repeating: "<g>", count: 100) + "<rect width='8' height='8' fill='white'/>" + String(repeating: "</g>", count: 100)
            + "</mask>" + String(repeating: "<g>", count: 200) + "<rect width='8' height='8' mask='url(#m)'/>"
            + String(repeating: "</g>", count: 200) + "</svg>"
        let (builder, result) = try Self.build(svg)
        let image = try result.get()
        #expect(builder.deepest == 257)
        #expect(image.warnings.contains { $0.message.contains("deeper than 256 levels") })
    }

    /// Gradient `href` links share the limit: a chain of 300 gradients keeps what the first
    /// 256 levels give, with a warning, and visits no further.
    @Test func gradientHrefChainsShareTheLimit() throws {
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'>"
        for i in 0..<300 { svg += "<linearGradient id='g\(i)' href='#g\(i + 1)'/>" }
        svg += "<linearGradient id='g300'><stop offset='0' stop-color='blue'/></linearGradient><rect width='8' height='8' fill='url(#g0) red'/></svg>"
        let (builder, result) = try Self.build(svg)
        let image = try result.get()
        #expect(builder.deepest == 257)
        #expect(image.warnings.contains { $0.message.contains("gradient href chain deeper than 256 levels") })
    }

    /// A `<g>` of 20,000 `<desc/>` used 20,000 times (460 KB): 400 million visits if expanded,
    /// which the element and layer counts did not bound (`desc` makes no layer). The import
    /// stops with a typed error as soon as the visits pass the budget.
    @Test func reusedContentStopsAtTheVisitBudget() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'><defs><g id='g'>" + String(repeating: "<desc/>", count: 20_000)
            + "</g></defs>" + String(repeating: "<use href='#g'/>", count: 20_000) + "</svg>"
        let (builder, result) = try Self.build(svg)
        #expect(throws: SVGError.tooManyVisits(line: 1, limit: 1_000_000)) { try result.get() }
        #expect(builder.visits == 1_000_001)
    }

    /// Every element reached counts, once per time it is reached: the root, `defs`, each
    /// `use`, and the used group with its children each time.
    @Test func visitsCountEveryElementReached() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'><defs><g id='g'>" + String(repeating: "<desc/>", count: 5)
            + "</g></defs>" + String(repeating: "<use href='#g'/>", count: 3) + "</svg>"
        let (builder, result) = try Self.build(svg)
        _ = try result.get()
        #expect(builder.visits == 2 + 3 * (1 + 1 + 5))
        let limited = SVGImporter.Limits(maxVisits: 22)
        #expect(throws: SVGError.tooManyVisits(line: 1, limit: 22)) { try SVGImporter.importSVG(svg, limits: limited) }
    }

    /// A `<use>` that doubles per level (2²⁰ rectangles if expanded), one element per line:
    /// the error names the line of the element whose visit passed the budget. The visits are
    /// the root, `defs`, the outer `<use>`, a `<g>` and its first `<use>` on each of the 20
    /// levels down, the rect, l1's second `<use>` and the rect again (46); the 47th is l2's
    /// second `<use>`, on line 10.
    @Test func theVisitLimitNamesTheElementThatPassedIt() throws {
        var lines = ["<svg xmlns='http://www.w3.org/2000/svg'>", "<defs>", "<rect id='l0' width='1' height='1'/>"]
        for level in 1...20 { lines += ["<g id='l\(level)'>", "<use href='#l\(level - 1)'/>", "<use href='#l\(level - 1)'/>", "</g>"] }
        lines += ["</defs>", "<use href='#l20'/>", "</svg>"]
        #expect(lines[9] == "<use href='#l1'/>")
        let svg = lines.joined(separator: "\n")
        #expect(throws: SVGError.tooManyVisits(line: 10, limit: 46)) { try SVGImporter.importSVG(svg, limits: SVGImporter.Limits(maxVisits: 46)) }
        #expect(SVGError.tooManyVisits(line: 10, limit: 46).description.hasPrefix("line 10: more than 46 element visits"))
    }

    /// The element and rule counts name the element being read: a `<style>` whose rules pass
    /// the limit, or the first element past it.
    @Test func theElementLimitNamesTheElementThatPassedIt() {
        let rules = String(repeating: "a { fill: red }\n", count: 20)
        let styled = "<svg xmlns='http://www.w3.org/2000/svg'>\n<rect/>\n<style>\n\(rules)</style>\n</svg>"
        #expect(throws: SVGError.tooManyElements(line: 3, limit: 10)) { try SVGImporter.importSVG(styled, limits: SVGImporter.Limits(maxElements: 10)) }
        let elements = "<svg xmlns='http://www.w3.org/2000/svg'>\n" + String(repeating: "<g/>\n", count: 20) + "</svg>"
        #expect(throws: SVGError.tooManyElements(line: 11, limit: 10)) { try SVGImporter.importSVG(elements, limits: SVGImporter.Limits(maxElements: 10)) }
    }

    /// 200,000 empty rules (600 KB): the old parser copied the rest of the sheet after each
    /// rule (quadratic). Now each byte is examined once, and the empty rules are not kept.
    @Test func emptyRulesAreReadInOnePass() throws {
        let css = String(repeating: "a{}", count: 200_000)
        var sheet = CSSStyleSheet()
        try sheet.add(css, line: 1, properties: SVGBuilder.styleProperties, maxRules: 250_000)
        #expect(sheet.bytesScanned == css.utf8.count)
        #expect(sheet.rules.isEmpty)
        let image = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg'><style>\(css)</style><rect width='1' height='1'/></svg>")
        #expect(image.warnings.isEmpty)
    }

    /// Declaration blocks are read a second time, never more.
    @Test func declarationBlocksAreReadTwiceAtMost() throws {
        let css = String(repeating: "rect.a , #b { fill : red ; stroke: url( 'x;y' ) } /* c { } */ ", count: 10_000)
        var sheet = CSSStyleSheet()
        try sheet.add(css, line: 1, properties: SVGBuilder.styleProperties, maxRules: 250_000)
        #expect(sheet.bytesScanned <= 2 * css.utf8.count)
        #expect(sheet.rules.count == 20_000)
        #expect(sheet.rules[0].declarations.map { "\($0.name)=\($0.value)" } == ["fill=red", "stroke=url( 'x;y' )"])
    }

    /// 20,000 class rules and 20,000 elements, one class each, plus a `*` and a `rect` rule:
    /// each element is tested only against its class's rule, and the `*` and `rect` rules are
    /// merged once for each name, `svg` and `rect` (before: 20,002 × 20,001 tests).
    @Test func rulesAreIndexedByClass() throws {
        let n = 20_000
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><style>* { stroke: blue } rect { stroke-width: 2 }"
        for i in 0..<n { svg += ".c\(i){fill:#0000\(String(format: "%02x", i % 256))}" }
        svg += "</style>"
        for i in 0..<n { svg += "<rect class='c\(i)' width='1' height='1'/>" }
        svg += "</svg>"
        let (builder, result) = try Self.build(svg)
        let image = try result.get()
        #expect(builder.sheet.rulesTested == n + 1 + 2)
        let group = try #require(image.layer.sublayers.first)
        let last = try #require(group.sublayers.last as? ShapeLayer)
        #expect(last.fillColor == Color(r8: 0, g8: 0, b8: UInt8((n - 1) % 256)))
        #expect(last.strokeColor == Color(r8: 0, g8: 0, b8: 255))
        #expect(last.lineWidth == 2)
    }

    /// The cascade is unchanged by the index: specificity first, then document order, with
    /// a compound selector indexed under one of its parts and matched in full.
    @Test func indexedRulesKeepTheCascade() throws {
        var sheet = CSSStyleSheet()
        try sheet.add("""
            rect { fill: red } .a { fill: green } * { fill: black; stroke: none }
            rect.a.b { stroke: red } .b { fill: blue } #x { opacity: 0.5 } rect#x.a { opacity: 0.25 }
            """, line: 1, properties: SVGBuilder.styleProperties, maxRules: 100)
        func cascade(_ name: String, _ id: String?, _ classes: Set<String>) -> [String: String] {
            var d: [String: String] = [:]
            for e in sheet.simpleEntries(name: name, id: id, classes: classes) { d[e.declaration.name] = e.declaration.value }
            return d
        }
        #expect(cascade("rect", nil, []) == ["fill": "red", "stroke": "none"])
        #expect(cascade("rect", nil, ["a"]) == ["fill": "green", "stroke": "none"])
        #expect(cascade("rect", nil, ["a", "b"]) == ["fill": "blue", "stroke": "red"])
        #expect(cascade("circle", nil, ["a", "b"]) == ["fill": "blue", "stroke": "none"])
        #expect(cascade("rect", "x", ["a"]) == ["fill": "green", "stroke": "none", "opacity": "0.25"])
        #expect(cascade("circle", "x", ["a", "zzz"]) == ["fill": "green", "stroke": "none", "opacity": "0.5"])
    }

    /// At-rules (statements and blocks), nested blocks, comments and strings holding braces
    /// are skipped or kept whole without losing the rules around them.
    @Test func atRulesNestingCommentsAndStrings() throws {
        var sheet = CSSStyleSheet()
        try sheet.add("""
            @import url("x.css"); rect { fill: red }
            @media print { rect { fill: blue } } circle { fill: /* } */ green }
            g { rect { fill: pink } } path { stroke: url("a}b") }
            @font-face { font-family: "x" }
            """, line: 1, properties: SVGBuilder.styleProperties, maxRules: 100)
        #expect(sheet.rules.map { "\($0.selector.element ?? "*") \($0.declarations[0].name)=\($0.declarations[0].value)" }
                == ["rect fill=red", "circle fill=green", "path stroke=url(\"a}b\")"])
        #expect(sheet.skipped == ["@import url(\"x.css\")", "@media print", "g", "@font-face"])
    }

    /// Rules count against the element limit (one per selector of a list), so a sheet cannot
    /// hold millions of them.
    @Test func ruleCountIsLimited() {
        var sheet = CSSStyleSheet()
        #expect(throws: SVGError.tooManyElements(line: 1, limit: 10)) {
            try sheet.add(String(repeating: "a, b { fill: red }", count: 6), line: 1, properties: SVGBuilder.styleProperties, maxRules: 10)
        }
    }
}

/// Content reused through `<use>` costs its attribute bytes each time it is reached, while
/// path data and transforms are parsed only once per element.
@Suite struct SVGAttributeBudgetTests {
    /// A 1 MB path used 300 times: 300 MB of path data to parse and 60 million path elements
    /// to hold before (28 s and 2.2 GB for 200 uses in release); now parsed once, shared by
    /// every layer, and stopped when the bytes read pass 256 MiB.
    @Test func reusedPathDataStopsAtTheByteBudget() throws {
        let d = "M0 0" + String(repeating: " L1 1 L2 0", count: 100_000)
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'><defs><path id='p' d='\(d)'/></defs>"
            + String(repeating: "<use href='#p'/>", count: 300) + "</svg>"
        let (builder, result) = try SVGImportBudgetTests.build(svg)
        #expect(throws: SVGError.tooManyAttributeBytes(line: 1, limit: 256 << 20)) { try result.get() }
        let perUse = d.utf8.count + 1 + "#p".utf8.count
        #expect(builder.attributeBytesRead > 256 << 20 && builder.attributeBytesRead <= (256 << 20) + perUse)
        #expect(builder.geometryCache.count == 1)
    }

    /// Within the budget, each use gets the one parsed path, and an error in the path data or
    /// an invalid transform is reported once, not once per use.
    @Test func reusedGeometryAndTransformsAreParsedOnce() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'><defs><path id='p' d='M0 0 L5 5 L0 5 Z Q' transform='rotate(x)'/>"
            + "<rect id='r' width='1' height='1' transform='translate(1 2)'/></defs>"
            + String(repeating: "<use href='#p'/><use href='#r'/>", count: 50) + "</svg>"
        let (builder, result) = try SVGImportBudgetTests.build(svg)
        let image = try result.get()
        #expect(builder.geometryCache.count == 1)
        #expect(builder.transformCache.count == 2)
        #expect(image.warnings.filter { $0.message.contains("kept the path before the error") }.count == 1)
        #expect(image.warnings.filter { $0.message.contains("invalid transform") }.count == 1)
        var shapes: [ShapeLayer] = []
        var stack = [image.layer]
        while let l = stack.popLast() {
            stack += l.sublayers
            if let s = l as? ShapeLayer { shapes.append(s) }
        }
        #expect(shapes.count == 100)
        #expect(shapes.filter { $0.transform == Transform(translationX: 1, y: 2) }.count == 50)
    }
}

/// Masks, clip paths and filters in object-bounding-box units measure the content of their
/// element; nested ones measure each layer once, not once per enclosing level.
@Suite struct SVGBoundsBudgetTests {
    @Test func nestedMasksMeasureEachLayerOnce() throws {
        let levels = 200, rects = 1000
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='64' height='64'><mask id='m'><rect width='64' height='64' fill='white'/></mask>"
            + String(repeating: "<g mask='url(#m)'>", count: levels) + String(repeating: "<rect width='1' height='1'/>", count: rects)
            + String(repeating: "</g>", count: levels) + "</svg>"
        let (builder, result) = try SVGImportBudgetTests.build(svg)
        _ = try result.get()
        // Each level measures its group, the group inside it (measured before as a root, which
        // is not kept), that group's mask layer, the mask's content and its rectangle; the
        // 1,000 rectangles are measured once: 1,996 in all, not levels × rects (200,000).
        // Masks measure the object bounding box, with their own cache.
        let measurements = builder.boundsCache.measurements + builder.objectBoxMeasurements
        #expect(measurements <= 5 * levels + rects)
        #expect(measurements >= levels + rects)
    }

    /// The cached measurements give the same regions as measuring afresh.
    @Test func cachedBoundsMatchFreshOnes() throws {
        let svg = """
            <svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'>
              <mask id='m' maskContentUnits='objectBoundingBox'><rect width='0.5' height='1' fill='white'/></mask>
              <clipPath id='c' clipPathUnits='objectBoundingBox'><rect width='1' height='0.5'/></clipPath>
              <g mask='url(#m)'><g clip-path='url(#c)'><rect x='4' y='4' width='10' height='20'/><rect x='20' y='4' width='10' height='20'/></g></g>
            </svg>
            """
        let (_, result) = try SVGImportBudgetTests.build(svg)
        let image = try result.get()
        let pixels = try LayerRenderer.render(image.layer, size: CGSize(width: 40, height: 40))
        // Clip: top half of the union box (4…30 × 4…24) → y < 14; mask: left half → x < 17.
        #expect(pixels[8, 8].a == 255)
        #expect(pixels[8, 18].a == 0)
        #expect(pixels[22, 8].a == 0)
    }
}

/// Attributes cost memory out of proportion to their bytes: 4 million empty ones (43 MB)
/// took 500 MB. The document's attribute count is bounded while it is read.
@Suite struct SVGAttributeCountTests {
    @Test func attributeCountIsLimited() {
        let limits = SVGImporter.Limits(maxAttributes: 1000)
        let attributes = (0..<1001).map { "a\($0)=''" }.joined(separator: " ")
        let svg = "<svg xmlns='http://www.w3.org/2000/svg'>\n<rect \(attributes)/></svg>"
        #expect(throws: SVGError.tooManyAttributes(line: 2, limit: 1000)) { try SVGImporter.importSVG(svg, limits: limits) }
        let fits = "<svg>\n<rect " + (0..<1000).map { "a\($0)=''" }.joined(separator: " ") + "/></svg>"
        #expect(throws: Never.self) { try SVGImporter.importSVG(fits, limits: limits) }
    }
}
