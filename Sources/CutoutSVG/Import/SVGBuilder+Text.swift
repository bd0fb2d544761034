import Foundation
import CutoutGeometry
import CutoutLayers
import CutoutText

/// `<text>`, `<tspan>` and `<tref>`: the characters of a text element in document order, each
/// with its style, its position attributes (`x`, `y`, `dx`, `dy`, `rotate`: lists, one value
/// per character) and the element that holds it. ``layoutText(_:style:depth:)`` places them.
///
/// Whitespace follows `xml:space` (inherited, per element): by default newlines and tabs
/// become spaces, a space after a space (or at the start of the text) is dropped, and the
/// text's trailing spaces go; with `preserve` every character stays, newlines and tabs as
/// spaces. A preserved space counts as a space before a default one, so mixed elements
/// collapse across their boundary (as resvg does). Position lists index the characters left
/// after this, as in SVG's "addressable characters".
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
        /// Degrees, clockwise, about the glyph's origin; nil where no `rotate` reaches.
        var rotate: CGFloat?
        /// Under `xml:space="preserve"`: never collapsed or trimmed.
        var preserved = false
        /// The `textPath` the character is set along; nil on a straight baseline.
        var path: TextPathGeometry?
    }

    /// The path of a `textPath` (the referenced shape's outline under its own transform) and
    /// where along it the text starts.
    final class TextPathGeometry {
        let measure: PathMeasure
        let startOffset: CGFloat

        init(measure: PathMeasure, startOffset: CGFloat) {
            self.measure = measure
            self.startOffset = startOffset
        }
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
        if let v = value("kerning") { f.kerning = SVGLength.parse(v, maxMagnitude: limits.maxCoordinate) != .user(0) }
        if let v = value("font-kerning") { f.kerning = v != "none" }
        if let v = value("text-decoration") {
            if v == "none" { f.decorations = [] } else {
                for word in v.split(separator: " ") where ["underline", "overline", "line-through"].contains(String(word)) {
                    f.decorations.insert(String(word))
                }
            }
        }
    }

    /// A list of lengths (`x`, `y`, `dx`, `dy`; `em` of the element's font size); empty (with
    /// a warning) when any item is unreadable.
    func numberList(_ e: SVGNode, _ name: String, _ axis: Axis, fontSize: CGFloat) -> [CGFloat] {
        guard let v = e.attributes[name] else { return [] }
        var out: [CGFloat] = []
        for piece in v.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
            guard let l = SVGLength.parse(String(piece), maxMagnitude: limits.maxCoordinate, fontSize: fontSize) else {
                warn(e.line, "invalid \(name) list ignored")
                return []
            }
            out.append(l.resolved(axis == .x ? viewport.width : viewport.height))
        }
        return out
    }

    /// `rotate`: a list of numbers (degrees); empty (with a warning) when unreadable.
    func rotationList(_ e: SVGNode) -> [CGFloat] {
        guard let v = e.attributes["rotate"] else { return [] }
        var scanner = SVGNumberScanner(v, maxMagnitude: limits.maxCoordinate)
        guard let list = scanner.numberList() else {
            warn(e.line, "invalid rotate list ignored")
            return []
        }
        return list
    }

    /// Whether the text inherits `xml:space="preserve"` from its ancestors.
    func preservesSpace(_ e: SVGNode) -> Bool {
        var node: SVGNode? = e
        var steps = 0
        while let n = node, steps <= limits.maxDepth {
            if let v = n.attributes["xml:space"] { return v == "preserve" }
            node = parents[ObjectIdentifier(n)]
            steps += 1
        }
        return false
    }

    /// The characters of `e` and its `tspan`s in document order, with per-character positions.
    /// `content`, when given, stands for the element's own character data and children (a `tref`).
    func collectCharacters(_ e: SVGNode, style: SVGStyle, preserve inherited: Bool, depth: Int, content: String? = nil,
                           path: TextPathGeometry? = nil, into chars: inout [TextCharacter]) throws(SVGError) {
        guard depth <= limits.maxDepth else { return }
        let preserve = e.attributes["xml:space"].map { $0 == "preserve" } ?? inherited
        let first = chars.count
        func append(_ text: String) {
            for var s in text.unicodeScalars {
                if s == "\n" || s == "\r" || s == "\t" { s = " " }
                if s == " ", !preserve, chars.last?.scalar == " " || chars.isEmpty { continue }
                chars.append(TextCharacter(scalar: s, style: style, node: e, preserved: preserve, path: path))
            }
        }
        if let content {
            append(content)
        } else {
            var next = 0
            for run in e.textRuns {
                while next < run.childIndex, next < e.children.count {
                    try child(e.children[next], of: e, style: style, preserve: preserve, depth: depth, path: path, into: &chars)
                    next += 1
                }
                append(run.text)
            }
            while next < e.children.count {
                try child(e.children[next], of: e, style: style, preserve: preserve, depth: depth, path: path, into: &chars)
                next += 1
            }
        }
        // Position lists apply to the element's characters in order; a descendant's own lists
        // were applied first and win, so only unset values are filled. `rotate`'s last value
        // goes on for the characters past the list's end.
        let size = style.font.size
        let xs = numberList(e, "x", .x, fontSize: size), ys = numberList(e, "y", .y, fontSize: size)
        let dxs = numberList(e, "dx", .x, fontSize: size), dys = numberList(e, "dy", .y, fontSize: size)
        let rotations = rotationList(e)
        for (k, i) in (first..<chars.count).enumerated() {
            if k < xs.count, chars[i].x == nil { chars[i].x = xs[k] }
            if k < ys.count, chars[i].y == nil { chars[i].y = ys[k] }
            if k < dxs.count, chars[i].dx == 0 { chars[i].dx = dxs[k] }
            if k < dys.count, chars[i].dy == 0 { chars[i].dy = dys[k] }
            if let last = rotations.last, chars[i].rotate == nil { chars[i].rotate = k < rotations.count ? rotations[k] : last }
        }
    }

    private func child(_ c: SVGNode, of parent: SVGNode, style: SVGStyle, preserve: Bool, depth: Int, path: TextPathGeometry?,
                       into chars: inout [TextCharacter]) throws(SVGError) {
        // `<a>` inside text is a `tspan` (as resvg reads it).
        guard c.name == "tspan" || c.name == "a" || c.name == "tref" || c.name == "textPath" else {
            if c.name != "title", c.name != "desc" { warn(c.line, "<\(c.name)> inside <text> is not supported; skipped") }
            return
        }
        try visit(c)
        guard conditionsPass(c) else { return }
        let d = try declarations(c)
        if d["display"]?.trimmingCharacters(in: .whitespaces) == "none" { return }
        let s = computedStyle(d, parent: style, element: c)
        if c.name == "tref" {
            // SVG 1.1: the character data of the referenced element and its descendants (not
            // what its own `tref`s reference), styled and positioned by the `tref`.
            guard let href = c.attributes["href"] ?? c.attributes["xlink:href"], let target = referenced(href),
                  SVGBuilder.svgElementNames.contains(target.name) else {
                warn(c.line, "<tref> does not reference an SVG element of this document; skipped")
                return
            }
            try collectCharacters(c, style: s, preserve: preserve, depth: depth + 1, content: try characterData(of: target),
                                  path: path, into: &chars)
            return
        }
        if c.name == "textPath" {
            // Only a `text`'s own child sets text on a path; one nested deeper is left out
            // with its content, as is one whose path cannot be used (as resvg does).
            guard parent.name == "text", let geometry = try textPathGeometry(c) else { return }
            try collectCharacters(c, style: s, preserve: preserve, depth: depth + 1, path: geometry, into: &chars)
            return
        }
        try collectCharacters(c, style: s, preserve: preserve, depth: depth + 1, path: path, into: &chars)
    }

    /// The path a `textPath` follows: the outline of the shape its `href` names, under that
    /// shape's own transform (not its ancestors'), and `startOffset` (percentages of the
    /// path's length); nil, with a warning, when there is none or it has no length.
    private func textPathGeometry(_ e: SVGNode) throws(SVGError) -> TextPathGeometry? {
        guard let href = e.attributes["href"] ?? e.attributes["xlink:href"], let target = referenced(href),
              SVGBuilder.shapes.contains(target.name) else {
            warn(e.line, "<textPath> does not reference a shape; its text is skipped")
            return nil
        }
        try visit(target)
        guard var outline = geometry(target) else { return nil }
        if let m = transformAboutOrigin(target, try declarations(target)) { outline = outline.applying(m) }
        let measure = PathMeasure(outline)
        guard measure.totalLength > 0, measure.totalLength.isFinite else {
            warn(e.line, "<textPath> follows a path without length; its text is skipped")
            return nil
        }
        var offset: CGFloat = 0
        if let v = e.attributes["startOffset"] {
            if let l = SVGLength.parse(v, maxMagnitude: limits.maxCoordinate, fontSize: fontSize) { offset = l.resolved(measure.totalLength) }
            else { warn(e.line, "invalid startOffset '\(v.prefix(40))' ignored") }
        }
        return TextPathGeometry(measure: measure, startOffset: offset)
    }

    /// The elements of SVG 1.1 and 2 a `tref` may take its characters from; unknown ones
    /// have none (resvg drops them as it reads the document).
    static let svgElementNames: Set<String> = [
        "a", "circle", "clipPath", "defs", "desc", "ellipse", "feBlend", "feColorMatrix", "feComponentTransfer",
        "feComposite", "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow",
        "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
        "filter", "g", "image", "line", "linearGradient", "marker", "mask", "metadata", "path", "pattern", "polygon",
        "polyline", "radialGradient", "rect", "stop", "style", "svg", "switch", "symbol", "text", "textPath", "title",
        "tref", "tspan", "use",
    ]

    /// The character data of `node` and its descendants in document order.
    func characterData(of node: SVGNode) throws(SVGError) -> String {
        enum Item { case element(SVGNode, level: Int), text(String) }
        var out = ""
        var stack: [Item] = [.element(node, level: 0)]
        while let item = stack.popLast() {
            switch item {
            case .text(let t):
                out += t
            case .element(let n, let level):
                try visit(n)
                guard level <= limits.maxDepth else { continue }
                // Children and runs interleaved, pushed in reverse so that the first comes off first.
                var items: [Item] = []
                var next = 0
                for run in n.textRuns {
                    while next < run.childIndex, next < n.children.count { items.append(.element(n.children[next], level: level + 1)); next += 1 }
                    items.append(.text(run.text))
                }
                while next < n.children.count { items.append(.element(n.children[next], level: level + 1)); next += 1 }
                stack.append(contentsOf: items.reversed())
            }
        }
        return out
    }
}
