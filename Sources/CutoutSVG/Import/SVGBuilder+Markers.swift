import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

/// The vertices of a path where markers go, with the direction of the path there, following
/// SVG's rules as resvg reads them.
struct SVGMarkerVertices {
    /// One path element, with quadratic curves raised to cubic ones (same tangents).
    enum Segment {
        case move(CGPoint)
        case line(CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint)
        case close
    }

    let segments: [Segment]

    init(_ path: Path) {
        var out: [Segment] = []
        var current = CGPoint.zero, start = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                out.append(.move(p)); current = p; start = p
            case .lineTo(let p):
                out.append(.line(p)); current = p
            case .quadCurveTo(let p, let c):
                let c1 = CGPoint(x: (current.x + 2 * c.x) / 3, y: (current.y + 2 * c.y) / 3)
                let c2 = CGPoint(x: (p.x + 2 * c.x) / 3, y: (p.y + 2 * c.y) / 3)
                out.append(.cubic(c1, c2, p)); current = p
            case .curveTo(let p, let c1, let c2):
                out.append(.cubic(c1, c2, p)); current = p
            case .closeSubpath:
                out.append(.close); current = start
            }
        }
        segments = out
    }

    enum Kind { case start, mid, end }

    /// The (position, index) of every vertex of `kind`: the first point for `start`; every
    /// vertex but the first and last (closing elements excepted) for `mid`; the last point
    /// (the subpath's start after a close) for `end`.
    func vertices(_ kind: Kind) -> [(CGPoint, Int)] {
        guard !segments.isEmpty else { return [] }
        switch kind {
        case .start:
            if case .move(let p) = segments[0] { return [(p, 0)] }
            return []
        case .mid:
            var out: [(CGPoint, Int)] = []
            var i = 1
            while i < segments.count - 1 {
                if let p = endPoint(i) { out.append((p, i)) }
                i += 1
            }
            return out
        case .end:
            let i = segments.count - 1
            switch segments[i] {
            case .line(let p), .cubic(_, _, let p): return [(p, i)]
            case .close: return [(subpathStart(before: i), i)]
            case .move: return []
            }
        }
    }

    private func endPoint(_ i: Int) -> CGPoint? {
        switch segments[i] {
        case .move(let p), .line(let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
    }

    /// The point where segment `i` starts.
    private func previousVertex(_ i: Int) -> CGPoint {
        switch segments[i - 1] {
        case .move(let p), .line(let p), .cubic(_, _, let p): return p
        case .close: return subpathStart(before: i)
        }
    }

    /// The last move at or before index `i - 1`.
    private func subpathStart(before i: Int) -> CGPoint {
        var k = i - 1
        while k >= 0 {
            if case .move(let p) = segments[k] { return p }
            k -= 1
        }
        return .zero
    }

    /// The direction of the path at vertex `i` in degrees: the way out of the first vertex,
    /// the way into the last, and the bisector of the ways in and out elsewhere. Coincident
    /// control points fall back to the neighbouring vertices.
    func angle(at i: Int) -> CGFloat {
        func same(_ a: CGPoint, _ b: CGPoint) -> Bool { a == b }
        if i == 0 {
            guard segments.count > 1, case .move(let m) = segments[0] else { return 0 }
            switch segments[1] {
            case .line(let p): return Self.direction(m, p)
            case .cubic(let c1, _, let p): return same(m, c1) ? Self.direction(m, p) : Self.direction(m, c1)
            default: return 0
            }
        }
        if i == segments.count - 1 {
            switch (segments[i - 1], segments[i]) {
            case (_, .line(let p)): return Self.direction(previousVertex(i), p)
            case (_, .cubic(let c1, let c2, let p)): return same(c2, p) ? Self.direction(c1, p) : Self.direction(c2, p)
            case (.line(let p), .close): return Self.direction(p, subpathStart(before: i))
            case (.cubic(_, let c2, let p), .close):
                return Self.curveAngle(previousVertex(i), c2, p, subpathStart(before: i), subpathStart(before: i))
            default: return 0
            }
        }
        switch (segments[i], segments[i + 1]) {
        case (.move(let m), .line(let p)): return Self.direction(m, p)
        case (.move(let m), .cubic(let c1, _, _)): return Self.direction(m, c1)
        case (.line(let p1), .line(let p2)): return Self.bisector(previousVertex(i), p1, p1, p2)
        case (.cubic(_, let c2, let p), .cubic(let n1, _, let n)):
            return Self.curveAngle(previousVertex(i), c2, p, n1, n)
        case (.line(let p), .cubic(let n1, _, let n)):
            let prev = previousVertex(i)
            return Self.curveAngle(prev, prev, p, n1, n)
        case (.cubic(_, let c2, let p), .line(let n)): return Self.curveAngle(previousVertex(i), c2, p, n, n)
        case (.line(let p), .move): return Self.direction(previousVertex(i), p)
        case (.cubic(_, let c2, let p), .move):
            return same(p, c2) ? Self.direction(previousVertex(i), p) : Self.direction(c2, p)
        case (.line(let p), .close): return Self.bisector(previousVertex(i), p, p, subpathStart(before: i + 1))
        case (_, .close): return Self.direction(previousVertex(i), subpathStart(before: i + 1))
        default: return 0
        }
    }

    /// The bisector at vertex `p` between a curve arriving from control `c1` (or from the
    /// previous vertex when `c1` is `p`) and one leaving towards control `c2` (or towards the
    /// next vertex when `c2` is `p`).
    static func curveAngle(_ prev: CGPoint, _ c1: CGPoint, _ p: CGPoint, _ c2: CGPoint, _ next: CGPoint) -> CGFloat {
        if c1 == p { return bisector(prev, p, p, c2) }
        if p == c2 { return bisector(c1, p, p, next) }
        return bisector(c1, p, p, c2)
    }

    static func direction(_ a: CGPoint, _ b: CGPoint) -> CGFloat { bisector(a, b, a, b) }

    /// The angle halfway between the directions a→b and c→d, in degrees in `0..<360`.
    static func bisector(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> CGFloat {
        func positive(_ r: CGFloat) -> CGFloat {
            let v = r.truncatingRemainder(dividingBy: 2 * .pi)
            return v < 0 ? v + 2 * .pi : v
        }
        func heading(_ dx: CGFloat, _ dy: CGFloat) -> CGFloat {
            let r = atan2(dy, dx)
            return r.isNaN ? 0 : positive(r)
        }
        let into = heading(b.x - a.x, b.y - a.y), out = heading(d.x - c.x, d.y - c.y)
        let half = (out - into) / 2
        var angle = into + half
        if abs(half) > .pi / 2 { angle -= .pi }
        return positive(angle) * 180 / .pi
    }
}

extension SVGBuilder {
    /// `orient`: `auto`, `auto-start-reverse`, or an angle (`deg`, `rad`, `grad`, `turn`, or
    /// a plain number of degrees); nil for the automatic ones, with the reverse flag.
    static func markerOrientation(_ text: String?) -> (auto: Bool, reverseStart: Bool, degrees: CGFloat) {
        let s = (text ?? "0").trimmingCharacters(in: .whitespaces)
        if s == "auto" { return (true, false, 0) }
        if s == "auto-start-reverse" { return (true, true, 0) }
        guard let (v, unit) = SVGNumberScanner.numberWithSuffix(s), v.isFinite else { return (false, false, 0) }
        switch unit.lowercased() {
        case "", "deg": return (false, false, v)
        case "rad": return (false, false, v * 180 / .pi)
        case "grad": return (false, false, v * 0.9)
        case "turn": return (false, false, v * 360)
        default: return (false, false, 0)
        }
    }

    /// `path` filled and stroked with the style's paints, with the markers of `style` at its
    /// vertices (every basic shape has them, as in SVG 2 and resvg) in the place `paint-order`
    /// gives them: after the stroke and fill by default, between them or before them.
    ///
    /// Each marker is its content, in the marker's coordinates, placed by: a translation to
    /// the vertex; a rotation by `orient` (`auto`: the path's direction there;
    /// `auto-start-reverse`: reversed at the start); a scale by the stroke width
    /// (`markerUnits="strokeWidth"`, the default) or by the `viewBox`'s scale into
    /// `markerWidth` × `markerHeight` (times the stroke width); and a translation by
    /// (−`refX`, −`refY`). Unless `overflow` is `visible` or `auto`, the content is clipped to
    /// the `viewBox` or else to (0, 0, `markerWidth`, `markerHeight`). A marker whose width,
    /// height or stroke scale is not positive draws nothing. The content inherits the
    /// marker's style, not the path's. At most ``SVGImporter/Limits/maxMarkers`` markers
    /// are drawn in a document; the rest are skipped with a warning.
    func shapeWithMarkers(_ path: Path, style: SVGStyle, _ e: SVGNode, depth: Int) throws(SVGError) -> Layer {
        let references = [(style.markerStart, SVGMarkerVertices.Kind.start), (style.markerMid, .mid), (style.markerEnd, .end)]
        guard references.contains(where: { $0.0 != nil }) else { return try paintedShape(path, style: style, e, depth: depth) }
        let vertices = SVGMarkerVertices(markerGeometry(e) ?? path)
        var markers: [Layer] = []
        for case let (reference?, kind) in references {
            guard let marker = referenced(reference), marker.name == "marker" else {
                warn(e.line, "marker '\(reference.prefix(40))' does not name a <marker>; ignored")
                continue
            }
            try visit(marker)
            guard isWithinDepth(depth + 1, e, "marker '\(reference.prefix(40))'") else { continue }
            let placed = try expanding(marker, from: e) { () throws(SVGError) -> [Layer] in
                // Inside a marker's content only markers count as cycles (as resvg): the
                // content may show, through `<use>`, the very shape the marker is drawn for,
                // whose own markers are then those not already being drawn. Every level
                // adds a marker to the chain, so the recursion ends.
                activeMarkers.insert(ObjectIdentifier(marker))
                let outer = active
                active = active.intersection(activeMarkers)
                defer { active = outer; activeMarkers.remove(ObjectIdentifier(marker)) }
                return try markerInstances(marker, at: vertices, kind, shapeStyle: style, e, depth: depth + 1)
            }
            markers += placed ?? []
        }
        guard !markers.isEmpty else { return try paintedShape(path, style: style, e, depth: depth) }
        let group = try makeLayer(for: e) { Layer() }
        if style.markersPosition == 1 {
            // Between fill and stroke: the two are drawn as separate shapes around the markers.
            var first = style, second = style
            if style.strokeBeforeFill { first.fill = .none; second.stroke = .none } else { first.stroke = .none; second.fill = .none }
            group.addSublayer(try paintedShape(path, style: first, e, depth: depth))
            markers.forEach(group.addSublayer)
            group.addSublayer(try paintedShape(path, style: second, e, depth: depth))
        } else {
            let shape = try paintedShape(path, style: style, e, depth: depth)
            if style.markersPosition != 0 { group.addSublayer(shape) }
            markers.forEach(group.addSublayer)
            if style.markersPosition == 0 { group.addSublayer(shape) }
        }
        // `context-fill`/`context-stroke` paint servers in the markers are laid out on the
        // shape's bounding box, in its user space.
        try fulfilContextPaints(of: e, in: group, box: path.boundingBox, depth: depth)
        return group
    }

    private func markerInstances(_ marker: SVGNode, at vertices: SVGMarkerVertices, _ kind: SVGMarkerVertices.Kind,
                                 shapeStyle: SVGStyle, _ e: SVGNode, depth: Int) throws(SVGError) -> [Layer] {
        let a = marker.attributes
        let strokeScale = a["markerUnits"] == "userSpaceOnUse" ? 1 : shapeStyle.strokeWidth
        let width = coordinate(marker, "markerWidth", .x, default: 3), height = coordinate(marker, "markerHeight", .y, default: 3)
        guard strokeScale > 0, width > 0, height > 0 else { return [] }
        let ref = CGPoint(x: coordinate(marker, "refX", .x), y: coordinate(marker, "refY", .y))
        let viewBox = a["viewBox"].flatMap { SVGViewBox.parse($0, maxMagnitude: limits.maxCoordinate) }
        if a["viewBox"] != nil, viewBox == nil { warn(marker.line, "invalid marker viewBox ignored") }
        var scale = CGSize(width: strokeScale, height: strokeScale)
        if let viewBox {
            // Only the view box's scale: resvg places the marker by refX/refY alone, without
            // the alignment offset of preserveAspectRatio.
            let fit = viewBox.transform(into: CGRect(x: 0, y: 0, width: width * strokeScale, height: height * strokeScale),
                                        preserveAspectRatio: a["preserveAspectRatio"])
            scale = CGSize(width: fit.a, height: fit.d)
        }
        let markerDeclarations = try declarations(marker)
        var overflow = (a["overflow"] ?? markerDeclarations["overflow"])?.trimmingCharacters(in: .whitespaces)
        // `inherit` takes the nearest ancestor's declared value, else the initial `visible`
        // (the `hidden` of a marker comes from the user agent's style sheet, not inheritance).
        var ancestor = parents[ObjectIdentifier(marker)]
        while overflow == "inherit" {
            guard let p = ancestor else { overflow = "visible"; break }
            let declared = try declarations(p)["overflow"]
            overflow = (p.attributes["overflow"] ?? declared)?.trimmingCharacters(in: .whitespaces) ?? "inherit"
            ancestor = parents[ObjectIdentifier(p)]
        }
        let clip: CGRect? = overflow == "visible" || overflow == "auto" ? nil
            : viewBox?.rect ?? CGRect(x: 0, y: 0, width: width, height: height)
        let orientation = Self.markerOrientation(a["orient"])
        // The content inherits the style of the marker and its ancestors, not the shape's, but `context-fill` and
        // `context-stroke` name the shape's paints (without their opacities, as resvg).
        var context = SVGStyle()
        context.contextFill = shapeStyle.fill
        context.contextStroke = shapeStyle.strokeWidth > 0 ? shapeStyle.stroke : .none
        context.contextOwner = ObjectIdentifier(e)
        let markerStyle = try inheritedStyle(of: marker, base: context)

        var out: [Layer] = []
        for (point, index) in vertices.vertices(kind) {
            markerCount += 1
            guard markerCount <= limits.maxMarkers else {
                if markerCount == limits.maxMarkers + 1 { warn(e.line, "more than \(limits.maxMarkers) markers in the document; the rest are not drawn") }
                break
            }
            var degrees = orientation.auto ? vertices.angle(at: index) : orientation.degrees
            if orientation.reverseStart, index == 0 { degrees = (degrees + 180).truncatingRemainder(dividingBy: 360) }
            let instance = try makeLayer(for: e) { Layer() }
            instance.transform = Transform(translationX: -ref.x, y: -ref.y)
                .concatenating(Transform(scaleX: scale.width, y: scale.height))
                .concatenating(Transform(rotationAngle: degrees * .pi / 180))
                .concatenating(Transform(translationX: point.x, y: point.y))
            let content: Layer
            if let clip {
                content = try makeLayer(for: e) { Layer() }
                content.bounds = clip
                content.position = clip.origin
                content.masksToBounds = true
                instance.addSublayer(content)
            } else {
                content = instance
            }
            for child in marker.children {
                if let sub = try element(child, parentStyle: markerStyle, depth: depth + 1) { content.addSublayer(sub) }
            }
            out.append(instance)
        }
        return out
    }
}

extension SVGBuilder {
    /// `style` with its own fill and stroke as the paints `context-fill` and `context-stroke`
    /// stand for below it: a `<use>` is the context element of what it shows (SVG 2).
    func withContextPaint(_ style: SVGStyle, owner: ObjectIdentifier) -> SVGStyle {
        var s = style
        s.contextFill = style.fill
        s.contextStroke = style.stroke
        s.contextOwner = owner
        return s
    }

    /// Replaces `context-fill` and `context-stroke` by the paints they stand for, noting a
    /// paint server that comes from a `<use>`.
    func resolveContextPaint(_ s: inout SVGStyle) {
        func resolve(_ paint: SVGPaint, _ from: inout ObjectIdentifier?) -> SVGPaint {
            let resolved: SVGPaint
            switch paint {
            case .contextFill: resolved = s.contextFill
            case .contextStroke: resolved = s.contextStroke
            default: return paint
            }
            if case .url = resolved { from = s.contextOwner } else { from = nil }
            return resolved
        }
        s.fill = resolve(s.fill, &s.fillFromContext)
        s.stroke = resolve(s.stroke, &s.strokeFromContext)
    }

    /// Where a valid `paint-order` keyword list puts the markers: 0 first, 1 between fill and
    /// stroke, 2 last (the keywords left out follow in the order fill, stroke, markers).
    static func markersPosition(_ words: [String]) -> Int {
        let order = words + ["fill", "stroke", "markers"].filter { !words.contains($0) }
        return order.firstIndex(of: "markers") ?? 2
    }

    /// The marker properties, and the CSS shorthand `marker` that sets all three (applied
    /// first, so the longhands of the same element win).
    func computeMarkerStyle(_ s: inout SVGStyle, value: (String) -> String?) {
        func reference(_ v: String) -> String? { v == "none" ? nil : v }
        if let v = value("marker") {
            s.markerStart = reference(v); s.markerMid = reference(v); s.markerEnd = reference(v)
        }
        if let v = value("marker-start") { s.markerStart = reference(v) }
        if let v = value("marker-mid") { s.markerMid = reference(v) }
        if let v = value("marker-end") { s.markerEnd = reference(v) }
    }
}

extension SVGBuilder {
    /// The outline markers follow for shapes whose drawn path is split differently from
    /// SVG's (an ellipse, circle or rounded rectangle is drawn with arcs cut into eighths):
    /// SVG 2's path equivalents, one quarter arc per corner or quadrant, so markers land on
    /// the same vertices as in resvg. A `<path>`'s arcs are cut per quarter turn (resvg's
    /// cubic pieces, whose joints get `marker-mid`; SVG itself would put none inside an arc),
    /// not per sixth as drawn. nil for the other elements (their path is used).
    func markerGeometry(_ e: SVGNode) -> Path? {
        if e.name == "path" {
            guard let d = e.attributes["d"], d.utf8.contains(where: { $0 | 0x20 == UInt8(ascii: "a") }) else { return nil }
            let path = pathData(d, e, arcSegmentAngle: .pi / 2)
            return path.isEmpty ? nil : path
        }
        var path = Path()
        /// A quarter of an ellipse about `c` from angle index `i` to `i + 1` (quarters
        /// clockwise from the right on a y-down screen); the controls only give the tangents.
        func quarter(_ c: CGPoint, _ rx: CGFloat, _ ry: CGFloat, from i: Int) {
            let k: CGFloat = 0.5522847498
            let dirs = [CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1)]
            let a = dirs[i % 4], b = dirs[(i + 1) % 4]
            let p0 = CGPoint(x: c.x + rx * a.x, y: c.y + ry * a.y), p1 = CGPoint(x: c.x + rx * b.x, y: c.y + ry * b.y)
            path.addCurve(to: p1, control1: CGPoint(x: p0.x + k * rx * b.x, y: p0.y + k * ry * b.y),
                          control2: CGPoint(x: p1.x + k * rx * a.x, y: p1.y + k * ry * a.y))
        }
        switch e.name {
        case "circle", "ellipse":
            var rx: CGFloat?, ry: CGFloat?
            if e.name == "circle" {
                let r = coordinate(e, "r", .diagonal)
                rx = r; ry = r
            } else {
                rx = e.attributes["rx"].map { _ in coordinate(e, "rx", .x) }
                ry = e.attributes["ry"].map { _ in coordinate(e, "ry", .y) }
                if rx == nil { rx = ry }
                if ry == nil { ry = rx }
            }
            guard let rx, let ry, rx > 0, ry > 0 else { return nil }
            let c = CGPoint(x: coordinate(e, "cx", .x), y: coordinate(e, "cy", .y))
            path.move(to: CGPoint(x: c.x + rx, y: c.y))
            for i in 0..<4 { quarter(c, rx, ry, from: i) }
            path.closeSubpath()
        case "rect":
            let x = coordinate(e, "x", .x), y = coordinate(e, "y", .y)
            let w = coordinate(e, "width", .x), h = coordinate(e, "height", .y)
            var rx = e.attributes["rx"].flatMap { _ in coordinate(e, "rx", .x, default: -1) } ?? -1
            var ry = e.attributes["ry"].flatMap { _ in coordinate(e, "ry", .y, default: -1) } ?? -1
            if rx < 0 { rx = ry }
            if ry < 0 { ry = rx }
            rx = min(max(rx, 0), w / 2)
            ry = min(max(ry, 0), h / 2)
            guard w > 0, h > 0, rx > 0, ry > 0 else { return nil }
            path.move(to: CGPoint(x: x + rx, y: y))
            path.addLine(to: CGPoint(x: x + w - rx, y: y))
            quarter(CGPoint(x: x + w - rx, y: y + ry), rx, ry, from: 3)
            path.addLine(to: CGPoint(x: x + w, y: y + h - ry))
            quarter(CGPoint(x: x + w - rx, y: y + h - ry), rx, ry, from: 0)
            path.addLine(to: CGPoint(x: x + rx, y: y + h))
            quarter(CGPoint(x: x + rx, y: y + h - ry), rx, ry, from: 1)
            path.addLine(to: CGPoint(x: x, y: y + ry))
            quarter(CGPoint(x: x + rx, y: y + ry), rx, ry, from: 2)
            path.closeSubpath()
        default:
            return nil
        }
        return path
    }
}
