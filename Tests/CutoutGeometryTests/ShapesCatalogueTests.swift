import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct ShapesCatalogueTests {
    let square = CGRect(x: 10, y: 20, width: 200, height: 200)

    func close(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool {
        abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
    }

    func rectClose(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
        close(a.origin, b.origin, tol) && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
    }

    func vertices(_ p: Path) -> [CGPoint] {
        p.elements.compactMap { e -> CGPoint? in
            switch e {
            case .moveTo(let q), .lineTo(let q): return q
            default: return nil
            }
        }
    }

    // MARK: Regular polygon

    @Test func hexagonVerticesLieOnTheCircleStartingAtTheTop() throws {
        let p = Shapes.regularPolygon(in: square, sides: 6)
        let v = vertices(p)
        try #require(v.count == 6)
        // Centre (110, 120), radius 100; vertex k at angle −90° + 60°·k.
        #expect(close(v[0], CGPoint(x: 110, y: 20)))
        let halfWidth = 100 * CGFloat(3).squareRoot() / 2
        #expect(close(v[1], CGPoint(x: 110 + halfWidth, y: 70)))
        #expect(close(v[3], CGPoint(x: 110, y: 220)))
        #expect(close(v[4], CGPoint(x: 110 - halfWidth, y: 170)))
        #expect(p.elements.last == .closeSubpath)
    }

    @Test func rotatedSquareIsADiamondOfTheRect() {
        // A square rotated by 0 has a vertex at the top: a diamond touching the rect's edge midpoints.
        let p = Shapes.regularPolygon(in: square, sides: 4)
        #expect(rectClose(p.boundingBox, square))
        #expect(p.contains(CGPoint(x: 110, y: 120)))
        #expect(!p.contains(CGPoint(x: 15, y: 25)))
        // Rotated by 45° it is axis-aligned: its corners sit on the circle at 45°.
        let q = Shapes.regularPolygon(in: square, sides: 4, rotation: .pi / 4)
        let h = 100 / 2.0.squareRoot()
        #expect(close(vertices(q)[0], CGPoint(x: 110 + h, y: 120 - h)))
    }

    @Test func roundedPolygonStaysInsideTheSharpOneAndTouchesEveryEdgeMidpoint() {
        let sharp = Shapes.regularPolygon(in: square, sides: 5)
        let round = Shapes.regularPolygon(in: square, sides: 5, cornerRadius: 20)
        let v = vertices(sharp)
        // The sharp tip is outside the rounded outline, the edge midpoint is on it.
        #expect(!round.contains(CGPoint(x: v[0].x, y: v[0].y + 1)))
        #expect(sharp.contains(CGPoint(x: v[0].x, y: v[0].y + 1)))
        let start: CGPoint? = if case .moveTo(let s) = round.elements.first { s } else { nil }
        #expect(start.map { close($0, CGPoint(x: (v[4].x + v[0].x) / 2, y: (v[4].y + v[0].y) / 2)) } == true)
        // Rounding the top tip lowers the top of the shape by r/sin(54°) − r.
        let drop = 20 / sin(54 * CGFloat.pi / 180) - 20
        #expect(abs(round.boundingBox.minY - (square.minY + drop)) < 1e-6)
    }

    @Test func hugeCornerRadiusIsClampedToHalfEdges() {
        let p = Shapes.regularPolygon(in: square, sides: 3, cornerRadius: 1e6)
        // Clamped arcs meet at the edge midpoints: a circle-like shape inscribed in the triangle,
        // whose incircle radius is 50 for a circumradius of 100.
        let box = p.boundingBox
        #expect(abs(box.width - 100) < 1e-6 && abs(box.height - 100) < 1e-6)
    }

    @Test func polygonRejectsBadInput() {
        #expect(Shapes.regularPolygon(in: square, sides: 2).isEmpty)
        #expect(Shapes.regularPolygon(in: .null, sides: 5).isEmpty)
        #expect(Shapes.regularPolygon(in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 5), sides: 5).isEmpty)
        #expect(Shapes.regularPolygon(in: CGRect(x: 0, y: 0, width: 0, height: 5), sides: 5).isEmpty)
        #expect(vertices(Shapes.regularPolygon(in: square, sides: .max)).count == Shapes.maxVertexCount)
        #expect(vertices(Shapes.regularPolygon(in: square, sides: 5, cornerRadius: .nan)).count == 5)
    }

    // MARK: Star

    @Test func fivePointStarAlternatesOuterAndInnerVertices() throws {
        let p = Shapes.star(in: square, points: 5, innerRadiusRatio: 0.4)
        let v = vertices(p)
        try #require(v.count == 10)
        #expect(close(v[0], CGPoint(x: 110, y: 20)))
        // Inner vertex 1 at −90° + 36°, radius 40.
        let a = (-90.0 + 36) * CGFloat.pi / 180
        #expect(close(v[1], CGPoint(x: 110 + 40 * cos(a), y: 120 + 40 * sin(a))))
        #expect(p.contains(CGPoint(x: 110, y: 120)))
        #expect(!p.contains(CGPoint(x: 110, y: 215)))   // between the two lower tips
        #expect(p.contains(CGPoint(x: 110, y: 155)))    // inside the inner pentagon (radius 40)
    }

    @Test func starRatioIsClamped() {
        let full = vertices(Shapes.star(in: square, points: 4, innerRadiusRatio: 7))
        let oct = vertices(Shapes.regularPolygon(in: square, sides: 8))
        #expect(zip(full, oct).allSatisfy { close($0, $1) })
        #expect(Shapes.star(in: square, points: 1).isEmpty)
        #expect(vertices(Shapes.star(in: square, points: 3, innerRadiusRatio: .nan)).count == 6)
    }

    // MARK: Ticket

    @Test func ticketTearLineNotchesAreHalfCirclesInsideTheRect() {
        let r = CGRect(x: 0, y: 0, width: 300, height: 120)
        let p = Shapes.ticket(in: r, cornerRadius: 12, notchRadius: 15, notches: TicketNotch.tearLine(at: 0.5))
        #expect(rectClose(p.boundingBox, r))
        // The notch centres are on the edges at y = 60: their discs are outside the ticket.
        #expect(!p.contains(CGPoint(x: 5, y: 60)))
        #expect(!p.contains(CGPoint(x: 14, y: 60)))
        #expect(p.contains(CGPoint(x: 16, y: 60)))
        #expect(!p.contains(CGPoint(x: 295, y: 60)))
        #expect(p.contains(CGPoint(x: 284, y: 60)))
        // Just above the notch the edge is solid again.
        #expect(p.contains(CGPoint(x: 1, y: 40)))
        // Corners are rounded: the very corner is outside.
        #expect(!p.contains(CGPoint(x: 1, y: 1)))
        #expect(p.contains(CGPoint(x: 150, y: 60)))
    }

    @Test func ticketNotchesOnEveryEdgeAndClamping() {
        let r = CGRect(x: 0, y: 0, width: 200, height: 100)
        let notches = [TicketNotch(edge: .top, position: 0.25), TicketNotch(edge: .bottom, position: 0.75),
                       TicketNotch(edge: .left, position: 0), TicketNotch(edge: .right, position: .nan)]
        let p = Shapes.ticket(in: r, cornerRadius: 10, notchRadius: 10, notches: notches)
        #expect(!p.contains(CGPoint(x: 50, y: 5)))
        #expect(!p.contains(CGPoint(x: 150, y: 95)))
        // The left notch at 0 is clamped to y = corner + notch = 20.
        #expect(!p.contains(CGPoint(x: 5, y: 20)))
        #expect(p.contains(CGPoint(x: 5, y: 50)))
        // The NaN notch is dropped: the right edge is solid.
        #expect(p.contains(CGPoint(x: 195, y: 50)))
    }

    @Test func overlappingNotchesOnOneEdgeKeepTheFirst() {
        let r = CGRect(x: 0, y: 0, width: 200, height: 100)
        let notches = [TicketNotch(edge: .top, position: 0.5), TicketNotch(edge: .top, position: 0.52)]
        let p = Shapes.ticket(in: r, cornerRadius: 0, notchRadius: 10, notches: notches)
        let arcs = p.elements.filter { if case .curveTo = $0 { true } else { false } }.count
        #expect(arcs == 3)  // one half circle = three cubics of at most 60°
        #expect(Shapes.ticket(in: .null, cornerRadius: 0, notchRadius: 1, notches: []).isEmpty)
    }

    // MARK: Continuous corners

    @Test func continuousCornerStartsFartherAndPassesThroughTheCircularMidpoint() throws {
        let r = CGRect(x: 0, y: 0, width: 200, height: 100)
        let p = Shapes.continuousRoundedRect(in: r, cornerRadius: 20)
        let e = 20 * Shapes.continuousCornerExtent
        guard case .moveTo(let start) = p.elements[0] else { Issue.record("no move"); return }
        #expect(close(start, CGPoint(x: e, y: 0)))
        guard case .curveTo(let end, let c1, let c2) = p.elements[2] else { Issue.record("no curve"); return }
        #expect(close(end, CGPoint(x: 200, y: e)))
        // Control points lie on the edges, so the tangents match the straight sides.
        #expect(c1.y == 0 && c2.x == 200)
        // Midpoint of the cubic = the circular corner's midpoint (r(1 − 1/√2) from both edges).
        let p0 = CGPoint(x: 200 - e, y: 0)
        let mid = CGPoint(x: (p0.x + 3 * c1.x + 3 * c2.x + end.x) / 8, y: (p0.y + 3 * c1.y + 3 * c2.y + end.y) / 8)
        let inset = 20 * (1 - 1 / CGFloat(2).squareRoot())
        #expect(close(mid, CGPoint(x: 200 - inset, y: inset), 1e-9))
        #expect(rectClose(p.boundingBox, r))
    }

    @Test func continuousCornerClampsAndDegenerates() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 40)
        let p = Shapes.continuousRoundedRect(in: r, cornerRadius: 500)
        // Extent clamped to 20: the top edge's straight part runs from 20 to 80.
        #expect(p.elements[1] == .lineTo(CGPoint(x: 80, y: 0)))
        #expect(rectClose(p.boundingBox, r))
        #expect(Shapes.continuousRoundedRect(in: r, cornerRadius: -3) == Path(rect: r))
        #expect(Shapes.continuousRoundedRect(in: .infinite, cornerRadius: 3).isEmpty)
    }
}
