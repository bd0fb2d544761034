import CutoutTestSupport
import Foundation
import Testing
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// Assorted import features (Fixtures/svg-misc/: internal entities holding markup, the root
/// size taken from the content, a Windows-1251 document, invalid paint syntax, mask regions on
/// the object bounding box, context paint servers in markers, markers on arcs and recursive
/// markers, patterns and masks whose children refer to each other), imported and rendered at
/// 1 and 2 px per user unit and compared with resvg's renders (Golden/svg-misc-<name>[-2x].png,
/// made by scripts/golden_svg_misc.py) with ``SVGImportGoldenTests/tolerance`` (8/255 per
/// premultiplied channel, 1% of pixels: the engines anti-alias edges differently) unless
/// ``edgeDifferences`` says otherwise.
@Suite struct SVGMiscGoldenTests {
    static let fixtures = [
        "entities-markup", "root-size-from-content", "root-size-percent", "encoding-windows-1251", "paint-syntax",
        "mask-object-bounding-box", "context-paint-marker", "marker-arcs", "marker-recursive", "self-reference-children",
    ]

    /// Files whose remaining differences are anti-aliasing of edges (see
    /// ``SVGImportGoldenTests/edgeDifferences``).
    static let edgeDifferences: [String: (fraction: Double, reason: String)] = [
        "context-paint-marker": (0.03, "the rims of the markers' rings, the diagonal strokes and the pattern stroke's checks: resvg's quarter-step coverage and its filtered sampling of the tile raster; 2.3% of the pixels at 1x, 0.7% at 2x, largest 40/255"),
        "marker-arcs": (0.025, "the rims of the 3 px stroked arcs and of the rotated triangles: resvg's quarter-step coverage; 1.9% of the pixels at 1x, 1.1% at 2x, largest 88/255"),
    ]

    /// Fixtures that exercise input warned about on purpose: the warnings each must give.
    static let expectedWarnings: [String: [String]] = [
        "paint-syntax": [
            "invalid fill 'rgba(0, 50%, 0, 0.5)' ignored",
            "invalid fill 'url(#g) green icc-color(acme, 0.1, 0.5, ' ignored",
            "invalid fill 'red icc-color(acme, 0.1, 0.5, 0.8, 0)' ignored",
            "paint server 'missing' does not exist",
        ],
        // Inside each marker, the one being drawn is skipped (as resvg): three times each.
        "marker-recursive": ["back", "back", "front", "back", "front", "front"].map { "reference cycle through '\($0)'; skipped" },
        "self-reference-children": [
            "fill 'url(#patt1)' leads back to the pattern that contains it; dropped",
            "mask 'url(#mask1)' leads back to the mask that contains it; dropped",
        ],
    ]

    static let folder = SVGGoldenFixtureFolder(name: "svg-misc")

    @Test(arguments: fixtures)
    func matchesResvg(_ name: String) throws {
        try Self.folder.check(name, scale: 1, warnings: Self.expectedWarnings[name] ?? [], allowance: Self.edgeDifferences[name])
    }

    @Test(arguments: fixtures)
    func matchesResvgAt2x(_ name: String) throws {
        try Self.folder.check(name, scale: 2, warnings: [], allowance: Self.edgeDifferences[name])
    }

    @Test func everyFixtureIsChecked() throws { try Self.folder.expectHolds(exactly: Self.fixtures) }
}

/// Internal entities whose text is markup, and the limits that keep them cheap.
@Suite struct SVGEntityMarkupTests {
    static func svg(_ entities: String, _ body: String) -> String {
        "<!DOCTYPE svg [\n\(entities)\n]>\n<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>\(body)</svg>"
    }

    /// Elements in an entity are elements, with the line of the reference; text entities still
    /// work in attributes and in content.
    @Test func markupEntitiesAreParsedAsContent() throws {
        let root = try XMLDocumentParser(limits: .default).parse(Data(Self.svg(
            "<!ENTITY c 'red'><!ENTITY r \"<rect width='4' height='4' fill='&c;'/><g>&t;</g>\"><!ENTITY t 'hi &amp; bye'>",
            "<g>&r;&r;</g><text>&t;</text>").utf8))
        let g = try #require(root.children.first)
        #expect(g.children.map(\.name) == ["rect", "g", "rect", "g"])
        #expect(g.children[0].attributes["fill"] == "red")
        #expect(g.children[1].text == "hi & bye")
        #expect(g.children[0].line == 4)
        #expect(root.children.last?.text == "hi & bye")
    }

    /// Unbalanced entity text, markup in an attribute and self-reference are errors naming
    /// the line of the reference.
    @Test func malformedMarkupEntitiesAreRefused() {
        #expect(throws: SVGError.malformedXML(line: 4, reason: "unexpected </g>")) {
            try SVGImporter.importSVG(Self.svg("<!ENTITY close '</g>'>", "<g>&close;</g>"))
        }
        #expect(throws: SVGError.malformedXML(line: 4, reason: "entity &open; leaves <g> open")) {
            try SVGImporter.importSVG(Self.svg("<!ENTITY open '<g>'>", "&open;</g>"))
        }
        #expect(throws: SVGError.malformedXML(line: 4, reason: "the text of entity &r; contains '<', which an attribute value may not hold")) {
            try SVGImporter.importSVG(Self.svg("<!ENTITY r \"<rect/>\">", "<g id='&r;'/>"))
        }
        #expect(throws: SVGError.malformedXML(line: 4, reason: "entity &a; refers to itself")) {
            try SVGImporter.importSVG(Self.svg("<!ENTITY a \"<g>&b;</g>\"><!ENTITY b \"<g>&a;</g>\">", "&a;"))
        }
    }

    /// The billion laughs with elements: each level multiplies the previous by ten (ten
    /// million rectangles in all), and the expansion budget stops it early, in time
    /// proportional to the budget.
    @Test func elementBombStopsAtTheBudget() {
        var entities = "<!ENTITY l0 \"<rect/>\">"
        for k in 1...7 { entities += "<!ENTITY l\(k) \"" + String(repeating: "&l\(k - 1);", count: 10) + "\">" }
        #expect(throws: SVGError.entityExpansionTooLarge(line: 4, limit: 1 << 20)) {
            try SVGImporter.importSVG(Self.svg(entities, "<g>&l7;</g>"))
        }
        // The element limit applies to elements from entities as to any others.
        var limits = SVGImporter.Limits.default
        limits.maxElements = 500
        #expect(throws: SVGError.tooManyElements(line: 4, limit: 500)) {
            try SVGImporter.importSVG(Self.svg("<!ENTITY a \"<g/><g/><g/><g/><g/><g/><g/><g/><g/><g/>\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">",
                                               "&b;&b;&b;&b;&b;&b;"), limits: limits)
        }
        // Deep chains of entities stop at the depth limit.
        var chain = "<!ENTITY e0 \"<g/>\">"
        for k in 1...12 { chain += "<!ENTITY e\(k) \"<g>&e\(k - 1);</g>\">" }
        #expect(throws: SVGError.entityNestingTooDeep(line: 4, limit: 8)) {
            try SVGImporter.importSVG(Self.svg(chain, "&e12;"))
        }
    }
}

/// Documents in encodings other than UTF-8.
@Suite struct SVGEncodingTests {
    /// Windows-1251 text decodes (the fixture's title), and so does UTF-16 with a byte order mark.
    @Test func singleByteAndUTF16Decode() throws {
        let url = try #require(Bundle.module.url(forResource: "encoding-windows-1251", withExtension: "svg", subdirectory: "Fixtures/svg-misc"))
        let root = try XMLDocumentParser(limits: .default).parse(Data(contentsOf: url))
        #expect(root.children.first { $0.name == "title" }?.text == "Привет мир")
        let text = "<svg xmlns='http://www.w3.org/2000/svg' width='3' height='2'><title>Grüße</title></svg>"
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            var data = Data(encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF])
            data.append(try #require(text.data(using: encoding)))
            let utf16 = try XMLDocumentParser(limits: .default).parse(data)
            #expect(utf16.children.first?.text == "Grüße")
        }
        let latin1 = try #require("<?xml version='1.0' encoding='ISO-8859-1'?><svg><title>café</title></svg>".data(using: .isoLatin1))
        #expect(try XMLDocumentParser(limits: .default).parse(latin1).children.first?.text == "café")
    }

    /// An encoding that is not read is refused by name, before anything is parsed; so are
    /// bytes that are not what the declaration says, and invalid UTF-8.
    @Test func unknownEncodingsAreRefused() {
        #expect(throws: SVGError.unsupportedEncoding(name: "KOI8-R")) {
            try SVGImporter.importSVG("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><svg/>")
        }
        #expect(throws: SVGError.malformedXML(line: 1, reason: "the document is not valid US-ASCII")) {
            try SVGImporter.importSVG(Data("<?xml version='1.0' encoding='US-ASCII'?><svg><title>".utf8) + Data([0xE9]) + Data("</title></svg>".utf8))
        }
        #expect(throws: SVGError.malformedXML(line: 1, reason: "invalid UTF-8")) {
            try SVGImporter.importSVG(Data("<svg><title>".utf8) + Data([0xE9]) + Data("</title></svg>".utf8))
        }
    }
}

/// The root's size when width, height or view box are missing, zero or negative.
@Suite struct SVGRootSizeTests {
    @Test func sizeComesFromTheContentWithoutViewBoxOrSize() throws {
        func size(_ attributes: String, _ body: String) throws -> CGSize {
            try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' \(attributes)>\(body)</svg>").size
        }
        let rect = "<rect x='30' y='10' width='100' height='50'/>"
        #expect(try size("", rect) == CGSize(width: 130, height: 60))
        #expect(try size("width='100'", rect) == CGSize(width: 130, height: 60))
        #expect(try size("width='100%' height='50%'", rect) == CGSize(width: 130, height: 60))
        #expect(try size("width='100' height='80'", rect) == CGSize(width: 100, height: 80))
        #expect(try size("viewBox='0 0 20 10'", rect) == CGSize(width: 20, height: 10))
        // The stroke's outline counts (miter joins reach half the width past the corners).
        #expect(try size("", "<rect x='30' y='10' width='100' height='50' stroke='red' stroke-width='10'/>") == CGSize(width: 135, height: 65))
        // No content: 100 × 100.
        #expect(try size("", "<defs>\(rect)</defs>") == CGSize(width: 100, height: 100))
    }

    /// A zero or negative side is an empty size: nothing to draw.
    @Test func zeroAndNegativeSizesAreEmpty() throws {
        for attributes in ["width='0' height='10'", "width='-50' height='-100'", "width='10' height='0' viewBox='0 0 10 10'"] {
            let image = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' \(attributes)><rect width='5' height='5'/></svg>")
            #expect(image.size.width * image.size.height == 0, "\(attributes)")
        }
    }
}
