import Foundation
import Testing
import CutoutGeometry
@testable import CutoutText

@Suite struct TextLayoutTests {
    static let subset = try! FontFixtures.font("Subset.ttf")

    /// At size = unitsPerEm one point is one font unit, so positions compare with HarfBuzz exactly.
    @Test func positionsMatchHarfBuzzAtOneUnitPerPoint() throws {
        let shaping = try #require(try FontFixtures.expected()["ttf"]).shaping
        let style = TextStyle(font: Self.subset, fontSize: 2048)
        for text in ["AVATAR", "Type Wave To.", "Hello, world!", "Привет, мир", "Γειά σου"] {
            let layout = TextLayout(string: text, style: style)
            let expected = try #require(shaping[text])
            #expect(layout.lines.count == 1)
            #expect(layout.glyphs.map { Int($0.position.x.rounded()) } == expected.origins, "\(text)")
            #expect(layout.glyphs.map { Int($0.glyph) } == expected.glyphs)
        }
    }

    @Test func letterAndWordSpacing() {
        let base = TextLayout(string: "ab cd", style: TextStyle(font: Self.subset, fontSize: 20))
        let letters = TextLayout(string: "ab cd", style: TextStyle(font: Self.subset, fontSize: 20, letterSpacing: 3))
        let words = TextLayout(string: "ab cd", style: TextStyle(font: Self.subset, fontSize: 20, wordSpacing: 7))
        #expect(abs(letters.lines[0].width - base.lines[0].width - 15) < 1e-9)
        #expect(abs(words.lines[0].width - base.lines[0].width - 7) < 1e-9)
        #expect(abs(words.glyphs[2].position.x - base.glyphs[2].position.x) < 1e-9, "before the space nothing moves")
    }

    @Test func lineHeightAndBaselines() {
        let style = TextStyle(font: Self.subset, fontSize: 20.48)
        let layout = TextLayout(string: "one\ntwo\r\nthree\n", style: style)
        #expect(layout.lines.count == 3)
        let m = Self.subset.metrics
        let lineHeight = CGFloat(m.ascender - m.descender + m.lineGap) / 100
        #expect(abs(layout.firstBaseline - CGFloat(m.ascender) / 100) < 1e-9)
        #expect(abs(layout.lines[2].baseline - layout.lines[0].baseline - 2 * lineHeight) < 1e-9)
        #expect(abs(layout.typographicBounds.height - 3 * lineHeight) < 1e-9)
        #expect(TextLayout(string: "", style: style).lines.isEmpty)
    }

    @Test func wrapsAtSpacesWithinTheWidth() {
        let text = "Hello, world! Привет, мир Γειά σου Hello"
        let style = TextStyle(font: Self.subset, fontSize: 16)
        let width: CGFloat = 110
        let layout = TextLayout(string: text, style: style, width: width)
        #expect(layout.lines.count >= 3)
        for line in layout.lines { #expect(line.width <= width) }
        let scalars = Array(text.unicodeScalars)
        let lineTexts = layout.lines.map { String(String.UnicodeScalarView($0.glyphs.map { scalars[$0.scalarOffset] })) }
        #expect(lineTexts.joined(separator: " ") == text, "only the spaces at breaks go")
        // Every line but the last would overflow with the next line's first word.
        let space = CGFloat(Self.subset.advance(of: Self.subset.glyph(for: " ")!)) * 16 / 2048
        for (k, line) in layout.lines.dropLast().enumerated() {
            let next = layout.lines[k + 1].glyphs
            let firstWord = next.prefix { scalars[$0.scalarOffset] != " " }.reduce(0) { $0 + $1.advance }
            #expect(line.width + space + firstWord > width - 1e-9, "line \(k) could take the next word")
        }
    }

    @Test func longWordsBreakBetweenCharacters() {
        let layout = TextLayout(string: "Supercalifragilistic", style: TextStyle(font: Self.subset, fontSize: 20), width: 60)
        #expect(layout.lines.count > 2)
        for line in layout.lines { #expect(line.width <= 60 && !line.glyphs.isEmpty) }
    }

    @Test func tailTruncationAtTheMaximumLines() throws {
        let style = TextStyle(font: Self.subset, fontSize: 16)
        let text = "Hello, world! Hello, world! Hello, world! Hello, world!"
        let layout = TextLayout(string: text, style: style, width: 120, lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 2)
        #expect(layout.lines.count == 2 && layout.isTruncated)
        let last = try #require(layout.lines.last)
        #expect(last.isTruncated && last.width <= 120)
        let ellipsis = try #require(Self.subset.glyph(for: "…") ?? Self.subset.glyph(for: "."))
        #expect(last.glyphs.last?.glyph == ellipsis)
        #expect(!layout.lines[0].isTruncated)
        let untouched = TextLayout(string: "Hello", style: style, width: 120, lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 2)
        #expect(!untouched.isTruncated && untouched.glyphs.count == 5)
        let clipped = TextLayout(string: text, style: style, width: 120, lineBreakMode: .byWordWrapping, maximumNumberOfLines: 2)
        #expect(clipped.isTruncated && clipped.lines.count == 2 && !clipped.lines[1].isTruncated)
    }

    @Test func headAndMiddleTruncation() throws {
        let style = TextStyle(font: Self.subset, fontSize: 16)
        let text = "Hello, world! Type Wave To."
        let scalars = Array(text.unicodeScalars)
        let head = TextLayout(string: text, style: style, width: 100, lineBreakMode: .byTruncatingHead)
        let middle = TextLayout(string: text, style: style, width: 100, lineBreakMode: .byTruncatingMiddle)
        for layout in [head, middle] {
            #expect(layout.lines.count == 1 && layout.lines[0].width <= 100 && layout.isTruncated)
        }
        #expect(head.glyphs.last.map { scalars[$0.scalarOffset] } == ".")
        #expect(middle.glyphs.first.map { scalars[$0.scalarOffset] } == "H")
        #expect(middle.glyphs.last.map { scalars[$0.scalarOffset] } == ".")
    }

    @Test func alignment() {
        let style = TextStyle(font: Self.subset, fontSize: 16)
        for (alignment, expected) in [(TextAlignment.left, 0.0), (.center, 0.5), (.right, 1.0), (.natural, 0.0)] {
            let line = TextLayout(string: "Hello", style: style, width: 200, alignment: alignment).lines[0]
            #expect(abs(line.x - (200 - line.width) * expected) < 1e-9, "\(alignment)")
            #expect(abs(line.glyphs[0].position.x - line.x) < 1e-9)
        }
        let justified = TextLayout(string: "Hello world to you all of them", style: style, width: 150, alignment: .justified)
        #expect(justified.lines.count > 1)
        for line in justified.lines.dropLast() { #expect(abs(line.width - 150) < 1e-9) }
        #expect(justified.lines.last!.width < 150)
    }

    @Test func hebrewReadsRightToLeft() {
        let style = TextStyle(font: Self.subset, fontSize: 16)
        let hebrew = TextLayout(string: "שלום", style: style, width: 200)
        #expect(hebrew.glyphs.map(\.scalarOffset) == [3, 2, 1, 0])
        #expect(hebrew.lines[0].isRightToLeft)
        #expect(abs(hebrew.lines[0].x + hebrew.lines[0].width - 200) < 1e-9, "natural alignment is right")
        let mixed = TextLayout(string: "שלום abc 123", style: style)
        #expect(mixed.glyphs.map(\.scalarOffset) == [5, 6, 7, 8, 9, 10, 11, 4, 3, 2, 1, 0])
        let latin = TextLayout(string: "abc שלום", style: style)
        #expect(latin.glyphs.map(\.scalarOffset) == [0, 1, 2, 3, 7, 6, 5, 4])
        let bundled = FontCatalog.defaultFont
        let brackets = TextLayout(string: "ש(ל)", style: TextStyle(font: bundled, fontSize: 16))
        let expected = ["(", "ל", ")", "ש"].map { bundled.glyph(for: Unicode.Scalar($0)!) }
        #expect(brackets.glyphs.map(\.glyph) == expected.compactMap { $0 }, "mirrored: the visual ( closes the parenthesis")
    }

    @Test func hebrewTruncatesAtItsEnd() throws {
        let style = TextStyle(font: Self.subset, fontSize: 16)
        let layout = TextLayout(string: "שלום שלום שלום שלום שלום", style: style, width: 90, lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 1)
        let line = try #require(layout.lines.first)
        #expect(line.isTruncated && line.width <= 90)
        #expect(line.glyphs.first?.scalarOffset == 0 || line.glyphs.first.map { Self.subset.glyph(for: "…") == $0.glyph || Self.subset.glyph(for: ".") == $0.glyph } == true)
        #expect(line.glyphs.last?.scalarOffset == 0, "the first letter is at the right")
    }

    @Test func fallbackFontsFillMissingCharacters() throws {
        let bundled = FontCatalog.defaultFont
        #expect(Self.subset.glyph(for: "Ω") == nil)
        let layout = TextLayout(string: "AΩ", style: TextStyle(font: Self.subset, fontSize: 20, fallbackFonts: [bundled]))
        #expect(layout.glyphs[0].font == Self.subset && layout.glyphs[1].font == bundled)
        let missing = TextLayout(string: "AΩ", style: TextStyle(font: Self.subset, fontSize: 20))
        #expect(missing.glyphs[1].glyph == 0, ".notdef when no font has it")
    }

    @Test func hostileNumbersAreClamped() {
        for size in [CGFloat.nan, -5, .infinity, 0] {
            let layout = TextLayout(string: "Hello", style: TextStyle(font: Self.subset, fontSize: size, letterSpacing: .nan), width: .nan)
            #expect(layout.glyphs.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite })
        }
        let huge = TextLayout(string: String(repeating: "ab ", count: 2000), style: TextStyle(font: Self.subset, fontSize: 12), width: 0)
        #expect(huge.lines.count == 4000)
    }

    @Test func pathPlacesTheGlyphs() {
        let layout = TextLayout(string: "He", style: TextStyle(font: Self.subset, fontSize: 20))
        let box = layout.path.boundingBox
        #expect(box.minY > 0 && box.maxY <= layout.firstBaseline + 0.5 /* round letters overshoot the baseline */ && box.minX >= 0 && box.maxX <= layout.lines[0].width)
    }
}

@Suite struct FontCatalogTests {
    @Test func bundledFaces() {
        let catalog = FontCatalog()
        #expect(catalog.faces.count == 2)
        #expect(Set(catalog.faces.map(\.family)) == ["DejaVu Sans"])
        #expect(catalog.font(families: ["sans-serif"]).weight == 400)
        #expect(catalog.font(families: ["No Such Family", "sans-serif"], weight: 700).weight == 700)
        #expect(catalog.font(families: ["serif"]).familyName == "DejaVu Sans", "falls back to the bundled face")
        #expect(catalog.font(families: ["monospace"], weight: 900).weight == 700)
        #expect(catalog.font(families: ["No Such Family"], weight: 300).weight == 400)
        #expect(catalog.font(families: ["DejaVu Sans"]) == catalog.font(families: ["system-ui"]), "one face, one Font")
    }

    @Test func addedFilesComeFirst() throws {
        var catalog = FontCatalog()
        let url = try #require(Bundle.module.url(forResource: "Fixtures/Subset.ttc", withExtension: nil))
        #expect(catalog.addFile(url) == 2)
        #expect(catalog.faces.count == 4)
        #expect(catalog.font(families: ["DejaVu Sans Subset CFF"]).hasCubicOutlines)
        // The subset's family is also "DejaVu Sans": the added file wins over the bundled face.
        #expect(catalog.font(families: ["DejaVu Sans"]).glyphCount == 60)
        var folder = FontCatalog()
        #expect(folder.addDirectory(url.deletingLastPathComponent()) == 5)
        #expect(folder.addFile(URL(fileURLWithPath: "/nonexistent.ttf")) == 0)
    }

    @Test func cssWeightMatching() {
        func faces(_ weights: [Int]) -> [FontCatalog.Face] {
            weights.map { FontCatalog.Face(url: URL(fileURLWithPath: "/\($0)"), index: 0, family: "F", style: "", weight: $0, isItalic: false) }
        }
        func pick(_ want: Int, _ have: [Int]) -> Int? { FontCatalog.bestMatch(faces(have), weight: want, italic: false)?.weight }
        #expect(pick(400, [300, 500, 700]) == 500)
        #expect(pick(400, [300, 600, 700]) == 300)
        #expect(pick(500, [300, 400, 700]) == 400)
        #expect(pick(300, [200, 400]) == 200)
        #expect(pick(300, [400, 500]) == 400)
        #expect(pick(700, [400, 600, 900]) == 900)
        #expect(pick(700, [400, 600]) == 600)
        let italic = FontCatalog.Face(url: URL(fileURLWithPath: "/i"), index: 0, family: "F", style: "Italic", weight: 700, isItalic: true)
        #expect(FontCatalog.bestMatch(faces([400]) + [italic], weight: 400, italic: true) == italic, "style before weight")
    }
}
