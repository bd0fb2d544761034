import CutoutTestSupport
import Foundation
import Testing
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// The SVG structure and styling fixtures (Fixtures/svg-structure/: CSS selectors and the
/// cascade, the CSS `transform` property, `transform-origin`, `<switch>`, `<a>`,
/// `vector-effect`, embedded `<image>` (PNG, JPEG, SVG), `<use>` of `<svg>` and `<symbol>`,
/// masks on masks and clip path inheritance, font-relative units and paint fallbacks, XML
/// namespaces, hidden shapes in bounding boxes, marker `overflow: inherit`, root `background-color`,
/// `context-fill`/`context-stroke` with a `<use>`'s paint server), imported and rendered at 1 and 2 px per user unit and
/// compared with resvg's renders (Golden/svg-structure-<name>[-2x].png, made by
/// scripts/golden_svg_structure.py), with ``SVGImportGoldenTests/tolerance`` (8/255 per
/// premultiplied channel, 1% of pixels: the engines anti-alias edges differently) unless
/// ``edgeDifferences`` says otherwise.
@Suite struct SVGStructureGoldenTests {
    static let fixtures = [
        "css-selectors", "css-important", "css-transform", "transform-origin", "transform-origin-clip", "transform-origin-paint", "switch", "a", "vector-effect", "image", "image-jpeg",
        "image-svg", "use-svg-symbol", "mask-clip-inheritance", "units-and-fallbacks",
        "namespaces", "hidden-bbox-marker-overflow", "background-color",
        "context-paint-use",
    ]

    /// Files whose remaining differences are anti-aliasing of edges (see
    /// ``SVGImportGoldenTests/edgeDifferences``).
    static let edgeDifferences: [String: (fraction: Double, reason: String)] = [
        "transform-origin-clip": (0.025, "the clip edges of the rotated star and the rounded box are anti-aliased by the clip mask: resvg's quarter-step coverage; 135 of 7200 pixels at 1x, largest 48/255, none off an edge"),
        "a": (0.02, "the 3 px stroked circle and the triangle's diagonal: resvg's quarter-step coverage on near-horizontal edges; 85 of 6000 pixels at 1x, largest 23/255, none off an edge"),
        "image-svg": (0.02, "resvg draws an embedded SVG document through an intermediate raster of the image's viewport, which anti-aliases the rings and the rounded corners differently, and leaves the grey frames' quarter-covered corner pixels empty; 138 of 9600 pixels at 1x (none at 2x), largest 64/255, none off an edge"),
        "context-paint-use": (0.075, "the pattern's check edges (resvg samples its tile raster with filtering, we draw the tile's squares) and the rims of the rotated shapes; 572 of 8400 pixels at 1x, 3.4% at 2x, none where resvg's image is flat"),
        "vector-effect": (0.02, "the 3 px ring (a circle under scale(0.5), stroked at 3 viewport px) and the dash ends: resvg's quarter-step coverage; 137 of 9600 pixels at 1x, none off an edge"),
    ]

    /// Fixtures that exercise input warned about on purpose: the warnings each must give.
    static let expectedWarnings: [String: [String]] = [
        "use-svg-symbol": ["<use> shows '#loop', which contains it; skipped"],
        "units-and-fallbacks": ["paint server 'nothing' does not exist", "paint server 'nothing' does not exist"],
        "namespaces": ["<{http://example.org/not-svg}rect> is not supported; skipped"],
    ]

    static let folder = SVGGoldenFixtureFolder(name: "svg-structure")

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

/// Conditional processing outside `<switch>`: on any element, and on the root (which hides
/// the whole document, as resvg does; so does `display="none"` there).
@Suite struct SVGConditionalProcessingTests {
    @Test func conditionsApplyEverywhere() throws {
        let hidden = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4' systemLanguage='ru'><rect width='4' height='4'/></svg>")
        #expect(hidden.size == CGSize(width: 4, height: 4))
        #expect(try LayerRenderer.render(hidden.layer, size: hidden.size)[2, 2].a == 0)
        let shown = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4' systemLanguage='en-AU'><rect width='4' height='4'/><rect width='2' height='2' fill='red' requiredExtensions=''/></svg>")
        let px = try LayerRenderer.render(shown.layer, size: shown.size)
        #expect(px[1, 1] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        let none = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4' display='none'><rect width='4' height='4'/></svg>")
        #expect(try LayerRenderer.render(none.layer, size: none.size)[2, 2].a == 0)
    }

    /// `<a>` inside `<text>` is a `tspan`; a `tspan` whose conditions fail is left out.
    @Test func linksAndConditionsInsideText() throws {
        func render(_ body: String) throws -> Pixmap {
            let image = try SVGImporter.importSVG("<svg xmlns='http://www.w3.org/2000/svg' width='60' height='30'><text x='4' y='22' font-size='20'>\(body)</text></svg>")
            #expect(image.warnings.isEmpty, "\(image.warnings)")
            return try LayerRenderer.render(image.layer, size: image.size)
        }
        let plain = try render("Hi")
        #expect(plain.data.contains { $0 != 0 })
        #expect(try render("<a href='#x'>Hi</a>").data == plain.data)
        #expect(try render("Hi<tspan systemLanguage='ru'>!!</tspan>").data == plain.data)
    }
}

/// A `mask` on a `<mask>` whose chain leads back to a mask being built is dropped as a whole
/// (as resvg does): the result is the outer mask alone, with a warning.
@Suite struct SVGMaskChainTests {
    @Test func cycleThroughMaskOnMaskIsDropped() throws {
        func render(_ own: String) throws -> (Pixmap, [SVGWarning]) {
            let image = try SVGImporter.importSVG("""
                <svg xmlns='http://www.w3.org/2000/svg' width='20' height='20'>
                  <mask id='a' \(own)><rect width='20' height='10' fill='white'/></mask>
                  <mask id='b' mask='url(#a)'><rect width='10' height='20' fill='#808080'/></mask>
                  <rect width='20' height='20' fill='#2a9d8f' mask='url(#b)'/>
                </svg>
                """)
            return (try LayerRenderer.render(image.layer, size: image.size), image.warnings)
        }
        let (cyclic, warnings) = try render("mask='url(#b)'")
        let (plain, _) = try render("")
        #expect(warnings.map(\.message) == ["mask 'url(#a)' on <mask> leads back to itself; ignored"])
        // `b` alone: the left half at half strength, top and bottom alike.
        #expect(cyclic[5, 15].a > 100 && cyclic[5, 15].a < 160)
        #expect(cyclic[15, 5].a == 0)
        // Without the cycle, `a` masks `b`: the bottom-left goes.
        #expect(plain[5, 15].a == 0 && plain[5, 5].a > 100)
    }
}
