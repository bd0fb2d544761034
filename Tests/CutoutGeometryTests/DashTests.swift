import Foundation
import Testing
@testable import CutoutGeometry

@Suite("Dashes")
struct DashTests {
    private var line: Path {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 100, y: 0))
        return p
    }

    /// The [start, end] x extents of each dash of a horizontal line.
    private func extents(_ p: Path) -> [ClosedRange<CGFloat>] {
        p.flattened().map { pl in
            let xs = pl.points.map(\.x)
            return xs.min()!...xs.max()!
        }
    }

    private func near(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            abs($0.lowerBound - $1.lowerBound) < 1e-9 && abs($0.upperBound - $1.upperBound) < 1e-9
        }
    }

    @Test("pattern and phase, including negative and oversized phases")
    func phases() {
        // Dashes of 10 every 15 from `start`, cut at the line's end (typed: as literals inside
        // #expect these took the type checker over a second).
        func dashes(from start: CGFloat) -> [ClosedRange<CGFloat>] {
            stride(from: start, to: 100, by: 15).map { (x: CGFloat) -> ClosedRange<CGFloat> in x...min(x + 10, 100) }
        }
        let d0 = extents(line.copy(dashingWithPhase: 0, lengths: [10, 5]))
        #expect(near(d0, dashes(from: 0)))
        let d5 = extents(line.copy(dashingWithPhase: 5, lengths: [10, 5]))
        let firstShort: ClosedRange<CGFloat> = 0...5
        #expect(near(d5, [firstShort] + dashes(from: 10)))
        // -5 ≡ 10 (mod 15): the path starts 0 into the gap's 5 and the first dash starts at 5.
        let dm5 = extents(line.copy(dashingWithPhase: -5, lengths: [10, 5]))
        #expect(near(dm5, dashes(from: 5)))
        #expect(near(extents(line.copy(dashingWithPhase: 35, lengths: [10, 5])), d5))
        #expect(near(extents(line.copy(dashingWithPhase: .nan, lengths: [10, 5])), d0))
    }

    @Test("an odd count repeats the list twice")
    func oddCount() {
        #expect(near(extents(line.copy(dashingWithPhase: 0, lengths: [10])),
                     extents(line.copy(dashingWithPhase: 0, lengths: [10, 10]))))
        #expect(near(extents(line.copy(dashingWithPhase: 3, lengths: [5, 2, 3])),
                     extents(line.copy(dashingWithPhase: 3, lengths: [5, 2, 3, 5, 2, 3]))))
    }

    @Test("invalid patterns and absurd dash counts leave the path undashed")
    func undashed() {
        for lengths: [CGFloat] in [[], [0, 0], [-1, 5], [.nan, 2], [.infinity, 1], [1e-7, 1e-7]] {
            #expect(line.copy(dashingWithPhase: 0, lengths: lengths) == line, "\(lengths)")
        }
        let t = Transform(translationX: 3, y: 4)
        #expect(line.copy(dashingWithPhase: 0, lengths: [], transform: t) == line.applying(t))
    }

    @Test("zero-length dashes are dots")
    func zeroLengthDashes() {
        let dots = line.copy(dashingWithPhase: 0, lengths: [0, 10])
        #expect(dots.subpathCount == 10)
        let stroked = dots.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(abs(StrokeTestSupport.nonZeroArea(of: stroked, tolerance: 1e-4) - 10 * .pi * 4) < 0.01)
    }

    /// Dashes follow curves by arc length: on a circle of radius 50 the dash starts are 20
    /// apart along the arc (0.4 rad), and their ends lie on the circle.
    @Test("dashes follow curves by arc length")
    func curves() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let dashed = circle.copy(dashingWithPhase: 0, lengths: [10, 10])
        var starts: [CGPoint] = []
        for e in dashed.elements {
            if case .moveTo(let p) = e { starts.append(p) }
            if case .lineTo = e { Issue.record("curves must stay curves") }
        }
        #expect(starts.count == 15 || starts.count == 16)
        for (k, p) in starts.enumerated() {
            let angle = CGFloat(k) * 0.4
            // The cubic circle is 2.7e-4 × r off the true circle at worst, so angles drift a bit.
            #expect(hypot(p.x - (50 + 50 * cos(angle)), p.y - (50 + 50 * sin(angle))) < 0.05, "dash \(k)")
        }
        var quad = Path()
        quad.move(to: CGPoint(x: 0, y: 0))
        quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
        let qd = quad.copy(dashingWithPhase: 0, lengths: [7, 3])
        #expect(qd.elements.allSatisfy { if case .moveTo = $0 { true } else if case .quadCurveTo = $0 { true } else { false } })
        // Each dash's length, measured by fine flattening, is 7 (the last one may be shorter).
        let lengths = qd.flattened(tolerance: 1e-5).map { pl in
            zip(pl.points, pl.points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        }
        for l in lengths.dropLast() { #expect(abs(l - 7) < 1e-4) }
    }

    @Test("closed subpaths dash through the close and join the first and last dash")
    func closedSubpaths() {
        let rect = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 50))  // perimeter 300
        let plain = rect.copy(dashingWithPhase: 0, lengths: [40, 20])
        #expect(plain.subpathCount == 5)
        // Phase 10: the last dash (290…300) continues into the first (0…30) through the corner.
        let wrapped = rect.copy(dashingWithPhase: 10, lengths: [40, 20])
        #expect(wrapped.subpathCount == 5)
        let last = wrapped.flattened().last!
        #expect(last.points.contains(CGPoint(x: 0, y: 0)))
        #expect(last.points.first == CGPoint(x: 0, y: 10) && last.points.last == CGPoint(x: 30, y: 0))
        let whole = rect.copy(dashingWithPhase: 0, lengths: [1000, 1])
        #expect(whole.elements.last == .closeSubpath && whole.subpathCount == 1)
    }

    @Test("the transform is applied to the dashes")
    func transform() {
        let t = Transform(scaleX: 2, y: 1)
        #expect(line.copy(dashingWithPhase: 0, lengths: [10, 5], transform: t)
                == line.copy(dashingWithPhase: 0, lengths: [10, 5]).applying(t))
    }
}
