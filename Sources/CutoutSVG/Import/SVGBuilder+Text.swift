import Foundation
import CutoutGeometry
import CutoutLayers
import CutoutText

/// `<text>` and `<tspan>`: characters positioned by `x`, `y`, `dx`, `dy` (lists, one value per
/// character), anchored per text chunk by `text-anchor`, set in the font the catalog matches
/// for `font-family`, `font-weight` and `font-style`, with `font-size`, `letter-spacing`,
/// `word-spacing` and `text-decoration`, then turned into glyph outlines painted like any
/// shape (fill, stroke, gradients), under the element's transform, clip, mask and opacity.
///
/// Whitespace follows `xml:space="default"`: newlines are removed, tabs become spaces, runs of
/// spaces collapse to one and the text's leading and trailing spaces go. A chunk holding
/// right-to-left characters is reordered by ``TextLayout``'s simplified bidirectional rules.
/// Out of scope: `textPath`, `textLength`, `rotate`, vertical writing, `baseline-shift`,
/// `dominant-baseline`, `xml:space="preserve"`, and glyph substitution.
extension SVGBuilder {
    /// One character with everything needed to place and paint it.
    struct TextCharacter {
        var scalar: Unicode.Scalar
        var style: SVGStyle
        /// The element that holds the character, for paint-server references and warnings.
        var node: SVGNode
        var x: CGFloat?
        var y: CGFloat?
        var dx: CGFloat = 0
        var dy: CGFloat = 0
    }

    /// Font properties from the declarations (`font-size` percentages and `em` are of the parent's size).
    func computeFontStyle(_ f: inout SVGFontStyle, parentSize: CGFloat, value: (String) -> String?, element e: SVGNode) {
        if let v = value("font-family") {
            let list = v.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n'\"")) }.filter { !$0.isEmpty }
            if !list.isEmpty { f.families = list }
        }
        if let v = value("font-size") {
            let named: [String: CGFloat] = ["xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32]
            if let n = named[v] {
                f.size = n
            } else if v.hasSuffix("em"), !v.hasSuffix("rem"), let n = Double(v.dropLast(2)), n.isFinite {
                f.size = CGFloat(n) * parentSize
            } else if let l = SVGLength.parse(v, maxMagnitude: limits.maxCoordinate) {
                f.size = l.resolved(parentSize)
            } else { warn(e.line, "invalid font-size '\(v.prefix(40))' ignored") }
            f.size = min(max(f.size, 0), 10_000)
        }
        if let v = value("font-weight") {
            switch v {
            case "normal": f.weight = 400
            case "bold": f.weight = 700
            case "bolder": f.weight = f.weight < 400 ? 400 : f.weight < 600 ? 700 : 900
            case "lighter": f.weight = f.weight < 600 ? 100 : f.weight < 800 ? 400 : 700
            default:
                if let n = Int(v), (1...1000).contains(n) { f.weight = n } else { warn(e.line, "invalid font-weight '\(v.prefix(40))' ignored") }
            }
        }
        if let v = value("font-style") { f.italic = v == "italic" || v.hasPrefix("oblique") }
        func spacing(_ name: String) -> CGFloat? {
            guard let v = value(name) else { return nil }
            if v == "normal" { return 0 }
            if v.hasSuffix("em"), let n = Double(v.dropLast(2)), n.isFinite { return CGFloat(n) * f.size }
            if let l = SVGLength.parse(v, maxMagnitude: limits.maxCoordinate) { return l.resolved(f.size) }
            warn(e.line, "invalid \(name) '\(v.prefix(40))' ignored")
            return nil
        }
        if let v = spacing("letter-spacing") { f.letterSpacing = v }
        if let v = spacing("word-spacing") { f.wordSpacing = v }
        if let v = value("text-anchor"), ["start", "middle", "end"].contains(v) { f.anchor = v }
        if let v = value("text-decoration") {
            if v == "none" { f.decorations = [] } else {
                for word in v.split(separator: " ") where ["underline", "overline", "line-through"].contains(String(word)) {
                    f.decorations.insert(String(word))
                }
            }
        }
    }

    func numberList(_ e: SVGNode, _ name: String, _ axis: Axis) -> [CGFloat] {
        guard let v = e.attributes[name] else { return [] }
        var out: [CGFloat] = []
        for piece in v.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }) {
            guard let l = SVGLength.parse(String(piece), maxMagnitude: limits.maxCoordinate) else {
                warn(e.line, "invalid \(name) list ignored")
                return []
            }
            out.append(l.resolved(axis == .x ? viewport.width : viewport.height))
        }
        return out
    }

    /// The characters of `e` and its `tspan`s in document order, with per-character positions.
    func collectCharacters(_ e: SVGNode, style: SVGStyle, depth: Int, into chars: inout [TextCharacter]) throws(SVGError) {
        guard depth <= limits.maxDepth else { return }
        let first = chars.count
        var next = 0
        for run in e.textRuns {
            while next < run.childIndex, next < e.children.count {
                try child(e.children[next], style: style, depth: depth, into: &chars)
                next += 1
            }
            for s in run.text.unicodeScalars { chars.append(TextCharacter(scalar: s, style: style, node: e)) }
        }
        while next < e.children.count {
            try child(e.children[next], style: style, depth: depth, into: &chars)
            next += 1
        }
        // Position lists apply to the element's characters in order; a descendant's own lists
        // were applied first and win, so only unset values are filled.
        let xs = numberList(e, "x", .x), ys = numberList(e, "y", .y), dxs = numberList(e, "dx", .x), dys = numberList(e, "dy", .y)
        let mine = first..<chars.count
        for (k, i) in mine.enumerated() {
            if k < xs.count, chars[i].x == nil { chars[i].x = xs[k] }
            if k < ys.count, chars[i].y == nil { chars[i].y = ys[k] }
            if k < dxs.count, chars[i].dx == 0 { chars[i].dx = dxs[k] }
            if k < dys.count, chars[i].dy == 0 { chars[i].dy = dys[k] }
        }
    }

    private func child(_ c: SVGNode, style: SVGStyle, depth: Int, into chars: inout [TextCharacter]) throws(SVGError) {
        // `<a>` inside text is a `tspan` (as resvg reads it).
        guard c.name == "tspan" || c.name == "a" else {
            if c.name != "title", c.name != "desc" { warn(c.line, "<\(c.name)> inside <text> is not supported; skipped") }
            return
        }
        guard conditionsPass(c) else { return }
        let d = try declarations(c)
        if d["display"]?.trimmingCharacters(in: .whitespaces) == "none" { return }
        try collectCharacters(c, style: computedStyle(d, parent: style, element: c), depth: depth + 1, into: &chars)
    }

    /// `xml:space="default"` whitespace handling over the whole text element.
    /// Positions of removed characters move to the next character kept, so `x`/`y` on a text
    /// that starts with spaces still place it.
    static func collapseWhitespace(_ chars: [TextCharacter]) -> [TextCharacter] {
        var out: [TextCharacter] = []
        out.reserveCapacity(chars.count)
        var carried: TextCharacter?
        for var c in chars {
            if c.scalar == "\n" || c.scalar == "\r" || c.scalar == "\t" { c.scalar = " " }
            if let held = carried {
                if c.x == nil { c.x = held.x }
                if c.y == nil { c.y = held.y }
                c.dx += held.dx
                c.dy += held.dy
                carried = nil
            }
            if c.scalar == " ", out.last?.scalar == " " || out.isEmpty { carried = c; continue }
            out.append(c)
        }
        if out.last?.scalar == " " { out.removeLast() }
        return out
    }

    func text(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        var chars: [TextCharacter] = []
        try collectCharacters(e, style: style, depth: depth, into: &chars)
        chars = Self.collapseWhitespace(chars)
        guard !chars.isEmpty else { return nil }
        if chars[0].x == nil { chars[0].x = 0 }
        if chars[0].y == nil { chars[0].y = 0 }

        // Place every character: a new chunk starts at each absolute x or y.
        var placed: [(char: TextCharacter, glyph: GlyphID, font: Font, origin: CGPoint, advance: CGFloat)] = []
        var chunks: [Range<Int>] = []
        var pen = CGPoint.zero
        var chunkStart = 0
        for (i, c) in chars.enumerated() {
            if c.x != nil || c.y != nil, i > 0 { chunks.append(chunkStart..<i); chunkStart = i }
            if let x = c.x { pen.x = x }
            if let y = c.y { pen.y = y }
            pen.x += c.dx
            pen.y += c.dy
            let f = c.style.font
            let font = fonts.font(families: f.families, weight: f.weight, italic: f.italic)
            let (glyph, used) = glyph(for: c.scalar, in: font)
            let scale = f.size / CGFloat(used.metrics.unitsPerEm)
            var advance = CGFloat(used.advance(of: glyph)) * scale + f.letterSpacing
            if c.scalar == " " { advance += f.wordSpacing }
            placed.append((c, glyph, used, pen, advance))
            pen.x += advance
        }
        chunks.append(chunkStart..<chars.count)

        // Kerning between neighbours of one chunk in the same font and size, then bidi order
        // and the anchor, chunk by chunk.
        for chunk in chunks {
            var shift: CGFloat = 0
            for i in chunk {
                placed[i].origin.x += shift
                guard i + 1 < chunk.upperBound, placed[i].font == placed[i + 1].font,
                      placed[i].char.style.font.size == placed[i + 1].char.style.font.size else { continue }
                let k = CGFloat(placed[i].font.kerning(between: placed[i].glyph, and: placed[i + 1].glyph))
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

        // One painted shape per run of characters with the same element and style.
        let group = try makeLayer { Layer() }
        group.name = e.attributes["id"]
        var start = 0
        while start < placed.count {
            var end = start + 1
            while end < placed.count, placed[end].char.node === placed[start].char.node { end += 1 }
            let style = placed[start].char.style
            var path = Path()
            for p in placed[start..<end] {
                path.addPath(p.font.path(for: p.glyph, size: style.font.size), transform: Transform(translationX: p.origin.x, y: p.origin.y))
            }
            addDecorations(placed[start..<end].map { ($0.font, $0.origin, $0.advance) }, style.font, to: &path)
            if !path.isEmpty, style.visible {
                group.addSublayer(try paintedShape(path, style: style, placed[start].char.node, depth: depth + 1))
            }
            start = end
        }
        return group
    }

    private func glyph(for s: Unicode.Scalar, in font: Font) -> (GlyphID, Font) {
        if let g = font.glyph(for: s) { return (g, font) }
        let fallback = FontCatalog.defaultFont
        if let g = fallback.glyph(for: s) { return (g, fallback) }
        return (0, font)
    }

    /// Underline, overline and line-through as rectangles from the font's metrics, across a run.
    private func addDecorations(_ run: [(font: Font, origin: CGPoint, advance: CGFloat)], _ f: SVGFontStyle, to path: inout Path) {
        guard !f.decorations.isEmpty, let first = run.first else { return }
        let m = first.font.metrics
        let s = f.size / CGFloat(m.unitsPerEm)
        let minX = run.map(\.origin.x).min() ?? 0, maxX = run.map { $0.origin.x + $0.advance }.max() ?? 0
        let baseline = first.origin.y
        var lines: [(center: CGFloat, thickness: CGFloat)] = []
        let underline = CGFloat(m.underlineThickness) * s
        if f.decorations.contains("underline") { lines.append((baseline - CGFloat(m.underlinePosition) * s, underline)) }
        // Each line is centred on its metric: the overline on the ascent line, the line-through
        // on the strikeout position (where resvg and browsers draw them).
        if f.decorations.contains("overline") { lines.append((baseline - CGFloat(m.ascender) * s, underline)) }
        if f.decorations.contains("line-through") {
            lines.append((baseline - CGFloat(m.strikeoutPosition) * s, CGFloat(m.strikeoutThickness) * s))
        }
        for l in lines where maxX > minX && l.thickness > 0 {
            path.addRect(CGRect(x: minX, y: l.center - l.thickness / 2, width: maxX - minX, height: l.thickness))
        }
    }
}
