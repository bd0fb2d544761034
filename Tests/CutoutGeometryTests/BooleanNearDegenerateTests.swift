import CutoutTestSupport
import Foundation
import Testing
@testable import CutoutGeometry

/// Near-degenerate input: fans and pinwheels whose edges all pass through almost one point,
/// almost-collinear overlapping edges, slivers, coordinates one ulp apart, clustered random
/// polygons. Every result is checked for crossing edges by the exact brute-force test
/// (``ExactCrossingCheck``), and its area against the exact area that scripts/golden_boolean.py
/// computes with rational arithmetic (Fixtures/boolean/pathops-degenerate.json). Skia's
/// PathOps, the oracle of the ordinary cases, is recorded there too but is no reference here:
/// it fails on the pinwheels and misses features below float32 resolution (it merges two fans
/// rotated 10⁻⁶ rad apart, so their difference comes out 0 instead of 0.0787).
@Suite struct BooleanNearDegenerateTests {
    struct File: Decodable, Sendable {
        var cases: [BooleanFixture.Case]
    }

    static let cases: [BooleanFixture.Case] = {
        guard let url = Bundle.module.url(forResource: "pathops-degenerate", withExtension: "json",
                                          subdirectory: "Fixtures/boolean"),
              let data = try? Data(contentsOf: url),
              let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.cases
    }()

    static func run(_ op: String, _ a: Path, _ b: Path, _ rule: FillRule) throws -> Path {
        let operation: Path.BooleanOperation
        switch op {
        case "union": operation = .union
        case "intersection": operation = .intersection
        case "subtracting": operation = .subtracting
        default: operation = .symmetricDifference
        }
        return try a.combined(with: b, operation: operation, using: rule)
    }

    /// Total length of a line-only path's edges.
    static func perimeter(_ p: Path) -> Double {
        ExactCrossingCheck.edges(p).edges.reduce(0) { $0 + hypot(Double($1.1.x - $1.0.x), Double($1.1.y - $1.0.y)) }
    }

    /// How far our area may be from the exact one: every edge of our result lies within 1.5
    /// grid cells of the exact outline (snapped endpoints move up to √½ cell, rerouting through
    /// hot pixel centres as much again), so the two regions differ inside a tube 3 cells wide
    /// around the operands' outlines, of area at most 3 cells · their length.
    static func areaBound(_ a: Path, _ b: Path) -> Double {
        let box = a.boundingBoxOfPath.union(b.boundingBoxOfPath)
        let cell = 1 / (SnapGrid(bounds: box)?.scale ?? .infinity)
        return (perimeter(a) + perimeter(b)) * 3 * cell
    }

    /// The oracle itself: a bow tie crosses, edges doubling back along a line overlap, and
    /// two squares sharing only a corner are fine.
    @Test func exactCrossingCheckFindsCrossingsAndOverlaps() {
        let bowTie = Path(elements: [.moveTo(CGPoint(x: 0, y: 0)), .lineTo(CGPoint(x: 10, y: 10)), .lineTo(CGPoint(x: 10, y: 0)),
                                     .lineTo(CGPoint(x: 0, y: 10)), .closeSubpath])
        #expect(ExactCrossingCheck.crossings(bowTie).map { $0.hasPrefix("crossing") } == [true])
        let spike = Path(elements: [.moveTo(CGPoint(x: 0, y: 0)), .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 4, y: 0)),
                                    .lineTo(CGPoint(x: 4, y: 5)), .closeSubpath])
        #expect(ExactCrossingCheck.crossings(spike).contains { $0.hasPrefix("overlap") })
        var corners = Path(rect: CGRect(x: 0, y: 0, width: 5, height: 5))
        corners.addRect(CGRect(x: 5, y: 5, width: 5, height: 5))
        #expect(ExactCrossingCheck.crossings(corners) == [])
    }

    @Test func fixtureIsPresent() {
        #expect(Self.cases.count >= 40)
    }

    @Test(arguments: cases)
    func agreesWithExactAreaAndHasNoCrossing(_ c: BooleanFixture.Case) throws {
        let a = try svgTestPath(c.a), b = try svgTestPath(c.b)
        let rule = try #require(FillRule(rawValue: c.rule))
        let result = try Self.run(c.op, a, b, rule)
        #expect(ExactCrossingCheck.crossings(result) == [])
        let bound = Self.areaBound(a, b)
        #expect(abs(netArea(result) - c.area) <= bound, "area \(netArea(result)) vs exact \(c.area), bound \(bound)")
        for s in c.samples {
            guard s.count == 3, case .number(let x) = s[0], case .number(let y) = s[1], case .flag(let inside) = s[2]
            else { Issue.record("bad sample"); continue }
            let p = CGPoint(x: x, y: y)
            #expect(result.contains(p, using: .winding) == inside, "\(p) non-zero")
            #expect(result.contains(p, using: .evenOdd) == inside, "\(p) even-odd")
        }
    }

    /// A pinwheel: n near-diameters of a circle, each passing within r·eps of the centre, so
    /// every pair crosses inside a few grid cells. Skia's PathOps gives up on these.
    static func pinwheel(_ n: Int, radius r: Double, eps: Double, phase: Double) -> Path {
        var p = Path()
        p.addLines(between: (0..<n).map { i in
            let t = phase + Double(i) * (.pi + eps)
            return CGPoint(x: r * cos(t), y: r * sin(t))
        })
        p.closeSubpath()
        return p
    }

    /// Polygons whose vertices sit within a few ulps of three points, from ``FuzzRandom``.
    static func clustered(_ rng: inout FuzzRandom, vertices: Int, ulps: Int) -> Path {
        let centres = [CGPoint(x: 0, y: 0), CGPoint(x: 1e-300, y: 50), CGPoint(x: 40, y: 20)]
        var pts: [CGPoint] = []
        for _ in 0..<vertices {
            var p = rng.pick(centres)
            for _ in 0..<rng.below(ulps + 1) { p.x = p.x.nextUp }
            for _ in 0..<rng.below(ulps + 1) { p.y = p.y.nextDown }
            if rng.below(4) == 0 { p = CGPoint(x: rng.unit() * 60 - 10, y: rng.unit() * 60 - 5) }
            pts.append(p)
        }
        var path = Path()
        path.addLines(between: pts)
        path.closeSubpath()
        return path
    }

    /// Areas of the four operations agree with one another within the grid's bound (the
    /// inclusion–exclusion identities), every result is free of crossings, and the result's
    /// membership matches the operands' away from their outlines.
    static func checkConsistency(_ a: Path, _ b: Path, _ rule: FillRule, probes: [CGPoint],
                                 _ context: String) throws {
        let u = try a.combined(with: b, operation: .union, using: rule)
        let i = try a.combined(with: b, operation: .intersection, using: rule)
        let s = try a.combined(with: b, operation: .subtracting, using: rule)
        let x = try a.combined(with: b, operation: .symmetricDifference, using: rule)
        let na = try a.combined(with: Path(), operation: .union, using: rule)
        let nb = try b.combined(with: Path(), operation: .union, using: rule)
        for (name, r) in [("union", u), ("intersection", i), ("subtracting", s), ("xor", x), ("a", na), ("b", nb)] {
            #expect(ExactCrossingCheck.crossings(r) == [], "\(name) \(context)")
        }
        let bound = 4 * areaBound(a, b)
        #expect(abs(netArea(u) + netArea(i) - netArea(na) - netArea(nb)) <= bound, "\(context)")
        #expect(abs(netArea(s) + netArea(i) - netArea(na)) <= bound, "\(context)")
        #expect(abs(netArea(x) + netArea(i) - netArea(u)) <= bound, "\(context)")
        let ops: [(String, Path, (Bool, Bool) -> Bool)] = [
            ("union", u, { $0 || $1 }), ("intersection", i, { $0 && $1 }),
            ("subtracting", s, { $0 && !$1 }), ("xor", x, { $0 != $1 }),
        ]
        for p in probes where BooleanPropertyTests.distance(p, toOutlineOf: a) > 1e-3
            && BooleanPropertyTests.distance(p, toOutlineOf: b) > 1e-3 {
            for (name, r, want) in ops {
                let expected = want(a.contains(p, using: rule), b.contains(p, using: rule))
                #expect(r.contains(p, using: .winding) == expected, "\(name) \(p) \(context)")
                #expect(r.contains(p, using: .evenOdd) == expected, "\(name) \(p) even-odd \(context)")
            }
        }
    }

    @Test(arguments: [1e-7, 1e-9, 1e-12])
    func pinwheelsCrossingInOneSpot(eps: Double) throws {
        let a = Self.pinwheel(61, radius: 100, eps: eps, phase: 0.1)
        let b = Self.pinwheel(47, radius: 90, eps: 3 * eps, phase: 0.7)
        var rng = FuzzRandom(state: 7)
        let probes = (0..<40).map { _ in CGPoint(x: rng.unit() * 200 - 100, y: rng.unit() * 200 - 100) }
        for rule in FillRule.allCases {
            try Self.checkConsistency(a, b, rule, probes: probes, "eps \(eps) \(rule)")
        }
    }

    /// Where the pinwheels' crossings meet, snap rounding leaves thousands of short pieces in
    /// one bucket of the final check's grid. Testing every pair of them took 10.2 million
    /// crossing tests for this union; the bucket's sweep by x leaves 2.1 million (the budget
    /// is about twice that).
    @Test func crowdedPiecesAreSweptNotAllPaired() throws {
        let a = Self.pinwheel(61, radius: 100, eps: 1e-9, phase: 0.1)
        let b = Self.pinwheel(47, radius: 90, eps: 3e-9, phase: 0.7)
        let work = try WorkMeter.measure { _ = try a.combined(with: b, operation: .union, using: .winding) }
        #expect(work[.crossingTests] <= 4_000_000, "\(work[.crossingTests]) crossing tests")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func clusteredFuzzPolygons(seed: UInt64) throws {
        var rng = FuzzRandom(state: seed)
        let a = Self.clustered(&rng, vertices: 30, ulps: 3)
        var b = Self.clustered(&rng, vertices: 20, ulps: 3)
        b.addPath(Self.clustered(&rng, vertices: 8, ulps: 1))
        let probes = (0..<40).map { _ in CGPoint(x: rng.unit() * 70 - 15, y: rng.unit() * 70 - 10) }
        for rule in FillRule.allCases {
            try Self.checkConsistency(a, b, rule, probes: probes, "seed \(seed) \(rule)")
        }
    }

    /// Three slivers meeting at the origin, their six edges there within 2^-55 rad of one
    /// another (grid coordinates near 2^28), chained directly: floating-point angles see one
    /// direction and chained across slivers; exact ordering keeps three triangles. (Snap
    /// rounding would collapse such slivers before they reached the chainer; here the chainer
    /// is tested on its own.)
    @Test func edgesAroundAVertexAreOrderedExactly() {
        let v = GridPoint(x: 0, y: 0)
        let far = (0..<6).map { GridPoint(x: -(1 << 28) + Int64($0), y: 1) }
        var triangles: [(GridPoint, GridPoint)] = []
        for k in 0..<3 {
            // Inside on the positive side of every edge (the chainer's convention).
            let (p, q) = GridPoint.orient(v, far[2 * k], far[2 * k + 1]) > 0
                ? (far[2 * k], far[2 * k + 1]) : (far[2 * k + 1], far[2 * k])
            triangles.append((p, q))
        }
        // The walk starts away from v, and v's first listed edge belongs to another sliver.
        var edges = [(triangles[2].0, triangles[2].1)]
        edges += triangles.map { (v, $0.0) }
        edges += triangles[..<2].map { ($0.0, $0.1) }
        edges += triangles.map { ($0.1, v) }
        let contours = ContourChainer.contours(edges)
        #expect(contours.count == 3)
        #expect(contours.allSatisfy { $0.count == 3 })
    }

    @Test func directionsCompareExactlyNearAHalfTurn() {
        typealias D = ContourChainer.Direction
        let big: Int64 = 1 << 28
        let back = D(from: GridPoint(x: 0, y: 0), to: GridPoint(x: -big, y: 1))
        let p = D(from: GridPoint(x: 0, y: 0), to: GridPoint(x: -big + 1, y: 1))
        let q = D(from: GridPoint(x: 0, y: 0), to: GridPoint(x: -big + 2, y: 1))
        let opposite = D(from: GridPoint(x: 0, y: 0), to: GridPoint(x: big, y: -1))
        let r = D(from: GridPoint(x: 0, y: 0), to: GridPoint(x: -big - 1, y: 1))
        // p and q lie clockwise of `back` by about 2^-56 and 2^-55 rad, r counter-clockwise by
        // 2^-56: atan2 sees one angle for all four; turning clockwise from back the order is
        // p, q, the opposite direction, r, and back itself last.
        #expect(back.turnsBefore(p, q))
        #expect(!back.turnsBefore(q, p))
        #expect(back.turnsBefore(q, opposite))
        #expect(back.turnsBefore(opposite, r))
        #expect(back.turnsBefore(r, back))
        #expect(!back.turnsBefore(back, p))
    }
}

/// The final check itself: an arrangement with a crossing is reported, never cut silently.
@Suite struct BooleanFinalCheckTests {
    @Test func crossingPiecesThrow() {
        let s1 = GridSegment(a: GridPoint(x: 0, y: 0), b: GridPoint(x: 10, y: 10), w0: 1, w1: 0, source: -1)
        let s2 = GridSegment(a: GridPoint(x: 0, y: 10), b: GridPoint(x: 10, y: 0), w0: 1, w1: 0, source: -1)
        #expect(throws: UnresolvedCrossing.self) { try SegmentArrangement.finalCheck([s1, s2]) }
        // Snap rounding first routes both through the crossing's pixel, so the check passes.
        let split = try? SegmentArrangement.split([s1, s2])
        #expect(split?.count == 4)
    }

    @Test func tJunctionsAreCutExactly() throws {
        let s1 = GridSegment(a: GridPoint(x: 0, y: 0), b: GridPoint(x: 10, y: 0), w0: 1, w1: 0, source: -1)
        let s2 = GridSegment(a: GridPoint(x: 4, y: 0), b: GridPoint(x: 4, y: 7), w0: 1, w1: 0, source: -1)
        let out = try SegmentArrangement.finalCheck([s1, s2])
        #expect(out.count == 3)
        #expect(out.contains { $0.a == GridPoint(x: 0, y: 0) && $0.b == GridPoint(x: 4, y: 0) })
    }

    @Test func crossingPixelRoundsHalfUpExactly() {
        // 3/2 = 1.5 rounds up to 2, −1.5 up to −1; ties are exact at 2^28 too.
        #expect(HotPixels.roundedQuotient(1, 3, 2) == 2)
        #expect(HotPixels.roundedQuotient(-1, 3, 2) == -1)
        let big: Int64 = 1 << 28
        #expect(HotPixels.roundedQuotient(1, 2 * big + 1, 2) == big + 1)
        #expect(HotPixels.roundedQuotient(big, 2 * big - 1, 2 * big) == big)
        #expect(HotPixels.roundedQuotient(big - 1, 2 * big, 2 * big - 1) == big - 1)
        // A segment passes the half-open pixel [−½, ½)² of the origin at its closed corner only.
        let o = GridPoint(x: 0, y: 0)
        #expect(HotPixels.passes(GridPoint(x: -1, y: 0), GridPoint(x: 0, y: -1), through: o))
        #expect(!HotPixels.passes(GridPoint(x: 1, y: 0), GridPoint(x: 0, y: 1), through: o))
        #expect(!HotPixels.passes(GridPoint(x: -3, y: 1), GridPoint(x: 3, y: 1), through: o))
    }
}
