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

    @Test func extremeMagnitudesDoNotTrap() {
        let huge = Path(rect: CGRect(x: -1e308, y: -1e308, width: 1.5e308, height: 1.5e308))
        let tiny = Path(rect: CGRect(x: 0, y: 0, width: 1e-300, height: 1e-300))
        let u = huge.union(tiny)
        #expect(u.subpathCount == 1)
        // Vertices move by at most half a grid cell: extent / 2^30.
        let box = u.boundingBox, cell = 1.5e308 / Double(1 << 30)
        #expect(abs(Double(box.minX) + 1e308) <= cell && abs(Double(box.maxX) - 0.5e308) <= cell)
        #expect(abs(Double(box.minY) + 1e308) <= cell && abs(Double(box.maxY) - 0.5e308) <= cell)
        // Below 1e-200 an operand counts as enclosing no area (SnapGrid's documented rule).
        #expect(tiny.normalized().isEmpty)
        let small = Path(rect: CGRect(x: 0, y: 0, width: 1e-150, height: 1e-150)).normalized()
        #expect(abs(small.boundingBox.width / 1e-150 - 1) < 1e-8)
        var dot = Path()
        dot.move(to: CGPoint(x: 5, y: 5))
        dot.addLine(to: CGPoint(x: 5, y: 5))
        #expect(dot.union(dot).isEmpty)
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
        #expect(abs(lineLength(line.lineSubtracting(Path())) - 200) < 1e-9)
        #expect(line.lineIntersection(Path()).isEmpty)
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

/// Random polygons checked against the operands' own `contains`: the result must contain a
/// point exactly when the operation of the operands' memberships says so. Vertices on a coarse
/// lattice give many shared vertices, collinear overlaps and T-junctions.
@Suite struct BooleanPropertyTests {
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / 9_007_199_254_740_992 }
    }

    static func polygon(_ rng: inout Rng, vertices: Int, lattice: Double?) -> Path {
        var p = Path()
        var pts: [CGPoint] = []
        for _ in 0..<vertices {
            var x = rng.unit() * 100, y = rng.unit() * 100
            if let l = lattice { x = (x / l).rounded() * l; y = (y / l).rounded() * l }
            pts.append(CGPoint(x: x, y: y))
        }
        p.addLines(between: pts)
        p.closeSubpath()
        return p
    }

    static func distance(_ p: CGPoint, toOutlineOf path: Path) -> Double {
        var best = Double.infinity
        for poly in path.flattened(tolerance: 1e-3) {
            let q = poly.points
            for k in q.indices {
                let a = q[k], b = q[(k + 1) % q.count]
                let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
                let len2 = dx * dx + dy * dy
                var t = len2 > 0 ? (Double(p.x - a.x) * dx + Double(p.y - a.y) * dy) / len2 : 0
                t = min(1, max(0, t))
                best = min(best, hypot(Double(p.x) - (Double(a.x) + t * dx), Double(p.y) - (Double(a.y) + t * dy)))
            }
        }
        return best
    }

    @Test(arguments: [(UInt64(1), nil as Double?), (2, 10.0), (3, 25.0), (4, nil), (5, 5.0), (6, 1.0), (7, 2.5)])
    func membershipMatchesOperands(seed: UInt64, lattice: Double?) {
        var rng = Rng(state: seed)
        let ops: [(String, (Path, Path, FillRule) -> Path, (Bool, Bool) -> Bool)] = [
            ("union", { $0.union($1, using: $2) }, { $0 || $1 }),
            ("intersection", { $0.intersection($1, using: $2) }, { $0 && $1 }),
            ("subtracting", { $0.subtracting($1, using: $2) }, { $0 && !$1 }),
            ("xor", { $0.symmetricDifference($1, using: $2) }, { $0 != $1 }),
        ]
        for round in 0..<3 {
            let a = Self.polygon(&rng, vertices: 12 + round * 14, lattice: lattice)
            var b = Self.polygon(&rng, vertices: 9 + round * 4, lattice: lattice)
            b.addPath(Self.polygon(&rng, vertices: 5, lattice: lattice))
            let probes = (0..<60).map { _ in CGPoint(x: rng.unit() * 110 - 5, y: rng.unit() * 110 - 5) }
                .filter { Self.distance($0, toOutlineOf: a) > 1e-3 && Self.distance($0, toOutlineOf: b) > 1e-3 }
            for rule in FillRule.allCases {
                for (name, run, expected) in ops {
                    let r = run(a, b, rule)
                    #expect(!hasProperCrossing(r), "\(name) \(rule) seed \(seed) round \(round)")
                    for p in probes {
                        let want = expected(a.contains(p, using: rule), b.contains(p, using: rule))
                        #expect(r.contains(p, using: .winding) == want, "\(name) \(rule) \(p) seed \(seed) round \(round)")
                        #expect(r.contains(p, using: .evenOdd) == want, "\(name) \(rule) \(p) even-odd result")
                    }
                }
            }
        }
    }
}

extension BooleanTests {
    /// The same seed scene with Cutout's own stroker: whatever the outline's self-overlap, the
    /// cut made by `subtracting` removes every point the thick curve covers.
    @Test func seedCutWithOwnStrokerRemovesTheWholeCurve() throws {
        let card = Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20)
        var curve = Path()
        curve.move(to: CGPoint(x: 25, y: 25))
        curve.addQuadCurve(to: CGPoint(x: 75, y: 75), control: CGPoint(x: 100, y: 0))
        let outline = curve.copy(strokingWithWidth: 70, lineCap: .round, lineJoin: .round, miterLimit: 10)
        let cut = card.subtracting(outline)
        let seed = try #require(BooleanFixture.file?.seed)
        for q in seed.island {
            #expect(!cut.contains(CGPoint(x: q[0], y: q[1])))
        }
        for x in stride(from: 2.5, to: 100, by: 5.0) {
            for y in stride(from: 2.5, to: 100, by: 5.0) {
                let p = CGPoint(x: x, y: y)
                guard BooleanPropertyTests.distance(p, toOutlineOf: outline) > 0.05,
                      BooleanPropertyTests.distance(p, toOutlineOf: card) > 0.05 else { continue }
                #expect(cut.contains(p) == (card.contains(p) && !outline.contains(p)), "\(p)")
            }
        }
    }
}
