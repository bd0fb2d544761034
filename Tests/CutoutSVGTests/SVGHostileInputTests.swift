import Foundation
import Testing
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// Hostile documents are refused or neutralised quickly, with a typed error or a warning.
@Suite struct SVGHostileInputTests {
    @Test func deepNestingIsAnError() {
        let depth = 100_000
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g>", count: depth)
            + String(repeating: "</g>", count: depth) + "</svg>"
        #expect(throws: SVGError.nestingTooDeep(line: 1, limit: 256)) { try SVGImporter.importSVG(svg) }
    }

    @Test func nestingAtTheLimitImports() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g>", count: 250)
            + "<rect width=\"1\" height=\"1\"/>" + String(repeating: "</g>", count: 250) + "</svg>"
        let img = try SVGImporter.importSVG(svg)
        #expect(img.warnings.isEmpty)
    }

    @Test func billionLaughsIsRefused() {
        // Levels of ten references each: 3·10^7 bytes from lol7 if expanded; the budget stops it at 1 MiB.
        var dtd = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let svg = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [ \(dtd) ]>
        <svg xmlns="http://www.w3.org/2000/svg"><desc>&lol7;</desc></svg>
        """
        #expect(throws: SVGError.entityExpansionTooLarge(line: 3, limit: 1 << 20)) { try SVGImporter.importSVG(svg) }
        // With the depth that real files never need, the nesting limit is what answers.
        let deeper = svg.replacingOccurrences(of: "<desc>&lol7;", with: "<desc>&lol9;")
        #expect(throws: SVGError.entityNestingTooDeep(line: 3, limit: 8)) { try SVGImporter.importSVG(deeper) }
    }

    @Test func entityFanOutCostsEvenWhenEmpty() {
        // A thousand references to a thousand references to nothing: a million expansions and no output.
        let empties = String(repeating: "&e;", count: 1000)
        let svg = """
        <!DOCTYPE svg [ <!ENTITY e ""> <!ENTITY k "\(empties)"> ]>
        <svg xmlns="http://www.w3.org/2000/svg" id="\(String(repeating: "&k;", count: 1100))"/>
        """
        #expect(throws: SVGError.entityExpansionTooLarge(line: 2, limit: 1 << 20)) { try SVGImporter.importSVG(svg) }
    }

    @Test func quadraticBlowupIsRefused() {
        // One 100 kB entity referenced 20 times: 2 MB from a 100 kB file.
        let svg = """
        <!DOCTYPE svg [ <!ENTITY big "\(String(repeating: "x", count: 100_000))"> ]>
        <svg xmlns="http://www.w3.org/2000/svg"><desc>\(String(repeating: "&big;", count: 20))</desc></svg>
        """
        #expect(throws: SVGError.entityExpansionTooLarge(line: 2, limit: 1 << 20)) { try SVGImporter.importSVG(svg) }
    }

    @Test func externalAndParameterEntitiesAreRefused() {
        let external = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
        <svg xmlns="http://www.w3.org/2000/svg"><desc>&x;</desc></svg>
        """
        #expect(throws: SVGError.entityDeclarationRefused(line: 2)) { try SVGImporter.importSVG(external) }
        let parameter = """
        <!DOCTYPE svg [
          <!ENTITY % p "<!ENTITY y 'z'>"> %p;
        ]>
        <svg xmlns="http://www.w3.org/2000/svg"/>
        """
        #expect(throws: SVGError.entityDeclarationRefused(line: 2)) { try SVGImporter.importSVG(parameter) }
    }

    @Test func entityMisuseIsMalformed() {
        let cases = [
            "<!DOCTYPE svg [ <!ENTITY a \"&b;\"> <!ENTITY b \"&a;\"> ]><svg xmlns=\"http://www.w3.org/2000/svg\" id=\"&a;\"/>",
            "<!DOCTYPE svg [ <!ENTITY m \"<g>\"> ]><svg xmlns=\"http://www.w3.org/2000/svg\">&m;</svg>",
            "<!DOCTYPE svg [ <!ENTITY a \"1\"> ]><svg xmlns=\"http://www.w3.org/2000/svg\" id=\"&b;\"/>",
            "<!DOCTYPE svg [ <!ENTITY a \"1\" ]><svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "<!DOCTYPE svg [ <!ENTITY a \"1> ]><svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "<!DOCTYPE svg [ <!ELEMENT svg ANY> ",
        ]
        for svg in cases {
            #expect {
                try SVGImporter.importSVG(svg)
            } throws: { error in
                guard case SVGError.malformedXML(line: 1, let reason) = error else { return false }
                return !reason.isEmpty
            }
        }
    }

    @Test func internalEntitiesExpandInAttributesAndText() throws {
        let svg = """
        <!DOCTYPE svg [
          <!ENTITY ns_svg "http://www.w3.org/2000/svg"> <!ENTITY w "10"> <!ENTITY size "width='&w;' height='&w;'">
          <!ENTITY red "#f00"> <!ENTITY w "99">
        ]>
        <svg xmlns="&ns_svg;" width="&w;" height="&w;"><style>rect { fill: &red; }</style><rect width="&w;" height="&w;"/></svg>
        """
        let img = try SVGImporter.importSVG(svg)
        #expect(img.size == CGSize(width: 10, height: 10))
        #expect(img.warnings.isEmpty)
        let px = try LayerRenderer.render(img.layer, size: img.size, scale: 1)
        #expect(px[5, 5].r == 255 && px[5, 5].g == 0 && px[5, 5].b == 0 && px[5, 5].a == 255)
    }

    @Test func referenceCyclesWarnAndSkip() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
          <g id="a"><use href="#b"/></g>
          <g id="b"><use href="#a"/></g>
          <clipPath id="c" clip-path="url(#c)"><rect width="5" height="5"/></clipPath>
          <rect width="5" height="5" clip-path="url(#c)"/>
          <linearGradient id="g1" href="#g2"/><linearGradient id="g2" href="#g1"/>
          <rect width="5" height="5" fill="url(#g1) red"/>
          <mask id="m"><rect width="5" height="5" fill="white" mask="url(#m)"/></mask>
          <rect width="5" height="5" mask="url(#m)"/>
        </svg>
        """
        let img = try SVGImporter.importSVG(svg)
        #expect(img.warnings.filter { $0.message.contains("cycle") }.count >= 4)
    }

    @Test func useFanOutIsBounded() {
        // Each level uses the previous one 10 times: 10^8 shapes if expanded naively.
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><defs><rect id=\"l0\" width=\"1\" height=\"1\"/>"
        for level in 1...8 {
            svg += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        svg += "</defs><use href=\"#l8\"/></svg>"
        #expect(throws: SVGError.tooManyElements(line: 1, limit: 250_000)) { try SVGImporter.importSVG(svg) }
    }

    @Test func hugeNumbersAreClamped() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="1e308" height="5"/><circle r="1e999"/></svg>"#
        let img = try SVGImporter.importSVG(svg)
        var stack = [img.layer], widths: [CGFloat] = []
        while let l = stack.popLast() {
            stack += l.sublayers
            if let s = l as? ShapeLayer, let p = s.path { widths.append(p.boundingBox.width) }
        }
        #expect(widths == [1_000_000])
        #expect(img.warnings.contains { $0.message.contains("invalid length") })
    }

    /// The document's own size is clamped like every other number, with a warning naming the
    /// attribute (the size would otherwise be 10⁶ with nothing to say why).
    @Test func aClampedDocumentSizeIsWarnedAbout() throws {
        let img = try SVGImporter.importSVG(#"<svg xmlns="http://www.w3.org/2000/svg" width="1e308" height="-2e6" viewBox="0 -1e7 5 1e300"/>"#)
        #expect(img.size == CGSize(width: 1_000_000, height: 0))
        #expect(img.warnings.map(\.description) == [
            "line 1: width '1e308' is beyond the largest coordinate; clamped to ±1000000",
            "line 1: height '-2e6' is beyond the largest coordinate; clamped to ±1000000",
            "line 1: viewBox '0 -1e7 5 1e300' holds numbers beyond the largest coordinate; each clamped to ±1000000",
        ])
        let inches = try SVGImporter.importSVG(#"<svg xmlns="http://www.w3.org/2000/svg" width="20000in" height="1000000" viewBox="-1e6 0 1e6 1"/>"#)
        #expect(inches.size == CGSize(width: 1_000_000, height: 1_000_000))
        #expect(inches.warnings.map(\.message) == ["width '20000in' is beyond the largest coordinate; clamped to ±1000000"])
    }

    @Test func oversizedInputAndAttributeAreErrors() {
        let big = Data(count: 65 << 20)
        #expect(throws: SVGError.inputTooLarge(bytes: 65 << 20, limit: 64 << 20)) { try SVGImporter.importSVG(big) }
        let limits = SVGImporter.Limits(maxAttributeBytes: 1 << 10)
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"" + String(repeating: "L1 1", count: 1000) + "\"/></svg>"
        #expect(throws: SVGError.attributeTooLarge(line: 1, name: "d", limit: 1 << 10)) { try SVGImporter.importSVG(svg, limits: limits) }
    }

    @Test func hugeDocumentSizeRendersWithAClearError() throws {
        let img = try SVGImporter.importSVG(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>"#)
        #expect(img.size == CGSize(width: 100_000, height: 100_000))
        #expect(throws: LayerRenderError.self) { try LayerRenderer.render(img.layer, size: img.size) }
    }

    @Test func malformedXMLNamesTheLine() {
        #expect(throws: SVGError.malformedXML(line: 2, reason: "unexpected </g>")) {
            try SVGImporter.importSVG("<svg>\n</g></svg>")
        }
        #expect(throws: SVGError.notSVG(rootElement: "html")) { try SVGImporter.importSVG("<html/>") }
    }
}
