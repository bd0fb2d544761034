import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct PathContainsTests {
    /// The winding number of the whole path flattened at `tolerance`: every curve cut into
    /// pieces, each piece tested against the ray (what `contains` computed before it learned to
    /// skip curves that cannot cross the ray other than as their chords do).
    static func flattenedWinding(_ path: Path, at p: CGPoint, tolerance: CGFloat, transform: Transform) -> Int {
        var winding = 0, start = CGPoint.zero, prev = CGPoint.zero, open = false
        func edge(_ a: CGPoint, _ b: CGPoint) {
            let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y, b.y > p.y, side > 0 { winding += 1 }
            if a.y > p.y, b.y <= p.y, side < 0 { winding -= 1 }
        }
        path.forEachFlattenedPoint(tolerance: tolerance, transform: transform) { event in
            switch event {
            case .start(let q):
                if open { edge(prev, start) }
                start = q; prev = q; open = true
            case .lineTo(let q):
                edge(prev, q); prev = q
            case .close:
                if open { edge(prev, start) }
                prev = start; open = false
            }
        }
        if open { edge(prev, start) }
        return winding
    }

    static func randomPath(_ rng: inout FuzzRandom) -> Path {
        func point() -> CGPoint { CGPoint(x: Double(rng.below(2001)) / 10 - 100, y: Double(rng.below(2001)) / 10 - 100) }
        var path = Path()
        for _ in 0..<(1 + rng.below(3)) {
            path.move(to: point())
            for _ in 0..<(2 + rng.below(6)) {
                switch rng.below(3) {
                case 0: path.addLine(to: point())
                case 1: path.addQuadCurve(to: point(), control: point())
                default: path.addCurve(to: point(), control1: point(), control2: point())
                }
            }
            if rng.below(3) > 0 { path.closeSubpath() }
        }
        return path
    }

    /// Skipping curves changes no answer: self-crossing random paths of lines, quadratics and
    /// cubics, with and without a transform, at points spread over them and on their vertices'
    /// heights (where the ray runs through a curve's end).
    @Test func windingMatchesTheFullFlattening() {
        var rng = FuzzRandom(state: 41)
        let transforms = [Transform.identity, Transform(a: 1.5, b: 0.5, c: -0.25, d: 0.75, tx: 10, ty: -20)]
        var checked = 0, nonZero = 0
        for _ in 0..<60 {
            let path = Self.randomPath(&rng)
            let ends = path.elements.compactMap { element -> CGPoint? in
                switch element {
                case .moveTo(let q), .lineTo(let q), .quadCurveTo(let q, _), .curveTo(let q, _, _): return q
                case .closeSubpath: return nil
                }
            }
            for transform in transforms {
                for k in 0..<60 {
                    var p = CGPoint(x: Double(rng.below(2601)) / 10 - 130, y: Double(rng.below(2601)) / 10 - 130)
                    if k % 4 == 0 { p.y = ends[rng.below(ends.count)].applying(transform).y }
                    let expected = Self.flattenedWinding(path, at: p, tolerance: 1e-3, transform: transform)
                    #expect(path.windingNumber(at: p, tolerance: 1e-3, transform: transform) == expected,
                            "\(p) in \(path.svgPathData)")
                    checked += 1
                    if expected != 0 { nonZero += 1 }
                }
            }
        }
        // The points meet the paths' insides often enough for the comparison to mean something.
        #expect(checked == 7_200 && nonZero > 1_000, "\(nonZero) of \(checked) points inside")
    }

    /// Only the curves around the point are flattened. A row of fifty circles (six arcs each):
    /// its centre needs no curve flattened (every arc is left, right, above or below it, and its
    /// chord decides), a point near the outline one or two arcs of one circle, not all 300.
    @Test func onlyCurvesAroundThePointAreFlattened() {
        var row = Path()
        for i in 0..<50 { row.addEllipse(in: CGRect(x: CGFloat(i) * 30, y: 0, width: 20, height: 20)) }
        var one = Path()
        one.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        var circle = 0
        one.forEachFlattenedPoint(tolerance: 1e-3) { _ in circle += 1 }
        let centre = CGPoint(x: 10 + 30 * 20, y: 10), nearOutline = CGPoint(x: 1 + 30 * 20, y: 10.5)
        var inside = (false, false)
        let atCentre = WorkMeter.measure { inside.0 = row.contains(centre) }
        let nearIt = WorkMeter.measure { inside.1 = row.contains(nearOutline) }
        #expect(inside == (true, true))
        #expect(!row.contains(CGPoint(x: 25 + 30 * 20, y: 10)))
        #expect(atCentre[.flattenedPoints] == 0)
        #expect(nearIt[.flattenedPoints] > 0 && nearIt[.flattenedPoints] <= circle / 3,
                "\(nearIt[.flattenedPoints]) points flattened; one circle has \(circle)")
    }

    @Test func fillRulesAndOpenSubpaths() {
        var ring = Path()
        ring.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(ring.contains(CGPoint(x: 50, y: 50), using: .winding))
        #expect(!ring.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        #expect(ring.contains(CGPoint(x: 10, y: 50), using: .evenOdd))
        #expect(!ring.contains(CGPoint(x: 101, y: 50)))
        // An open subpath counts as closed, as in CGPath.contains.
        var open = Path()
        open.move(to: CGPoint(x: 0, y: 0))
        open.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 30, y: 80), control2: CGPoint(x: 70, y: 80))
        #expect(open.contains(CGPoint(x: 50, y: 30)))
        #expect(!open.contains(CGPoint(x: 50, y: 70)))
        #expect(!open.contains(CGPoint(x: CGFloat.nan, y: 30)))
    }
}
