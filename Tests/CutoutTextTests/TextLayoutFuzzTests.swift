import Foundation
import Testing
import CutoutGeometry
import CutoutTestSupport
@testable import CutoutText

/// Seeded random strings and settings: layout never traps, positions stay finite, wrapped lines
/// fit their width (unless one character alone is wider), and truncation respects the limits.
@Suite struct TextLayoutFuzzTests {
    static let pieces: [String] = [
        "Hello", "world", " ", "  ", "\n", "\r\n", "\t", "Привет", "Γειά", "שלום", "עולם", "123", "(", ")", "«", "…",
        "-", "/", "\u{200D}", "\u{0301}", "\u{0000}", "\u{FFFF}", "😀", "AVATAR", "\u{2029}", "ـ", "مرحبا", "x",
    ]

    @Test func randomLayoutsKeepTheirPromises() {
        var random = FuzzRandom(state: 0x7E47_1A70)
        let font = FontCatalog.defaultFont
        for _ in 0..<300 {
            let text = (0..<random.below(24)).map { _ in random.pick(Self.pieces) }.joined()
            let size = random.pick([CGFloat(0), 1, 9, 13, 40, .nan, -4, 1e6])
            let width: CGFloat? = random.pick([nil, 0, 5, 40, 120, 300, .infinity, .nan])
            let mode = random.pick(LineBreakMode.allCases)
            let maxLines = random.pick([0, 1, 2, 5])
            let style = TextStyle(font: font, fontSize: size, letterSpacing: random.pick([0, 2, -1, .nan]),
                                  wordSpacing: random.pick([0, 5, .infinity]))
            let wraps = random.below(4) != 0
            let layout = TextLayout(string: text, style: style, width: width, alignment: random.pick(TextAlignment.allCases),
                                    lineBreakMode: mode, maximumNumberOfLines: maxLines, wrapsLines: wraps)
            #expect(layout.glyphs.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite && $0.advance.isFinite })
            if maxLines > 0 { #expect(layout.lines.count <= maxLines, "\(text.debugDescription)") }
            if wraps, let w = width, w.isFinite, w >= 0, [.byWordWrapping, .byTruncatingTail].contains(mode) {
                for line in layout.lines where line.glyphs.count > 1 && !line.isTruncated {
                    #expect(line.width <= w + 1e-6, "\(text.debugDescription) at \(w): \(line.width)")
                }
            }
            #expect(layout.typographicBounds.width.isFinite && layout.typographicBounds.height.isFinite)
        }
    }
}
