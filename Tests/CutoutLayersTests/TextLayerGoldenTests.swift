import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import CutoutText
import CutoutTestSupport
@testable import CutoutLayers

/// Text layers against resvg drawing the same strings as SVG `<text>` with the same font files
/// (scripts/golden_text.py): glyph outlines, advances, kerning, spacing, alignment and
/// right-to-left order all show in the pixels.
///
/// Tolerance: a channel may differ by 48 (of 255) on at most 0.05 % of the pixels (measured:
/// at most 0.03 %, one pixel of 3,840; at 24, up to 2.5 %), mean channel difference at most
/// 1.8 (measured at most 1.22, cyrillic-greek). Both
/// engines draw the same outlines with exact-area anti-aliasing, but resvg flattens curves
/// and accumulates coverage its own way, so glyph edges differ by up to about a fifth of a
/// pixel's coverage; a glyph moved by one pixel or a wrong glyph changes several percent of
/// these small canvases by far more than 48. The wrapped case's line breaks come from
/// HarfBuzz's advances in the script, not from our layout.
@Suite struct TextLayerGoldenTests {
    static let regular = FontCatalog.standard.font(families: ["DejaVu Sans"])
    static let bold = FontCatalog.standard.font(families: ["DejaVu Sans"], weight: 700)

    static func layer(_ string: String, width: CGFloat, height: CGFloat, size: CGFloat = 16, color: Color = .black,
                      font: Font = regular, alignment: TextAlignment = .natural) -> TextLayer {
        let t = TextLayer()
        t.frame = CGRect(x: 0, y: 0, width: width, height: height)
        t.string = string
        t.font = font
        t.fontSize = size
        t.foregroundColor = color
        t.alignmentMode = alignment
        return t
    }

    static func check(_ layer: Layer, size: CGSize, scale: CGFloat = 1, golden: String) throws {
        let render = try LayerRenderer.render(layer, size: size, scale: scale)
        try assertImage(render, matchesGolden: golden, in: .module, tolerance: ImageTolerance(channel: 48, mismatchFraction: 0.0005, mean: 1.8))
    }

    @Test func latin() throws {
        let t = Self.layer("Hello, AVATAR Type Wave", width: 200, height: 24)
        try Self.check(t, size: CGSize(width: 200, height: 24), golden: "text-latin")
        try Self.check(t, size: CGSize(width: 200, height: 24), scale: 3, golden: "text-latin-3x")
    }

    @Test func cyrillicAndGreek() throws {
        let t = Self.layer("Привет, мир · Γειά σου", width: 220, height: 24, color: Color(red: 0x1a / 255.0, green: 0x73 / 255.0, blue: 0xe8 / 255.0))
        try Self.check(t, size: CGSize(width: 220, height: 24), golden: "text-cyrillic-greek")
    }

    @Test func hebrewIsRightAlignedAndReversed() throws {
        let t = Self.layer("שלום עולם", width: 160, height: 24)
        try Self.check(t, size: CGSize(width: 160, height: 24), golden: "text-hebrew-natural")
    }

    @Test func boldPrice() throws {
        let t = Self.layer("Пепперони 549 ₽", width: 200, height: 28, size: 20, color: Color(red: 0xd0 / 255.0, green: 0x02 / 255.0, blue: 0x1b / 255.0), font: Self.bold)
        try Self.check(t, size: CGSize(width: 200, height: 28), golden: "text-bold-price")
    }

    @Test func letterAndWordSpacing() throws {
        let t = Self.layer("Spaced out", width: 200, height: 24)
        t.letterSpacing = 2
        t.wordSpacing = 6
        try Self.check(t, size: CGSize(width: 200, height: 24), golden: "text-letter-spacing")
    }

    @Test func wrappedCentredLines() throws {
        let t = Self.layer("Tap here to choose the left half of the pizza", width: 150, height: 52, size: 14, alignment: .center)
        t.isWrapped = true
        #expect(t.layout.lines.count == 3)
        try Self.check(t, size: CGSize(width: 150, height: 52), golden: "text-centred-lines")
    }
}
