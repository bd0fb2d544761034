import Foundation
import CutoutGeometry
import CutoutText

// The font loader and text layout. The first byte picks what the rest is:
// - even: a font file (or collection). Invariants: loading ends in fonts or a FontError; each
//   font has positive units per em; every glyph outline (the first 64) is a finite path or a
//   FontError, and the glyph past the end is an error; the sample text's characters map to
//   glyphs inside the font; a layout in the font is well formed (below) and uses those glyphs.
// - odd: text, set in the bundled font with a width, alignment, break mode and line limit taken
//   from the next bytes. Invariants: every glyph position and advance is finite, glyphs point
//   into the string, the line limit holds, the box is as high as its lines, and the placed
//   outlines form a finite path.

private let bundled: Font = FontCatalog.defaultFont
private let sample = "Hello, wörld! 0123 \u{5E9}\u{5DC}\u{5D5}\u{5DD} fi AV To"

/// Loads the bundled font before the first input, so that its one-off cost (over a second under
/// ASan on a busy machine) is not charged to that input's 2 s budget.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzTextInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    _ = bundled.glyphCount
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let mode = bytes.first else { return 0 }
    if mode % 2 == 0 {
        fuzzFont(Data(bytes.dropFirst()))
    } else {
        fuzzLayout(Array(bytes.dropFirst()))
    }
    return 0
}

private func fuzzFont(_ data: Data) {
    let fonts: [Font]
    do { fonts = try Font.fonts(in: data) } catch {
        require(!"\(error)".isEmpty, "an error without a description")
        return
    }
    require(!fonts.isEmpty, "a font file without fonts loaded without an error")
    for font in fonts.prefix(4) {
        require(font.metrics.unitsPerEm > 0, "units per em \(font.metrics.unitsPerEm)")
        require(font.glyphCount >= 0 && font.glyphCount <= Int(GlyphID.max) + 1, "glyph count \(font.glyphCount)")
        _ = font.familyName + font.styleName + font.fullName + font.postScriptName
        for glyph in 0..<min(font.glyphCount, 64) {
            if let outline = try? font.outline(of: GlyphID(glyph)) { requireFinite(outline, "glyph \(glyph)") }
            _ = font.advance(of: GlyphID(glyph))
        }
        if font.glyphCount <= Int(GlyphID.max) {
            // A glyph past the end is an error, never someone else's outline or a crash.
            require((try? font.outline(of: GlyphID(font.glyphCount))) == nil, "outline of glyph \(font.glyphCount) of \(font.glyphCount)")
        }
        for scalar in sample.unicodeScalars {
            if let glyph = font.glyph(for: scalar) {
                require(Int(glyph) < font.glyphCount, "\(scalar) maps to glyph \(glyph) of \(font.glyphCount)")
            }
        }
        let layout = TextLayout(string: sample, style: TextStyle(font: font, fontSize: 12), width: 80)
        checkLayout(layout, sample, maxLines: 0)
        for g in layout.glyphs where g.font == font {
            require(Int(g.glyph) < max(font.glyphCount, 1), "laid-out glyph \(g.glyph) of \(font.glyphCount)")
        }
    }
}

private func requireFinite(_ path: Path, _ what: String) {
    for element in path.elements {
        if let p = element.endPoint { require(p.x.isFinite && p.y.isFinite, "\(what): outline point \(p)") }
    }
}

private func fuzzLayout(_ bytes: [UInt8]) {
    guard bytes.count >= 4 else { return }
    let string = String(decoding: bytes.dropFirst(4), as: UTF8.self)
    let width: CGFloat? = bytes[0] == 0 ? nil : CGFloat(bytes[0]) * 2
    let alignment = TextAlignment.allCases[Int(bytes[1]) % TextAlignment.allCases.count]
    let mode = LineBreakMode.allCases[Int(bytes[1] >> 3) % LineBreakMode.allCases.count]
    let maxLines = Int(bytes[2] % 8)
    let style = TextStyle(font: bundled, fontSize: CGFloat(1 + bytes[3] % 64), letterSpacing: CGFloat(Int(bytes[3] >> 6) - 1),
                          kerningEnabled: bytes[2] & 0x80 == 0)
    let layout = TextLayout(string: string, style: style, width: width, alignment: alignment, lineBreakMode: mode,
                            maximumNumberOfLines: maxLines, wrapsLines: bytes[2] & 0x40 == 0)
    checkLayout(layout, string, maxLines: maxLines)
}

private func checkLayout(_ layout: TextLayout, _ string: String, maxLines: Int) {
    if maxLines > 0 { require(layout.lines.count <= maxLines, "\(layout.lines.count) lines past a limit of \(maxLines)") }
    let box = layout.typographicBounds
    require([box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite), "box \(box)")
    require(abs(box.height - CGFloat(layout.lines.count) * layout.style.lineHeight) <= 1e-6 * max(1, box.height),
            "box height \(box.height) for \(layout.lines.count) lines")
    let scalars = string.unicodeScalars.count
    for line in layout.lines {
        require(line.baseline.isFinite && line.x.isFinite && line.width.isFinite, "line \(line.baseline) \(line.x) \(line.width)")
        for g in line.glyphs {
            require(g.position.x.isFinite && g.position.y.isFinite && g.advance.isFinite, "glyph at \(g.position) advance \(g.advance)")
            require(g.scalarOffset >= 0 && g.scalarOffset <= max(scalars, 1), "glyph for scalar \(g.scalarOffset) of \(scalars)")
        }
    }
    if layout.glyphs.count <= 400 {
        requireFinite(layout.path, "placed outlines")
    }
}
