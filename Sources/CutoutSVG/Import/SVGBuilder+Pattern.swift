import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// A `<pattern>` after following its `href` chain: the attributes (each from the first
    /// pattern of the chain that has it), the pattern whose children are the content (the
    /// first that has children), and the depth after the chain.
    struct ResolvedPattern {
        var attributes: [String: String] = [:]
        var content: SVGNode?
        var depth: Int
    }

    /// Follows the `href` chain from `start`, reached at `depth`: each link is one level deeper,
    /// the chain stops at an element that is not a `<pattern>`, and it is cut at
    /// ``SVGImporter/Limits/maxDepth`` or on a cycle.
    func resolvePattern(_ start: SVGNode, _ e: SVGNode, depth: Int) throws(SVGError) -> ResolvedPattern {
        var result = ResolvedPattern(depth: depth)
        var seen: Set<ObjectIdentifier> = []
        var node: SVGNode? = start
        while let n = node, n.name == "pattern" {
            guard seen.insert(ObjectIdentifier(n)).inserted else {
                warn(e.line, "pattern href cycle through '\(n.attributes["id"] ?? "")'; chain cut")
                break
            }
            try visit(n)
            guard isWithinDepth(result.depth, e, "pattern href chain") else { break }
            result.depth += 1
            for (k, v) in n.attributes where result.attributes[k] == nil { result.attributes[k] = v }
            if result.content == nil, !n.children.isEmpty { result.content = n }
            node = (n.attributes["href"] ?? n.attributes["xlink:href"]).flatMap(referenced)
        }
        return result
    }

    /// A layer painting `path` (filled, or stroked with the style's stroke) with the pattern
    /// `node`: a ``PatternLayer`` whose tile holds the pattern's content, masked by the shape.
    /// nil (the caller then uses the fallback colour) when the pattern has no content, a tile
    /// that is not positive, or object-bounding-box units on a shape without area.
    ///
    /// As resvg: `patternUnits` (default `objectBoundingBox`) place the tile; the content is in
    /// tile coordinates, mapped by the `viewBox` (with `preserveAspectRatio`) when there is
    /// one, else scaled by the bounding box when `patternContentUnits` is `objectBoundingBox`;
    /// `patternTransform` maps pattern space to user space. The content inherits the style of
    /// the pattern that holds it (and its ancestors), not of the shape it paints. `objectBox`,
    /// when given, replaces the path's bounding box for `objectBoundingBox` units.
    func patternPaint(_ node: SVGNode, path: Path, style: SVGStyle, stroke: Bool, _ e: SVGNode,
                      depth: Int, coverage: CGRect? = nil, objectBox objectBoxOverride: CGRect? = nil) throws(SVGError) -> Layer? {
        let resolved = try resolvePattern(node, e, depth: depth)
        let a = resolved.attributes
        guard let source = resolved.content else {
            warn(e.line, "pattern '\(node.attributes["id"] ?? "")' has no content")
            return nil
        }
        let objectBox = (a["patternUnits"] ?? "objectBoundingBox") != "userSpaceOnUse"
        let viewBox = a["viewBox"].flatMap { SVGViewBox.parse($0, maxMagnitude: limits.maxCoordinate) }
        if a["viewBox"] != nil, viewBox == nil { warn(e.line, "invalid pattern viewBox ignored") }
        let contentInBox = viewBox == nil && a["patternContentUnits"] == "objectBoundingBox"
        let box = objectBoxOverride ?? path.boundingBox
        if objectBox || contentInBox {
            guard box.width > 0, box.height > 0 else {
                warn(e.line, "pattern in objectBoundingBox units on a shape without area")
                return nil
            }
        }
        func length(_ name: String, _ axis: Axis) -> CGFloat {
            guard let text = a[name], let l = SVGLength.parse(text, maxMagnitude: limits.maxCoordinate) else { return 0 }
            if objectBox {
                switch l {
                case .user(let v): return v
                case .percent(let p): return p / 100
                }
            }
            return l.resolved(axis == .x ? viewport.width : viewport.height)
        }
        var tileRect = CGRect(x: length("x", .x), y: length("y", .y), width: length("width", .x), height: length("height", .y))
        if objectBox {
            tileRect = CGRect(x: box.minX + tileRect.minX * box.width, y: box.minY + tileRect.minY * box.height,
                              width: tileRect.width * box.width, height: tileRect.height * box.height)
        }
        guard tileRect.width > 0, tileRect.height > 0, tileRect.width.isFinite, tileRect.height.isFinite else {
            warn(e.line, "pattern '\(node.attributes["id"] ?? "")' has no area (width and height must be positive)")
            return nil
        }
        var toUser = Transform.identity
        if let t = a["patternTransform"] {
            if let m = SVGTransformList.parse(t, maxMagnitude: limits.maxCoordinate).map({ aboutOrigin($0, node, a) }), m.inverted() != nil { toUser = m }
            else { warn(e.line, "invalid or non-invertible patternTransform ignored") }
        }
        guard let toPattern = toUser.inverted() else { return nil }

        // A pattern whose content paints with the pattern itself: that inner paint is dropped
        // (drawn as nothing, not as its fallback), as resvg does.
        if active.contains(ObjectIdentifier(source)) {
            warn(e.line, "pattern '\(node.attributes["id"] ?? "")' is used inside its own content; that paint is dropped")
            return try makeLayer(for: e) { Layer() }
        }
        let built: Layer? = try expanding(source, from: e) { () throws(SVGError) -> Layer? in
            let tile = try makeLayer(for: e) { Layer() }
            if let viewBox {
                tile.transform = viewBox.transform(into: CGRect(origin: .zero, size: tileRect.size),
                                                   preserveAspectRatio: a["preserveAspectRatio"])
            } else if contentInBox {
                tile.transform = Transform(scaleX: box.width, y: box.height)
            }
            let contentStyle = try inheritedStyle(of: source)
            for child in source.children {
                if let sub = try element(child, parentStyle: contentStyle, depth: resolved.depth) { tile.addSublayer(sub) }
            }
            return tile
        }
        guard let tile = built else { return nil }

        // The layer covers the painted area, expressed in pattern space.
        let pad = stroke ? style.strokeWidth * max(style.miterLimit, 1) : 1
        let painted = (coverage ?? path.boundingBox.insetBy(dx: -pad, dy: -pad)).applying(toPattern)
        guard painted.width > 0, painted.height > 0, painted.width.isFinite, painted.height.isFinite else { return nil }
        let pattern = try makeLayer(for: e) { PatternLayer() }
        pattern.bounds = CGRect(origin: .zero, size: painted.size)
        pattern.transform = Transform(translationX: painted.minX, y: painted.minY).concatenating(toUser)
        pattern.tileRect = tileRect.offsetBy(dx: -painted.minX, dy: -painted.minY)
        pattern.tile = tile
        pattern.opacity = stroke ? style.strokeOpacity : style.fillOpacity
        let mask = try paintMask(path, style: style, stroke: stroke, for: e)
        mask.fillColor = stroke ? nil : .black
        let container = try makeLayer(for: e) { Layer() }
        container.addSublayer(pattern)
        container.mask = mask
        return container
    }
}
