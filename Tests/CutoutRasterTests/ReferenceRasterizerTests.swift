import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

typealias Transform = CutoutGeometry.Transform

/// Holds the fast rasteriser to the reference, for opaque black fills on small canvases, on
/// every pixel, including those where overlapping windings meet (self-intersections,
/// overlapping subpaths, stroke outlines' inner joins): mean |diff| of the alpha channel
/// ≤ 1/255 and max ≤ 4/255 (the reference samples 128 sub-rows, within half a level per
/// horizontal edge; the two flatten curves differently, by up to 1/128 px: 2 levels).
@Suite struct ReferenceRasterizerTests {
    static let meanLimit = 1.0
    static let maxLimit = 4

    static func star(center: CGPoint, radius: CGFloat, points: Int = 5, step: Int = 2) -> Path {
        var p = Path()
        for i in 0..<points {
            let a = -CGFloat.pi / 2 + CGFloat(i * step) * 2 * .pi / CGFloat(points)
            let q = CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    /// Fills `path` (with ``DrawingContext/exactOverlapCoverage`` as `exactOverlaps`) and
    /// returns the largest alpha difference from the reference.
    @discardableResult
    static func check(_ path: Path, rule: FillRule, size: Int = 48, transform: Transform = .identity,
                      tolerance: Double = 1.0 / 128, exactOverlaps: Bool = true,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var ctx = try DrawingContext(width: size, height: size)
        ctx.flatteningTolerance = tolerance
        ctx.exactOverlapCoverage = exactOverlaps
        ctx.concatenate(transform)
        ctx.setFillColor(.black)
        ctx.fill(path, using: rule)
        let ref = ReferenceRasterizer.coverage(of: path, transform: transform, rule: rule, width: size, height: size)
        let all = ReferenceRasterizer.compareAlpha(ctx.pixmap, to: ref)
        #expect(all.mean <= meanLimit, "\(rule): \(all)", sourceLocation: sourceLocation)
        #expect(all.max <= maxLimit, "\(rule): max \(all.max) (mean \(all.mean))", sourceLocation: sourceLocation)
        return all.max
    }

    @Test(arguments: FillRule.allCases)
    func selfIntersectingStar(rule: FillRule) throws {
        try Self.check(Self.star(center: CGPoint(x: 24.3, y: 23.7), radius: 21), rule: rule)
    }

    @Test(arguments: FillRule.allCases)
    func nestedSameDirection(rule: FillRule) throws {
        var p = Path()
        p.addRect(CGRect(x: 2.5, y: 3.25, width: 40, height: 41))
        p.addRect(CGRect(x: 10.1, y: 10.6, width: 20.3, height: 19.9))
        p.addEllipse(in: CGRect(x: 14, y: 14, width: 10, height: 10))
        try Self.check(p, rule: rule)
    }

    @Test(arguments: FillRule.allCases)
    func slivers(rule: FillRule) throws {
        var p = Path()
        p.move(to: CGPoint(x: 3, y: 2)); p.addLine(to: CGPoint(x: 45, y: 40)); p.addLine(to: CGPoint(x: 45.1, y: 40))
        p.closeSubpath()
        p.addRect(CGRect(x: 1.2, y: 20.4, width: 44, height: 0.3))
        p.addRect(CGRect(x: 30.55, y: 1, width: 0.2, height: 45))
        try Self.check(p, rule: rule)
    }

    @Test(arguments: FillRule.allCases)
    func crossesEveryCanvasEdge(rule: FillRule) throws {
        var p = Path()
        p.addEllipse(in: CGRect(x: -20.3, y: -15.7, width: 90, height: 80))
        p.addPath(Self.star(center: CGPoint(x: 24, y: 24), radius: 40, points: 7, step: 3))
        try Self.check(p, rule: rule)
    }

    @Test(arguments: FillRule.allCases)
    func hugeCoordinates(rule: FillRule) throws {
        var p = Path()
        p.move(to: CGPoint(x: -1e6, y: -1e6))
        p.addLine(to: CGPoint(x: 1e6, y: 30.5))
        p.addLine(to: CGPoint(x: -1e6, y: 1e6))
        p.closeSubpath()
        p.move(to: CGPoint(x: 20.2, y: -1e6))
        p.addLine(to: CGPoint(x: 30.7, y: 1e6))
        p.addLine(to: CGPoint(x: 1e6, y: 1e6))
        p.closeSubpath()
        try Self.check(p, rule: rule)
    }

    @Test func shapeEntirelyLeftStillWinds() throws {
        // A ring whose edges all lie left of the canvas except the right side of the
        // outer square: the canvas sees only the winding carried in from the left.
        var p = Path()
        p.addRect(CGRect(x: -500, y: 10, width: 530.5, height: 20))
        try Self.check(p, rule: .winding)
    }

    @Test(arguments: FillRule.allCases)
    func curvesUnderRotation(rule: FillRule) throws {
        var p = Path()
        p.move(to: CGPoint(x: 5, y: 40))
        p.addCurve(to: CGPoint(x: 40, y: 38), control1: CGPoint(x: -10, y: -20), control2: CGPoint(x: 70, y: 10))
        p.addQuadCurve(to: CGPoint(x: 8, y: 12), control: CGPoint(x: 30, y: 60))
        p.closeSubpath()
        let t = Transform(translationX: -24, y: -24).concatenating(Transform(rotationAngle: 0.4))
            .concatenating(Transform(scaleX: 0.9, y: 1.1)).concatenating(Transform(translationX: 24, y: 24))
        try Self.check(p, rule: rule, transform: t)
    }

    /// At the default flattening tolerance the chords may leave a curve by up to that many
    /// pixels, so per-pixel error is bounded by the tolerance instead of by 4/255.
    @Test func defaultToleranceCircle() throws {
        let size = 48
        let circle = Path(ellipseIn: CGRect(x: 3.3, y: 2.8, width: 41, height: 42))
        var ctx = try DrawingContext(width: size, height: size)
        ctx.fill(circle)
        let ref = ReferenceRasterizer.coverage(of: circle, rule: .winding, width: size, height: size)
        let stats = ReferenceRasterizer.compareAlpha(ctx.pixmap, to: ref)
        let tol = ctx.flatteningTolerance
        #expect(stats.max <= Int((tol * 1.5 * 255).rounded(.up)), "\(stats)")
        // Chords lie inside a convex curve by at most the tolerance: the area lost is at most
        // tolerance × perimeter.
        let fastArea = (0..<ref.count).reduce(0.0) { $0 + Double(ctx.pixmap.data[4 * $1 + 3]) / 255 }
        let refArea = ref.reduce(0, +)
        #expect(abs(fastArea - refArea) <= tol * .pi * 42, "area \(fastArea) vs \(refArea)")
    }
}
