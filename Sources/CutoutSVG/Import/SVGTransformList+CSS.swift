import Foundation
import CutoutGeometry

/// The transform grammar shared by SVG's `transform` attribute and the CSS `transform`
/// property (CSS Transforms Level 1 as SVG 2 reads it):
///
/// - functions `matrix`, `translate`, `translateX`, `translateY`, `scale`, `scaleX`, `scaleY`,
///   `rotate` (also SVG's `rotate(a cx cy)`), `skew`, `skewX`, `skewY`; `none` is the identity;
/// - arguments separated by commas and/or white space;
/// - angles in `deg`, `rad`, `grad` or `turn`, unitless meaning degrees (SVG's form);
/// - lengths in any absolute CSS unit (`px`, `in`, `cm`, `mm`, `pt`, `pc`; `em`/`ex` at 16 px),
///   unitless meaning user units; scales may be percentages.
///
/// Refused (the whole value is invalid, as CSS says): a unit where none fits (`scale(2px)`,
/// `rotate(10px)`), percentages in `translate` (they need a reference box SVG elements do not
/// have), wrong argument counts and unknown functions.
enum SVGTransformSyntax {
    enum Kind { case number, angle, length }

    static func parse(_ text: String, maxMagnitude: CGFloat) -> Transform? {
        var s = SVGNumberScanner(text, maxMagnitude: maxMagnitude)
        var result = Transform.identity
        s.skipSpace()
        if text.trimmingCharacters(in: .whitespacesAndNewlines) == "none" { return .identity }
        while !s.isAtEnd {
            let name = s.word().lowercased()
            s.skipSpace()
            guard !name.isEmpty, s.consume(UInt8(ascii: "(")) else { return nil }
            let kind: Kind
            switch name {
            case "rotate", "skew", "skewx", "skewy": kind = .angle
            case "translate", "translatex", "translatey": kind = .length
            case "scale", "scalex", "scaley", "matrix": kind = .number
            default: return nil
            }
            var args: [CGFloat] = []
            s.skipSpace()
            while !s.consume(UInt8(ascii: ")")) {
                guard args.count < 6, let v = s.number() else { return nil }
                let unit = s.consume(UInt8(ascii: "%")) ? "%" : s.word().lowercased()
                // In `rotate(a cx cy)` the centre is a length.
                let argKind = name == "rotate" && !args.isEmpty ? .length : kind
                guard let value = convert(v, unit: unit, kind: argKind) else { return nil }
                args.append(value)
                s.skipSeparators()
            }
            guard let t = function(name, args) else { return nil }
            // "A B" means B is applied first, then A.
            result = t.concatenating(result)
            s.skipSeparators()
        }
        return result.isFinite ? result : nil
    }

    private static func convert(_ v: CGFloat, unit: String, kind: Kind) -> CGFloat? {
        switch (kind, unit) {
        case (_, ""): return v
        case (.angle, "deg"): return v
        case (.angle, "rad"): return v * 180 / .pi
        case (.angle, "grad"): return v * 0.9
        case (.angle, "turn"): return v * 360
        case (.number, "%"): return v / 100
        case (.length, "%"): return nil
        case (.length, _):
            guard case .user(let u)? = SVGLength.parse("1" + unit, maxMagnitude: .greatestFiniteMagnitude) else { return nil }
            return v * u
        default: return nil
        }
    }

    private static func function(_ name: String, _ a: [CGFloat]) -> Transform? {
        func radians(_ degrees: CGFloat) -> CGFloat { degrees * .pi / 180 }
        switch (name, a.count) {
        case ("matrix", 6): return Transform(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5])
        case ("translate", 1): return Transform(translationX: a[0], y: 0)
        case ("translate", 2): return Transform(translationX: a[0], y: a[1])
        case ("translatex", 1): return Transform(translationX: a[0], y: 0)
        case ("translatey", 1): return Transform(translationX: 0, y: a[0])
        case ("scale", 1): return Transform(scaleX: a[0], y: a[0])
        case ("scale", 2): return Transform(scaleX: a[0], y: a[1])
        case ("scalex", 1): return Transform(scaleX: a[0], y: 1)
        case ("scaley", 1): return Transform(scaleX: 1, y: a[0])
        case ("rotate", 1): return Transform(rotationAngle: radians(a[0]))
        case ("rotate", 3):
            return Transform(translationX: -a[1], y: -a[2])
                .concatenating(Transform(rotationAngle: radians(a[0])))
                .concatenating(Transform(translationX: a[1], y: a[2]))
        case ("skew", 1): return Transform(a: 1, b: 0, c: tan(radians(a[0])), d: 1, tx: 0, ty: 0)
        case ("skew", 2): return Transform(a: 1, b: tan(radians(a[1])), c: tan(radians(a[0])), d: 1, tx: 0, ty: 0)
        case ("skewx", 1): return Transform(a: 1, b: 0, c: tan(radians(a[0])), d: 1, tx: 0, ty: 0)
        case ("skewy", 1): return Transform(a: 1, b: tan(radians(a[0])), c: 0, d: 1, tx: 0, ty: 0)
        default: return nil
        }
    }
}

/// `transform-origin` (CSS Transforms Level 1): one to three values, the third (z) ignored;
/// keywords `left`, `center`, `right`, `top`, `bottom` (in either order when both axes are
/// keywords), percentages and lengths. Percentages are of the current viewport, as resvg
/// resolves them (SVG elements have no CSS box: `transform-box: view-box`).
enum SVGTransformOrigin {
    enum Value: Equatable { case length(SVGLength), keyword(String) }

    /// The origin in user units, or nil when the value is invalid.
    static func parse(_ text: String, viewport: CGSize, maxMagnitude: CGFloat) -> CGPoint? {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map { String($0).lowercased() }
        guard (1...3).contains(words.count) else { return nil }
        var values: [Value] = []
        for w in words {
            if ["left", "center", "right", "top", "bottom"].contains(w) { values.append(.keyword(w)) } else {
                guard let l = SVGLength.parse(w, maxMagnitude: maxMagnitude) else { return nil }
                values.append(.length(l))
            }
        }
        if values.count == 3 {
            guard case .length(let z) = values[2], case .user = z else { return nil }
            values.removeLast()
        }
        var x: Value = .keyword("center"), y: Value = .keyword("center")
        if values.count == 1 {
            if values[0] == .keyword("top") || values[0] == .keyword("bottom") { y = values[0] } else { x = values[0] }
        } else {
            let (first, second) = (values[0], values[1])
            // Two keywords may come in either order (`top left`); with a length, x comes first.
            var bothKeywords = false
            if case .keyword = first, case .keyword = second { bothKeywords = true }
            let verticalFirst = bothKeywords && (first == .keyword("top") || first == .keyword("bottom")
                || second == .keyword("left") || second == .keyword("right"))
            (x, y) = verticalFirst ? (second, first) : (first, second)
        }
        func resolve(_ v: Value, horizontal: Bool) -> CGFloat? {
            let size = horizontal ? viewport.width : viewport.height
            switch v {
            case .length(let l): return l.resolved(size)
            case .keyword("center"): return size / 2
            case .keyword("left"): return horizontal ? 0 : nil
            case .keyword("right"): return horizontal ? size : nil
            case .keyword("top"): return horizontal ? nil : 0
            case .keyword("bottom"): return horizontal ? nil : size
            default: return nil
            }
        }
        guard let ox = resolve(x, horizontal: true), let oy = resolve(y, horizontal: false) else { return nil }
        return CGPoint(x: ox, y: oy)
    }
}

extension SVGBuilder {
    /// The element's transform about its `transform-origin` (see ``aboutOrigin(_:_:_:)``).
    func transformAboutOrigin(_ e: SVGNode, _ d: [String: String]) -> Transform? {
        parsedTransform(e, d).map { aboutOrigin($0, e, d) }
    }

    /// `m` applied about `e`'s `transform-origin` (attribute or property):
    /// translate(origin) · m · translate(−origin), as SVG 2 and resvg apply it to an element's
    /// `transform`, a clip path's, and (in resvg) `gradientTransform` and `patternTransform`.
    /// An invalid origin is ignored with a warning.
    func aboutOrigin(_ m: Transform, _ e: SVGNode, _ d: [String: String]) -> Transform {
        guard let text = d["transform-origin"] ?? e.attributes["transform-origin"] else { return m }
        guard let o = SVGTransformOrigin.parse(text, viewport: viewport, maxMagnitude: limits.maxCoordinate) else {
            warn(e.line, "invalid transform-origin '\(text.prefix(40))' ignored")
            return m
        }
        return Transform(translationX: -o.x, y: -o.y).concatenating(m).concatenating(Transform(translationX: o.x, y: o.y))
    }
}
