import Foundation
import Testing
@testable import CutoutGeometry

/// Our boolean operations against skia-pathops, on the cases in
/// Fixtures/boolean/pathops-cases.json (scripts/golden_boolean.py).
@Suite struct BooleanDifferentialTests {
    @Test func fixtureIsPresent() {
        #expect(BooleanFixture.cases.count >= 40)
        #expect(BooleanFixture.file?.seed.island.isEmpty == false)
    }

    @Test(arguments: BooleanFixture.cases)
    func agreesWithPathops(_ c: BooleanFixture.Case) throws {
        let a = try svgTestPath(c.a), b = try svgTestPath(c.b)
        let rule = try #require(FillRule(rawValue: c.rule))
        let result: Path
        switch c.op {
        case "union": result = a.union(b, using: rule)
        case "intersection": result = a.intersection(b, using: rule)
        case "subtracting": result = a.subtracting(b, using: rule)
        case "symmetricDifference": result = a.symmetricDifference(b, using: rule)
        default: Issue.record("unknown op \(c.op)"); return
        }
        // Exact: representable vertices. Polygon: Skia rounds crossings to float32 (~1e-7).
        // Curve: both engines flatten (ours to 0.01 pt), 0.1 % is the stated budget.
        let tolerances: [String: Double] = ["exact": 1e-9, "polygon": 1e-6, "curve": 1e-3]
        let relative = tolerances[c.kind] ?? 0
        let area = netArea(result)
        #expect(abs(area - c.area) <= relative * max(c.area, 1), "area \(area) vs pathops \(c.area)")
        if let bb = c.bounds {
            let box = result.boundingBox
            let slack = c.kind == "curve" ? 0.05 : 1e-4
            #expect(abs(Double(box.minX) - bb[0]) <= slack && abs(Double(box.minY) - bb[1]) <= slack
                    && abs(Double(box.maxX) - bb[2]) <= slack && abs(Double(box.maxY) - bb[3]) <= slack,
                    "bounds \(box) vs pathops \(bb)")
        } else {
            #expect(result.isEmpty)
        }
        for s in c.samples {
            guard s.count == 3, case .number(let x) = s[0], case .number(let y) = s[1], case .flag(let inside) = s[2]
            else { Issue.record("bad sample"); continue }
            let p = CGPoint(x: x, y: y)
            #expect(result.contains(p, using: .winding) == inside, "\(p) non-zero")
            #expect(result.contains(p, using: .evenOdd) == inside, "\(p) even-odd")
        }
    }
}
