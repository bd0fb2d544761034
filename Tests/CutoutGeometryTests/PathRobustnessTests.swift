import CutoutTestSupport
@testable import CutoutGeometry
import Foundation
import Testing

/// Deterministic fuzzing of path building, SVG path data, measuring, stroking, dashing and
/// boolean operations with extreme values. Every case must end with a documented result
/// (builders drop non-finite input, parsers throw with an offset, operations return finite
/// paths) and do no more work than the documented bounds allow: flattened points, stroke
/// pieces, dashes and crossing tests are counted with `WorkMeter`, not timed.
@Suite struct PathRobustnessTests {
    /// splitmix64: a fixed seed gives the same cases on every run and platform.
    typealias SplitMix64 = FuzzRandom

    static let extremes: [CGFloat] = [0, -0.0, 1, -1, 0.5, 100, -250, 1e-300, -1e-300, .leastNonzeroMagnitude, 1e300, -1e300,
                                      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e15, 3e38,
                                      .nan, .infinity, -.infinity]

    static func value(_ rng: inout SplitMix64) -> CGFloat {
        rng.below(3) == 0 ? rng.pick(extremes) : CGFloat(rng.unit() * 200 - 50)
    }

    static func point(_ rng: inout SplitMix64) -> CGPoint { CGPoint(x: value(&rng), y: value(&rng)) }

    /// A path of a few random elements built through the public builders.
    static func randomPath(_ rng: inout SplitMix64, elements: Int = 6) -> Path {
        var path = Path()
        for _ in 0..<(1 + rng.below(elements)) {
            switch rng.below(10) {
            case 0: path.move(to: point(&rng))
            case 1, 2: path.addLine(to: point(&rng))
            case 3: path.addQuadCurve(to: point(&rng), control: point(&rng))
            case 4: path.addCurve(to: point(&rng), control1: point(&rng), control2: point(&rng))
            case 5: path.addArc(center: point(&rng), radius: value(&rng), startAngle: value(&rng), endAngle: value(&rng), clockwise: rng.below(2) == 0)
            case 6: path.addRect(CGRect(origin: point(&rng), size: CGSize(width: value(&rng), height: value(&rng))))
            case 7: path.addEllipse(in: CGRect(origin: point(&rng), size: CGSize(width: value(&rng), height: value(&rng))))
            case 8: path.addRoundedRect(in: CGRect(origin: point(&rng), size: CGSize(width: value(&rng), height: value(&rng))),
                                        cornerWidth: value(&rng), cornerHeight: value(&rng))
            default: path.closeSubpath()
            }
        }
        return path
    }

    static func isFinite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }

    static func allFinite(_ path: Path) -> Bool {
        path.elements.allSatisfy { e in
            switch e {
            case .moveTo(let p), .lineTo(let p): return isFinite(p)
            case .quadCurveTo(let p, let c): return isFinite(p) && isFinite(c)
            case .curveTo(let p, let c1, let c2): return isFinite(p) && isFinite(c1) && isFinite(c2)
            case .closeSubpath: return true
            }
        }
    }

    /// The documented flattening bound: at most 4,096 points per curve, one per other element.
    static func flatteningBudget(_ path: Path) -> Int {
        path.elements.reduce(0) { n, e in
            switch e {
            case .quadCurveTo, .curveTo: return n + 4096
            default: return n + 1
            }
        }
    }

    /// The documented stroking bound: at most 2^10 pieces for each of the at most five
    /// cusp-free parts of a curve (lines are not cut).
    static func strokePieceBudget(_ path: Path) -> Int {
        path.elements.reduce(0) { n, e in
            switch e {
            case .quadCurveTo, .curveTo: return n + 5 << OffsetCurve.maxDepth
            default: return n
            }
        }
    }

    /// The dashing bound: per subpath, a dash for each whole period of its length, plus two
    /// for the partial periods at its ends, for each dash of the pattern; never more than
    /// ``Path/maximumDashCount`` (past which the path comes back undashed).
    static func dashBudget(_ path: Path, _ lengths: [CGFloat]) -> Int {
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite else { return 0 }
        // A subpath starts at each moveTo, and after each closeSubpath.
        let subpaths = path.elements.reduce(1) { n, e in
            switch e {
            case .moveTo, .closeSubpath: return n + 1
            default: return n
            }
        }
        let estimate = ((path.length / period).rounded(.up) + 2 * CGFloat(subpaths)) * CGFloat(pattern.count / 2)
        return estimate < CGFloat(Path.maximumDashCount) ? Int(estimate) : Path.maximumDashCount
    }

    @Test func buildersNeverStoreNonFiniteCoordinates() {
        var rng = SplitMix64(state: 1)
        for i in 0..<400 {
            let path = Self.randomPath(&rng, elements: 10)
            #expect(Self.allFinite(path), "case \(i): \(path.elements)")
            if case .moveTo = path.elements.first {} else { #expect(path.isEmpty, "case \(i) starts with moveTo") }
        }
    }

    @Test func svgPathDataRoundTripsExtremePaths() throws {
        var rng = SplitMix64(state: 2)
        for i in 0..<300 {
            let path = Self.randomPath(&rng)
            let text = path.svgPathData
            let back = try Path(svgPathData: text)
            #expect(back == path, "case \(i): \(text)")
        }
    }

    /// Random soup of commands, numbers, separators and junk: either a path with finite
    /// coordinates or an error whose offset lies inside the input.
    @Test func svgPathDataSoupParsesOrThrowsWithAnOffset() {
        var rng = SplitMix64(state: 3)
        let tokens = ["M", "m", "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q", "T", "t", "A", "a", "Z", "z",
                      " ", ",", "-", ".", "e", "E", "+", "0", "1", "1.5", ".5.5", "-1e-3", "1e308", "-1e308", "1e309",
                      "1e-400", "NaN", "inf", "9999999999999999999999999999999", "0 0", "1 0 0 1 1", "\u{0}", "é", "\t\n"]
        for i in 0..<500 {
            var text = ""
            for _ in 0..<(1 + rng.below(40)) { text += rng.pick(tokens) }
            do {
                let path = try Path(svgPathData: text)
                #expect(Self.allFinite(path), "case \(i): \(text.debugDescription)")
                _ = path.boundingBox
            } catch {
                #expect(error.offset >= 0 && error.offset <= text.utf8.count, "case \(i): \(error)")
                #expect(!error.expected.isEmpty)
            }
        }
    }

    @Test func arcsWithExtremeRadiiAndFlagsStayFinite() throws {
        var rng = SplitMix64(state: 4)
        let numbers = ["0", "-0", "1e-300", "1e300", "-1e300", "1e-30", "3", "360", "720", "-1e15"]
        for i in 0..<300 {
            var d = "M\(rng.pick(numbers)) \(rng.pick(numbers))"
            for _ in 0..<3 {
                d += " A\(rng.pick(numbers)) \(rng.pick(numbers)) \(rng.pick(numbers)) \(rng.below(2)) \(rng.below(2)) \(rng.pick(numbers)) \(rng.pick(numbers))"
            }
            let path = try Path(svgPathData: d)
            #expect(Self.allFinite(path), "case \(i): \(d)")
        }
    }

    /// Finite angles whose difference overflows, and relative sweeps of absurd size: a full
    /// circle, and at most `maxArcTurns` turns (six cubics each), where they used to trap
    /// converting an infinite or huge segment count to `Int`.
    @Test func arcsWithHugeSweepsAreBounded() {
        for clockwise in [true, false] {
            var p = Path()
            p.addArc(center: .zero, radius: 10, startAngle: -1e308, endAngle: 1e308, clockwise: clockwise)
            p.addArc(center: .zero, radius: 10, startAngle: 1e308, endAngle: -1e308, clockwise: clockwise)
            #expect(Self.allFinite(p))
            #expect(p.elements.filter { if case .curveTo = $0 { true } else { false } }.count == 12)
        }
        for delta in [1e300, -1e300, CGFloat.greatestFiniteMagnitude, 1e12] {
            var p = Path()
            p.addRelativeArc(center: CGPoint(x: 5, y: 5), radius: 3, startAngle: 0.5, delta: delta)
            #expect(Self.allFinite(p))
            #expect(p.elements.count == 1 + 6 * Int(Path.maxArcTurns), "delta \(delta)")
        }
        // Within the limit, more than one turn still winds round again, as in Core Graphics.
        var twice = Path()
        twice.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 4 * .pi)
        #expect(twice.elements.count == 1 + 12)
    }

    @Test func geometryQueriesOnExtremePathsAreFiniteOrDocumented() {
        var rng = SplitMix64(state: 5)
        for i in 0..<300 {
            let path = Self.randomPath(&rng)
            // Of the queries below only `contains` and the explicit flattening flatten the
            // path (measuring and trimming integrate curves in fixed steps): 2 flattenings.
            let work = WorkMeter.measure {
                let box = path.boundingBox
                let loose = path.boundingBoxOfPath
                if path.isEmpty { return }
                #expect(box.isNull || (box.minX >= loose.minX - abs(loose.minX) * 1e-9 && box.maxX <= loose.maxX + abs(loose.maxX) * 1e-9),
                        "case \(i): tight box \(box) outside control box \(loose)")
                _ = path.contains(Self.point(&rng), using: rng.below(2) == 0 ? .winding : .evenOdd)
                var points = 0
                path.forEachFlattenedPoint(tolerance: rng.pick([0.1, 1e-300, 1e300, .nan, -1])) { event in
                    points += 1
                    if case .start(let p) = event { #expect(Self.isFinite(p)) }
                    if case .lineTo(let p) = event { #expect(Self.isFinite(p)) }
                }
                #expect(points <= Self.flatteningBudget(path), "case \(i): flattening gave \(points) points")
                let length = path.length
                #expect(!length.isNaN && length >= 0, "case \(i): length \(length) of \(path.svgPathData)")
                if let p = path.point(atDistance: Self.value(&rng)) { #expect(!p.x.isNaN && !p.y.isNaN, "case \(i)") }
                let trimmed = path.trimmed(from: Self.value(&rng), to: Self.value(&rng))
                #expect(Self.allFinite(trimmed), "case \(i): trimmed")
            }
            #expect(work[.flattenedPoints] <= 2 * Self.flatteningBudget(path), "case \(i): \(work[.flattenedPoints]) points flattened")
        }
    }

    @Test func strokingAndDashingExtremePathsIsBoundedAndFinite() {
        var rng = SplitMix64(state: 6)
        for i in 0..<250 {
            let path = Self.randomPath(&rng, elements: 4)
            let width = Self.value(&rng)
            let cap = rng.pick(LineCap.allCases), join = rng.pick(LineJoin.allCases)
            let limit = Self.value(&rng)
            var outline = Path()
            let stroking = WorkMeter.measure {
                outline = path.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: limit)
            }
            #expect(Self.allFinite(outline), "case \(i): stroke \(path.elements) width \(width)")
            #expect(stroking[.strokePieces] <= Self.strokePieceBudget(path), "case \(i): \(stroking[.strokePieces]) stroke pieces")
            let lengths = (0..<(1 + rng.below(3))).map { _ in Self.value(&rng) }
            var dashed = Path()
            let dashing = WorkMeter.measure { dashed = path.copy(dashingWithPhase: Self.value(&rng), lengths: lengths) }
            #expect(Self.allFinite(dashed), "case \(i): dash \(lengths)")
            #expect(dashing[.dashes] <= Self.dashBudget(path, lengths), "case \(i): \(dashing[.dashes]) dashes")
        }
    }

    @Test func transformsWithExtremeValuesNeverLeaveNonFiniteCoordinates() {
        var rng = SplitMix64(state: 7)
        for i in 0..<300 {
            let path = Self.randomPath(&rng)
            let t = Transform(a: Self.value(&rng), b: Self.value(&rng), c: Self.value(&rng), d: Self.value(&rng),
                              tx: Self.value(&rng), ty: Self.value(&rng))
            #expect(Self.allFinite(path.applying(t)), "case \(i): \(t)")
            var combined = Path()
            combined.addPath(path, transform: t)
            #expect(Self.allFinite(combined), "case \(i): addPath \(t)")
        }
    }

    @Test func booleanOperationsOnExtremePathsAreBoundedAndFinite() {
        var rng = SplitMix64(state: 8)
        for i in 0..<150 {
            var a = Self.randomPath(&rng, elements: 4), b = Self.randomPath(&rng, elements: 4)
            if rng.below(2) == 0 { a.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 80)) }
            if rng.below(2) == 0 { b.addRect(CGRect(x: 40, y: 30, width: 100, height: 60)) }
            let rule: FillRule = rng.below(2) == 0 ? .winding : .evenOdd
            var results: [Path] = []
            let work = WorkMeter.measure {
                results = [a.union(b, using: rule), a.intersection(b, using: rule), a.subtracting(b, using: rule),
                           a.symmetricDifference(b, using: rule), a.normalized(using: rule),
                           a.lineIntersection(b, using: rule), a.lineSubtracting(b, using: rule)]
            }
            for result in results { #expect(Self.allFinite(result), "case \(i): \(a.elements) ∘ \(b.elements)") }
            // Seven operations, each flattening both operands once.
            let n = Self.flatteningBudget(a) + Self.flatteningBudget(b)
            #expect(work[.flattenedPoints] <= 7 * n, "case \(i): \(work[.flattenedPoints]) points flattened")
            // The crossing search never tests more pairs than all pairs of flattened segments
            // (it runs twice, on the cut and in the final check; the bucket grid keeps it far
            // below on spread input: at most 0.3 N² here, on crowded cases).
            let flattened = work[.flattenedPoints]
            #expect(work[.crossingTests] <= flattened * flattened, "case \(i): \(work[.crossingTests]) crossing tests for \(flattened) points")
        }
    }
}
