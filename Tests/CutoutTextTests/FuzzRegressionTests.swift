import Foundation
import Testing
@testable import CutoutText

/// Inputs the `text` target of `scripts/fuzz.sh` found (Fixtures/fuzz/: the font bytes, without
/// the target's leading mode byte, named `.bin` so that font-folder scans of Fixtures/ skip
/// them), each checked for the invariant it broke.
@Suite struct FontFuzzRegressionTests {
    /// Found by the `text` target: a CFF font whose directory points `maxp` four bytes late, so
    /// it counts 3 glyphs while its CFF table holds more charstrings. Glyph 3 used to decode
    /// (the range check was against the charstrings), so a glyph id past the font's end drew
    /// some other outline instead of failing.
    @Test func cffGlyphPastMaxpCountIsOutOfRange() throws {
        let font = try Font(data: try FontFixtures.data("fuzz/cff-glyph-past-maxp.bin"))
        #expect(font.glyphCount == 3)
        #expect(font.hasCubicOutlines)
        #expect(throws: FontError.glyphOutOfRange(3)) { try font.outline(of: 3) }
        #expect(font.path(for: 3, size: 12).elements.isEmpty)
    }

    /// The same defect made directly: SubsetCFF.otf with maxp's glyph count cut to 4. The
    /// glyphs below the count keep their outlines; the ones past it are errors, not drawings.
    @Test func cffCharstringsBeyondTheGlyphCountAreNotGlyphs() throws {
        var bytes = [UInt8](try FontFixtures.data("SubsetCFF.otf"))
        let whole = try Font(data: Data(bytes))
        #expect(whole.glyphCount > 5)
        let drawn = try #require((0..<whole.glyphCount).first { g in
            g >= 4 && !((try? whole.outline(of: GlyphID(g)))?.elements.isEmpty ?? true)
        }, "a glyph past 4 with an outline")
        let maxp = try FontHostileInputTests.table(bytes, "maxp").offset
        FontHostileInputTests.put16(&bytes, maxp + 4, 4)
        let cut = try Font(data: Data(bytes))
        #expect(cut.glyphCount == 4)
        for g in 0..<4 { #expect(try cut.outline(of: GlyphID(g)) == whole.outline(of: GlyphID(g))) }
        #expect(throws: FontError.glyphOutOfRange(drawn)) { try cut.outline(of: GlyphID(drawn)) }
    }
}
