import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct BooleanTests {
    let square = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
    let shifted = Path(rect: CGRect(x: 50, y: 50, width: 100, height: 100))

    @Test func rectangleOperationsAreExact() {
        #expect(netArea(square.union(shifted)) == 17_500)
        #expect(netArea(square.intersection(shifted)) == 2_500)
        #expect(netArea(square.subtracting(shifted)) == 7_500)
        #expect(netArea(square.symmetricDifference(shifted)) == 15_000)
    }

    @Test func emptyOperands() {
        let empty = Path()
        #expect(empty.union(empty).isEmpty)
        #expect(square.intersection(empty).isEmpty)
        #expect(empty.subtracting(square).isEmpty)
        #expect(netArea(square.union(empty)) == 10_000)
        #expect(netArea(empty.union(square)) == 10_000)
        #expect(netArea(square.subtracting(empty)) == 10_000)
        #expect(square.subtracting(square).isEmpty)
        #expect(square.symmetricDifference(square).isEmpty)
    }

    @Test func outersRunClockwiseAndHolesCounterClockwise() {
        var frame = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        frame.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let result = frame.normalized(using: .evenOdd)
        let areas = signedAreas(result).sorted()
        #expect(areas == [-2_500, 10_000])
        // The inner square, drawn the same way, is a hole only under even-odd.
        #expect(netArea(frame.normalized(using: .winding)) == 10_000)
    }

    @Test func selfIntersectingStarUnderBothRules() {
        var star = Path()
        let pts = (0..<5).map { i -> CGPoint in
            let a = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 100 + 90 * cos(a), y: 100 + 90 * sin(a))
        }
        star.addLines(between: pts)
        star.closeSubpath()
        let nonZero = star.normalized(using: .winding), evenOdd = star.normalized(using: .evenOdd)
        let centre = CGPoint(x: 100, y: 100)
        #expect(nonZero.contains(centre))
        #expect(!evenOdd.contains(centre))
        #expect(evenOdd.contains(centre, using: .winding) == false)
        #expect(!hasProperCrossing(nonZero))
        #expect(!hasProperCrossing(evenOdd))
        // The pentagram minus its inner pentagon: the pentagon's area is the difference.
        let r = 90 * cos(2 * Double.pi / 5) / cos(Double.pi / 5)  // inner pentagon circumradius
        let pentagon = 5.0 / 2 * r * r * sin(2 * Double.pi / 5)
        #expect(abs(netArea(nonZero) - netArea(evenOdd) - pentagon) < 1e-6 * pentagon)
    }

    @Test func resultFillsTheSameUnderBothRules() {
        var overlapping = Path(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80))
        overlapping.addEllipse(in: CGRect(x: 40, y: 10, width: 80, height: 60))
        overlapping.addRect(CGRect(x: 30, y: 30, width: 20, height: 20))
        let n = overlapping.normalized()
        #expect(!hasProperCrossing(n))
        for x in stride(from: 1.5, to: 120, by: 7) {
            for y in stride(from: 1.5, to: 80, by: 7) {
                let p = CGPoint(x: x, y: y)
                #expect(n.contains(p, using: .winding) == n.contains(p, using: .evenOdd))
            }
        }
    }

    @Test func sharedVerticesAndCollinearEdges() {
        let a = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = Path(rect: CGRect(x: 10, y: 10, width: 10, height: 10))
        let u = a.union(b)
        #expect(netArea(u) == 200)
        #expect(!hasProperCrossing(u))
        let c = Path(rect: CGRect(x: 10, y: 0, width: 10, height: 10))
        let strip = a.union(c)
        #expect(netArea(strip) == 200)
        #expect(strip.elements.count == 5)  // one rectangle: the shared edge and its vertices vanish
    }

    @Test func hugeAndTinyCoordinatesKeepRelativeAccuracy() {
        for scale in [1e-6, 1.0, 1e9] {
            let t = Transform(scaleX: scale, y: scale).concatenating(Transform(translationX: 3 * scale, y: -7 * scale))
            let u = square.applying(t).union(shifted.applying(t))
            #expect(abs(netArea(u) / (scale * scale) - 17_500) < 1e-6 * 17_500, "scale \(scale)")
        }
    }

    @Test func lineOperationsSplitAtTheOutline() {
        var line = Path()
        line.move(to: CGPoint(x: -50, y: 50))
        line.addLine(to: CGPoint(x: 150, y: 50))
        #expect(abs(lineLength(line.lineIntersection(square)) - 100) < 1e-9)
        #expect(abs(lineLength(line.lineSubtracting(square)) - 100) < 1e-9)
        #expect(line.lineSubtracting(square).subpathCount == 2)
        // Along the outline counts as inside.
        var edge = Path()
        edge.move(to: CGPoint(x: -10, y: 0))
        edge.addLine(to: CGPoint(x: 60, y: 0))
        #expect(abs(lineLength(edge.lineIntersection(square)) - 60) < 1e-9)
        // A closed subpath wholly inside stays closed.
        let inner = Path(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
        let kept = inner.lineIntersection(square)
        #expect(kept.elements.last == .closeSubpath)
        #expect(abs(lineLength(kept) - 80) < 1e-9)
        #expect(inner.lineSubtracting(square).isEmpty)
    }

    @Test func lineAcrossAClosedSubpathKeepsTheWrapAroundInOnePiece() {
        // A square outline clipped by a rect covering its top edge and the corners there.
        let outline = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        let top = Path(rect: CGRect(x: -10, y: -10, width: 120, height: 40))
        let kept = outline.lineIntersection(top)
        #expect(kept.subpathCount == 1)
        #expect(abs(lineLength(kept) - 160) < 1e-9)
    }

    /// SPEC §3 erased curve: the stroke outline folds over itself; even-odd filling of card +
    /// outline leaves an island there, `subtracting` does not.
    @Test func seedThickCurveIslandOnlyUnderEvenOdd() throws {
        let seed = try #require(BooleanFixture.file?.seed)
        let card = try svgTestPath(seed.card), outline = try svgTestPath(seed.outline)
        var combined = card
        combined.addPath(outline)
        let cut = card.subtracting(outline, using: .winding)
        #expect(!seed.island.isEmpty)
        for q in seed.island {
            let p = CGPoint(x: q[0], y: q[1])
            #expect(combined.contains(p, using: .evenOdd), "\(p): even-odd leaves an island")
            #expect(!cut.contains(p), "\(p): subtracting removes it")
        }
    }

    @Test func manyCrossingsFinish() {
        var spiky = Path()
        let n = 101
        spiky.addLines(between: (0..<n).map { i in
            let a = CGFloat(i) * 50 * 2 * .pi / CGFloat(n)
            return CGPoint(x: 200 + 190 * cos(a), y: 200 + 190 * sin(a))
        })
        spiky.closeSubpath()
        let n1 = spiky.normalized(using: .evenOdd)
        #expect(!n1.isEmpty)
        #expect(n1.contains(CGPoint(x: 200, y: 200), using: .winding) == spiky.contains(CGPoint(x: 200, y: 200), using: .evenOdd))
    }
}
