import Foundation
import CutoutGeometry

/// Quadratic outlines from `glyf`/`loca`, composites included (offsets, scales and 2×2
/// transforms; `SCALED_COMPONENT_OFFSET` honoured). Out of scope: components placed by point
/// matching (`ARGS_ARE_XY_VALUES` unset) are placed at offset zero, and hinting instructions
/// are skipped.
struct TrueTypeOutlines: Sendable {
    let glyf: ByteReader
    let loca: ByteReader
    let longOffsets: Bool
    let glyphCount: Int

    init(_ dir: TableDirectory, header: FontHeader) throws(FontError) {
        glyf = try dir.required("glyf")
        loca = try dir.required("loca")
        guard header.indexToLocFormat == 0 || header.indexToLocFormat == 1 else {
            throw FontError.invalidTable("head", reason: "indexToLocFormat \(header.indexToLocFormat)")
        }
        longOffsets = header.indexToLocFormat == 1
        glyphCount = header.glyphCount
        try loca.check(0, (glyphCount + 1) * (longOffsets ? 4 : 2))
    }

    /// The byte range of `glyph` inside `glyf` (empty for a blank glyph).
    func range(of glyph: Int) throws(FontError) -> Range<Int> {
        guard glyph >= 0, glyph < glyphCount else { throw FontError.glyphOutOfRange(glyph) }
        let a, b: Int
        if longOffsets {
            a = Int(try loca.u32(4 * glyph)); b = Int(try loca.u32(4 * glyph + 4))
        } else {
            a = 2 * Int(try loca.u16(2 * glyph)); b = 2 * Int(try loca.u16(2 * glyph + 2))
        }
        guard a <= b else { throw FontError.invalidTable("loca", reason: "offsets of glyph \(glyph) decrease") }
        guard b <= glyf.count else { throw FontError.truncated(table: "glyf") }
        return a..<b
    }

    /// The outline of `glyph` in font units, y up.
    func outline(_ glyph: Int) throws(FontError) -> Path {
        var path = Path()
        var budget = FontLimits.maxCompositeComponents
        try append(glyph, transform: .identity, depth: 0, budget: &budget, to: &path)
        return path
    }

    private func append(_ glyph: Int, transform: Transform, depth: Int, budget: inout Int, to path: inout Path) throws(FontError) {
        let r = try range(of: glyph)
        guard r.count >= 10 else { return } // blank glyph (space) or too short to hold a header
        let g = try glyf.sub(r.lowerBound, r.count)
        let contours = Int(try g.i16(0))
        if contours >= 0 {
            try appendSimple(g, contours: contours, transform: transform, to: &path)
            return
        }
        guard depth < FontLimits.maxCompositeDepth else { throw FontError.compositeTooDeep(glyph: glyph) }
        var o = 10
        while true {
            budget -= 1
            guard budget >= 0 else { throw FontError.limitExceeded("more than \(FontLimits.maxCompositeComponents) composite components") }
            let flags = try g.u16(o), component = Int(try g.u16(o + 2))
            o += 4
            var dx: CGFloat = 0, dy: CGFloat = 0
            let xyValues = flags & 0x0002 != 0
            if flags & 0x0001 != 0 {
                if xyValues { dx = CGFloat(try g.i16(o)); dy = CGFloat(try g.i16(o + 2)) }
                o += 4
            } else {
                if xyValues { dx = CGFloat(Int8(bitPattern: try g.u8(o))); dy = CGFloat(Int8(bitPattern: try g.u8(o + 1))) }
                o += 2
            }
            var a: CGFloat = 1, b: CGFloat = 0, c: CGFloat = 0, d: CGFloat = 1
            func f2dot14(_ at: Int) throws(FontError) -> CGFloat { CGFloat(try g.i16(at)) / 16384 }
            if flags & 0x0008 != 0 {
                a = try f2dot14(o); d = a; o += 2
            } else if flags & 0x0040 != 0 {
                a = try f2dot14(o); d = try f2dot14(o + 2); o += 4
            } else if flags & 0x0080 != 0 {
                a = try f2dot14(o); b = try f2dot14(o + 2); c = try f2dot14(o + 4); d = try f2dot14(o + 6); o += 8
            }
            // SCALED_COMPONENT_OFFSET: the offset is in the component's scaled space (Apple's reading).
            if flags & 0x0800 != 0, flags & 0x1000 == 0 {
                let p = CGPoint(x: dx, y: dy).applying(Transform(a: a, b: b, c: c, d: d, tx: 0, ty: 0))
                dx = p.x; dy = p.y
            }
            let local = Transform(a: a, b: b, c: c, d: d, tx: dx, ty: dy)
            try append(component, transform: local.concatenating(transform), depth: depth + 1, budget: &budget, to: &path)
            guard flags & 0x0020 != 0 else { break }
        }
    }

    private func appendSimple(_ g: ByteReader, contours: Int, transform: Transform, to path: inout Path) throws(FontError) {
        guard contours > 0 else { return }
        var ends: [Int] = []
        ends.reserveCapacity(contours)
        var previous = -1
        for k in 0..<contours {
            let e = Int(try g.u16(10 + 2 * k))
            guard e > previous else { throw FontError.invalidTable("glyf", reason: "contour end points do not increase") }
            ends.append(e)
            previous = e
        }
        let pointCount = previous + 1
        let instructionLength = Int(try g.u16(10 + 2 * contours))
        var o = 12 + 2 * contours + instructionLength
        var flags = [UInt8](repeating: 0, count: pointCount)
        var i = 0
        while i < pointCount {
            let f = try g.u8(o); o += 1
            flags[i] = f; i += 1
            if f & 0x08 != 0 {
                let repeats = Int(try g.u8(o)); o += 1
                let n = min(repeats, pointCount - i)
                for _ in 0..<n { flags[i] = f; i += 1 }
            }
        }
        var xs = [Int](repeating: 0, count: pointCount), ys = xs
        var v = 0
        for k in 0..<pointCount {
            let f = flags[k]
            if f & 0x02 != 0 {
                let delta = Int(try g.u8(o)); o += 1
                v += f & 0x10 != 0 ? delta : -delta
            } else if f & 0x10 == 0 {
                v += Int(try g.i16(o)); o += 2
            }
            xs[k] = v
        }
        v = 0
        for k in 0..<pointCount {
            let f = flags[k]
            if f & 0x04 != 0 {
                let delta = Int(try g.u8(o)); o += 1
                v += f & 0x20 != 0 ? delta : -delta
            } else if f & 0x20 == 0 {
                v += Int(try g.i16(o)); o += 2
            }
            ys[k] = v
        }
        var first = 0
        for end in ends {
            appendContour(xs: xs, ys: ys, flags: flags, range: first...end, transform: transform, to: &path)
            first = end + 1
        }
    }

    /// One closed contour of on- and off-curve points; two off-curve points in a row imply an
    /// on-curve point half-way between them.
    private func appendContour(xs: [Int], ys: [Int], flags: [UInt8], range: ClosedRange<Int>, transform: Transform,
                               to path: inout Path) {
        let n = range.count
        guard n >= 2 else { return }
        func point(_ k: Int) -> CGPoint {
            let i = range.lowerBound + (k % n)
            return CGPoint(x: CGFloat(xs[i]), y: CGFloat(ys[i])).applying(transform)
        }
        func onCurve(_ k: Int) -> Bool { flags[range.lowerBound + (k % n)] & 0x01 != 0 }
        func mid(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

        let startIndex: Int
        let start: CGPoint
        if let k = (0..<n).first(where: onCurve) {
            startIndex = k
            start = point(k)
        } else {
            startIndex = 0
            start = mid(point(n - 1), point(0))
        }
        path.move(to: start)
        var control: CGPoint?
        let begin = onCurve(startIndex) ? startIndex + 1 : startIndex
        for step in 0..<n {
            let k = begin + step
            let p = point(k)
            if onCurve(k) {
                if let c = control { path.addQuadCurve(to: p, control: c) } else { path.addLine(to: p) }
                control = nil
            } else {
                if let c = control { path.addQuadCurve(to: mid(c, p), control: c) }
                control = p
            }
        }
        if let c = control { path.addQuadCurve(to: start, control: c) }
        path.closeSubpath()
    }
}
