import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct SVGPathDataTests {
    static func corpus() throws -> [String] {
        let url = try #require(Bundle.module.url(forResource: "icon-paths", withExtension: "txt", subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test func gluedNumbersAndExponents() throws {
        let p = try Path(svgPathData: "M0.5.5L-1e-3,2l.5-.5")
        #expect(p.elements == [.moveTo(CGPoint(x: 0.5, y: 0.5)), .lineTo(CGPoint(x: -0.001, y: 2)),
                               .lineTo(CGPoint(x: -0.001 + 0.5, y: 1.5))])
    }

    @Test func implicitRepeatsAfterMovetoAreLinetos() throws {
        let abs = try Path(svgPathData: "M1 1 2 2 3 3")
        #expect(abs.elements == [.moveTo(CGPoint(x: 1, y: 1)), .lineTo(CGPoint(x: 2, y: 2)), .lineTo(CGPoint(x: 3, y: 3))])
        let rel = try Path(svgPathData: "m1 1 2 2 3 3")
        #expect(rel.elements == [.moveTo(CGPoint(x: 1, y: 1)), .lineTo(CGPoint(x: 3, y: 3)), .lineTo(CGPoint(x: 6, y: 6))])
    }

    @Test func horizontalVerticalAndClose() throws {
        let p = try Path(svgPathData: "M10 10h5v5H10V12zl1 1")
        #expect(p.elements == [.moveTo(CGPoint(x: 10, y: 10)), .lineTo(CGPoint(x: 15, y: 10)),
                               .lineTo(CGPoint(x: 15, y: 15)), .lineTo(CGPoint(x: 10, y: 15)),
                               .lineTo(CGPoint(x: 10, y: 12)), .closeSubpath,
                               .moveTo(CGPoint(x: 10, y: 10)), .lineTo(CGPoint(x: 11, y: 11))])
    }

    @Test func smoothCurvesReflectThePreviousControl() throws {
        let c = try Path(svgPathData: "M0 0C1 2 3 2 4 0S7 -2 8 0")
        #expect(c.elements[2] == .curveTo(CGPoint(x: 8, y: 0), control1: CGPoint(x: 5, y: -2), control2: CGPoint(x: 7, y: -2)))
        let q = try Path(svgPathData: "M0 0Q1 1 2 0T4 0")
        #expect(q.elements[2] == .quadCurveTo(CGPoint(x: 4, y: 0), control: CGPoint(x: 3, y: -1)))
        // S after a non-curve uses the current point as the first control.
        let s = try Path(svgPathData: "M0 0L1 1S2 2 3 1")
        #expect(s.elements[2] == .curveTo(CGPoint(x: 3, y: 1), control1: CGPoint(x: 1, y: 1), control2: CGPoint(x: 2, y: 2)))
    }

    @Test func arcsWithPackedFlagsAndOutOfRangeRadii() throws {
        // Radii far too small are scaled up: a half circle of radius 5 from (0,0) to (10,0).
        let p = try Path(svgPathData: "M0 0a1 1 0 0110 0")
        let b = p.boundingBox
        #expect(abs(b.minX) < 1e-9 && abs(b.maxX - 10) < 1e-9)
        // sweep-flag 1 travels through increasing angles; from angle π (the start) that is
        // through −π/2, the top of the circle on a y-down screen, so the arc reaches y = −5.
        #expect(abs(b.minY + 5) < 1e-6 && abs(b.maxY) < 1e-9)
        #expect(p.currentPoint == CGPoint(x: 10, y: 0))
        // A zero radius is a straight line; an arc to the current point is omitted.
        #expect(try Path(svgPathData: "M0 0A0 5 0 0 1 10 0").elements.last == .lineTo(CGPoint(x: 10, y: 0)))
        #expect(try Path(svgPathData: "M3 3A5 5 0 1 1 3 3").elements == [.moveTo(CGPoint(x: 3, y: 3))])
    }

    @Test func malformedDataNamesTheOffsetAndWhatWasExpected() {
        func error(_ d: String) -> SVGPathDataError? {
            do { _ = try Path(svgPathData: d); return nil } catch { return error }
        }
        #expect(error("L1 1") == SVGPathDataError(offset: 0, expected: "a moveto command (M or m)", found: "'L'"))
        #expect(error("M1 1 L2") == SVGPathDataError(offset: 7, expected: "a number", found: "end of data"))
        #expect(error("M1 1 X") == SVGPathDataError(offset: 5, expected: "a path command", found: "'X'"))
        #expect(error("M0 0A1 1 0 2 1 3 3")?.offset == 11)
        #expect(error("M0 0A1 1 0 2 1 3 3")?.expected == "an arc flag (0 or 1)")
        #expect(error("M0 0 1e999 0")?.expected == "a finite number")
        #expect(error("M0 0z 3 3")?.offset == 6)
        #expect(error("M 1,,2")?.offset == 4)
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try Path(svgPathData: "").isEmpty)
        #expect(try Path(svgPathData: "  \n\t").isEmpty)
    }

    @Test func serializedDataParsesToTheSamePath() throws {
        for d in try Self.corpus() {
            let p = try Path(svgPathData: d)
            #expect(!p.isEmpty)
            let again = try Path(svgPathData: p.svgPathData)
            #expect(again == p, "round trip of \(d)")
        }
        var built = Path()
        built.addEllipse(in: CGRect(x: 0.1, y: 1e-7, width: 1e6, height: 3))
        built.addRoundedRect(in: CGRect(x: -5, y: -5, width: 10, height: 10), cornerWidth: 2, cornerHeight: 3)
        #expect(try Path(svgPathData: built.svgPathData) == built)
    }

    @Test func corpusShapesHaveTheirIntendedGeometry() throws {
        let corpus = try Self.corpus()
        // The first icon: a 10-radius ring around (12, 12) with an 8-radius hole (even-odd).
        let ring = try Path(svgPathData: corpus[0])
        #expect(ring.contains(CGPoint(x: 12, y: 3), using: .evenOdd))
        #expect(!ring.contains(CGPoint(x: 12, y: 12), using: .evenOdd))
        let box = ring.boundingBox
        #expect(abs(box.minX - 2) < 1e-9 && abs(box.maxX - 22) < 1e-9 && abs(box.minY - 2) < 1e-9 && abs(box.maxY - 22) < 1e-9)
        // The house: apex at (12, 3).
        let house = try Path(svgPathData: corpus[2])
        #expect(house.boundingBox == CGRect(x: 2, y: 3, width: 20, height: 17))
    }

    @Test func hostileInputEndsQuickly() {
        let long = String(repeating: "L1 1", count: 200_000)
        #expect(throws: SVGPathDataError.self) { try Path(svgPathData: long) }
        let ok = try? Path(svgPathData: "M0 0" + String(repeating: "l1 1", count: 100_000))
        #expect(ok?.elements.count == 100_001)
        #expect(throws: SVGPathDataError.self) { try Path(svgPathData: "M0 0\u{0}") }
    }
}
