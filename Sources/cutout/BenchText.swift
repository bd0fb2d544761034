import CutoutGeometry
import CutoutRaster
import CutoutText
import Foundation

/// Issue 13's text benches on the bundled DejaVu Sans, at the list bench's 1170×2532 px screen
/// (390×844 pt at 3x): 60 lines of 11 pt Latin, Cyrillic and Greek text, each wrapped to
/// 358 pt (one line each), drawn black on white. `scripts/bench_text.py` draws the same lines
/// with Skia for comparison.
///
/// - `text`: every frame lays out the 60 lines and renders them (outlines cached in the font,
///   as an app keeps its fonts);
/// - `text-layout`: the layout alone;
/// - `text-outlines`: loads the font from its bytes and decodes all 6,253 glyph outlines
///   (quadratic `glyf`, composites included), no cache.
enum TextBench {
    static let names = ["text", "text-layout", "text-outlines"]

    static let phrases = [
        "Pizza from two halves: choose the left and the right",
        "Пицца из двух половинок — выберите левую и правую",
        "Spotlight tour, step 3 of 5: tap here to continue",
        "Γειά σου κόσμε: Pepperoni, Margherita, Four cheese",
        "Пепперони 549 ₽ · Маргарита 489 ₽ · Четыре сыра",
        "AVATAR Type Wave To. Kerning pairs everywhere!",
    ]

    static var lines: [String] { (0..<60).map { "\($0 + 1). " + phrases[$0 % phrases.count] } }

    static func run(_ name: String, frames: Int?) throws -> (ms: [Double], last: Pixmap?) {
        let font = FontCatalog.defaultFont
        let style = TextStyle(font: font, fontSize: 11)
        let lines = Self.lines
        let screen = CGRect(x: 0, y: 0, width: 390, height: 844)
        var ctx = try DrawingContext(width: 1170, height: 2532, scale: 3)
        var last: Pixmap?
        func layouts() -> [TextLayout] { lines.map { TextLayout(string: $0, style: style, width: 358) } }
        func frame() throws {
            switch name {
            case "text-layout":
                _ = layouts()
            case "text-outlines":
                guard let url = FontCatalog.bundledURLs.first else { throw CommandError("the bundled font is missing") }
                let data = try Data(contentsOf: url)
                let fresh = try Font(data: data)
                var elements = 0
                for g in 0..<fresh.glyphCount { elements += (try? fresh.outline(of: GlyphID(g)).elements.count) ?? 0 }
                guard elements > 0 else { throw CommandError("no outline decoded") }
            default:
                ctx.clear()
                ctx.setFillColor(.white)
                ctx.fill(screen)
                ctx.setFillColor(.black)
                var path = Path()
                for (k, layout) in layouts().enumerated() {
                    path.addPath(layout.path, transform: Transform(translationX: 16, y: 8 + CGFloat(k) * 13.8))
                }
                ctx.fill(path, using: .winding)
                last = ctx.pixmap
            }
        }
        for _ in 0..<3 { try frame() }
        var ms: [Double] = []
        let count = frames ?? (name == "text-outlines" ? 10 : 30)
        for _ in 0..<max(count, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            try frame()
            ms.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return (ms, last)
    }
}
