import Foundation
import Testing
import CutoutRaster
@testable import cutout

/// `cutout render --font-file/--font-dir`: added fonts are found by family before anything else.
@Suite struct RenderFontOptionsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CutoutTextTests/Fixtures")

    static let textSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="30">
          <text x="4" y="20" font-family="DejaVu Sans Subset CFF" font-size="16">Hello</text>
        </svg>
        """

    @Test func anAddedFontIsUsedByFamily() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("text.svg", Self.textSVG)
        let plain = runCutout(["render", input, "-o", tmp.path("plain.svg")])
        let file = runCutout(["render", input, "-o", tmp.path("file.svg"), "--font-file", Self.fixtures.appendingPathComponent("SubsetCFF.otf").path])
        let dir = runCutout(["render", input, "-o", tmp.path("dir.svg"), "--font-dir", Self.fixtures.path])
        #expect(plain.succeeded && file.succeeded && dir.succeeded, "\(file.message) \(dir.message)")
        let plainText = try String(contentsOfFile: tmp.path("plain.svg"), encoding: .utf8)
        let fileText = try String(contentsOfFile: tmp.path("file.svg"), encoding: .utf8)
        let dirText = try String(contentsOfFile: tmp.path("dir.svg"), encoding: .utf8)
        // The CFF subset's outlines were rounded to whole units when converted: other numbers.
        #expect(plainText.contains("<path") && fileText != plainText)
        #expect(dirText == fileText)
        let png = runCutout(["render", input, "-o", tmp.path("out.png"), "--scale", "2", "--font-file", Self.fixtures.appendingPathComponent("Subset.ttc").path])
        #expect(png.succeeded, "\(png.message)")
    }

    @Test func badFontOptionsAreNamed() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("text.svg", Self.textSVG)
        let notFont = try tmp.write("font.ttf", "not a font")
        let a = runCutout(["render", input, "-o", tmp.path("a.png"), "--font-file", notFont])
        #expect(a.exitCode != 0 && a.message.contains(notFont) && a.message.contains("no usable font"))
        let b = runCutout(["render", input, "-o", tmp.path("b.png"), "--font-dir", tmp.path("missing")])
        #expect(b.exitCode != 0 && b.message.contains("is not a folder"))
        let c = runCutout(["render", input, "-o", tmp.path("c.png"), "--font-file", tmp.path("missing.ttf")])
        #expect(c.exitCode != 0 && c.message.contains("missing.ttf"))
    }
}

/// `cutout bench text…` runs without the anchor scene folder and writes its last frame.
@Suite struct TextBenchTests {
    @Test func textScenesRunAndDraw() throws {
        let tmp = try TemporaryFolder()
        let run = runCutout(["bench", "text", "text-layout", "--frames", "1", "--png", tmp.url.path])
        #expect(run.succeeded, "\(run.message)")
        let png = try Pixmap(pngData: Data(contentsOf: tmp.url.appendingPathComponent("text.png")))
        #expect(png.width == 1170 && png.height == 2532)
        // Ink on the first line, none past the 60th.
        let inked = { (y: Int) in (0..<png.width).contains { png.data[(y * png.width + $0) * 4] < 128 } }
        #expect((24...75).contains(where: inked))
        #expect(!(2515..<2532).contains(where: inked))
    }
}
