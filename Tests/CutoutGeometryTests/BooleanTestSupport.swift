import Foundation
import Testing
@testable import CutoutGeometry

/// Fixtures written by scripts/golden_boolean.py from skia-pathops, and small helpers to
/// measure paths.
enum BooleanFixture {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var op: String
        var rule: String
        var kind: String
        var a: String
        var b: String
        var area: Double
        var bounds: [Double]?
        var samples: [[SampleValue]]
        var testDescription: String { name }
    }

    /// A sample is `[x, y, inside]`: two numbers and a flag.
    enum SampleValue: Decodable, Sendable {
        case number(Double)
        case flag(Bool)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .flag(b) } else { self = .number(try c.decode(Double.self)) }
        }
    }

    struct Seed: Decodable, Sendable {
        var card: String
        var outline: String
        var island: [[Double]]
    }

    struct File: Decodable, Sendable {
        var cases: [Case]
        var seed: Seed
    }

    static let file: File? = {
        guard let url = Bundle.module.url(forResource: "pathops-cases", withExtension: "json",
                                          subdirectory: "Fixtures/boolean"),
              let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(File.self, from: data)
    }()

    static var cases: [Case] { file?.cases ?? [] }
}

enum SVGTestError: Error, Equatable {
    case unexpected(String, at: Int)
    case missingNumber(at: Int)
}

/// The absolute M/L/Q/C/Z subset of SVG path data that the fixture script writes.
func svgTestPath(_ text: String) throws -> Path {
    var tokens: [Substring] = []
    var current = ""
    func flush() { if !current.isEmpty { tokens.append(Substring(current)); current = "" } }
    for ch in text {
        if "MLQCZ".contains(ch) { flush(); tokens.append(Substring(String(ch))) }
        else if ch == " " || ch == "," { flush() }
        else { current.append(ch) }
    }
    flush()
    var path = Path()
    var i = 0
    func numbers(_ n: Int) throws -> [CGFloat] {
        var out: [CGFloat] = []
        for _ in 0..<n {
            guard i < tokens.count, let v = Double(tokens[i]) else { throw SVGTestError.missingNumber(at: i) }
            out.append(CGFloat(v)); i += 1
        }
        return out
    }
    while i < tokens.count {
        let cmd = tokens[i]; i += 1
        switch cmd {
        case "M": let v = try numbers(2); path.move(to: CGPoint(x: v[0], y: v[1]))
        case "L": let v = try numbers(2); path.addLine(to: CGPoint(x: v[0], y: v[1]))
        case "Q": let v = try numbers(4); path.addQuadCurve(to: CGPoint(x: v[2], y: v[3]), control: CGPoint(x: v[0], y: v[1]))
        case "C":
            let v = try numbers(6)
            path.addCurve(to: CGPoint(x: v[4], y: v[5]), control1: CGPoint(x: v[0], y: v[1]), control2: CGPoint(x: v[2], y: v[3]))
        case "Z": path.closeSubpath()
        default: throw SVGTestError.unexpected(String(cmd), at: i - 1)
        }
    }
    return path
}

/// Signed area of each flattened subpath (closed implicitly); positive is clockwise on screen.
func signedAreas(_ path: Path) -> [Double] {
    path.flattened(tolerance: 1e-4).map { poly in
        let p = poly.points
        var s = 0.0
        for k in p.indices {
            let a = p[k], b = p[(k + 1) % p.count]
            s += Double(a.x * b.y - b.x * a.y)
        }
        return s / 2
    }
}

/// The net filled area of a path whose contours are consistently oriented (holes reversed).
func netArea(_ path: Path) -> Double { abs(signedAreas(path).reduce(0, +)) }

/// Total length of a path's flattened lines (open subpaths are not closed).
func lineLength(_ path: Path) -> Double {
    path.flattened(tolerance: 1e-4).reduce(0.0) { total, poly in
        var s = 0.0
        let p = poly.points
        for k in p.indices.dropFirst() { s += hypot(Double(p[k].x - p[k - 1].x), Double(p[k].y - p[k - 1].y)) }
        if poly.isClosed, let f = p.first, let l = p.last { s += hypot(Double(f.x - l.x), Double(f.y - l.y)) }
        return total + s
    }
}

/// Whether any two straight segments of the (line-only) path cross at a point interior to both.
func hasProperCrossing(_ path: Path) -> Bool {
    var segs: [(CGPoint, CGPoint)] = []
    for poly in path.flattened(tolerance: 1e-4) {
        let p = poly.points
        for k in p.indices { segs.append((p[k], p[(k + 1) % p.count])) }
    }
    func o(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Double {
        Double((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
    }
    for i in segs.indices {
        for j in segs.indices where j > i {
            let (a, b) = segs[i], (c, d) = segs[j]
            let o1 = o(a, b, c), o2 = o(a, b, d), o3 = o(c, d, a), o4 = o(c, d, b)
            if o1 * o2 < 0 && o3 * o4 < 0 { return true }
        }
    }
    return false
}
