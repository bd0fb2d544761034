import CutoutGeometry
import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutRaster

/// `DrawingContext.stroke` flattens its outline straight into the rasteriser at a quarter
/// device pixel; these tests hold it to the public stroker (checked against Skia in
/// CutoutGeometryTests), filled the ordinary way.
@Suite("Stroke drawing")
struct StrokeDrawingTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var path: Path
        var width: CGFloat
        var cap: LineCap
        var join: LineJoin
        var transform: Transform
        var description: String { name }
    }

    static let cases: [Case] = {
        var wave = Path()
        wave.move(to: CGPoint(x: 6, y: 30))
        wave.addCurve(to: CGPoint(x: 58, y: 30), control1: CGPoint(x: 20, y: -10), control2: CGPoint(x: 44, y: 70))
        // Tighter than the half width: the inner offset folds.
        var hook = Path()
        hook.move(to: CGPoint(x: 10, y: 50))
        hook.addCurve(to: CGPoint(x: 20, y: 50), control1: CGPoint(x: 60, y: 0), control2: CGPoint(x: -30, y: 0))
        hook.addQuadCurve(to: CGPoint(x: 50, y: 20), control: CGPoint(x: 50, y: 55))
        var star = Path()
        for i in 0..<5 {
            let a = CGFloat(i) * 4 * .pi / 5 - .pi / 2
            let p = CGPoint(x: 32 + 22 * cos(a), y: 32 + 22 * sin(a))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        var dots = Path()
        dots.move(to: CGPoint(x: 20, y: 20)); dots.addLine(to: CGPoint(x: 20, y: 20))
        dots.move(to: CGPoint(x: 40, y: 40)); dots.closeSubpath()
        dots.move(to: CGPoint(x: 10, y: 54)); dots.addLine(to: CGPoint(x: 54, y: 54))
        let skew = Transform(a: 1.4, b: 0.3, c: -0.5, d: 0.8, tx: 12, ty: 6)
        return [
            Case(name: "wave round", path: wave, width: 9, cap: .round, join: .round, transform: .identity),
            Case(name: "wave square 3x", path: wave, width: 5, cap: .square, join: .miter, transform: Transform(scaleX: 3, y: 3)),
            Case(name: "hook butt", path: hook, width: 14, cap: .butt, join: .bevel, transform: .identity),
            Case(name: "star miter skewed", path: star, width: 4, cap: .butt, join: .miter, transform: skew),
            Case(name: "dots round 3x", path: dots, width: 6, cap: .round, join: .round, transform: Transform(scaleX: 3, y: 3)),
        ]
    }()

    @Test("drawn stroke matches the filled public outline", arguments: cases)
    func drawnMatchesOutline(_ c: Case) throws {
        let size = c.transform == .identity ? 64 : 192
        var drawn = try DrawingContext(width: size, height: size)
        drawn.concatenate(c.transform)
        drawn.setLineWidth(c.width)
        drawn.setLineCap(c.cap)
        drawn.setLineJoin(c.join)
        drawn.stroke(c.path)
        var filled = try DrawingContext(width: size, height: size)
        filled.concatenate(c.transform)
        filled.fill(c.path.copy(strokingWithWidth: c.width, lineCap: c.cap, lineJoin: c.join, miterLimit: 10),
                    using: .winding)
        // Curve offsets may differ by up to a quarter device pixel (the drawing tolerance, as
        // Skia's) besides both flattenings' 0.1 px: about 90 levels on an edge pixel at worst.
        // Only outline pixels may differ (the curves' edges are about 8% of these canvases);
        // everywhere else, and along lines, caps and joins (exact in both), they agree.
        try assertImage(drawn.pixmap, matches: filled.pixmap, named: "stroke-drawing-\(c.name)",
                        tolerance: ImageTolerance(channel: 2, mismatchFraction: 0, mean: 1, far: (90, 0),
                                                  edgeFraction: 0.08))
    }

    @Test func strokingTwiceGivesTheSamePixels() throws {
        // The stroker's scratch memory is reused from one stroke to the next.
        var ctx = try DrawingContext(width: 64, height: 64)
        let c = Self.cases[1]
        ctx.setLineWidth(c.width)
        ctx.setLineCap(c.cap)
        ctx.stroke(Self.cases[0].path)
        let once = ctx.pixmap
        ctx.clear()
        ctx.stroke(Self.cases[2].path)
        ctx.clear()
        ctx.stroke(Self.cases[0].path)
        try assertImage(ctx.pixmap, matches: once, named: "stroke-drawing-reuse", tolerance: .exact)
    }

    @Test("a stroke filled at the public stroker's accuracy draws its outline's pixels", arguments: cases)
    func preciseFillStrokeMatchesOutlineExactly(_ c: Case) throws {
        let size = c.transform == .identity ? 64 : 192
        var drawn = try DrawingContext(width: size, height: size)
        drawn.concatenate(c.transform)
        drawn.fillStroke(of: c.path, lineWidth: c.width, lineCap: c.cap, lineJoin: c.join, miterLimit: 10,
                         offsetTolerance: 0)
        // The public stroker given the CTM picks its accuracy for device space too.
        var filled = try DrawingContext(width: size, height: size)
        filled.fill(c.path.copy(strokingWithWidth: c.width, lineCap: c.cap, lineJoin: c.join, miterLimit: 10,
                                transform: c.transform), using: .winding)
        // Same outline pieces, flattened with the rasteriser's own arithmetic.
        try assertImage(drawn.pixmap, matches: filled.pixmap, named: "stroke-drawing-precise-\(c.name)",
                        tolerance: .exact)
    }
}
