import Foundation
import Testing
import CutoutGeometry
@testable import CutoutText

/// Fonts read as fontTools (areas, bounds, metrics) and HarfBuzz (glyphs, kerned advances) read them.
@Suite struct FontTests {
    static let fixtures = [("ttf", "Subset.ttf"), ("kern", "SubsetKernTable.ttf"), ("cff", "SubsetCFF.otf")]

    /// Signed area by the shoelace formula over a fine flattening.
    static func area(_ path: Path) -> Double {
        var total = 0.0
        for poly in path.flattened(tolerance: 0.05) {
            let p = poly.points
            guard p.count > 2 else { continue }
            for i in 0..<p.count {
                let a = p[i], b = p[(i + 1) % p.count]
                total += Double(a.x * b.y - b.x * a.y) / 2
            }
        }
        return total
    }

    @Test(arguments: fixtures) func metricsAndNames(label: String, file: String) throws {
        let expected = try #require(try FontFixtures.expected()[label]).metrics
        let font = try FontFixtures.font(file)
        #expect(font.metrics.unitsPerEm == expected.unitsPerEm)
        #expect(font.metrics.ascender == expected.ascender)
        #expect(font.metrics.descender == expected.descender)
        #expect(font.metrics.lineGap == expected.lineGap)
        #expect(font.glyphCount == expected.glyphCount)
        #expect(font.familyName == expected.family)
        #expect(font.weight == expected.weight)
        #expect(font.hasCubicOutlines == (label == "cff"))
    }

    /// Flattening at 0.05 units loses under 0.05 × perimeter of area; glyph perimeters here are
    /// below 20,000 units, so 1,000 units² plus 0.1 % is a bound a wrong curve cannot meet.
    @Test(arguments: fixtures) func outlinesMatchFontTools(label: String, file: String) throws {
        let expected = try #require(try FontFixtures.expected()[label]).glyphs
        let font = try FontFixtures.font(file)
        #expect(expected.count > 40)
        for (ch, facts) in expected {
            let scalar = try #require(ch.unicodeScalars.first)
            let glyph = font.glyph(for: scalar)
            #expect(Int(glyph ?? 0) == facts.glyph, "glyph of \(ch)")
            guard let glyph else { continue }
            #expect(font.advance(of: glyph) == facts.advance, "advance of \(ch)")
            let path = try font.outline(of: glyph)
            let ours = abs(Self.area(path)), theirs = abs(facts.area)
            #expect(abs(ours - theirs) <= 1_000 + theirs * 0.001, "area of \(ch): \(ours) vs \(theirs)")
            if let b = facts.bounds {
                let box = path.boundingBox
                #expect(abs(box.minX - b[0]) < 1 && abs(box.minY - b[1]) < 1 && abs(box.maxX - b[2]) < 1 && abs(box.maxY - b[3]) < 1,
                        "bounds of \(ch): \(box) vs \(b)")
            } else {
                #expect(path.isEmpty, "\(ch) is blank")
            }
        }
    }

    /// Glyph origins with pair kerning equal HarfBuzz's, in font units, for GPOS (format 2
    /// classes), the legacy `kern` table and the CFF font (which has no kerning).
    @Test(arguments: fixtures) func kernedOriginsMatchHarfBuzz(label: String, file: String) throws {
        let expected = try #require(try FontFixtures.expected()[label]).shaping
        let font = try FontFixtures.font(file)
        var kerned = 0
        for (text, shaped) in expected {
            let origins = Self.origins(text, font)
            #expect(text.unicodeScalars.map { Int(font.glyph(for: $0) ?? 0) } == shaped.glyphs, "\(text)")
            #expect(origins.origins == shaped.origins, "\(text)")
            #expect(origins.width == shaped.width, "\(text)")
            kerned += origins.kerned
        }
        #expect((kerned > 0) == (label != "cff"))
    }

    static func origins(_ text: String, _ font: Font) -> (origins: [Int], width: Int, kerned: Int) {
        let glyphs = text.unicodeScalars.map { font.glyph(for: $0) ?? 0 }
        var pen = 0, kerned = 0, out: [Int] = []
        for i in glyphs.indices {
            out.append(pen)
            pen += font.advance(of: glyphs[i])
            if i + 1 < glyphs.count {
                let k = font.kerning(between: glyphs[i], and: glyphs[i + 1])
                pen += k
                if k != 0 { kerned += 1 }
            }
        }
        return (out, pen, kerned)
    }

    /// Subset.ttf has both GPOS and `kern` (their values agree for DejaVu); like HarfBuzz we read GPOS.
    @Test func gposWinsOverTheKernTable() throws {
        #expect(try FontFixtures.font("Subset.ttf").face.kerning.readsGPOS)
        #expect(try !FontFixtures.font("SubsetKernTable.ttf").face.kerning.readsGPOS)
    }

    @Test func collectionMembers() throws {
        let data = try FontFixtures.data("Subset.ttc")
        let fonts = try Font.fonts(in: data)
        #expect(fonts.count == 2)
        #expect(!fonts[0].hasCubicOutlines && fonts[1].hasCubicOutlines)
        #expect(try Font(data: data, index: 1).familyName == "DejaVu Sans Subset CFF")
        #expect(throws: FontError.fontIndexOutOfRange(index: 2, count: 2)) { try Font(data: data, index: 2) }
        #expect(throws: FontError.fontIndexOutOfRange(index: 1, count: 1)) { try Font(data: FontFixtures.data("Subset.ttf"), index: 1) }
    }

    @Test func compositeGlyphsDrawTheirParts() throws {
        let font = try FontFixtures.font("Subset.ttf")
        let aRing = try #require(font.glyph(for: "Å")), a = try #require(font.glyph(for: "A"))
        let composite = try font.outline(of: aRing), base = try font.outline(of: a)
        #expect(composite.subpathCount > base.subpathCount)
        #expect(composite.boundingBox.maxY > base.boundingBox.maxY + 100)
    }

    @Test func pathForSizeIsFlippedAndScaled() throws {
        let font = try FontFixtures.font("Subset.ttf")
        let h = try #require(font.glyph(for: "H"))
        let path = font.path(for: h, size: 20.48)
        let units = try font.outline(of: h)
        #expect(abs(path.boundingBox.minY + units.boundingBox.maxY / 100) < 1e-9)
        #expect(abs(path.boundingBox.width - units.boundingBox.width / 100) < 1e-9)
        #expect(font.glyph(for: "\u{4E2D}") == nil)
    }
}
