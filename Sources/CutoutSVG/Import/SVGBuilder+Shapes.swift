import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// The geometry of a basic shape or path in user units, or nil when it draws nothing.
    /// Paths, polylines and polygons (which have no percentages) are parsed once per element.
    func geometry(_ e: SVGNode) -> Path? {
        guard ["path", "polyline", "polygon"].contains(e.name) else { return uncachedGeometry(e) }
        if let cached = geometryCache[ObjectIdentifier(e)] { return cached }
        let path = uncachedGeometry(e)
        geometryCache[ObjectIdentifier(e)] = .some(path)
        return path
    }

    private func uncachedGeometry(_ e: SVGNode) -> Path? {
        var path = Path()
        switch e.name {
        case "rect":
            let x = coordinate(e, "x", .x), y = coordinate(e, "y", .y)
            let w = coordinate(e, "width", .x), h = coordinate(e, "height", .y)
            guard w > 0, h > 0 else { return nil }
            var rx = e.attributes["rx"].flatMap { _ in coordinate(e, "rx", .x, default: -1) } ?? -1
            var ry = e.attributes["ry"].flatMap { _ in coordinate(e, "ry", .y, default: -1) } ?? -1
            if rx < 0 { rx = ry }
            if ry < 0 { ry = rx }
            rx = min(max(rx, 0), w / 2)
            ry = min(max(ry, 0), h / 2)
            let rect = CGRect(x: x, y: y, width: w, height: h)
            if rx > 0, ry > 0 { path.addRoundedRect(in: rect, cornerWidth: rx, cornerHeight: ry) } else { path.addRect(rect) }
        case "circle":
            let r = coordinate(e, "r", .diagonal)
            guard r > 0 else { return nil }
            let cx = coordinate(e, "cx", .x), cy = coordinate(e, "cy", .y)
            path.addEllipse(in: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        case "ellipse":
            // SVG 2: a missing, `auto` or negative radius takes the other one.
            func radius(_ name: String, _ axis: Axis) -> CGFloat? {
                guard let v = e.attributes[name], v.trimmingCharacters(in: .whitespaces) != "auto" else { return nil }
                let r = coordinate(e, name, axis)
                return r < 0 ? nil : r
            }
            var rx = radius("rx", .x)
            var ry = radius("ry", .y)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            guard let rx, let ry, rx > 0, ry > 0 else { return nil }
            let cx = coordinate(e, "cx", .x), cy = coordinate(e, "cy", .y)
            path.addEllipse(in: CGRect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry))
        case "line":
            path.move(to: CGPoint(x: coordinate(e, "x1", .x), y: coordinate(e, "y1", .y)))
            path.addLine(to: CGPoint(x: coordinate(e, "x2", .x), y: coordinate(e, "y2", .y)))
        case "polyline", "polygon":
            var sc = SVGNumberScanner(e.attributes["points"] ?? "", maxMagnitude: limits.maxCoordinate)
            var values: [CGFloat] = []
            sc.skipSpace()
            // Like browsers, keep the points read before any error.
            while let v = sc.number() { values.append(v); sc.skipSeparators() }
            if !sc.isAtEnd { warn(e.line, "invalid points data; kept the points before the error") }
            let points = stride(from: 0, to: values.count - 1, by: 2).map { CGPoint(x: values[$0], y: values[$0 + 1]) }
            guard points.count >= 2 else { return nil }
            path.addLines(between: points)
            if e.name == "polygon" { path.closeSubpath() }
        case "path":
            path = pathData(e.attributes["d"] ?? "", e)
        default:
            return nil
        }
        return path.isEmpty ? nil : path
    }

    /// Path data; on an error the part before it is kept (as browsers do) with a warning.
    /// Coordinates are clamped to ±``SVGImporter/Limits/maxCoordinate``. With
    /// `arcSegmentAngle`, arcs are cut into pieces of at most that angle (for markers; no
    /// warning then, the drawn path has given it).
    func pathData(_ d: String, _ e: SVGNode, arcSegmentAngle: CGFloat? = nil) -> Path {
        func parse(_ d: String) throws(SVGPathDataError) -> Path {
            if let arcSegmentAngle { return try Path(svgPathData: d, arcSegmentAngle: arcSegmentAngle) }
            return try Path(svgPathData: d)
        }
        var path: Path
        do {
            path = try parse(d)
        } catch {
            if arcSegmentAngle == nil { warn(e.line, "\(error); kept the path before the error") }
            let bytes = Array(d.utf8.prefix(error.offset))
            let commands = Set("MmLlHhVvCcSsQqTtAaZz".utf8)
            var cut = bytes.count
            // Keep only complete commands: drop back to the last command letter before the error.
            while cut > 0, !commands.contains(bytes[cut - 1]) { cut -= 1 }
            if cut > 0, bytes[cut - 1] | 0x20 != UInt8(ascii: "z") { cut -= 1 }
            path = (try? parse(String(decoding: bytes[0..<max(cut, 0)], as: UTF8.self))) ?? Path()
        }
        let m = limits.maxCoordinate
        func c(_ p: CGPoint) -> CGPoint { CGPoint(x: min(max(p.x, -m), m), y: min(max(p.y, -m), m)) }
        let needsClamp = path.elements.contains { el in
            switch el {
            case .moveTo(let p), .lineTo(let p): return abs(p.x) > m || abs(p.y) > m
            case .quadCurveTo(let p, let c1): return [p, c1].contains { abs($0.x) > m || abs($0.y) > m }
            case .curveTo(let p, let c1, let c2): return [p, c1, c2].contains { abs($0.x) > m || abs($0.y) > m }
            case .closeSubpath: return false
            }
        }
        guard needsClamp else { return path }
        return Path(elements: path.elements.map { el in
            switch el {
            case .moveTo(let p): return .moveTo(c(p))
            case .lineTo(let p): return .lineTo(c(p))
            case .quadCurveTo(let p, let c1): return .quadCurveTo(c(p), control: c(c1))
            case .curveTo(let p, let c1, let c2): return .curveTo(c(p), control1: c(c1), control2: c(c2))
            case .closeSubpath: return .closeSubpath
            }
        })
    }

    /// The layer for a basic shape at `depth` (its paint servers are one level deeper).
    func shape(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        guard let path = geometry(e) else { return nil }
        return try shapeWithMarkers(path, style: style, e, depth: depth)
    }

    /// A layer filling and stroking `path` with the style's paints (colours or paint servers).
    /// `objectBox` is the bounding box paint servers in `objectBoundingBox` units map to when
    /// it is not the path's own (a text run's is its whole text's).
    func paintedShape(_ path: Path, style: SVGStyle, _ e: SVGNode, depth: Int, objectBox: CGRect? = nil) throws(SVGError) -> Layer {
        let fill = style.fill
        let stroke = style.strokeWidth > 0 ? style.stroke : .none
        let layer = try makeLayer(for: e) { ShapeLayer() }
        layer.path = path
        layer.fillRule = style.fillRule
        layer.fillColor = nil
        applyStrokeStyle(layer, style)
        // A hidden shape paints nothing but still counts in its group's bounding box (for
        // clip paths, masks and filters in objectBoundingBox units), so it keeps its path.
        guard style.visible else { return layer }
        var extra: [Layer] = []
        switch fill {
        case .url(let id, _) where style.fillFromContext != nil:
            if let g = try contextPaintPlaceholder(id, path: path, style: style, stroke: false, e) { extra.append(g) }
        case .url(let id, let fallback):
            if let g = try paintServer(id, path: path, style: style, stroke: false, e, depth: depth + 1, objectBox: objectBox) { extra.append(g) }
            else if let fallback { layer.fillColor = style.finalColor(fallback, opacity: style.fillOpacity) }
        default:
            layer.fillColor = style.color(of: fill).map { style.finalColor($0, opacity: style.fillOpacity) }
        }
        var strokeLayer: Layer?
        switch stroke {
        case .url(let id, _) where style.strokeFromContext != nil:
            strokeLayer = try contextPaintPlaceholder(id, path: path, style: style, stroke: true, e)
        case .url(let id, let fallback):
            if let g = try paintServer(id, path: path, style: style, stroke: true, e, depth: depth + 1, objectBox: objectBox) { strokeLayer = g }
            else if let fallback { layer.strokeColor = style.finalColor(fallback, opacity: style.strokeOpacity) }
        default:
            layer.strokeColor = style.color(of: stroke).map { style.finalColor($0, opacity: style.strokeOpacity) }
        }
        let hasFill = !extra.isEmpty || layer.fillColor != nil
        if style.strokeBeforeFill, hasFill, layer.strokeColor != nil {
            // paint-order: stroke first. The solid stroke moves to its own layer below the fill.
            let solidStroke = try makeLayer(for: e) { ShapeLayer() }
            solidStroke.path = path
            solidStroke.fillColor = nil
            applyStrokeStyle(solidStroke, style)
            solidStroke.strokeColor = layer.strokeColor
            layer.strokeColor = nil
            strokeLayer = solidStroke
        }
        guard !extra.isEmpty || strokeLayer != nil else { return layer }
        // Paint order fill, then stroke: a gradient fill goes below the shape's solid stroke,
        // a gradient stroke above everything. With the stroke first, it goes below everything.
        let group = try makeLayer(for: e) { Layer() }
        group.name = e.attributes["id"]
        if style.strokeBeforeFill, let strokeLayer { group.addSublayer(strokeLayer) }
        extra.forEach(group.addSublayer)
        if layer.fillColor != nil || layer.strokeColor != nil { group.addSublayer(layer) }
        if !style.strokeBeforeFill, let strokeLayer { group.addSublayer(strokeLayer) }
        return group
    }

    /// Stroke geometry settings shared by shapes and by the masks of gradient strokes.
    func applyStrokeStyle(_ layer: ShapeLayer, _ style: SVGStyle) {
        layer.lineWidth = style.strokeWidth
        layer.miterLimit = style.miterLimit
        layer.lineDashPattern = style.dashArray
        layer.lineDashPhase = style.dashOffset
        layer.hasNonScalingStroke = style.nonScalingStroke
        applyLineCapAndJoin(layer, style)
    }
}
