import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutGeometry

@Suite("Stroke outlines")
struct StrokeTests {
    /// The outline's non-zero area, flattened to 1/200000 of the width (chords lose about
    /// 2/3 × tolerance × perimeter, 1e-5 relative on a dot).
    private func area(_ p: Path, width: CGFloat) -> Double {
        StrokeTestSupport.nonZeroArea(of: p, tolerance: width / 200_000)
    }

    @Test("caps and joins use the SVG keywords")
    func rawValues() {
        #expect(LineCap.allCases.map(\.rawValue) == ["butt", "round", "square"])
        #expect(LineJoin.allCases.map(\.rawValue) == ["miter", "round", "bevel"])
    }

    /// With round caps and joins the stroke is exactly the set of points within half the width
    /// of the path (a Minkowski sum with a disc). The distance is measured independently by
    /// dense sampling of the curve (within 0.002); grid points within 0.05 of the boundary are
    /// skipped.
    @Test("round stroke = points within half the width", arguments: [
        ("tight loop", [PathElement.moveTo(CGPoint(x: 20, y: 80)),
                        .curveTo(CGPoint(x: 80, y: 80), control1: CGPoint(x: 120, y: 0), control2: CGPoint(x: -20, y: 0))], 16.0),
        ("cusp", [.moveTo(CGPoint(x: 10, y: 80)),
                  .curveTo(CGPoint(x: 90, y: 80), control1: CGPoint(x: 90, y: 0), control2: CGPoint(x: 10, y: 0))], 12.0),
        ("seed quad on a 160 card (curvature radius 28 < 35)",
         [.moveTo(CGPoint(x: 40, y: 40)), .quadCurveTo(CGPoint(x: 120, y: 120), control: CGPoint(x: 160, y: 0))], 70.0),
        ("reversing polyline", [.moveTo(CGPoint(x: 10, y: 50)), .lineTo(CGPoint(x: 90, y: 50)),
                                .lineTo(CGPoint(x: 30, y: 52)), .lineTo(CGPoint(x: 50, y: 10))], 10.0),
        ("zigzag polyline (inner sides cut at the offsets' crossing)",
         [.moveTo(CGPoint(x: 10, y: 80)), .lineTo(CGPoint(x: 30, y: 20)), .lineTo(CGPoint(x: 50, y: 80)),
          .lineTo(CGPoint(x: 70, y: 25)), .lineTo(CGPoint(x: 75, y: 70))], 12.0),
        ("curved corners (inner sides cut at the offsets' crossing)",
         [.moveTo(CGPoint(x: 8, y: 84)), .curveTo(CGPoint(x: 32, y: 12), control1: CGPoint(x: 12, y: 44), control2: CGPoint(x: 24, y: 24)),
          .curveTo(CGPoint(x: 50, y: 82), control1: CGPoint(x: 38, y: 32), control2: CGPoint(x: 48, y: 56)),
          .lineTo(CGPoint(x: 68, y: 14)), .curveTo(CGPoint(x: 88, y: 86), control1: CGPoint(x: 80, y: 36), control2: CGPoint(x: 90, y: 60))], 12.0),
    ])
    func roundStrokeIsDistanceSet(_ name: String, _ elements: [PathElement], _ width: Double) {
        let path = Path(elements: elements)
        let outline = path.copy(strokingWithWidth: width, lineCap: .round, lineJoin: .round, miterLimit: 10)
        let samples = path.flattened(tolerance: 2e-3).flatMap(\.points)[...]
        let box = outline.boundingBox.insetBy(dx: -3, dy: -3)
        var mismatches: [CGPoint] = []
        var negative = 0
        for i in 0..<40 {
            for j in 0..<40 {
                let p = CGPoint(x: box.minX + box.width * (CGFloat(i) + 0.5) / 40,
                                y: box.minY + box.height * (CGFloat(j) + 0.5) / 40)
                if outline.windingNumber(at: p, tolerance: 1e-3) < 0 { negative += 1 }
                if Self.coversWrongly(outline, at: p, width: width, path: samples) { mismatches.append(p) }
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5))")
        #expect(negative == 0, "\(name): negative winding at \(negative) points")
    }

    /// Where two straight pieces meet, the inner side is cut where their offsets cross (so the
    /// outline does not overlap itself there), unless the crossing lies beyond either piece:
    /// then it runs through the corner point, as before.
    @Test("the inner side of a corner between lines is cut at the offsets' crossing")
    func innerCornerIsCut() {
        let corner = CGPoint(x: 10, y: 20)
        var v = Path()
        v.move(to: CGPoint(x: 0, y: 0))
        v.addLine(to: corner)
        v.addLine(to: CGPoint(x: 20, y: 0))
        let cut = v.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(!Self.vertices(cut).contains(corner))
        // The legs' inner offsets cross 2 · tan(θ/2) from their ends, θ the turn (about 127°).
        let crossing = Self.vertices(cut).contains { abs($0.x - 10) < 1e-9 && abs($0.y - (20 - 2 * 5.0.squareRoot())) < 1e-9 }
        #expect(crossing)
        // A leg shorter than that distance keeps the route through the corner point.
        var short = Path()
        short.move(to: CGPoint(x: 9, y: 18))
        short.addLine(to: corner)
        short.addLine(to: CGPoint(x: 20, y: 0))
        let routed = short.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(Self.vertices(routed).contains(corner))
        // A closed subpath is cut at the corner where it closes too: the inner contour of a
        // stroked triangle passes through none of its corners.
        let triangle: [CGPoint] = [CGPoint(x: 0, y: 0), corner, CGPoint(x: 20, y: 0)]
        var closed = Path()
        closed.addLines(between: triangle)
        closed.closeSubpath()
        let ring = Self.vertices(closed.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        #expect(triangle.allSatisfy { !ring.contains($0) })
    }

    /// Curves are cut the same way, at the crossing of their offsets near the corner; where
    /// it lies beyond a piece, the side goes through the corner point.
    @Test("the inner side of a corner with a curve is cut at the offsets' crossing")
    func curveCornerIsCut() {
        let corner = CGPoint(x: 16, y: 6)
        for second in [PathElement.curveTo(CGPoint(x: 25, y: 41), control1: CGPoint(x: 19, y: 16), control2: CGPoint(x: 24, y: 28)),
                       .lineTo(CGPoint(x: 25, y: 41))] {
            let path = Path(elements: [.moveTo(CGPoint(x: 4, y: 42)),
                                       .curveTo(corner, control1: CGPoint(x: 6, y: 22), control2: CGPoint(x: 12, y: 12)), second])
            let outline = path.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
            #expect(!Self.vertices(outline).contains(corner), "\(second)")
            // The cut lies on both inner offsets: half the width (2) from both pieces, within
            // the fitted offsets' tolerance (width / 1000), below the corner (the turn is to
            // the right, so the inner side is the lower one).
            let points = path.flattened(tolerance: 1e-4).flatMap(\.points)
            let split = points.firstIndex(of: corner)!
            let below = Self.vertices(outline).filter { $0.y > corner.y + 1 && abs($0.x - corner.x) < 2 }
            #expect(below.contains { v in
                abs(Self.distance(from: v, to: points[...split]) - 2) < 4e-3
                    && abs(Self.distance(from: v, to: points[split...]) - 2) < 4e-3
            }, "\(second)")
        }
        // A first piece shorter than the cut keeps the route through the corner point.
        let short = Path(elements: [.moveTo(CGPoint(x: 15.8, y: 7)), .lineTo(corner),
                                    .curveTo(CGPoint(x: 25, y: 41), control1: CGPoint(x: 19, y: 16), control2: CGPoint(x: 24, y: 28))])
        let routed = short.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(Self.vertices(routed).contains(corner))
    }

    /// Random chains of curves and lines with sharp corners, open and closed, stroked round:
    /// the stroke must stay the set of points within half the width, checked on a fine grid
    /// around every corner (the closing one too), where the inner side is cut at the offsets'
    /// crossing (or routed through the corner when the crossing is not near it).
    @Test("cut corners keep the stroke's union (seeded random curves)")
    func cutCornersKeepTheUnion() {
        var random = FuzzRandom(state: 33)
        func point() -> CGPoint { CGPoint(x: 100 * random.unit(), y: 100 * random.unit()) }
        for k in 0..<24 {
            let start = point()
            var elements = [PathElement.moveTo(start)]
            for _ in 0..<3 {
                elements.append(random.below(3) == 0 ? .lineTo(point()) : .curveTo(point(), control1: point(), control2: point()))
            }
            // Every other path is closed, with a closing line the samples below include.
            let closed = k % 2 == 1
            if closed { elements += [.lineTo(start), .closeSubpath] }
            let corners = closed ? elements.compactMap(\.endPoint) : elements.dropFirst().dropLast().compactMap(\.endPoint)
            let width = 2 + 18 * random.unit()
            let path = Path(elements: elements)
            let outline = path.copy(strokingWithWidth: width, lineCap: .round, lineJoin: .round, miterLimit: 10)
            let samples = path.flattened(tolerance: 1e-2).flatMap(\.points)[...]
            var mismatches: [CGPoint] = []
            for corner in corners {
                for i in 0..<20 {
                    for j in 0..<20 {
                        let p = CGPoint(x: corner.x + 3 * width * (CGFloat(i) / 9.5 - 1),
                                        y: corner.y + 3 * width * (CGFloat(j) / 9.5 - 1))
                        if Self.coversWrongly(outline, at: p, width: width, path: samples) { mismatches.append(p) }
                    }
                }
            }
            #expect(mismatches.isEmpty, "case \(k), width \(width): \(mismatches.prefix(5))")
        }
    }

    /// The outline's points, flattened finely.
    static func vertices(_ outline: Path) -> [CGPoint] { outline.flattened(tolerance: 0.01).flatMap(\.points) }

    /// Whether the round stroke `outline` (non-zero) disagrees at `p` with the set of points
    /// within half `width` of the polyline `path`; points within 0.05 of that set's boundary
    /// are not judged.
    static func coversWrongly(_ outline: Path, at p: CGPoint, width: CGFloat, path: ArraySlice<CGPoint>) -> Bool {
        let d = distance(from: p, to: path)
        guard abs(d - width / 2) > 0.05 else { return false }
        return outline.contains(p, using: .winding) != (d < width / 2)
    }

    /// The distance from `p` to the polyline through `points`.
    static func distance(from p: CGPoint, to points: ArraySlice<CGPoint>) -> CGFloat {
        // A pointer and explicit comparisons: this runs for every sample of the stroke tests,
        // and a debug build runs `zip`, `min` and `max` as generic calls.
        points.withUnsafeBufferPointer { buffer in
            guard buffer.count > 1, let points = buffer.baseAddress else { return .infinity }
            var best = CGFloat.infinity
            for i in 1..<buffer.count {
                let a = points[i - 1], b = points[i]
                let ab = CGPoint(x: b.x - a.x, y: b.y - a.y)
                let l2 = ab.x * ab.x + ab.y * ab.y
                let u = l2 > 0 ? ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / l2 : 0
                let t = u < 0 ? 0 : u > 1 ? 1 : u
                let d = hypot(p.x - a.x - ab.x * t, p.y - a.y - ab.y * t)
                if d < best { best = d }
            }
            return best
        }
    }

    /// Skia and cairo leave a hole of radius width/2 − r here (their inner contour cancels the
    /// centre); every point of it is within half the width of the circle, so it is stroked.
    @Test("a closed circle stroked wider than its diameter covers the whole disc")
    func wideCircleIsADisc() {
        let circle = Path(ellipseIn: CGRect(x: 45, y: 45, width: 10, height: 10))
        let outline = circle.copy(strokingWithWidth: 20, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        for k in 0..<24 {
            let a = CGFloat(k) * .pi / 12
            for r: CGFloat in [0, 2, 4.99, 5.01, 8, 12, 14.95] {
                #expect(outline.contains(CGPoint(x: 50 + r * cos(a), y: 50 + r * sin(a))), "r \(r) angle \(a)")
            }
            #expect(!outline.contains(CGPoint(x: 50 + 15.05 * cos(a), y: 50 + 15.05 * sin(a))))
        }
    }

    /// SPEC §3, erased curve: the seed's quad on a 600 × 600 card. The thick curve is cut out
    /// under even-odd; its curvature radius (106) exceeds the half width (35), so its outline
    /// is a simple closed contour.
    @Test("the seed's thick quad cuts through a card under even-odd")
    func seedQuadCutsCard() {
        var card = Path(roundedRect: CGRect(x: 0, y: 0, width: 600, height: 600), cornerWidth: 20, cornerHeight: 20)
        var quad = Path()
        quad.move(to: CGPoint(x: 150, y: 150))
        quad.addQuadCurve(to: CGPoint(x: 450, y: 450), control: CGPoint(x: 600, y: 0))
        card.addPath(quad.copy(strokingWithWidth: 70, lineCap: .round, lineJoin: .round, miterLimit: 10))
        #expect(!card.contains(CGPoint(x: 450, y: 150), using: .evenOdd))  // on the curve (t = 0.5)
        #expect(!card.contains(CGPoint(x: 130, y: 140), using: .evenOdd))  // in the start cap
        #expect(!card.contains(CGPoint(x: 450, y: 480), using: .evenOdd))  // in the end cap
        #expect(card.contains(CGPoint(x: 300, y: 300), using: .evenOdd))   // inside the bend
        #expect(card.contains(CGPoint(x: 50, y: 550), using: .evenOdd))
        #expect(card.contains(CGPoint(x: 450, y: 150), using: .winding))
    }

    /// Where a thick curve crosses itself its outline does too, so even-odd filling the card
    /// plus the outline leaves a filled island there (SPEC §3: "self-intersecting thick curves
    /// break even-odd cutting").
    @Test("a self-crossing thick curve leaves an island under even-odd")
    func selfCrossingLeavesIsland() throws {
        // Mirror-symmetric about x = 50, so the centreline crosses itself on x = 50.
        let q = (CGPoint(x: 20, y: 80), CGPoint(x: 120, y: 0), CGPoint(x: -20, y: 0), CGPoint(x: 80, y: 80))
        func x(_ t: CGFloat) -> CGFloat { Bezier.cubicPoint(q.0, q.1, q.2, q.3, t).x }
        var lo: CGFloat = 0, hi: CGFloat = 0.4  // x(0) = 20 < 50 < x(0.4)
        try #require(x(lo) < 50 && x(hi) > 50)
        for _ in 0..<60 { let m = (lo + hi) / 2; if x(m) < 50 { lo = m } else { hi = m } }
        let crossing = Bezier.cubicPoint(q.0, q.1, q.2, q.3, lo)
        var curve = Path()
        curve.move(to: q.0)
        curve.addCurve(to: q.3, control1: q.1, control2: q.2)
        var card = Path(roundedRect: CGRect(x: -40, y: -40, width: 180, height: 180), cornerWidth: 20, cornerHeight: 20)
        card.addPath(curve.copy(strokingWithWidth: 8, lineCap: .round, lineJoin: .round, miterLimit: 10))
        #expect(card.contains(crossing, using: .evenOdd))
        #expect(!card.contains(Bezier.cubicPoint(q.0, q.1, q.2, q.3, 0.05), using: .evenOdd))
        #expect(!card.contains(Bezier.cubicPoint(q.0, q.1, q.2, q.3, 0.5), using: .evenOdd))
        #expect(card.contains(CGPoint(x: 130, y: 130), using: .evenOdd))
    }

    @Test("degenerate widths, limits and transforms")
    func degenerateInput() {
        var line = Path()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 10, y: 0))
        for w in [0, -1, .nan, .infinity, -.infinity] as [CGFloat] {
            #expect(line.copy(strokingWithWidth: w, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        }
        #expect(Path().copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        let bad = Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(line.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10, transform: bad).isEmpty)
        var lone = Path()
        lone.move(to: CGPoint(x: 5, y: 5))
        #expect(lone.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)

        // A 90° corner has miter ratio √2: NaN and ∞ limits read as the default 10 (miter).
        var corner = Path()
        corner.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 20)])
        let mitered = area(corner.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10), width: 4)
        let beveled = area(corner.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 1.4), width: 4)
        #expect(abs(mitered - beveled - 2) < 1e-9)  // the miter adds the 2×2 corner's outer half
        #expect(abs(area(corner.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: .nan), width: 4) - mitered) < 1e-9)
        #expect(abs(area(corner.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: .infinity), width: 4) - mitered) < 1e-9)
        #expect(abs(area(corner.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 1.415), width: 4) - mitered) < 1e-9)
    }

    @Test("zero-length subpaths leave dots facing +x")
    func dots() {
        var dot = Path()
        dot.move(to: CGPoint(x: 50, y: 50))
        dot.addLine(to: CGPoint(x: 50, y: 50))
        let round = dot.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(abs(area(round, width: 10) - .pi * 25) / (.pi * 25) < 1e-4)
        let square = dot.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(square.boundingBox == CGRect(x: 45, y: 45, width: 10, height: 10))
        #expect(dot.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
        var closedDot = Path()
        closedDot.move(to: CGPoint(x: 5, y: 5))
        closedDot.closeSubpath()
        #expect(closedDot.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10).boundingBox
                == CGRect(x: 3, y: 3, width: 4, height: 4))
    }

    @Test("closed subpaths are joined at the start, open ones capped")
    func closedVersusOpen() {
        var open = Path()
        open.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 40, y: 40), CGPoint(x: 0, y: 40), CGPoint(x: 0, y: 0)])
        var closed = open
        closed.closeSubpath()
        let w: CGFloat = 4
        let closedArea = area(closed.copy(strokingWithWidth: w, lineCap: .butt, lineJoin: .miter, miterLimit: 10), width: w)
        let openArea = area(open.copy(strokingWithWidth: w, lineCap: .butt, lineJoin: .miter, miterLimit: 10), width: w)
        #expect(abs(closedArea - (44 * 44 - 36 * 36)) < 1e-9)
        #expect(abs(openArea - (closedArea - 4)) < 1e-9)  // the start corner's outer 2×2 square is missing
        #expect(closed.copy(strokingWithWidth: w, lineCap: .butt, lineJoin: .miter, miterLimit: 10).subpathCount == 2)
    }

    @Test("the transform is applied to the outline")
    func transformAfterStroking() {
        var curve = Path()
        curve.move(to: CGPoint(x: 10, y: 50))
        curve.addCurve(to: CGPoint(x: 90, y: 50), control1: CGPoint(x: 40, y: 0), control2: CGPoint(x: 60, y: 100))
        let t = Transform(scaleX: 2, y: 3).concatenating(Transform(translationX: 5, y: -7))
        let a = curve.copy(strokingWithWidth: 6, lineCap: .round, lineJoin: .round, miterLimit: 10, transform: t)
        let b = curve.copy(strokingWithWidth: 6, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(abs(area(a, width: 6) - 6 * area(b, width: 6)) / area(a, width: 6) < 1e-3)
        #expect(abs(a.boundingBox.minX - (b.boundingBox.minX * 2 + 5)) < 1e-6)
    }

    @Test("huge coordinates and wild curves stay bounded")
    func hostileInput() {
        var far = Path()
        far.move(to: CGPoint(x: 1e12, y: 1e12))
        far.addLine(to: CGPoint(x: 1e12 + 1000, y: 1e12))
        let outline = far.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(abs(outline.boundingBox.width - 1010) < 1e-2)
        var wild = Path()
        wild.move(to: CGPoint(x: 0, y: 0))
        wild.addCurve(to: CGPoint(x: 1, y: 0), control1: CGPoint(x: 1e9, y: -1e9), control2: CGPoint(x: -1e9, y: -1e9))
        let w = wild.copy(strokingWithWidth: 0.001, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(!w.isEmpty && w.elements.count < 100_000)
    }
}
