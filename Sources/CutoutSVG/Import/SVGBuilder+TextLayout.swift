import Foundation
import CutoutGeometry
import CutoutLayers
import CutoutText

/// A `<text>` element laid out: its characters placed (per chunk: kerning, bidirectional
/// order, `text-anchor`), set in the font the catalog matches for `font-family`,
/// `font-weight` and `font-style` at `font-size`, with `letter-spacing`, `word-spacing`,
/// `rotate` and `text-decoration`, then turned into glyph outlines painted like any shape
/// (fill, stroke, gradients, patterns), under the element's transform, clip, mask and opacity.
///
/// The text's object bounding box (for paint servers, clip paths, masks and filters in
/// `objectBoundingBox` units) is SVG 2's: the union of every glyph's em box, its advance
/// across and the font's ascent to descent down, not the outlines (as resvg measures it).
/// The text layer keeps it as a shape that paints nothing, so it survives export.
///
/// A chunk holding right-to-left characters is reordered by ``TextLayout``'s simplified
/// bidirectional rules. A `textPath` chunk is set along its path (see
/// `setAlongPath`). Out of scope: `textLength`, vertical writing, `baseline-shift`,
/// `dominant-baseline`, `textPath`'s `side` and `method` (resvg ignores them too), and glyph
/// substitution (ligatures, shaping).
extension SVGBuilder {
    /// Consecutive characters of one element, as glyph outlines in the text's coordinates.
    struct TextRun {
        var node: SVGNode
        var style: SVGStyle
        var path: Path
    }

    /// The runs of a text element and its object bounding box (nil when it has no glyphs).
    struct LaidOutText {
        var runs: [TextRun]
        var objectBox: CGRect?
    }

    /// One character placed: its glyph, the font that has it, where its origin lies on the
    /// baseline and how far it advances, and the transform from glyph space (origin on the
    /// baseline at the glyph's left, y down) into the text's space.
    private struct PlacedGlyph {
        var char: TextCharacter
        var glyph: GlyphID
        var font: Font
        var origin: CGPoint
        var advance: CGFloat
        /// The font's advance alone (without spacing or kerning): the glyph's width.
        var width: CGFloat
        var transform = Transform.identity
        /// False for a glyph set along a path beyond either end.
        var visible = true
    }

    /// Lays out the text element `e` (whose computed style is `style`); nil when it has no characters.
    func layoutText(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> LaidOutText? {
        var chars: [TextCharacter] = []
        try collectCharacters(e, style: style, preserve: preservesSpace(e), depth: depth, into: &chars)
        while let last = chars.last, last.scalar == " ", !last.preserved { chars.removeLast() }
        guard !chars.isEmpty else { return nil }
        if chars[0].x == nil { chars[0].x = 0 }
        if chars[0].y == nil { chars[0].y = 0 }

        // Chunks: a new one starts at each absolute x or y, and where a text path begins or ends.
        var chunks: [Range<Int>] = []
        var chunkStart = 0
        for i in chars.indices.dropFirst() where chars[i].x != nil || chars[i].y != nil || chars[i].path !== chars[i - 1].path {
            chunks.append(chunkStart..<i)
            chunkStart = i
        }
        chunks.append(chunkStart..<chars.count)

        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(chars.count)
        var pen = CGPoint.zero
        for chunk in chunks {
            let first = chars[chunk.lowerBound]
            if let x = first.x { pen.x = x }
            if let y = first.y { pen.y = y }
            let chunkOrigin = pen.x
            for c in chars[chunk] {
                pen.x += c.dx
                pen.y += c.dy
                let f = c.style.font
                let font = fonts.font(families: f.families, weight: f.weight, italic: f.italic)
                let (glyph, used) = glyph(for: c.scalar, in: font)
                let scale = f.size / CGFloat(used.metrics.unitsPerEm)
                let width = CGFloat(used.advance(of: glyph)) * scale
                var advance = width + f.letterSpacing
                if c.scalar == " " { advance += f.wordSpacing }
                placed.append(PlacedGlyph(char: c, glyph: glyph, font: used, origin: pen, advance: advance, width: width))
                pen.x += advance
            }
            arrange(&placed, chunk)
            if let path = first.path {
                if let end = setAlongPath(&placed, chunk, path, offset: (first.x ?? 0) - chunkOrigin) { pen = end }
            } else {
                for i in chunk {
                    var m = Transform(translationX: placed[i].origin.x, y: placed[i].origin.y)
                    if let degrees = placed[i].char.rotate, degrees != 0 { m = Transform(rotationAngle: degrees * .pi / 180).concatenating(m) }
                    placed[i].transform = m
                }
            }
        }

        // One run per stretch of characters of the same element.
        var runs: [TextRun] = []
        var objectBox: CGRect?
        var start = 0
        while start < placed.count {
            var end = start + 1
            while end < placed.count, placed[end].char.node === placed[start].char.node { end += 1 }
            let style = placed[start].char.style
            var path = Path()
            for p in placed[start..<end] where p.visible {
                path.addPath(p.font.path(for: p.glyph, size: style.font.size), transform: p.transform)
                addDecorations(p, style.font, to: &path)
                let s = style.font.size / CGFloat(p.font.metrics.unitsPerEm)
                let em = CGRect(x: min(0, p.advance), y: -CGFloat(p.font.metrics.ascender) * s,
                                width: abs(p.advance), height: CGFloat(p.font.metrics.ascender - p.font.metrics.descender) * s)
                    .applying(p.transform)
                if em.minX.isFinite, em.maxX.isFinite, em.minY.isFinite, em.maxY.isFinite {
                    objectBox = objectBox.map { $0.union(em) } ?? em
                }
            }
            runs.append(TextRun(node: placed[start].char.node, style: style, path: path))
            start = end
        }
        return LaidOutText(runs: runs, objectBox: objectBox)
    }

    /// Sets the glyphs of `chunk` along `path` (as resvg does): each glyph's midpoint goes to
    /// the point at `startOffset` + the chunk's `x` + its distance from the chunk's start
    /// (`dx`, kerning and the anchor included), the glyph turned to the path's direction there
    /// and moved across it by the chunk's `dy`s; `rotate` turns it further about its origin.
    /// A glyph whose midpoint falls off either end is not drawn. Returns where the text after
    /// the chunk continues: past the last glyph drawn, on its point of the path.
    private func setAlongPath(_ placed: inout [PlacedGlyph], _ chunk: Range<Int>, _ path: TextPathGeometry,
                              offset: CGFloat) -> CGPoint? {
        var end: CGPoint?
        var dy: CGFloat = 0
        for i in chunk {
            let p = placed[i]
            dy += p.char.dy
            let half = p.width / 2
            let distance = path.startOffset + offset + p.origin.x + half
            guard distance >= 0, distance <= path.measure.totalLength, distance.isFinite,
                  let (point, tangent) = path.measure.position(at: distance) else {
                placed[i].visible = false
                continue
            }
            var m = Transform(translationX: -half, y: dy)
                .concatenating(Transform(a: tangent.x, b: tangent.y, c: -tangent.y, d: tangent.x, tx: point.x, ty: point.y))
            if let degrees = p.char.rotate, degrees != 0 { m = Transform(rotationAngle: degrees * .pi / 180).concatenating(m) }
            placed[i].transform = m
            end = CGPoint(x: point.x + p.advance, y: point.y)
        }
        return end
    }

    /// Kerning between neighbours of one chunk, then bidi order and the anchor.
    ///
    /// A character kerns with the next one in its own font and size, whatever element the
    /// next one is in: resvg shapes the chunk's whole text in each element's font and keeps
    /// each element's glyphs, so a regular `T` before a bold `o` moves the `o` by the regular
    /// font's `T`–`o` pair.
    private func arrange(_ placed: inout [PlacedGlyph], _ chunk: Range<Int>) {
        var shift: CGFloat = 0
        for i in chunk {
            placed[i].origin.x += shift
            guard i + 1 < chunk.upperBound, placed[i].char.style.font.kerning,
                  let next = placed[i].font.glyph(for: placed[i + 1].char.scalar) else { continue }
            let k = CGFloat(placed[i].font.kerning(between: placed[i].glyph, and: next))
                * placed[i].char.style.font.size / CGFloat(placed[i].font.metrics.unitsPerEm)
            placed[i].advance += k
            shift += k
        }
        let scalars = chunk.map { placed[$0].char.scalar }
        if scalars.contains(where: { Bidi.strength($0) == .right }) {
            let levels = Bidi.levels(scalars, rightToLeft: Bidi.isRightToLeft(scalars))
            let order = Bidi.visualOrder(levels)
            var x = placed[chunk.lowerBound].origin.x
            let originals = chunk.map { placed[$0] }
            for (v, k) in order.enumerated() {
                var p = originals[k]
                if levels[k] % 2 == 1 { p.glyph = glyph(for: Bidi.mirrored(p.char.scalar), in: p.font).0 }
                p.origin.x = x
                x += p.advance
                placed[chunk.lowerBound + v] = p
            }
        }
        let minX = chunk.map { placed[$0].origin.x }.min() ?? 0
        let maxX = chunk.map { placed[$0].origin.x + placed[$0].advance }.max() ?? 0
        let width = maxX - minX
        let anchorShift: CGFloat
        switch placed[chunk.lowerBound].char.style.font.anchor {
        case "middle": anchorShift = -width / 2
        case "end": anchorShift = -width
        default: anchorShift = 0
        }
        if anchorShift != 0 { for i in chunk { placed[i].origin.x += anchorShift } }
    }

    /// The layer for a `<text>`: a group holding the object bounding box (a shape that paints
    /// nothing) and one painted shape per run.
    func text(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        guard let laidOut = try layoutText(e, style: style, depth: depth) else { return nil }
        let group = try makeLayer(for: e) { Layer() }
        group.name = e.attributes["id"]
        if let box = laidOut.objectBox {
            let bounds = try makeLayer(for: e) { ShapeLayer() }
            bounds.path = Path(rect: box)
            bounds.fillColor = nil
            group.addSublayer(bounds)
        }
        for run in laidOut.runs where !run.path.isEmpty && run.style.visible {
            group.addSublayer(try paintedShape(run.path, style: run.style, run.node, depth: depth + 1, objectBox: laidOut.objectBox))
        }
        return group
    }

    private func glyph(for s: Unicode.Scalar, in font: Font) -> (GlyphID, Font) {
        if let g = font.glyph(for: s) { return (g, font) }
        let fallback = FontCatalog.defaultFont
        if let g = fallback.glyph(for: s) { return (g, fallback) }
        return (0, font)
    }

    /// Underline, overline and line-through under one glyph, as rectangles across its advance
    /// from the font's metrics, in the glyph's transform: the lines of neighbours join on a
    /// straight baseline and break where glyphs turn or shift (as in resvg).
    private func addDecorations(_ p: PlacedGlyph, _ f: SVGFontStyle, to path: inout Path) {
        guard !f.decorations.isEmpty, p.advance != 0 else { return }
        let m = p.font.metrics
        let s = f.size / CGFloat(m.unitsPerEm)
        var lines: [(center: CGFloat, thickness: CGFloat)] = []
        let underline = CGFloat(m.underlineThickness) * s
        if f.decorations.contains("underline") { lines.append((-CGFloat(m.underlinePosition) * s, underline)) }
        // Each line is centred on its metric: the overline on the ascent line, the line-through
        // on the strikeout position (where resvg and browsers draw them).
        if f.decorations.contains("overline") { lines.append((-CGFloat(m.ascender) * s, underline)) }
        if f.decorations.contains("line-through") { lines.append((-CGFloat(m.strikeoutPosition) * s, CGFloat(m.strikeoutThickness) * s)) }
        for l in lines where l.thickness > 0 {
            var rect = Path()
            rect.addRect(CGRect(x: min(0, p.advance), y: l.center - l.thickness / 2, width: abs(p.advance), height: l.thickness))
            path.addPath(rect, transform: p.transform)
        }
    }
}
