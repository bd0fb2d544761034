import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

/// Coverage where a shape overlaps itself, against the reference (which applies the fill rule
/// on 128 sub-rows per pixel): self-crossing paths, overlapping subpaths, windings stacked by
/// horizontal edges inside one pixel row, opposite windings side by side, and stroke outlines
/// whose inner joins overlap, under both rules and at several scales. Each case asserts the
/// bound of ``ReferenceRasterizerTests`` on every pixel and prints its largest difference.
@Suite struct OverlapCoverageTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var path: Path
        var description: String { name }
    }

    static func polygon(_ points: [(CGFloat, CGFloat)]) -> Path {
        var p = Path()
        p.addLines(between: points.map { CGPoint(x: $0.0, y: $0.1) })
        p.closeSubpath()
        return p
    }

    /// A rectangle wound the other way from `Path(rect:)`.
    static func reversedRect(_ r: CGRect) -> Path {
        polygon([(r.minX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY), (r.maxX, r.minY)])
    }

    /// Four straight legs with sharp turns, for stroke outlines.
    static let zigzag: Path = {
        var p = Path()
        p.move(to: CGPoint(x: 4, y: 40))
        for (x, y) in [(12.0, 6.0), (18, 40), (26, 8), (29, 40)] { p.addLine(to: CGPoint(x: x, y: y)) }
        return p
    }()

    static let cases: [Case] = {
        var cases: [Case] = []
        cases.append(Case(name: "star", path: ReferenceRasterizerTests.star(center: CGPoint(x: 24.3, y: 23.7), radius: 21)))
        cases.append(Case(name: "bow tie", path: polygon([(4.2, 4.6), (43.3, 40.1), (43.9, 5.3), (3.7, 41.8)])))
        var same = Path(rect: CGRect(x: 5.3, y: 5.2, width: 30, height: 20.45))
        same.addRect(CGRect(x: 5.7, y: 5.5, width: 30.1, height: 20.1))
        same.addEllipse(in: CGRect(x: 20.2, y: 14.6, width: 24, height: 24.3))
        cases.append(Case(name: "overlapping subpaths", path: same))
        // Winding 0, 1, 2, 1, 0 down row 10 with no slanted edge in most of its pixels: only
        // the winding carried along the row tells them apart.
        var stacked = Path(rect: CGRect(x: 2.4, y: 10.15, width: 40, height: 0.45))
        stacked.addRect(CGRect(x: 1.6, y: 10.35, width: 43, height: 0.5))
        stacked.addRect(CGRect(x: 6.2, y: 20.3, width: 30, height: 0.3))
        stacked.addPath(reversedRect(CGRect(x: 6.2, y: 20.6, width: 30, height: 0.3)))
        cases.append(Case(name: "stacked rows", path: stacked))
        // Bands inside one row: with equal tops and bottoms, nested the same way round (winding
        // 2 beside the 0 above and below it, which mixes) and the inner one reversed (0 and 1
        // only), whose sides pair up as a shape's top and bottom do; one above the other, the
        // lower one reversed (−1 above +1: neighbouring sides of opposite directions that must
        // not pair, as they start and end at different heights).
        var bands = Path(rect: CGRect(x: 3.2, y: 12.2, width: 41, height: 0.5))
        bands.addRect(CGRect(x: 8.6, y: 12.2, width: 30, height: 0.5))
        bands.addRect(CGRect(x: 3.2, y: 20.1, width: 41, height: 0.4))
        bands.addPath(reversedRect(CGRect(x: 10.4, y: 20.5, width: 20, height: 0.4)))
        bands.addRect(CGRect(x: 3.2, y: 30.25, width: 41, height: 0.45))
        bands.addPath(reversedRect(CGRect(x: 8.6, y: 30.25, width: 30, height: 0.45)))
        cases.append(Case(name: "nested bands", path: bands))
        // A strip whose right side pokes through its left side inside one row, only at a
        // vertex of its own (winding −1 there, +1 elsewhere): the sides' ends are in order.
        cases.append(Case(name: "poking side", path: polygon([(20.5, 2), (20.5, 45), (21.5, 45), (21.5, 13),
                                                              (19.5, 12.5), (21.5, 12), (21.5, 2)])))
        // One contour whose y only grows from its top either way round, its two sides
        // crossing twice (winding −1 between the crossings, +1 elsewhere): such a contour is
        // exempt from the check only when its sides never cross.
        cases.append(Case(name: "crossing sides", path: polygon([(24.3, 2.2), (6.1, 17.4), (41.7, 27.9), (23.6, 45.1),
                                                                 (5.2, 28.3), (40.9, 16.6)])))
        var opposite = Path(rect: CGRect(x: 4.3, y: 4.2, width: 30, height: 30))
        opposite.addPath(reversedRect(CGRect(x: 4.7, y: 4.5, width: 30, height: 30)))
        opposite.addPath(reversedRect(CGRect(x: 30.2, y: 30.3, width: 12, height: 12)))
        cases.append(Case(name: "opposite windings", path: opposite))
        var zigzag = Self.zigzag
        zigzag.addCurve(to: CGPoint(x: 44, y: 30), control1: CGPoint(x: 60, y: 10), control2: CGPoint(x: 20, y: 0))
        for (width, join) in [(CGFloat(5), LineJoin.miter), (3.3, .bevel), (6, .round), (0.7, .miter)] {
            cases.append(Case(name: "stroke \(width) \(join)",
                              path: zigzag.copy(strokingWithWidth: width, lineCap: .butt, lineJoin: join, miterLimit: 4)))
        }
        var loop = Path()
        loop.move(to: CGPoint(x: 6, y: 30))
        loop.addCurve(to: CGPoint(x: 42, y: 30), control1: CGPoint(x: 70, y: -10), control2: CGPoint(x: -20, y: -10))
        cases.append(Case(name: "stroke looping curve", path: loop.copy(strokingWithWidth: 4.5, lineCap: .round, lineJoin: .round, miterLimit: 10)))
        // Level tops, bottoms and steps, which the contour test follows: a frame and its holes,
        // square and rounded (no check needed), and rectangles, seeded, of either direction,
        // apart or overlapping.
        var frame = Path(rect: CGRect(x: 2.3, y: 2.6, width: 43, height: 42.2))
        frame.addPath(reversedRect(CGRect(x: 6.4, y: 6.1, width: 12.3, height: 9.7)))
        frame.addPath(reversedRect(CGRect(x: 22.2, y: 6.1, width: 18.5, height: 30.35)))
        frame.addPath(Path(roundedRect: CGRect(x: 5.5, y: 20.25, width: 14, height: 22), cornerWidth: 5, cornerHeight: 5).reversing())
        cases.append(Case(name: "frame and holes", path: frame))
        cases.append(Case(name: "staircase", path: polygon([(2.5, 2.5), (12.25, 2.5), (12.25, 14.6), (24.4, 14.6), (24.4, 30.3),
                                                           (44.1, 30.3), (44.1, 44.6), (2.5, 44.6)])))
        var rectangles = FuzzRandom(state: 43)
        for k in 0..<4 {
            var p = Path()
            for _ in 0..<(3 + k) {
                let r = CGRect(x: 2 + 30 * rectangles.unit(), y: 2 + 30 * rectangles.unit(),
                               width: 3 + 12 * rectangles.unit(), height: 3 + 12 * rectangles.unit())
                p.addPath(rectangles.below(2) == 0 ? Path(rect: r) : reversedRect(r))
            }
            cases.append(Case(name: "random rectangles \(k)", path: p))
        }
        // Random self-crossing polygons, seeded.
        var random = FuzzRandom(state: 18)
        for k in 0..<4 {
            var p = Path()
            for i in 0..<(5 + 2 * k) {
                let q = CGPoint(x: 2 + 44 * random.unit(), y: 2 + 44 * random.unit())
                if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
            }
            p.closeSubpath()
            cases.append(Case(name: "random \(k)", path: p))
        }
        return cases
    }()

    static let scales: [CGFloat] = [1, 3, 0.45]

    /// ``ReferenceRasterizerTests/check(_:rule:size:transform:tolerance:exactOverlaps:sourceLocation:)``
    /// at each of ``scales``, on a canvas of 48 points; returns the largest difference.
    static func worstOverScales(_ path: Path, rule: FillRule, exactOverlaps: Bool,
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var worst = 0
        for scale in scales {
            let size = Int((48 * scale).rounded(.up))
            worst = Swift.max(worst, try ReferenceRasterizerTests.check(
                path, rule: rule, size: size, transform: Transform(scaleX: scale, y: scale),
                exactOverlaps: exactOverlaps, sourceLocation: sourceLocation))
        }
        return worst
    }

    @Test(arguments: cases, FillRule.allCases)
    func matchesReference(_ c: Case, rule: FillRule) throws {
        let worst = try Self.worstOverScales(c.path, rule: rule, exactOverlaps: true)
        print("overlap coverage \(c.name) \(rule): worst pixel difference \(worst)/255 at scales \(Self.scales)")
    }

    /// Where two pieces of a stroke meet, straight or curved, and where a closed subpath
    /// closes, the inner side is cut where their offsets cross, so the outline does not overlap
    /// itself there: the default coverage (mean winding, no overlap check) matches the
    /// reference at those joins too.
    @Test(arguments: joinCases)
    func strokeJoinsAreExactByDefault(_ c: Case) throws {
        var worst = 0
        for (width, join) in [(CGFloat(5), LineJoin.miter), (3.3, .bevel), (6, .round), (0.7, .miter), (1.5, .round)] {
            let outline = c.path.copy(strokingWithWidth: width, lineCap: .butt, lineJoin: join, miterLimit: 10)
            worst = Swift.max(worst, try Self.worstOverScales(outline, rule: .winding, exactOverlaps: false))
        }
        print("\(c.name) stroke joins without the overlap check: worst pixel difference \(worst)/255")
    }

    /// Paths whose strokes overlap only at their joins: a polyline; sharp corners between two
    /// curves, a curve and a line, and a line and a curve; and closed subpaths, cut where they
    /// close too: a triangle, a rectangle (`Path(rect:)`, closed at its first corner), a lens of
    /// two curves closed between them, and a curve closed by a line.
    static let joinCases: [Case] = {
        var polyline = zigzag
        polyline.addLine(to: CGPoint(x: 44, y: 22.5))
        polyline.addLine(to: CGPoint(x: 36, y: 4))
        var curves = Path()
        curves.move(to: CGPoint(x: 4, y: 42))
        curves.addCurve(to: CGPoint(x: 16, y: 6), control1: CGPoint(x: 6, y: 22), control2: CGPoint(x: 12, y: 12))
        curves.addCurve(to: CGPoint(x: 25, y: 41), control1: CGPoint(x: 19, y: 16), control2: CGPoint(x: 24, y: 28))
        curves.addLine(to: CGPoint(x: 34, y: 7))
        curves.addCurve(to: CGPoint(x: 44, y: 43), control1: CGPoint(x: 40, y: 18), control2: CGPoint(x: 45, y: 30))
        var lens = Path()
        lens.move(to: CGPoint(x: 6, y: 25))
        lens.addCurve(to: CGPoint(x: 42, y: 23), control1: CGPoint(x: 14, y: 4), control2: CGPoint(x: 30, y: 6))
        lens.addCurve(to: CGPoint(x: 6, y: 25), control1: CGPoint(x: 32, y: 42), control2: CGPoint(x: 16, y: 44))
        lens.closeSubpath()
        var arch = Path()
        arch.move(to: CGPoint(x: 5, y: 42))
        arch.addCurve(to: CGPoint(x: 43, y: 40), control1: CGPoint(x: 8, y: 2), control2: CGPoint(x: 38, y: 0))
        arch.closeSubpath()
        return [Case(name: "polyline", path: polyline), Case(name: "curved corners", path: curves),
                Case(name: "triangle", path: polygon([(6, 40), (24, 5.5), (43, 38)])),
                Case(name: "rectangle", path: Path(rect: CGRect(x: 7.3, y: 9.2, width: 32, height: 26.6))),
                Case(name: "lens", path: lens), Case(name: "arch", path: arch)]
    }()

    /// Without ``DrawingContext/exactOverlapCoverage`` the mixed pixels keep the mean-winding
    /// value: the star's centre pentagon (winding 2) borders winding 1 and 0 pixels.
    @Test func defaultKeepsMeanWindingWhereWindingsMix() throws {
        let star = ReferenceRasterizerTests.star(center: CGPoint(x: 24.3, y: 23.7), radius: 21)
        var ctx = try DrawingContext(width: 48, height: 48)
        #expect(!ctx.exactOverlapCoverage)
        ctx.setFillColor(.black)
        ctx.fill(star, using: .evenOdd)
        let ref = ReferenceRasterizer.coverage(of: star, transform: .identity, rule: .evenOdd, width: 48, height: 48)
        #expect(ReferenceRasterizer.compareAlpha(ctx.pixmap, to: ref).max > 40)
    }

    /// A contour that cannot overlap itself skips the check: one whose y only grows from its top
    /// either way round, with level edges only along its top and bottom, and whose two sides,
    /// compared at every vertex of either, never cross (touching is allowed). Repeated points
    /// are skipped; anything else is checked row by row.
    @Test(arguments: [
        ("triangle", [(2.0, 3.0), (40.0, 9.5), (11.0, 44.0)], true),
        ("monotone, not convex", [(10.0, 0.5), (14.0, 10.0), (11.0, 20.0), (16.0, 30.0), (10.0, 40.0), (4.0, 30.0),
                                  (9.0, 20.0), (6.0, 10.0)], true),
        ("first point repeated", [(10.0, 0.5), (14.0, 10.0), (14.0, 10.0), (10.0, 40.0), (6.0, 10.0), (10.0, 0.5)], true),
        ("level top and bottom", [(3.0, 2.0), (30.0, 2.0), (40.0, 20.0), (30.0, 40.0), (10.0, 40.0), (1.0, 20.0)], true),
        ("sides touch", [(5.0, 0.0), (0.0, 5.0), (5.0, 10.0), (0.0, 15.0), (5.0, 20.0), (10.0, 15.0), (5.0, 10.0),
                         (10.0, 5.0)], true),
        ("level edge inside a side", [(0.0, 0.0), (10.0, 10.0), (20.0, 10.0), (20.0, 30.0), (0.0, 30.0)], false),
        ("level edge a rounding error long", [(24.0, 4.0), (34.0, 14.0), (34.0 + 1e-12, 14.0), (44.0, 24.0), (24.0, 44.0),
                                              (4.0, 24.0)], false),
        ("sides cross", [(24.3, 2.2), (6.1, 17.4), (41.7, 27.9), (23.6, 45.1), (5.2, 28.3), (40.9, 16.6)], false),
        ("sides cross near the bottom", [(10.0, 0.0), (0.0, 10.0), (30.0, 20.0), (20.0, 20.0), (20.0, 10.0)], false),
        ("y turns four times", [(0.0, 0.0), (10.0, 20.0), (20.0, 5.0), (30.0, 20.0), (40.0, 0.0), (20.0, 40.0)], false),
    ] as [(String, [(Double, Double)], Bool)])
    func simpleContoursSkipTheCheck(_ name: String, points: [(Double, Double)], simple: Bool) {
        let raster = Rasterizer()
        let cull = PixelRect(minX: 0, minY: 0, maxX: 48, maxY: 48)
        raster.setPath(Self.polygon(points.map { (CGFloat($0.0), CGFloat($0.1)) }), transform: .identity, cull: cull)
        #expect(raster.isSingleSimpleContour() == simple, "\(name)")
        // Two contours, each simple, may still overlap each other.
        var two = Self.polygon(points.map { (CGFloat($0.0), CGFloat($0.1)) })
        two.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        raster.setPath(two, transform: .identity, cull: cull)
        #expect(!raster.isSingleSimpleContour(), "\(name) and a square")
    }

    /// Rows that need no check are found from the contours, cut into sides along which y only
    /// grows: rows where no two sides cross and the regions between them, each of one winding,
    /// hold windings that do not mix under the rule, together over the row. A stroke's outer and
    /// inner outline round a closed path (0 and 1), shapes apart or touching at a point, a frame
    /// and its holes (also one along the frame's side), staircases (level edges at the top, the
    /// bottom and inside a side) and shapes of opposite windings in rows of their own need no
    /// check at all; crossing sides, a level edge crossing a side and windings 0 beside 2 (the
    /// same way round, nested) mark the rows they reach (as do −1 and +1 in one row, even when
    /// they never share a pixel), and more than ``Rasterizer/maxMonotoneSides`` sides mark
    /// every row. Both rules mark the same rows here: every row holds winding 0.
    @Test(arguments: [
        ("ring, the inner way reversed", [diamond(24, 24, 20), diamond(24, 24, 9, reversed: true)], nil),
        ("ring, both the same way", [diamond(24, 24, 20), diamond(24, 24, 9)], 15...32),
        ("W, simple", [[(0.0, 0.0), (10.0, 20.0), (20.0, 5.0), (30.0, 20.0), (40.0, 0.0), (20.0, 44.0)]], nil),
        ("W, crossing itself", [[(0.0, 0.0), (30.0, 20.0), (20.0, 5.0), (10.0, 20.0), (40.0, 0.0), (20.0, 44.0)]], 5...19),
        ("two apart", [diamond(10, 10, 8), diamond(35, 30, 8)], nil),
        // −1 and +1 in rows of their own.
        ("two apart, opposite ways", [diamond(10, 10, 8), diamond(35, 30, 8, reversed: true)], nil),
        ("two touching at a point", [diamond(10, 10, 8), diamond(26, 10, 8)], nil),
        // Their sides cross at y = 12.5 and 22.5.
        ("two overlapping", [diamond(15, 15, 10), diamond(25, 20, 10)], 12...24),
        ("a level edge", [diamond(24, 24, 20), [(4.0, 40.0), (16.0, 44.0), (10.0, 44.0)]], nil),
        // −1 beside +1 in rows 40 to 43, though never in one pixel.
        ("a level edge, the other way round", [diamond(24, 24, 20), [(4.0, 40.0), (10.0, 44.0), (16.0, 44.0)]], 40...43),
        ("frame and holes", [rect(2, 2, 44, 44), rect(6, 6, 10, 10, reversed: true), rect(20, 6, 10, 30, reversed: true),
                             rect(32, 30, 10, 12, reversed: true)], nil),
        ("a hole touching the frame's side", [rect(2, 2, 44, 44), diamond(8, 20, 6, reversed: true)], nil),
        // Sides running along one another bound a region of no width, whose winding is not met.
        ("a hole along the frame's side", [rect(2, 2, 44, 44), rect(2, 10, 10, 10, reversed: true)], nil),
        ("rectangles nested the same way", [rect(2, 2, 44, 44), rect(6, 6, 10, 10)], 6...15),
        ("rectangles overlapping", [rect(2, 2, 20, 20), rect(10, 10, 20, 20)], 10...21),
        ("a level top crossing a side", [diamond(24, 24, 20), [(20.0, 6.0), (40.0, 6.0), (40.0, 10.0), (20.0, 10.0)]], 6...9),
        ("a level top touching a side", [diamond(24, 24, 20), [(30.0, 6.0), (40.0, 6.0), (40.0, 10.0), (30.0, 10.0)]], nil),
        // Its windings alone (0 and 1 where each begins) do not tell: only the level edge
        // inside its side, at y = 34, meets the diamond.
        ("a hook's level edge crossing a side", [diamond(24, 24, 20), [(46.0, 10.0), (50.0, 10.0), (50.0, 38.0), (30.0, 38.0),
                                                                        (30.0, 34.0), (46.0, 34.0)]], 34...37),
        ("a step crossing a side", [diamond(24, 24, 20), [(20.0, 2.0), (21.0, 2.0), (21.0, 10.0), (36.0, 10.0), (36.0, 12.0),
                                                          (20.0, 12.0)]], 7...11),
        ("staircase", [[(2.0, 2.0), (10.0, 2.0), (10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (30.0, 20.0), (30.0, 30.0),
                        (2.0, 30.0)]], nil),
        ("staircase and a hole under a step", [[(2.0, 2.0), (10.0, 2.0), (10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (30.0, 20.0),
                                                (30.0, 30.0), (2.0, 30.0)], rect(12, 12, 6, 6, reversed: true)], nil),
        ("two staircases interlocked", [[(2.0, 2.0), (10.0, 2.0), (10.0, 10.0), (20.0, 10.0), (20.0, 30.0), (2.0, 30.0)],
                                        [(12.0, 2.0), (30.0, 2.0), (30.0, 30.0), (22.0, 30.0), (22.0, 8.0), (12.0, 8.0)]],
         nil),
        ("two staircases, one step too far", [[(2.0, 2.0), (10.0, 2.0), (10.0, 10.0), (24.0, 10.0), (24.0, 30.0), (2.0, 30.0)],
                                              [(12.0, 2.0), (30.0, 2.0), (30.0, 30.0), (22.0, 30.0), (22.0, 8.0), (12.0, 8.0)]],
         10...29),
        ("a level edge a rounding error long", [[(24.0, 4.0), (34.0, 14.0), (34.0 + 1e-12, 14.0), (44.0, 24.0), (24.0, 44.0),
                                                 (4.0, 24.0)]],
         nil),
        ("thirty-three apart", (0..<33).map { (k: Int) -> [(Double, Double)] in diamond(2.5 + 4 * Double(k % 11), 6 + 12 * Double(k / 11), 1.5) },
         nil),
        ("more sides than the sweep follows", (0...(Rasterizer.maxMonotoneSides / 2)).map { (k: Int) -> [(Double, Double)] in
            diamond(2 + 2 * Double(k % 22), 2 + 2 * Double(k / 22 % 22), 0.75)
        }, 0...47),
    ] as [(String, [[(Double, Double)]], ClosedRange<Int>?)])
    func rowsThatMayMixAreMarked(_ name: String, contours: [[(Double, Double)]], marked: ClosedRange<Int>?) {
        var path = Path()
        for c in contours { path.addPath(Self.polygon(c.map { (CGFloat($0.0), CGFloat($0.1)) })) }
        let raster = Rasterizer()
        raster.setPath(path, transform: .identity, cull: PixelRect(minX: 0, minY: 0, maxX: 48, maxY: 48))
        for evenOdd in [false, true] {
            let rows = Self.markedRows(raster, evenOdd: evenOdd, rows: 0..<48).rows
            #expect(rows == marked.map(Array.init) ?? [], "\(name), even-odd \(evenOdd)")
        }
    }

    /// The rows `markRowsThatMayMix` marks among `rows`, and its verdict.
    static func markedRows(_ raster: Rasterizer, evenOdd: Bool, rows: Range<Int>) -> (rows: [Int], verdict: Rasterizer.MixingRows) {
        let words = (rows.count + 63) / 64
        let mask = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        defer { mask.deallocate() }
        let verdict = raster.markRowsThatMayMix(evenOdd: evenOdd, rows: rows, in: mask)
        let marked = rows.filter { mask[($0 - rows.lowerBound) / 64] >> UInt64(($0 - rows.lowerBound) % 64) & 1 != 0 }
        #expect((verdict == .none) == marked.isEmpty)
        if verdict == .all { #expect(marked.count == rows.count) }
        return (marked, verdict)
    }

    /// Every row holding a pixel whose windings mix is marked: random contours (one to three,
    /// of three to seven points on a quarter-pixel grid, so that level edges, shared vertices
    /// and sides that run together are common), each pixel sampled at 8 × 8 points.
    @Test(arguments: 0..<60)
    func markedRowsCoverEveryPixelThatMixes(seed: Int) {
        var random = FuzzRandom(state: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        var contours: [[(Double, Double)]] = []
        for _ in 0..<(1 + random.below(3)) {
            contours.append((0..<(3 + random.below(5))).map { _ in
                (Double(random.below(97)) / 4, Double(random.below(97)) / 4)
            })
        }
        var path = Path()
        for c in contours { path.addPath(Self.polygon(c.map { (CGFloat($0.0), CGFloat($0.1)) })) }
        let raster = Rasterizer()
        raster.setPath(path, transform: .identity, cull: PixelRect(minX: 0, minY: 0, maxX: 24, maxY: 24))
        let edges = contours.flatMap { c in c.indices.map { (c[$0], c[($0 + 1) % c.count]) } }
        func winding(_ x: Double, _ y: Double) -> Int {
            var w = 0
            for (a, b) in edges where (a.1 <= y) != (b.1 <= y) {
                let t = (y - a.1) / (b.1 - a.1)
                if a.0 + t * (b.0 - a.0) < x { w += b.1 > a.1 ? 1 : -1 }
            }
            return w
        }
        for evenOdd in [false, true] {
            let (rows, verdict) = Self.markedRows(raster, evenOdd: evenOdd, rows: 0..<24)
            // Few sides: the sweep follows them all, and finds what it began ended.
            #expect(verdict != .all, "seed \(seed)")
            let marked = Set(rows)
            for row in 0..<24 where !marked.contains(row) {
                for column in 0..<24 {
                    var seen = WindingSet()
                    for i in 0..<8 {
                        for j in 0..<8 {
                            seen.insert(winding(Double(column) + (Double(i) + 0.5) / 8, Double(row) + (Double(j) + 0.5) / 8))
                        }
                    }
                    #expect(!seen.mixes(evenOdd: evenOdd), "seed \(seed), even-odd \(evenOdd): pixel (\(column), \(row)) mixes, row not marked")
                }
            }
        }
    }

    /// A rectangle, clockwise on screen unless `reversed`.
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, reversed: Bool = false) -> [(Double, Double)] {
        let points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        return reversed ? points.reversed() : points
    }

    /// A diamond (no level edges) round (`x`, `y`), clockwise on screen unless `reversed`.
    static func diamond(_ x: Double, _ y: Double, _ r: Double, reversed: Bool = false) -> [(Double, Double)] {
        let points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        return reversed ? points.reversed() : points
    }

    /// Shapes whose rows hold dozens to hundreds of chains in a few pixels: thin quads that
    /// all cross near one point, piled rectangles a thousandth of a pixel apart, and tiny
    /// triangles crowded into three rows. The exact walk over such a row grows with the cube of
    /// its chains (seconds for a few hundred); ``Accumulator/maxExactRowWork`` sends them to
    /// sub-rows instead.
    enum Hostile: String, CaseIterable, Sendable, CustomStringConvertible {
        case crossingSlivers, piledRectangles, tinyTriangles
        var description: String { rawValue }

        func path(_ n: Int) -> Path {
            var p = Path()
            switch self {
            case .crossingSlivers:
                for i in 0..<n {
                    let d = 0.9 * CGFloat(i) / CGFloat(n)
                    p.addPath(OverlapCoverageTests.polygon([(4 + d, 2), (44 - d, 46), (44.8 - d, 46), (4.8 + d, 2)]))
                }
            case .piledRectangles:
                for i in 0..<n {
                    p.addRect(CGRect(x: 6.3 + 0.001 * CGFloat(i), y: 5.2 + 0.0007 * CGFloat(i), width: 30, height: 36))
                }
            case .tinyTriangles:
                var random = FuzzRandom(state: UInt64(n))
                for _ in 0..<n {
                    let x = 2 + 38 * random.unit(), y = 20 + 2.4 * random.unit()
                    p.addPath(OverlapCoverageTests.polygon([(x, y), (x + 6, y + 0.3), (x + 1, y + 0.6)]))
                }
            }
            return p
        }
    }

    /// The hostile shapes' rows, resolved by sub-rows, stay within the reference's bound (with
    /// at most 512 pieces and chains a row, as here, they are sampled at the reference's 128
    /// sub-rows).
    @Test(arguments: Hostile.allCases, FillRule.allCases)
    func hostileShapesMatchReference(_ shape: Hostile, rule: FillRule) throws {
        let worst = try Self.worstOverScales(shape.path(shape == .tinyTriangles ? 80 : 40), rule: rule, exactOverlaps: true)
        print("overlap coverage, hostile \(shape) \(rule): worst pixel difference \(worst)/255 at scales \(Self.scales)")
    }

    /// The row checks' work grows with the hostile shapes' size, not with its square or cube:
    /// four times the shapes cost at most six times the work (the sorts add a logarithm).
    /// Without the guard the estimate recorded for the same rows grows about 60 times.
    @Test(arguments: Hostile.allCases)
    func hostileRowsCostWhatTheirPiecesDo(_ shape: Hostile) throws {
        let n = shape == .tinyTriangles ? 100 : 15
        func rowWork(_ count: Int) throws -> Int {
            var ctx = try DrawingContext(width: 48, height: 48)
            ctx.exactOverlapCoverage = true
            ctx.setFillColor(.black)
            let path = shape.path(count)
            return WorkMeter.measure { ctx.fill(path) }[.overlapRowSteps]
        }
        let small = try rowWork(n), large = try rowWork(4 * n)
        #expect(small > 0)
        #expect(large <= 6 * small, "\(shape): \(small) steps for \(n), \(large) for \(4 * n)")
    }

    /// Contours whose sides cross at nearly every vertex would cost the sweep the square of
    /// its sides per point: past ``Rasterizer/sweepWorkPerPoint`` steps a point (and the
    /// allowance) it gives up and marks every row.
    /// Here: 300 zigzags down the canvas, neighbours zigging opposite ways, so that each of
    /// their 40 edges crosses dozens of others.
    @Test func sweepGivesUpPastItsBudget() {
        var path = Path()
        for i in 0..<300 {
            let amplitude = 20 * (1 - 0.001 * CGFloat(i))
            var points: [(CGFloat, CGFloat)] = []
            for k in 0...40 {
                let x: CGFloat = k % 2 == i % 2 ? 24 + amplitude : 24 - amplitude
                points.append((x, 2 + 44 * CGFloat(k) / 40))
            }
            points += [(47, 46), (47, 2)]
            path.addPath(Self.polygon(points))
        }
        let raster = Rasterizer()
        raster.setPath(path, transform: .identity, cull: PixelRect(minX: 0, minY: 0, maxX: 48, maxY: 48))
        let points = raster.pointCount / 2
        #expect(2 * 300 <= Rasterizer.maxMonotoneSides, "few enough sides for the sweep to run")
        var verdict = Rasterizer.MixingRows.none
        let steps = WorkMeter.measure { verdict = Self.markedRows(raster, evenOdd: false, rows: 0..<48).verdict }[.overlapSweepSteps]
        #expect(verdict == .all)
        let budget = Rasterizer.sweepWorkPerPoint * points + Rasterizer.sweepWorkAllowance
        #expect(steps > budget && steps <= budget + 2 * Rasterizer.maxMonotoneSides, "\(steps) steps, budget \(budget)")
    }

    /// The heights a redone row is cut at are kept in a ``ScratchHeights``, reused from row to
    /// row: it grows past its first 16 and sorts both ways (insertion up to 32, else the
    /// library's sort) to the same order as `Array.sorted()`, keeping repeats.
    @Test(arguments: [0, 1, 5, 16, 17, 32, 33, 200])
    func scratchHeightsGrowAndSort(count: Int) {
        var random = FuzzRandom(state: UInt64(count) + 7)
        var scratch = ScratchHeights()
        defer { scratch.deallocate() }
        for round in 0..<2 {
            scratch.removeAll()
            var values: [Double] = []
            for _ in 0..<count {
                // Few distinct values, so that repeats occur.
                let y = Double(random.below(count / 2 + 1)) / 8
                values.append(y)
                scratch.append(y)
            }
            scratch.sort()
            #expect(scratch.count == count, "round \(round)")
            #expect((0..<scratch.count).map { scratch[$0] } == values.sorted(), "round \(round)")
        }
    }
}
