import Foundation
import CutoutGeometry

/// Numbers, lengths, lists and transform lists of SVG attributes.
///
/// Number rule (documented in ``SVGImporter/Limits/maxCoordinate``): a finite number whose
/// magnitude exceeds the limit is clamped to ±limit; a non-finite one (`1e999`, `nan`) makes the
/// whole value invalid, so the attribute is ignored with a warning.
struct SVGNumberScanner {
    private let bytes: [UInt8]
    private(set) var index = 0
    let maxMagnitude: CGFloat

    init(_ text: String, maxMagnitude: CGFloat) {
        bytes = Array(text.utf8)
        self.maxMagnitude = maxMagnitude
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// Skips whitespace and at most one comma.
    mutating func skipSeparators() {
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; skipSpace() }
    }

    mutating func skipSpace() {
        while index < bytes.count, SVGNumberLexer.isSpace(bytes[index]) { index += 1 }
    }

    /// The next character without consuming it.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func consume(_ b: UInt8) -> Bool {
        guard peek == b else { return false }
        index += 1
        return true
    }

    /// Reads a word of letters (a function name or a unit).
    mutating func word() -> String {
        let start = index
        while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Reads one number in SVG's grammar; nil (and no progress) if there is none or it is not
    /// finite. Magnitudes above `maxMagnitude` are clamped.
    mutating func number() -> CGFloat? {
        // Very long digit runs are not numbers anyone writes; refuse them rather than parse.
        guard let end = SVGNumberLexer.numberEnd(in: bytes, from: index), end - index <= 64,
              let v = SVGNumberLexer.value(in: bytes, index..<end), v.isFinite else { return nil }
        index = end
        return CGFloat(min(max(v, -Double(maxMagnitude)), Double(maxMagnitude)))
    }

    /// The one number of `text` and what follows it (`%` or a unit word such as `deg`; empty
    /// when nothing does), white space around allowed; nil when the text is anything else.
    /// Opacities, gradient offsets and colour components are read this way, with the same
    /// lexer as every other number (so `0x1p3`, `nan` or `inf` are not numbers here either).
    static func numberWithSuffix(_ text: String, maxMagnitude: CGFloat = .greatestFiniteMagnitude) -> (value: CGFloat, suffix: String)? {
        var s = SVGNumberScanner(text, maxMagnitude: maxMagnitude)
        s.skipSpace()
        guard let v = s.number() else { return nil }
        let suffix = s.consume(UInt8(ascii: "%")) ? "%" : s.word().lowercased()
        s.skipSpace()
        return s.isAtEnd ? (v, suffix) : nil
    }

    /// All numbers of a whitespace/comma separated list; nil if anything else is found.
    mutating func numberList() -> [CGFloat]? {
        var out: [CGFloat] = []
        skipSpace()
        while !isAtEnd {
            guard let v = number() else { return nil }
            out.append(v)
            skipSeparators()
        }
        return out
    }
}

/// A length with its unit resolved to user units (CSS 96 dpi), or a percentage left for the
/// caller, who knows the reference size.
enum SVGLength: Equatable {
    case user(CGFloat)
    case percent(CGFloat)

    /// `em` is `fontSize` (the element's font size; CSS's `medium`, 16, where none is known)
    /// and `ex` half of it, as resvg takes it.
    static func parse(_ text: String, maxMagnitude: CGFloat, fontSize: CGFloat = 16) -> SVGLength? {
        var s = SVGNumberScanner(text, maxMagnitude: maxMagnitude)
        s.skipSpace()
        guard let v = s.number() else { return nil }
        let unit: String
        if s.consume(UInt8(ascii: "%")) { unit = "%" } else { unit = s.word().lowercased() }
        s.skipSpace()
        guard s.isAtEnd else { return nil }
        let factor: CGFloat
        switch unit {
        case "%": return .percent(v)
        case "", "px": factor = 1
        case "pt": factor = 4.0 / 3
        case "pc": factor = 16
        case "in": factor = 96
        case "cm": factor = 96 / 2.54
        case "mm": factor = 96 / 25.4
        case "em": factor = fontSize
        case "ex": factor = fontSize / 2
        default: return nil
        }
        return .user(min(max(v * factor, -maxMagnitude), maxMagnitude))
    }

    /// User units, with percentages taken of `reference`.
    func resolved(_ reference: CGFloat) -> CGFloat {
        switch self {
        case .user(let v): return v
        case .percent(let p): return p / 100 * reference
        }
    }
}

enum SVGTransformList {
    /// Parses a transform list (SVG's attribute syntax or CSS's, see ``SVGTransformSyntax``);
    /// the rightmost is applied first. nil when malformed.
    static func parse(_ text: String, maxMagnitude: CGFloat) -> Transform? {
        SVGTransformSyntax.parse(text, maxMagnitude: maxMagnitude)
    }
}

/// `viewBox` + `preserveAspectRatio` → the transform from viewBox space to the viewport.
struct SVGViewBox {
    var rect: CGRect

    static func parse(_ text: String, maxMagnitude: CGFloat) -> SVGViewBox? {
        var s = SVGNumberScanner(text, maxMagnitude: maxMagnitude)
        guard let v = s.numberList(), v.count == 4, v[2] > 0, v[3] > 0 else { return nil }
        return SVGViewBox(rect: CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
    }

    /// The transform mapping the view box into `viewport` under `preserveAspectRatio`
    /// (`none`, or `x{Min,Mid,Max}Y{Min,Mid,Max}` with `meet` (default) or `slice`).
    func transform(into viewport: CGRect, preserveAspectRatio: String?) -> Transform {
        let parts = (preserveAspectRatio ?? "xMidYMid meet").split(separator: " ").map(String.init).filter { $0 != "defer" }
        let align = parts.first ?? "xMidYMid"
        let slice = parts.count > 1 && parts[1] == "slice"
        var sx = viewport.width / rect.width, sy = viewport.height / rect.height
        var tx = viewport.minX - rect.minX * sx, ty = viewport.minY - rect.minY * sy
        if align != "none" {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s; sy = s
            let extraX = viewport.width - rect.width * s, extraY = viewport.height - rect.height * s
            let fx: CGFloat = align.contains("xMid") ? 0.5 : align.contains("xMax") ? 1 : 0
            let fy: CGFloat = align.contains("YMid") ? 0.5 : align.contains("YMax") ? 1 : 0
            tx = viewport.minX - rect.minX * s + extraX * fx
            ty = viewport.minY - rect.minY * s + extraY * fy
        }
        return Transform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }
}
