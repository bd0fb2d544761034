import Foundation
import CutoutGeometry

/// An interpreter for Type 2 charstrings (Adobe Technical Note #5177), drawing into a ``Path``.
///
/// Hints are parsed (to skip `hintmask` bytes) and otherwise ignored. Every limit of the format
/// is enforced — 48 arguments, 10 levels of subroutines — plus a budget of operators per glyph,
/// so a hostile program ends in ``FontError/invalidCharstring(glyph:reason:)`` or
/// ``FontError/limitExceeded(_:)``.
struct Type2Charstring {
    let glyph: Int
    let globalSubrs: CFFIndex
    let localSubrs: CFFIndex?
    private(set) var path = Path()
    private var stack: [Double] = []
    private var x: Double = 0
    private var y: Double = 0
    private var stemCount = 0
    private var widthSeen = false
    private var open = false
    private var operations = 0
    private var ended = false

    init(glyph: Int, globalSubrs: CFFIndex, localSubrs: CFFIndex?) {
        self.glyph = glyph
        self.globalSubrs = globalSubrs
        self.localSubrs = localSubrs
        stack.reserveCapacity(FontLimits.maxCharstringStack)
    }

    private func fail(_ reason: String) -> FontError { .invalidCharstring(glyph: glyph, reason: reason) }

    static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }

    private mutating func push(_ v: Double) throws(FontError) {
        guard stack.count < FontLimits.maxCharstringStack else { throw fail("argument stack overflow") }
        stack.append(v)
    }

    /// Drops the optional width that the first stack-clearing operator may carry: present when
    /// the operator finds one argument more than it takes (`expected` counts pairs or fixed sizes).
    private mutating func takeWidth(hasExtra: Bool) {
        if !widthSeen, hasExtra, !stack.isEmpty { stack.removeFirst() }
        widthSeen = true
    }

    private mutating func moveTo(_ dx: Double, _ dy: Double) {
        if open { path.closeSubpath() }
        x += dx; y += dy
        path.move(to: CGPoint(x: x, y: y))
        open = true
    }

    private mutating func lineTo(_ dx: Double, _ dy: Double) {
        x += dx; y += dy
        path.addLine(to: CGPoint(x: x, y: y))
    }

    private mutating func curveTo(_ d1x: Double, _ d1y: Double, _ d2x: Double, _ d2y: Double, _ d3x: Double, _ d3y: Double) {
        let c1 = CGPoint(x: x + d1x, y: y + d1y)
        let c2 = CGPoint(x: c1.x + d2x, y: c1.y + d2y)
        x = c2.x + d3x; y = c2.y + d3y
        path.addCurve(to: CGPoint(x: x, y: y), control1: c1, control2: c2)
    }

    private func need(_ n: Int, _ op: String) throws(FontError) {
        guard stack.count >= n else { throw fail("\(op) needs \(n) arguments, has \(stack.count)") }
    }

    mutating func run(_ code: ByteReader, depth: Int) throws(FontError) {
        guard depth <= FontLimits.maxSubroutineDepth else { throw fail("subroutines nest deeper than \(FontLimits.maxSubroutineDepth)") }
        var o = 0
        while o < code.count, !ended {
            operations += 1
            guard operations <= FontLimits.maxCharstringOperations else {
                throw FontError.limitExceeded("glyph \(glyph) runs more than \(FontLimits.maxCharstringOperations) charstring operations")
            }
            let b0 = Int(try code.u8(o))
            o += 1
            switch b0 {
            case 32...246: try push(Double(b0 - 139)); continue
            case 247...250: try push(Double((b0 - 247) * 256 + Int(try code.u8(o)) + 108)); o += 1; continue
            case 251...254: try push(Double(-(b0 - 251) * 256 - Int(try code.u8(o)) - 108)); o += 1; continue
            case 28: try push(Double(try code.i16(o))); o += 2; continue
            case 255: try push(Double(try code.i32(o)) / 65536); o += 4; continue
            default: break
            }
            switch b0 {
            case 1, 3, 18, 23: // hstem, vstem, hstemhm, vstemhm
                takeWidth(hasExtra: stack.count % 2 == 1)
                stemCount += stack.count / 2
                stack.removeAll(keepingCapacity: true)
            case 19, 20: // hintmask, cntrmask: a vstem list may precede them implicitly
                takeWidth(hasExtra: stack.count % 2 == 1)
                stemCount += stack.count / 2
                stack.removeAll(keepingCapacity: true)
                o += (stemCount + 7) / 8
                guard o <= code.count else { throw fail("hint mask runs past the end") }
            case 21: // rmoveto
                takeWidth(hasExtra: stack.count > 2)
                try need(2, "rmoveto")
                moveTo(stack[stack.count - 2], stack[stack.count - 1])
                stack.removeAll(keepingCapacity: true)
            case 22: // hmoveto
                takeWidth(hasExtra: stack.count > 1)
                try need(1, "hmoveto")
                moveTo(stack[stack.count - 1], 0)
                stack.removeAll(keepingCapacity: true)
            case 4: // vmoveto
                takeWidth(hasExtra: stack.count > 1)
                try need(1, "vmoveto")
                moveTo(0, stack[stack.count - 1])
                stack.removeAll(keepingCapacity: true)
            case 5: // rlineto
                try requireOpen()
                var i = 0
                while i + 1 < stack.count { lineTo(stack[i], stack[i + 1]); i += 2 }
                stack.removeAll(keepingCapacity: true)
            case 6, 7: // hlineto, vlineto: alternate directions
                try requireOpen()
                var horizontal = b0 == 6
                for v in stack {
                    if horizontal { lineTo(v, 0) } else { lineTo(0, v) }
                    horizontal.toggle()
                }
                stack.removeAll(keepingCapacity: true)
            case 8: // rrcurveto
                try requireOpen()
                var i = 0
                while i + 5 < stack.count {
                    curveTo(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5]); i += 6
                }
                stack.removeAll(keepingCapacity: true)
            case 24: // rcurveline
                try requireOpen()
                try need(8, "rcurveline")
                var i = 0
                while i + 7 < stack.count { curveTo(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5]); i += 6 }
                lineTo(stack[i], stack[i + 1])
                stack.removeAll(keepingCapacity: true)
            case 25: // rlinecurve
                try requireOpen()
                try need(8, "rlinecurve")
                var i = 0
                while i + 7 < stack.count { lineTo(stack[i], stack[i + 1]); i += 2 }
                curveTo(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5])
                stack.removeAll(keepingCapacity: true)
            case 26: // vvcurveto
                try requireOpen()
                var i = 0
                var dx1 = 0.0
                if stack.count % 4 == 1 { dx1 = stack[0]; i = 1 }
                while i + 3 < stack.count {
                    curveTo(dx1, stack[i], stack[i + 1], stack[i + 2], 0, stack[i + 3]); dx1 = 0; i += 4
                }
                stack.removeAll(keepingCapacity: true)
            case 27: // hhcurveto
                try requireOpen()
                var i = 0
                var dy1 = 0.0
                if stack.count % 4 == 1 { dy1 = stack[0]; i = 1 }
                while i + 3 < stack.count {
                    curveTo(stack[i], dy1, stack[i + 1], stack[i + 2], stack[i + 3], 0); dy1 = 0; i += 4
                }
                stack.removeAll(keepingCapacity: true)
            case 30, 31: // vhcurveto, hvcurveto: tangents alternate; a last odd argument ends off-axis
                try requireOpen()
                var horizontal = b0 == 31
                var i = 0
                while i + 3 < stack.count {
                    let last = stack.count - i == 5 ? stack[i + 4] : 0
                    if horizontal {
                        curveTo(stack[i], 0, stack[i + 1], stack[i + 2], last, stack[i + 3])
                    } else {
                        curveTo(0, stack[i], stack[i + 1], stack[i + 2], stack[i + 3], last)
                    }
                    horizontal.toggle(); i += 4
                }
                stack.removeAll(keepingCapacity: true)
            case 10, 29: // callsubr, callgsubr
                guard let index = stack.popLast(), index.isFinite, abs(index) < 100_000 else { throw fail("subroutine call without a number") }
                let subrs: CFFIndex
                if b0 == 10 {
                    guard let local = localSubrs else { throw fail("callsubr without local subroutines") }
                    subrs = local
                } else {
                    subrs = globalSubrs
                }
                let n = Int(index) + Self.bias(subrs.count)
                guard n >= 0, n < subrs.count else { throw fail("subroutine \(n) of \(subrs.count)") }
                try run(try subrs.item(n), depth: depth + 1)
            case 11: // return
                return
            case 14: // endchar
                takeWidth(hasExtra: stack.count == 1 || stack.count == 5)
                if open { path.closeSubpath(); open = false }
                stack.removeAll(keepingCapacity: true)
                ended = true
            case 12:
                let b1 = Int(try code.u8(o)); o += 1
                try flex(b1)
            default:
                throw fail("reserved operator \(b0)")
            }
        }
    }

    private func requireOpen() throws(FontError) {
        guard open else { throw fail("drawing before the first moveto") }
    }

    /// The two-byte flex operators; the deprecated arithmetic operators are rejected.
    private mutating func flex(_ op: Int) throws(FontError) {
        try requireOpen()
        let s = stack
        switch op {
        case 35: // flex
            try need(13, "flex")
            curveTo(s[0], s[1], s[2], s[3], s[4], s[5]); curveTo(s[6], s[7], s[8], s[9], s[10], s[11])
        case 34: // hflex
            try need(7, "hflex")
            let y0 = y
            curveTo(s[0], 0, s[1], s[2], s[3], 0)
            curveTo(s[4], 0, s[5], y0 - y, s[6], 0)
        case 36: // hflex1
            try need(9, "hflex1")
            let y0 = y
            curveTo(s[0], s[1], s[2], s[3], s[4], 0)
            curveTo(s[5], 0, s[6], s[7], s[8], y0 - (y + s[7]))
        case 37: // flex1: the last argument runs along the axis of larger travel
            try need(11, "flex1")
            let dx = s[0] + s[2] + s[4] + s[6] + s[8], dy = s[1] + s[3] + s[5] + s[7] + s[9]
            curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
            if abs(dx) > abs(dy) { curveTo(s[6], s[7], s[8], s[9], s[10], -dy) } else { curveTo(s[6], s[7], s[8], s[9], -dx, s[10]) }
        default:
            throw fail("unsupported operator 12 \(op)")
        }
        stack.removeAll(keepingCapacity: true)
    }
}
