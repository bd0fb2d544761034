import Foundation
@testable import CutoutGeometry

/// Area measurement and fixtures for the stroke and dash tests.
enum StrokeTestSupport {
    /// The area where the winding number of `path` (every subpath taken as closed, curves
    /// flattened within `tolerance`) is non-zero.
    static func nonZeroArea(of path: Path, tolerance: CGFloat) -> Double {
        nonZeroArea(path.flattened(tolerance: tolerance).map(\.points))
    }

    /// The exact area where the winding number of the closed polygons is non-zero.
    ///
    /// The plane is cut into horizontal bands at every vertex y, then each band again at every
    /// y where two of its edges cross. Inside such a sub-band no edge starts, ends or changes
    /// order, so the covered length is a linear function of y and its value at the mid-line
    /// times the height is the exact area (up to floating-point rounding).
    static func nonZeroArea(_ polygons: [[CGPoint]]) -> Double {
        struct Edge { var x0, y0, x1, y1: Double; var dir: Int }
        var edges: [Edge] = []
        var ys: [Double] = []
        for poly in polygons where poly.count >= 2 {
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                ys.append(Double(a.y))
                guard a.y != b.y else { continue }
                if a.y < b.y {
                    edges.append(Edge(x0: Double(a.x), y0: Double(a.y), x1: Double(b.x), y1: Double(b.y), dir: 1))
                } else {
                    edges.append(Edge(x0: Double(b.x), y0: Double(b.y), x1: Double(a.x), y1: Double(a.y), dir: -1))
                }
            }
        }
        ys = Array(Set(ys)).sorted()
        edges.sort { $0.y0 < $1.y0 }
        func x(_ e: Edge, _ y: Double) -> Double { e.x0 + (e.x1 - e.x0) * (y - e.y0) / (e.y1 - e.y0) }
        var area = 0.0
        var next = 0
        var active: [Edge] = []
        var row: [(Double, Int)] = []
        for k in 0..<max(0, ys.count - 1) {
            let ya = ys[k], yb = ys[k + 1]
            active.removeAll { $0.y1 <= ya }
            while next < edges.count, edges[next].y0 <= ya {
                if edges[next].y1 > ya { active.append(edges[next]) }
                next += 1
            }
            guard active.count >= 2 else { continue }
            var cuts = [ya, yb]
            let xa = active.map { x($0, ya) }, xb = active.map { x($0, yb) }
            for i in active.indices {
                for j in active.indices where j > i {
                    let da = xa[i] - xa[j], db = xb[i] - xb[j]
                    if (da < 0 && db > 0) || (da > 0 && db < 0) {
                        cuts.append(ya + (yb - ya) * da / (da - db))
                    }
                }
            }
            cuts.sort()
            for c in 0..<(cuts.count - 1) where cuts[c + 1] > cuts[c] {
                let ym = (cuts[c] + cuts[c + 1]) / 2
                row.removeAll(keepingCapacity: true)
                for e in active { row.append((x(e, ym), e.dir)) }
                row.sort { $0.0 < $1.0 }
                var winding = 0
                var covered = 0.0
                for i in row.indices {
                    if winding != 0 { covered += row[i].0 - row[i - 1].0 }
                    winding += row[i].1
                }
                area += covered * (cuts[c + 1] - cuts[c])
            }
        }
        return area
    }

    /// One differential case from `Fixtures/stroke/stroke-cases.json`.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var path: Path
        var width: CGFloat
        var cap: LineCap
        var join: LineJoin
        var miterLimit: CGFloat
        var dash: (phase: CGFloat, lengths: [CGFloat])?
        var exact: Bool
        var skiaArea: Double
        var skiaBounds: CGRect
        /// Cairo's rasterised coverage, an independent cross-check.
        var cairoArea: Double
        /// Whether the case is compared with cairo because Skia is known to be wrong on it.
        var usesCairoReference: Bool

        /// The area the case is checked against.
        var referenceArea: Double { usesCairoReference ? cairoArea : skiaArea }

        var description: String { name }

        /// The case's path stroked (after dashing, if any) by Cutout.
        func outline() -> Path {
            var p = path
            if let dash { p = p.copy(dashingWithPhase: dash.phase, lengths: dash.lengths) }
            return p.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit)
        }
    }

    enum FixtureError: Error { case missing, malformed(String) }

    /// The differential cases, or an empty list if the fixture cannot be read (a separate test
    /// asserts that it can).
    static let cases: [Case] = (try? loadCases()) ?? []

    static func loadCases() throws -> [Case] {
        guard let url = Bundle.module.url(forResource: "stroke-cases", withExtension: "json",
                                          subdirectory: "Fixtures/stroke") else { throw FixtureError.missing }
        return try loadCases(url: url)
    }

    static func loadCases(url: URL) throws -> [Case] {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        guard let list = root?["cases"] as? [[String: Any]] else { throw FixtureError.malformed("cases") }
        return try list.map { c in
            guard let name = c["name"] as? String,
                  let els = c["elements"] as? [[Any]],
                  let width = c["width"] as? Double,
                  let cap = (c["cap"] as? String).flatMap(LineCap.init(rawValue:)),
                  let join = (c["join"] as? String).flatMap(LineJoin.init(rawValue:)),
                  let miter = c["miterLimit"] as? Double,
                  let exact = c["exact"] as? Bool,
                  let area = c["skiaArea"] as? Double,
                  let cairoArea = c["cairoArea"] as? Double,
                  let reference = c["reference"] as? String,
                  let b = c["skiaBounds"] as? [Double], b.count == 4 else {
                throw FixtureError.malformed("\(c["name"] ?? "?")")
            }
            var path = Path()
            for e in els {
                guard let op = e.first as? String else { throw FixtureError.malformed(name) }
                let v = e.dropFirst().compactMap { ($0 as? Double).map { CGFloat($0) } }
                func pt(_ i: Int) -> CGPoint { CGPoint(x: v[2 * i], y: v[2 * i + 1]) }
                switch (op, v.count) {
                case ("M", 2): path.move(to: pt(0))
                case ("L", 2): path.addLine(to: pt(0))
                case ("Q", 4): path.addQuadCurve(to: pt(1), control: pt(0))
                case ("C", 6): path.addCurve(to: pt(2), control1: pt(0), control2: pt(1))
                case ("Z", 0): path.closeSubpath()
                default: throw FixtureError.malformed("\(name): \(op)")
                }
            }
            var dash: (CGFloat, [CGFloat])?
            if let d = c["dash"] as? [String: Any] {
                guard let phase = d["phase"] as? Double, let lengths = d["lengths"] as? [Double] else {
                    throw FixtureError.malformed("\(name): dash")
                }
                dash = (CGFloat(phase), lengths.map { CGFloat($0) })
            }
            return Case(name: name, path: path, width: CGFloat(width), cap: cap, join: join,
                        miterLimit: CGFloat(miter), dash: dash, exact: exact, skiaArea: area,
                        skiaBounds: CGRect(x: b[0], y: b[1], width: b[2] - b[0], height: b[3] - b[1]),
                        cairoArea: cairoArea, usesCairoReference: reference == "cairo")
        }
    }
}
