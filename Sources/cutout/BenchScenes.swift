import Foundation
import CutoutGeometry
import CutoutRaster

/// One drawing operation of an anchor benchmark scene (see `shared/anchors/scenes.py`).
enum BenchOp {
    case clear
    case background(Color)
    case linearGradientRect(CGRect, start: CGPoint, end: CGPoint, stops: [GradientStop])
    case fill(Path, Color, FillRule)
    case stroke(Path, Color, width: CGFloat, cap: LineCap, join: LineJoin, miterLimit: CGFloat)
    case fillMinusStroke(Path, Color, stroke: Path, width: CGFloat, cap: LineCap, join: LineJoin)
    case shadowFill(Path, Color, shadow: Color, sigma: CGFloat, dx: CGFloat, dy: CGFloat)
}

/// A benchmark scene: a canvas in device pixels and its operations in paint order.
struct BenchScene {
    var name: String
    var width: Int
    var height: Int
    var ops: [BenchOp]
}

/// Why a scene file could not be read; always names the file.
struct BenchSceneError: Error, CustomStringConvertible {
    let file: String
    let reason: String
    var description: String { "\(file): \(reason)" }
}

extension BenchScene {
    /// Parses a scene file written by `scenes.py --export`.
    ///
    /// Rules beyond the format: `name` is a plain file name (it becomes `<name>.png` under
    /// `--png`); the canvas is at most ``Pixmap/maxDimension`` per side and
    /// ``Pixmap/maxPixelCount`` in all; numbers are finite; a shadow's `sigma` is in
    /// `0...Pixmap.maximumBlurSigma`.
    /// - Throws: ``BenchSceneError`` naming the file, the item index and the problem.
    static func load(from url: URL) throws -> BenchScene {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BenchSceneError(file: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
        return try parse(data, file: url.path)
    }

    /// Parses the contents of a scene file (the rules of ``load(from:)``); `file` names it in
    /// errors. The fuzz target `scene-json` calls this directly.
    static func parse(_ data: Data, file: String) throws -> BenchScene {
        func fail(_ why: String) -> BenchSceneError { BenchSceneError(file: file, reason: why) }
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw fail("invalid JSON: \(jsonReason(error, in: data))")
        }
        guard let doc = root as? [String: Any] else { throw fail("top level is not an object") }
        guard let name = doc["name"] as? String else { throw fail("missing string \"name\"") }
        // The name becomes `<name>.png` inside the --png folder: it must stay a plain file name.
        guard !name.isEmpty, name.utf8.count <= 128, name != ".", name != "..",
              !name.contains(where: { $0 == "/" || $0 == "\\" || $0.isNewline || $0 == "\0" }) else {
            throw fail("\"name\" must be a plain file name (1...128 bytes, no '/', '\\' or control characters)")
        }
        guard let w = integer(doc["width"]), let h = integer(doc["height"]), w > 0, h > 0,
              w <= Pixmap.maxDimension, h <= Pixmap.maxDimension, w * h <= Pixmap.maxPixelCount else {
            throw fail("\"width\"/\"height\" must be integers in 1...\(Pixmap.maxDimension), at most \(Pixmap.maxPixelCount) pixels in all")
        }
        guard let items = doc["items"] as? [Any] else { throw fail("missing array \"items\"") }
        var ops: [BenchOp] = []
        for (i, item) in items.enumerated() {
            guard let fields = item as? [String: Any] else { throw fail("item \(i): not an object") }
            do {
                ops.append(try Item(fields: fields).op())
            } catch let e as ItemError {
                throw fail("item \(i): \(e.reason)")
            }
        }
        return BenchScene(name: name, width: w, height: h, ops: ops)
    }
}

/// `value` as a JSON integer; nil for anything else, `true` and `false` included (Foundation
/// reads those as numbers that convert to 1 and 0).
private func integer(_ value: Any?) -> Int? {
    guard let n = value as? NSNumber, String(cString: n.objCType) != "c" else { return nil }
    return value as? Int
}

/// Foundation's reason for rejecting `data` as JSON, with the line and column of the
/// character offset it names ("Invalid value around character 16." says neither).
private func jsonReason(_ error: any Error, in data: Data) -> String {
    let ns = error as NSError
    let reason = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
    guard let range = reason.range(of: "around character "),
          let offset = Int(reason[range.upperBound...].prefix { $0.isNumber }), offset >= 0 else { return reason }
    var line = 1, column = 1
    for byte in data.prefix(offset) {
        if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
    }
    return "line \(line), column \(column): \(reason)"
}

private struct ItemError: Error { let reason: String }

/// Typed access to one item's fields, each failure naming the field.
private struct Item {
    let fields: [String: Any]

    func num(_ k: String) throws -> CGFloat {
        guard let v = fields[k] as? Double, v.isFinite else { throw ItemError(reason: "missing number \"\(k)\"") }
        return CGFloat(v)
    }

    func num(_ k: String, in range: ClosedRange<CGFloat>) throws -> CGFloat {
        let v = try num(k)
        guard range.contains(v) else { throw ItemError(reason: "\"\(k)\" must be in \(range.lowerBound)...\(range.upperBound), got \(v)") }
        return v
    }

    func str(_ k: String) throws -> String {
        guard let v = fields[k] as? String else { throw ItemError(reason: "missing string \"\(k)\"") }
        return v
    }

    func path(_ k: String) throws -> Path {
        let d = try str(k)
        do { return try Path(svgPathData: d) } catch { throw ItemError(reason: "\"\(k)\": \(error)") }
    }

    static func color(hex: String, alpha: CGFloat, field: String) throws -> Color {
        guard hex.count == 7, hex.first == "#", let v = UInt32(hex.dropFirst(), radix: 16) else {
            throw ItemError(reason: "\"\(field)\" is not #rrggbb")
        }
        return Color(red: CGFloat(v >> 16 & 255) / 255, green: CGFloat(v >> 8 & 255) / 255,
                     blue: CGFloat(v & 255) / 255, alpha: alpha)
    }

    func color(_ k: String, alpha: CGFloat) throws -> Color {
        try Item.color(hex: try str(k), alpha: alpha, field: k)
    }

    func alpha255() throws -> CGFloat { fields["alpha255"] == nil ? 1 : try num("alpha255") / 255 }

    func point(_ k: String) throws -> CGPoint {
        guard let a = fields[k] as? [Double], a.count == 2, a.allSatisfy(\.isFinite) else {
            throw ItemError(reason: "\"\(k)\" must be [x, y]")
        }
        return CGPoint(x: a[0], y: a[1])
    }

    func cap(_ k: String) throws -> LineCap {
        guard let c = LineCap(rawValue: try str(k)) else { throw ItemError(reason: "unknown \"\(k)\"") }
        return c
    }

    func join(_ k: String) throws -> LineJoin {
        guard let j = LineJoin(rawValue: try str(k)) else { throw ItemError(reason: "unknown \"\(k)\"") }
        return j
    }

    func op() throws -> BenchOp {
        switch try str("op") {
        case "clear":
            return .clear
        case "background":
            return .background(try color("color", alpha: try num("alpha")))
        case "linearGradientRect":
            guard let r = fields["rect"] as? [Double], r.count == 4, r.allSatisfy(\.isFinite) else {
                throw ItemError(reason: "\"rect\" must be [x, y, w, h]")
            }
            guard let rawStops = fields["stops"] as? [[String: Any]], !rawStops.isEmpty else {
                throw ItemError(reason: "missing \"stops\"")
            }
            var stops: [GradientStop] = []
            for s in rawStops {
                guard let off = s["offset"] as? Double, let hex = s["color"] as? String, let a = s["alpha"] as? Double else {
                    throw ItemError(reason: "a stop needs offset, color and alpha")
                }
                stops.append(GradientStop(location: off, color: try Item.color(hex: hex, alpha: a, field: "stops.color")))
            }
            return .linearGradientRect(CGRect(x: r[0], y: r[1], width: r[2], height: r[3]),
                                       start: try point("p0"), end: try point("p1"), stops: stops)
        case "fill":
            let rule: FillRule
            switch try str("fillRule") {
            case "nonzero": rule = .winding
            case "evenodd": rule = .evenOdd
            case let other: throw ItemError(reason: "unknown fillRule \"\(other)\"")
            }
            return .fill(try path("path"), try color("fill", alpha: try alpha255()), rule)
        case "stroke":
            return .stroke(try path("path"), try color("stroke", alpha: try alpha255()), width: try num("strokeWidth"),
                           cap: try cap("lineCap"), join: try join("lineJoin"), miterLimit: try num("miterLimit"))
        case "fillMinusStroke":
            return .fillMinusStroke(try path("path"), try color("fill", alpha: 1), stroke: try path("strokePath"),
                                    width: try num("strokeWidth"), cap: try cap("lineCap"), join: try join("lineJoin"))
        case "shadowFill":
            return .shadowFill(try path("path"), try color("fill", alpha: 1),
                               shadow: try color("shadowColor", alpha: try num("shadowAlpha")),
                               sigma: try num("sigma", in: 0...Pixmap.maximumBlurSigma), dx: try num("dx"), dy: try num("dy"))
        case let other:
            throw ItemError(reason: "unknown op \"\(other)\"")
        }
    }
}

/// Draws a scene into a context: everything one timed frame does.
struct BenchRenderer {
    let scene: BenchScene

    func render(into ctx: inout DrawingContext) {
        for op in scene.ops {
            switch op {
            case .clear:
                ctx.clear()
            case .background(let c):
                ctx.saveGState()
                ctx.setBlendMode(c.alpha >= 1 ? .normal : .copy)
                ctx.setFillColor(c)
                ctx.fill(CGRect(x: 0, y: 0, width: scene.width, height: scene.height))
                ctx.restoreGState()
            case .linearGradientRect(let r, let p0, let p1, let stops):
                ctx.setFillPaint(.linearGradient(LinearGradient(gradient: Gradient(stops: stops), start: p0, end: p1)))
                ctx.fill(r)
            case .fill(let p, let c, let rule):
                ctx.setFillColor(c)
                ctx.fill(p, using: rule)
            case .stroke(let p, let c, let w, let cap, let join, let limit):
                ctx.setStrokeColor(c)
                ctx.setLineWidth(w)
                ctx.setLineCap(cap)
                ctx.setLineJoin(join)
                ctx.setMiterLimit(limit)
                ctx.stroke(p)
            case .fillMinusStroke(let p, let c, let sp, let w, let cap, let join):
                // As Blend2D and Cairo do it: fill, then clear the stroked area (a pixel the
                // stroke covers by c keeps 1 − c of the fill): exactly "fill minus stroke" also
                // where the stroke leaves the fill, each pass with one winding layer. The cut's
                // edge is where the public stroker puts it (`copy(strokingWithWidth:)`, as the
                // erased-curve card makes it).
                ctx.setFillColor(c)
                ctx.fill(p)
                ctx.saveGState()
                ctx.setBlendMode(.clear)
                ctx.fillStroke(of: sp, lineWidth: w, lineCap: cap, lineJoin: join, miterLimit: Path.defaultMiterLimit,
                               offsetTolerance: 0)
                ctx.restoreGState()
            case .shadowFill(let p, let c, let shadow, let sigma, let dx, let dy):
                ctx.drawShadow(of: p, color: shadow, sigma: sigma, offset: CGSize(width: dx, height: dy))
                ctx.setFillColor(c)
                ctx.fill(p)
            }
        }
    }
}
