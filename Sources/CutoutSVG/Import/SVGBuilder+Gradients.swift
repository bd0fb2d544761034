import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// A gradient's attributes after following its `href` chain.
    struct ResolvedGradient {
        var element: SVGNode
        var attributes: [String: String] = [:]
        var stops: [(CGFloat, Color)] = []
    }

    /// Attributes that place a gradient of one kind: inherited through `href` only from
    /// gradients of the same kind, and only up to the first link of the other kind (as resvg
    /// does); `gradientUnits`, `spreadMethod` and `gradientTransform` come from either kind.
    static let gradientGeometry: Set<String> = ["x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "fr"]

    /// Follows the `href` chain from `start`, reached at `depth`: each link is one level deeper,
    /// and the chain is cut at ``SVGImporter/Limits/maxDepth``.
    func resolveGradient(_ start: SVGNode, _ e: SVGNode, depth: Int) throws(SVGError) -> ResolvedGradient? {
        var result = ResolvedGradient(element: start)
        var seen: Set<ObjectIdentifier> = []
        var node: SVGNode? = start
        var haveStops = false
        var depth = depth
        var sameKind = true
        while let n = node {
            guard seen.insert(ObjectIdentifier(n)).inserted else {
                warn(e.line, "gradient href cycle through '\(n.attributes["id"] ?? "")'; chain cut")
                break
            }
            guard n.name == "linearGradient" || n.name == "radialGradient" else { break }
            try visit(n)
            guard isWithinDepth(depth, e, "gradient href chain") else { break }
            depth += 1
            if n.name != start.name { sameKind = false }
            for (k, v) in n.attributes where result.attributes[k] == nil && (sameKind || !SVGBuilder.gradientGeometry.contains(k)) {
                result.attributes[k] = v
            }
            if !haveStops {
                for child in n.children { try visit(child) }
                let stops = n.children.filter { $0.name == "stop" }
                if !stops.isEmpty {
                    haveStops = true
                    result.stops = try gradientStops(stops, of: n)
                }
            }
            let href = n.attributes["href"] ?? n.attributes["xlink:href"]
            node = href.flatMap(referenced)
        }
        return result
    }

    /// The stops of `gradient` as resvg reads them: a missing or unreadable offset repeats
    /// the previous one; offsets are clamped to `0...1` and made non-decreasing; `stop-color`
    /// and `stop-opacity` may be `inherit` (the gradient's value); `currentColor` is the
    /// colour inherited through the stop's ancestors; `stop-opacity` takes a number or a
    /// percentage. Equal offsets are then separated as resvg does (the middle one of three
    /// equal offsets dropped, a second 0 moved just after 0, an earlier equal offset moved
    /// just before), so that at a hard edge the colour before it holds up to the edge.
    func gradientStops(_ stops: [SVGNode], of gradient: SVGNode) throws(SVGError) -> [(CGFloat, Color)] {
        let gradientDeclarations = try declarations(gradient)
        var out: [(CGFloat, Color)] = []
        var last: CGFloat = 0
        for s in stops {
            let d = try declarations(s)
            var offset = last
            if let o = s.attributes["offset"], let (v, suffix) = SVGNumberScanner.numberWithSuffix(o), suffix == "" || suffix == "%" {
                offset = v / (suffix == "%" ? 100 : 1)
            }
            offset = max(min(max(offset, 0), 1), last)
            last = offset
            func value(_ name: String) -> String? {
                let v = d[name]?.trimmingCharacters(in: .whitespaces)
                return v == "inherit" ? gradientDeclarations[name]?.trimmingCharacters(in: .whitespaces) : v
            }
            var color = Color.black
            if let c = value("stop-color") {
                if c.lowercased() == "currentcolor" { color = try inheritedStyle(of: s).color }
                else if let parsed = CSSColor.parse(c) { color = parsed }
            }
            var opacity: CGFloat = 1
            if let o = value("stop-opacity"), let (v, suffix) = SVGNumberScanner.numberWithSuffix(o), suffix == "" || suffix == "%" {
                opacity = min(max(v / (suffix == "%" ? 100 : 1), 0), 1)
            }
            out.append((offset, color.withAlphaComponent(color.alpha * opacity)))
        }
        let epsilon: CGFloat = 1e-6
        var i = 0
        while out.count >= 3, i < out.count - 2 {
            if out[i].0 == out[i + 1].0, out[i + 1].0 == out[i + 2].0 { out.remove(at: i + 1) } else { i += 1 }
        }
        for k in out.indices.dropFirst() where out[k - 1].0 == 0 && out[k].0 == 0 { out[k].0 = epsilon }
        for k in out.indices.dropFirst() where out[k - 1].0 >= out[k].0 {
            out[k].0 = out[k - 1].0
            out[k - 1].0 = max(out[k - 1].0 - epsilon, 0)
        }
        return out
    }

    /// The style `node` inherits through its ancestors (its own declarations included),
    /// starting from `base` above the root.
    func inheritedStyle(of node: SVGNode, base: SVGStyle = SVGStyle()) throws(SVGError) -> SVGStyle {
        var chain = [node]
        while let parent = parents[ObjectIdentifier(chain[chain.count - 1])], chain.count <= limits.maxDepth { chain.append(parent) }
        var style = base
        for n in chain.reversed() { style = computedStyle(try declarations(n), parent: style, element: n) }
        return style
    }

    /// The shape a paint server's layer is masked by: `path` filled with the style's fill rule,
    /// or stroked with its stroke, in opaque black, for the painted element `e`.
    func paintMask(_ path: Path, style: SVGStyle, stroke: Bool, for e: SVGNode) throws(SVGError) -> ShapeLayer {
        let mask = try makeLayer(for: e) { ShapeLayer() }
        mask.path = path
        if stroke {
            mask.fillColor = nil
            mask.strokeColor = .black
            applyStrokeStyle(mask, style)
        } else {
            mask.fillRule = style.fillRule
        }
        return mask
    }

    /// A layer painting `path` (filled, or stroked with the style's stroke) with the gradient or
    /// pattern `id`; nil when `id` is not a usable paint server (the caller then uses the
    /// fallback colour). The paint covers `coverage` when given (in user space), else the
    /// path's box with room for the stroke. `objectBox`, when given, replaces the path's
    /// bounding box for `objectBoundingBox` units (the layer still covers the path).
    func paintServer(_ id: String, path: Path, style: SVGStyle, stroke: Bool, _ e: SVGNode, depth: Int,
                     coverage: CGRect? = nil, objectBox objectBoxOverride: CGRect? = nil) throws(SVGError) -> Layer? {
        guard let node = ids[id] else {
            warn(e.line, "paint server '\(id)' does not exist")
            return nil
        }
        if node.name == "pattern" {
            return try patternPaint(node, path: path, style: style, stroke: stroke, e, depth: depth,
                                    coverage: coverage, objectBox: objectBoxOverride)
        }
        guard node.name == "linearGradient" || node.name == "radialGradient" else {
            warn(e.line, "<\(node.name)> is not a paint server")
            return nil
        }
        guard let g = try resolveGradient(node, e, depth: depth), !g.stops.isEmpty else { return nil }
        let opacity = stroke ? style.strokeOpacity : style.fillOpacity
        // SVG interpolates the stops' straight colours, as `Gradient` does (and resvg).
        let stops = g.stops.map { ($0.0, style.finalColor($0.1, opacity: opacity)) }
        let colors = stops.map(\.1)

        let mask = try paintMask(path, style: style, stroke: stroke, for: e)
        if stops.count == 1 {
            mask.fillColor = stroke ? nil : colors[0]
            mask.strokeColor = stroke ? colors[0] : nil
            return mask
        }

        let a = g.attributes
        let objectBox = (a["gradientUnits"] ?? "objectBoundingBox") != "userSpaceOnUse"
        var toUser = Transform.identity
        if let t = a["gradientTransform"] {
            // A transform that cannot be inverted is ignored like an unreadable one (resvg does
            // the same), rather than making the gradient disappear.
            if let m = SVGTransformList.parse(t, maxMagnitude: limits.maxCoordinate).map({ aboutOrigin($0, node, a) }), m.inverted() != nil { toUser = m }
            else { warn(e.line, "invalid or non-invertible gradientTransform ignored") }
        }
        let box = objectBoxOverride ?? path.boundingBox
        if objectBox {
            guard box.width > 0, box.height > 0 else { return nil }
            toUser = toUser.concatenating(Transform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY))
        }
        guard let toGradient = toUser.inverted() else { return nil }
        func coord(_ name: String, _ def: String, _ axis: Axis) -> CGFloat {
            let text = a[name] ?? def
            guard let l = SVGLength.parse(text, maxMagnitude: limits.maxCoordinate) else { return 0 }
            if objectBox {
                switch l { case .user(let v): return v
                case .percent(let p): return p / 100 }
            }
            switch axis {
            case .x: return l.resolved(viewport.width)
            case .y: return l.resolved(viewport.height)
            case .diagonal: return l.resolved((viewport.width * viewport.width + viewport.height * viewport.height).squareRoot() / 2.squareRoot())
            }
        }

        let gradient = try makeLayer(for: e) { GradientLayer() }
        gradient.colors = colors
        gradient.locations = stops.map(\.0)
        let spread = a["spreadMethod"] ?? "pad"
        gradient.spreadMethod = spread == "reflect" ? .reflect : spread == "repeat" ? .repeat : .pad
        // The layer covers the painted area, expressed in gradient space.
        let pad = stroke ? style.strokeWidth * max(style.miterLimit, 1) : 1
        let painted = (coverage ?? path.boundingBox.insetBy(dx: -pad, dy: -pad)).applying(toGradient)
        guard painted.width > 0, painted.height > 0, painted.width.isFinite, painted.height.isFinite else { return nil }
        // A square layer: its unit square stretches equally both ways, so gradient space (where
        // SVG's bands are perpendicular to x1,y1→x2,y2) maps to it without distortion.
        let side = max(painted.width, painted.height)
        let area = CGRect(x: painted.minX, y: painted.minY, width: side, height: side)
        gradient.bounds = CGRect(origin: .zero, size: area.size)
        gradient.transform = Transform(translationX: area.minX, y: area.minY).concatenating(toUser)
        func unit(_ p: CGPoint) -> CGPoint { CGPoint(x: (p.x - area.minX) / area.width, y: (p.y - area.minY) / area.height) }
        if node.name == "linearGradient" {
            gradient.type = .axial
            gradient.startPoint = unit(CGPoint(x: coord("x1", "0%", .x), y: coord("y1", "0%", .y)))
            gradient.endPoint = unit(CGPoint(x: coord("x2", "100%", .x), y: coord("y2", "0%", .y)))
        } else {
            gradient.type = .radial
            let c = CGPoint(x: coord("cx", "50%", .x), y: coord("cy", "50%", .y))
            let r = coord("r", "50%", .diagonal)
            guard r > 0 else {
                mask.fillColor = stroke ? nil : colors.last
                mask.strokeColor = stroke ? colors.last : nil
                return mask
            }
            // SVG 2 (and resvg): the focal point is not moved inside the circle; outside it the
            // gradient fills the cone the two circles span.
            let f = CGPoint(x: a["fx"] == nil ? c.x : coord("fx", "50%", .x), y: a["fy"] == nil ? c.y : coord("fy", "50%", .y))
            let fr = max(coord("fr", "0", .diagonal), 0)
            gradient.startPoint = unit(c)
            gradient.endPoint = unit(CGPoint(x: c.x + r, y: c.y + r))
            if f != c { gradient.focalPoint = unit(f) }
            gradient.focalRadius = fr / r
        }
        mask.fillColor = stroke ? nil : .black
        let container = try makeLayer(for: e) { Layer() }
        container.addSublayer(gradient)
        container.mask = mask
        return container
    }

}
