import Foundation

/// Why SVG path data could not be read. Every case names the character offset (0-based,
/// in UTF-8 bytes) where reading stopped.
public struct SVGPathDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Offset of the offending character in the UTF-8 bytes of the input.
    public let offset: Int
    /// What the parser expected there.
    public let expected: String
    /// What it found (a character, or "end of data").
    public let found: String

    public var description: String {
        "invalid SVG path data at offset \(offset): expected \(expected), found \(found)"
    }
}

extension Path {
    /// The largest input accepted, in bytes; longer data throws at offset 0 (a guard against
    /// hostile attributes).
    public static let maxSVGPathDataLength = 64 << 20

    /// Parses SVG path data (the `d` attribute): every command of SVG 1.1/2 path grammar,
    /// absolute and relative, with implicit repeated commands, numbers such as `0.5.5` or
    /// `-1e-3`, optional separators, single-character arc flags and the elliptical-arc
    /// rules for out-of-range radii (radii scaled up to fit, a zero radius gives a line, an
    /// arc to the current point is omitted).
    ///
    /// Unlike a browser, which renders data up to the first error, this throws so the caller
    /// learns where and why; the error names the byte offset and what was expected there.
    /// Numbers that overflow to infinity are an error at their offset.
    ///
    /// Complexity: O(n) in the length of the data.
    public init(svgPathData: String) throws(SVGPathDataError) {
        self.init()
        var parser = SVGPathParser(Array(svgPathData.utf8))
        guard parser.bytes.count <= Path.maxSVGPathDataLength else {
            throw SVGPathDataError(offset: 0, expected: "at most \(Path.maxSVGPathDataLength) bytes",
                                   found: "\(parser.bytes.count) bytes")
        }
        try parser.parse(into: &self)
    }

    /// The same path with each elliptical arc cut into equal cubic pieces of at most
    /// `arcSegmentAngle` radians (``init(svgPathData:)`` cuts at ``maxArcSegmentAngle``, a
    /// third of a half turn). The pieces' joints are vertices of the path; SVG markers use
    /// them, since resvg places `marker-mid` where its arcs (cut per quarter turn) join.
    package init(svgPathData: String, arcSegmentAngle: CGFloat) throws(SVGPathDataError) {
        self.init()
        var parser = SVGPathParser(Array(svgPathData.utf8))
        parser.arcSegmentAngle = arcSegmentAngle
        guard parser.bytes.count <= Path.maxSVGPathDataLength else {
            throw SVGPathDataError(offset: 0, expected: "at most \(Path.maxSVGPathDataLength) bytes",
                                   found: "\(parser.bytes.count) bytes")
        }
        try parser.parse(into: &self)
    }

    /// The path as compact SVG path data using absolute `M`, `L`, `Q`, `C` and `Z` commands.
    /// Numbers use the shortest text that reads back to the same `Double`, so
    /// `Path(svgPathData: p.svgPathData) == p` for every path.
    public var svgPathData: String {
        var out = ""
        out.reserveCapacity(elements.count * 16)
        func num(_ v: CGFloat) -> String {
            if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
            return "\(Double(v))"
        }
        func pt(_ p: CGPoint) -> String { num(p.x) + " " + num(p.y) }
        for e in elements {
            if !out.isEmpty { out += " " }
            switch e {
            case .moveTo(let p): out += "M" + pt(p)
            case .lineTo(let p): out += "L" + pt(p)
            case .quadCurveTo(let p, let c): out += "Q" + pt(c) + " " + pt(p)
            case .curveTo(let p, let c1, let c2): out += "C" + pt(c1) + " " + pt(c2) + " " + pt(p)
            case .closeSubpath: out += "Z"
            }
        }
        return out
    }
}

/// A single-pass reader of SVG path data over UTF-8 bytes.
private struct SVGPathParser {
    let bytes: [UInt8]
    var i = 0
    var arcSegmentAngle = Path.maxArcSegmentAngle

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private func describe(_ at: Int) -> String {
        guard at < bytes.count else { return "end of data" }
        let b = bytes[at]
        if b >= 0x21 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return String(format: "byte 0x%02X", b)
    }

    private func fail(_ expected: String, at: Int? = nil) -> SVGPathDataError {
        let o = at ?? i
        return SVGPathDataError(offset: o, expected: expected, found: describe(o))
    }

    mutating func skipSpaces() {
        while i < bytes.count, SVGNumberLexer.isSpace(bytes[i]) { i += 1 }
    }

    /// Skips white space and at most one comma.
    mutating func skipSeparator() {
        skipSpaces()
        if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; skipSpaces() }
    }

    /// Whether a number can start at the cursor (after separators).
    mutating func atNumberStart() -> Bool {
        i < bytes.count && SVGNumberLexer.canStartNumber(bytes[i])
    }

    mutating func number() throws(SVGPathDataError) -> CGFloat {
        skipSpaces()
        let start = i
        guard let end = SVGNumberLexer.numberEnd(in: bytes, from: start),
              let v = SVGNumberLexer.value(in: bytes, start..<end) else { throw fail("a number", at: start) }
        guard v.isFinite else {
            throw SVGPathDataError(offset: start, expected: "a finite number",
                                   found: String(decoding: bytes[start..<end], as: UTF8.self))
        }
        i = end
        return CGFloat(v)
    }

    mutating func flag() throws(SVGPathDataError) -> Bool {
        skipSpaces()
        guard i < bytes.count else { throw fail("an arc flag (0 or 1)") }
        switch bytes[i] {
        case UInt8(ascii: "0"): i += 1; return false
        case UInt8(ascii: "1"): i += 1; return true
        default: throw fail("an arc flag (0 or 1)")
        }
    }

    mutating func point(relativeTo base: CGPoint?) throws(SVGPathDataError) -> CGPoint {
        let x = try number()
        skipSeparator()
        let y = try number()
        if let b = base { return CGPoint(x: b.x + x, y: b.y + y) }
        return CGPoint(x: x, y: y)
    }

    mutating func parse(into path: inout Path) throws(SVGPathDataError) {
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        var lastCubicControl: CGPoint?
        var lastQuadControl: CGPoint?
        var command: UInt8 = 0
        skipSpaces()
        if i == bytes.count { return }
        while true {
            skipSpaces()
            if i >= bytes.count { return }
            let b = bytes[i]
            let isLetter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            if isLetter {
                guard "MmZzLlHhVvCcSsQqTtAa".utf8.contains(b) else { throw fail("a path command") }
                if command == 0, b != UInt8(ascii: "M"), b != UInt8(ascii: "m") {
                    throw fail("a moveto command (M or m)")
                }
                command = b
                i += 1
            } else {
                // Implicit repetition: numbers continue the previous command (after a moveto,
                // as the matching lineto).
                guard command != 0 else { throw fail("a moveto command (M or m)") }
                guard command != UInt8(ascii: "Z"), command != UInt8(ascii: "z") else {
                    throw fail("a path command")
                }
                guard atNumberStart() else { throw fail("a number or a path command") }
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            }
            let rel = command >= 0x61
            let base: CGPoint? = rel ? current : nil
            var nextCubic: CGPoint?
            var nextQuad: CGPoint?
            switch command | 0x20 {
            case UInt8(ascii: "m"):
                let p = try point(relativeTo: base)
                path.move(to: p)
                current = p; subpathStart = p
            case UInt8(ascii: "z"):
                path.closeSubpath()
                current = subpathStart
            case UInt8(ascii: "l"):
                let p = try point(relativeTo: base)
                path.addLine(to: p); current = p
            case UInt8(ascii: "h"):
                let x = try number()
                let p = CGPoint(x: rel ? current.x + x : x, y: current.y)
                path.addLine(to: p); current = p
            case UInt8(ascii: "v"):
                let y = try number()
                let p = CGPoint(x: current.x, y: rel ? current.y + y : y)
                path.addLine(to: p); current = p
            case UInt8(ascii: "c"):
                let c1 = try point(relativeTo: base); skipSeparator()
                let c2 = try point(relativeTo: base); skipSeparator()
                let p = try point(relativeTo: base)
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p; nextCubic = c2
            case UInt8(ascii: "s"):
                let c1 = lastCubicControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = try point(relativeTo: base); skipSeparator()
                let p = try point(relativeTo: base)
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p; nextCubic = c2
            case UInt8(ascii: "q"):
                let c = try point(relativeTo: base); skipSeparator()
                let p = try point(relativeTo: base)
                path.addQuadCurve(to: p, control: c)
                current = p; nextQuad = c
            case UInt8(ascii: "t"):
                let c = lastQuadControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let p = try point(relativeTo: base)
                path.addQuadCurve(to: p, control: c)
                current = p; nextQuad = c
            case UInt8(ascii: "a"):
                let rx = try number(); skipSeparator()
                let ry = try number(); skipSeparator()
                let angle = try number(); skipSeparator()
                let large = try flag(); skipSeparator()
                let sweep = try flag(); skipSeparator()
                let p = try point(relativeTo: base)
                path.addSVGArc(from: current, to: p, radii: CGSize(width: rx, height: ry),
                               xAxisRotation: angle * .pi / 180, largeArc: large, sweep: sweep,
                               maxSegmentAngle: arcSegmentAngle)
                current = p
            default:
                throw fail("a path command")
            }
            lastCubicControl = nextCubic
            lastQuadControl = nextQuad
            skipSeparator()
        }
    }
}

extension Path {
    /// Adds an SVG elliptical arc from `p0` (the current point) to `p1` following the SVG
    /// implementation notes (F.6): zero radii give a line, radii too small are scaled up to fit,
    /// identical endpoints add nothing. The last curve ends exactly at `p1`.
    mutating func addSVGArc(from p0: CGPoint, to p1: CGPoint, radii: CGSize, xAxisRotation phi: CGFloat,
                            largeArc: Bool, sweep: Bool, maxSegmentAngle: CGFloat = Path.maxArcSegmentAngle) {
        if p0 == p1 { return }
        var rx = abs(radii.width), ry = abs(radii.height)
        if rx == 0 || ry == 0 { addLine(to: p1); return }
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1p = cosPhi * dx + sinPhi * dy
        let y1p = -sinPhi * dx + cosPhi * dy
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coef = den == 0 ? 0 : (max(0, num / den)).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry, cyp = -coef * ry * x1p / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p1.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p1.y) / 2
        func angle(_ ux: CGFloat, _ uy: CGFloat, _ vx: CGFloat, _ vy: CGFloat) -> CGFloat {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
        var dTheta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
        if !sweep && dTheta > 0 { dTheta -= 2 * .pi }
        if sweep && dTheta < 0 { dTheta += 2 * .pi }
        guard dTheta.isFinite, cx.isFinite, cy.isFinite else { addLine(to: p1); return }
        // The allowance keeps an arc of exactly k pieces' sweep (a half turn is often a hair
        // over π after the radii are scaled up to fit) from gaining a sliver of a piece.
        let n = max(1, Int((abs(dTheta) / maxSegmentAngle - 1e-6).rounded(.up)))
        let seg = dTheta / CGFloat(n)
        let k = 4 / 3 * tan(seg / 4)
        func map(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
            CGPoint(x: cx + cosPhi * x - sinPhi * y, y: cy + sinPhi * x + cosPhi * y)
        }
        var a = theta1
        for s in 0..<n {
            let b = a + seg
            let ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b)
            let c1 = map(rx * (ca - k * sa), ry * (sa + k * ca))
            let c2 = map(rx * (cb + k * sb), ry * (sb - k * cb))
            let end = s == n - 1 ? p1 : map(rx * cb, ry * sb)
            addCurve(to: end, control1: c1, control2: c2)
            a = b
        }
    }
}
