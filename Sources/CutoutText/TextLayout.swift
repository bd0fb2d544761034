import Foundation
import CutoutGeometry

/// A string set in a ``TextStyle``: lines of positioned glyphs with advances, pair kerning,
/// letter and word spacing, alignment, line breaking at a width, a maximum number of lines,
/// truncation with an ellipsis, and right-to-left paragraphs.
///
/// Coordinates: points, y down, origin at the top-left of the layout box. The first baseline
/// lies at the font's ascent; baselines are ``TextStyle`` line heights apart. The box
/// (``typographicBounds``) is the layout width (the widest line when no width is given) by
/// the number of lines times the line height.
///
/// Characters map to glyphs one to one (the first font of the style's list that has them;
/// `.notdef` of the primary font otherwise). Paragraphs split at line feeds, CR LF, U+2028 and
/// U+2029. Each paragraph's direction comes from its first strong character, and lines are
/// reordered with the simplified bidirectional algorithm of ``Bidi`` (Hebrew reads right to
/// left; Latin words and digits inside it keep their order). Out of scope: glyph
/// substitution (ligatures), complex shaping (Arabic joining, Indic reordering), mark
/// positioning, hyphenation, tab stops (a tab is a space) and vertical text.
///
/// Complexity: O(n log g) for n characters (cmap and kerning look-ups), no outline decoding.
public struct TextLayout: Hashable, Sendable {
    /// The lines, top to bottom.
    public private(set) var lines: [TextLine] = []
    /// The layout box: the width (or widest line) by the lines' total height.
    public private(set) var typographicBounds: CGRect = .zero
    /// The style the text is set in.
    public let style: TextStyle
    /// Whether text was left out (lines past the maximum) or replaced by an ellipsis.
    public private(set) var isTruncated = false

    /// Lays out `string`.
    /// - Parameters:
    ///   - width: the line width for breaking, truncation and alignment; nil for no limit
    ///     (non-finite or negative widths count as nil).
    ///   - alignment: where each line sits in the width.
    ///   - lineBreakMode: wrapping or truncation (see ``LineBreakMode``).
    ///   - maximumNumberOfLines: 0 for no limit.
    ///   - wrapsLines: false sets every paragraph on one line (``LineBreakMode``'s truncation
    ///     still applies to it), as `CATextLayer` does when `isWrapped` is off.
    public init(string: String, style: TextStyle, width: CGFloat? = nil, alignment: TextAlignment = .natural,
                lineBreakMode: LineBreakMode = .byWordWrapping, maximumNumberOfLines: Int = 0, wrapsLines: Bool = true) {
        self.style = style
        let limit = width.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        var builder = LineBuilder(style: style, width: limit, mode: lineBreakMode,
                                  maxLines: max(maximumNumberOfLines, 0), wraps: wrapsLines)
        builder.build(string)
        isTruncated = builder.truncated
        let boxWidth = limit ?? builder.lines.map(\.width).max() ?? 0
        let lineHeight = style.lineHeight
        for (k, raw) in builder.lines.enumerated() {
            lines.append(raw.placed(baseline: style.ascent + CGFloat(k) * lineHeight, boxWidth: boxWidth, alignment: alignment))
        }
        typographicBounds = CGRect(x: 0, y: 0, width: boxWidth, height: CGFloat(lines.count) * lineHeight)
    }

    /// Every glyph, line by line, left to right.
    public var glyphs: [PositionedGlyph] { lines.flatMap(\.glyphs) }

    /// The baseline of the first line (the ascent), or of where it would be when there is no text.
    public var firstBaseline: CGFloat { lines.first?.baseline ?? style.ascent }

    /// The outlines of all glyphs, placed, filled with the non-zero rule.
    /// Complexity: decodes each distinct glyph once (fonts cache outlines), then copies points.
    public var path: Path {
        var out = Path()
        for g in glyphs { out.addPath(g.font.path(for: g.glyph, size: g.size), transform: Transform(translationX: g.position.x, y: g.position.y)) }
        return out
    }
}

/// A line before it is placed: its characters in logical order with their advances.
struct RawLine {
    var items: [LineBuilder.Item]
    var width: CGFloat
    var rightToLeft: Bool
    var truncated: Bool
    /// Whether the paragraph continues on the next line (justification skips last lines).
    var continues: Bool

    func placed(baseline: CGFloat, boxWidth: CGFloat, alignment: TextAlignment) -> TextLine {
        let order = Bidi.visualOrder(items.map(\.level))
        var extraPerSpace: CGFloat = 0
        let spaces = items.filter(\.isSpace).count
        if alignment == .justified, continues, !truncated, spaces > 0, boxWidth > width { extraPerSpace = (boxWidth - width) / CGFloat(spaces) }
        let lineWidth = width + extraPerSpace * CGFloat(spaces)
        let x: CGFloat
        switch alignment {
        case .left: x = 0
        case .right: x = boxWidth - lineWidth
        case .center: x = (boxWidth - lineWidth) / 2
        case .natural, .justified: x = rightToLeft ? boxWidth - lineWidth : 0
        }
        var pen = x
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(order.count)
        for (v, i) in order.enumerated() {
            let item = items[i]
            var advance = item.advance + (item.isSpace ? extraPerSpace : 0)
            if v + 1 < order.count {
                let j = order[v + 1]
                if abs(j - i) == 1, items[j].level == item.level { advance += items[min(i, j)].kernAfter }
            }
            glyphs.append(PositionedGlyph(glyph: item.glyph, font: item.font, position: CGPoint(x: pen, y: baseline),
                                          advance: advance, size: item.size, scalarOffset: item.offset))
            pen += advance
        }
        return TextLine(glyphs: glyphs, baseline: baseline, x: x, width: lineWidth, isRightToLeft: rightToLeft, isTruncated: truncated)
    }
}

/// Breaks paragraphs into lines.
struct LineBuilder {
    struct Item {
        var glyph: GlyphID
        var font: Font
        var size: CGFloat
        var advance: CGFloat
        /// Kerning with the next item in logical order (applied between visual neighbours).
        var kernAfter: CGFloat
        var isSpace: Bool
        var breakAfter: Bool
        var level: UInt8
        var offset: Int
    }

    let style: TextStyle
    let width: CGFloat?
    let mode: LineBreakMode
    let maxLines: Int
    let wraps: Bool
    private(set) var lines: [RawLine] = []
    private(set) var truncated = false
    private let fonts: [Font]

    init(style: TextStyle, width: CGFloat?, mode: LineBreakMode, maxLines: Int, wraps: Bool) {
        self.style = style
        self.width = width
        self.mode = mode
        self.maxLines = maxLines
        self.wraps = wraps && width != nil && [.byWordWrapping, .byCharWrapping, .byTruncatingTail].contains(mode)
        fonts = [style.font] + style.fallbackFonts
    }

    var full: Bool { maxLines > 0 && lines.count >= maxLines }

    mutating func build(_ string: String) {
        var paragraph: [(Unicode.Scalar, Int)] = []
        var offset = 0
        var previousCR = false
        let scalars = Array(string.unicodeScalars)
        for s in scalars {
            defer { offset += 1 }
            if s == "\n", previousCR { previousCR = false; continue }
            previousCR = s == "\r"
            if s == "\n" || s == "\r" || s == "\u{2028}" || s == "\u{2029}" {
                guard !full else { truncated = true; return }
                addParagraph(paragraph, isLast: false)
                paragraph.removeAll()
                continue
            }
            paragraph.append((s, offset))
        }
        // An empty string has no line, and a separator at the very end opens none.
        if paragraph.isEmpty, scalars.isEmpty || paragraphEndedLast(scalars) { return }
        guard !full else { truncated = true; return }
        addParagraph(paragraph, isLast: true)
    }

    private func paragraphEndedLast(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let last = scalars.last else { return false }
        return last == "\n" || last == "\r" || last == "\u{2028}" || last == "\u{2029}"
    }

    func glyph(for s: Unicode.Scalar) -> (GlyphID, Font) {
        for f in fonts { if let g = f.glyph(for: s) { return (g, f) } }
        return (0, style.font)
    }

    func items(_ paragraph: [(Unicode.Scalar, Int)], rightToLeft: Bool) -> [Item] {
        let scalars = paragraph.map(\.0)
        let levels = Bidi.levels(scalars, rightToLeft: rightToLeft)
        let letter = TextStyle.finite(style.letterSpacing), word = TextStyle.finite(style.wordSpacing)
        var out: [Item] = []
        out.reserveCapacity(paragraph.count)
        for (k, (s, offset)) in paragraph.enumerated() {
            let props = s.properties
            if props.generalCategory == .control && s != "\t" { continue }
            if props.generalCategory == .format { continue }
            let space = s == " " || s == "\t" || s == "\u{00A0}" || s == "\u{3000}"
            let drawn = levels[k] % 2 == 1 ? Bidi.mirrored(s) : s
            let (g, font) = glyph(for: s == "\t" ? " " : drawn)
            let scale = style.size / CGFloat(font.metrics.unitsPerEm)
            var advance = CGFloat(font.advance(of: g)) * scale + letter
            if space { advance += word }
            let breaks = (space && s != "\u{00A0}") || s == "-" || s == "\u{2010}" || s == "/"
            out.append(Item(glyph: g, font: font, size: style.size, advance: advance, kernAfter: 0, isSpace: space,
                            breakAfter: breaks, level: levels[k], offset: offset))
        }
        if style.kerningEnabled {
            for i in out.indices.dropLast() where out[i].font == out[i + 1].font && out[i].level == out[i + 1].level {
                let scale = style.size / CGFloat(out[i].font.metrics.unitsPerEm)
                let (l, r) = out[i].level % 2 == 1 ? (out[i + 1].glyph, out[i].glyph) : (out[i].glyph, out[i + 1].glyph)
                out[i].kernAfter = CGFloat(out[i].font.kerning(between: l, and: r)) * scale
            }
        }
        return out
    }

    /// Width of `items[s..<e]` without trailing spaces, and that trimmed end.
    static func measure(_ items: [Item], _ s: Int, _ e: Int) -> (width: CGFloat, end: Int) {
        var end = e
        while end > s, items[end - 1].isSpace { end -= 1 }
        var w: CGFloat = 0
        for i in s..<end { w += items[i].advance + (i + 1 < end ? items[i].kernAfter : 0) }
        return (w, end)
    }

    mutating func addParagraph(_ paragraph: [(Unicode.Scalar, Int)], isLast: Bool) {
        let rtl = Bidi.isRightToLeft(paragraph.map(\.0))
        let all = items(paragraph, rightToLeft: rtl)
        guard wraps, let width else {
            let m = Self.measure(all, 0, all.count)
            var line = RawLine(items: Array(all[..<m.end]), width: m.width, rightToLeft: rtl, truncated: false, continues: false)
            if let width, m.width > width, [.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle].contains(mode) {
                line = truncate(all, from: 0, to: all.count, width: width, rightToLeft: rtl, mode: mode)
                truncated = true
            }
            lines.append(line)
            return
        }
        var start = 0
        if all.isEmpty { lines.append(RawLine(items: [], width: 0, rightToLeft: rtl, truncated: false, continues: false)); return }
        while start < all.count {
            if full { truncated = true; return }
            // Greedy: extend while the trimmed width fits; remember the last break opportunity.
            var end = start, lastBreak: Int?
            var running: CGFloat = 0
            while end < all.count {
                let trial = running + all[end].advance
                let trimmedFits = all[end].isSpace || trial <= width + 1e-9
                if !trimmedFits, end > start { break }
                running = trial + all[end].kernAfter
                end += 1
                if mode == .byCharWrapping || all[end - 1].breakAfter { lastBreak = end }
            }
            if end < all.count, let b = lastBreak, b > start, mode != .byCharWrapping { end = b }
            // Spaces at the break stay on this line (and are trimmed from its width).
            while end < all.count, all[end].isSpace { end += 1 }
            let isLastLine = maxLines > 0 && lines.count == maxLines - 1
            if isLastLine, end < all.count || !isLast, mode == .byTruncatingTail {
                lines.append(truncate(all, from: start, to: all.count, width: width, rightToLeft: rtl, mode: .byTruncatingTail, force: true))
                truncated = true
                return
            }
            let m = Self.measure(all, start, end)
            lines.append(RawLine(items: Array(all[start..<m.end]), width: m.width, rightToLeft: rtl, truncated: false, continues: end < all.count))
            start = end
        }
    }

    /// The ellipsis glyphs ("…", or three full stops when no font has it), at the paragraph's level.
    func ellipsis(level: UInt8, offset: Int) -> [Item] {
        let letter = TextStyle.finite(style.letterSpacing)
        func item(_ s: Unicode.Scalar) -> Item? {
            for f in fonts {
                guard let g = f.glyph(for: s) else { continue }
                let advance = CGFloat(f.advance(of: g)) * style.size / CGFloat(f.metrics.unitsPerEm) + letter
                return Item(glyph: g, font: f, size: style.size, advance: advance, kernAfter: 0, isSpace: false, breakAfter: false, level: level, offset: offset)
            }
            return nil
        }
        if let e = item("\u{2026}") { return [e] }
        if let dot = item(".") { return [dot, dot, dot] }
        return []
    }

    /// `items[s..<e]` cut to fit `width` with an ellipsis at the tail, head or middle.
    /// With `force`, the ellipsis is added even when the text fits (more text follows).
    func truncate(_ all: [Item], from s: Int, to e: Int, width: CGFloat, rightToLeft: Bool, mode: LineBreakMode, force: Bool = false) -> RawLine {
        let level: UInt8 = rightToLeft ? 1 : 0
        let dots = ellipsis(level: level, offset: all.indices.contains(s) ? all[s].offset : 0)
        let dotsWidth = dots.reduce(0) { $0 + $1.advance }
        let whole = Self.measure(all, s, e)
        if !force, whole.width <= width { return RawLine(items: Array(all[s..<whole.end]), width: whole.width, rightToLeft: rightToLeft, truncated: false, continues: false) }
        var head = s, tail = e // keep all[s..<head] and all[tail..<e]
        switch mode {
        case .byTruncatingHead:
            tail = s
            while tail < e, Self.measure(all, tail, e).width + dotsWidth > width { tail += 1 }
        case .byTruncatingMiddle:
            var keepFront = true
            var frontEnd = s, backStart = e
            // Grow the kept front and back alternately while they fit.
            while frontEnd < backStart {
                let candidateFront = keepFront ? frontEnd + 1 : frontEnd, candidateBack = keepFront ? backStart : backStart - 1
                let w = Self.measure(all, s, candidateFront).width + dotsWidth + Self.measure(all, candidateBack, e).width
                if w > width { break }
                frontEnd = candidateFront; backStart = candidateBack
                keepFront.toggle()
            }
            head = frontEnd; tail = backStart
        default:
            tail = e
            head = e
            while head > s, Self.measure(all, s, head).width + dotsWidth > width { head -= 1 }
            head = Self.measure(all, s, head).end
        }
        var kept = Array(all[s..<head])
        if let last = kept.indices.last { kept[last].kernAfter = 0 }
        kept += dots
        kept += all[tail..<e]
        let w = kept.reduce(0) { $0 + $1.advance } + kept.dropLast().reduce(0) { $0 + $1.kernAfter }
        return RawLine(items: kept, width: w, rightToLeft: rightToLeft, truncated: true, continues: false)
    }
}
