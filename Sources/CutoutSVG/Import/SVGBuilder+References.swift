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

    /// Follows the `href` chain from `start`, reached at `depth`: each link is one level deeper,
    /// and the chain is cut at ``SVGImporter/Limits/maxDepth``.
    func resolveGradient(_ start: SVGNode, _ e: SVGNode, depth: Int) throws(SVGError) -> ResolvedGradient? {
        var result = ResolvedGradient(element: start)
        var seen: Set<ObjectIdentifier> = []
        var node: SVGNode? = start
        var haveStops = false
        var depth = depth
        while let n = node {
            guard seen.insert(ObjectIdentifier(n)).inserted else {
                warn(e.line, "gradient href cycle through '\(n.attributes["id"] ?? "")'; chain cut")
                break
            }
            guard n.name == "linearGradient" || n.name == "radialGradient" else { break }
            try visit(n)
            guard isWithinDepth(depth, e, "gradient href chain") else { break }
            depth += 1
            for (k, v) in n.attributes where result.attributes[k] == nil { result.attributes[k] = v }
            if !haveStops {
                for child in n.children { try visit(child) }
                let stops = n.children.filter { $0.name == "stop" }
                if !stops.isEmpty {
                    haveStops = true
                    var last: CGFloat = 0
                    for s in stops {
                        let d = try declarations(s)
                        var offset: CGFloat = 0
                        if let o = s.attributes["offset"], let (v, suffix) = SVGNumberScanner.numberWithSuffix(o),
                           suffix == "" || suffix == "%" {
                            offset = v / (suffix == "%" ? 100 : 1)
                        }
                        offset = max(min(max(offset, 0), 1), last)
                        last = offset
                        var color = Color.black
                        if let c = d["stop-color"]?.trimmingCharacters(in: .whitespaces) {
                            if c.lowercased() == "currentcolor" {
                                color = computedStyle(d, parent: SVGStyle(), element: s).color
                            } else if let parsed = CSSColor.parse(c) { color = parsed }
                        }
                        var opacity: CGFloat = 1
                        if let o = d["stop-opacity"], let (v, suffix) = SVGNumberScanner.numberWithSuffix(o), suffix == "" {
                            opacity = min(max(v, 0), 1)
                        }
                        result.stops.append((offset, color.withAlphaComponent(color.alpha * opacity)))
                    }
                }
            }
            let href = n.attributes["href"] ?? n.attributes["xlink:href"]
            node = href.flatMap(referenced)
        }
        return result
    }

    /// Extra stops between stops of different alpha, so that our gradients, which interpolate
    /// premultiplied colours, follow SVG's interpolation of straight (non-premultiplied)
    /// colours: with 8 pieces per such interval the largest difference is below 1/255 of a
    /// channel's range per unit of alpha change squared, invisible in 8-bit output.
    static func straightInterpolated(_ stops: [(CGFloat, Color)]) -> [(CGFloat, Color)] {
        let pieces = 8
        var out: [(CGFloat, Color)] = []
        for (i, stop) in stops.enumerated() {
            if i > 0 {
                let (l0, c0) = stops[i - 1]
                if c0.alpha != stop.1.alpha, stop.0 > l0 {
                    for k in 1..<pieces {
                        let t = CGFloat(k) / CGFloat(pieces)
                        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
                        out.append((mix(l0, stop.0), Color(red: mix(c0.red, stop.1.red), green: mix(c0.green, stop.1.green),
                                                           blue: mix(c0.blue, stop.1.blue), alpha: mix(c0.alpha, stop.1.alpha))))
                    }
                }
            }
            out.append(stop)
        }
        return out
    }

    /// A layer painting `path` (filled, or stroked with the style's stroke) with the gradient
    /// `id`; nil when `id` is not a usable gradient (the caller then uses the fallback colour).
    func paintServer(_ id: String, path: Path, style: SVGStyle, stroke: Bool, _ e: SVGNode, depth: Int) throws(SVGError) -> Layer? {
        guard let node = ids[id] else {
            warn(e.line, "paint server '\(id)' does not exist")
            return nil
        }
        guard node.name == "linearGradient" || node.name == "radialGradient" else {
            warn(e.line, "<\(node.name)> paint servers are not supported")
            return nil
        }
        guard let g = try resolveGradient(node, e, depth: depth), !g.stops.isEmpty else { return nil }
        let opacity = stroke ? style.strokeOpacity : style.fillOpacity
        let stops = SVGBuilder.straightInterpolated(g.stops.map { ($0.0, style.finalColor($0.1, opacity: opacity)) })
        let colors = stops.map(\.1)

        let mask = try makeLayer { ShapeLayer() }
        mask.path = path
        if stroke {
            mask.fillColor = nil
            mask.strokeColor = .black
            applyStrokeStyle(mask, style)
        } else {
            mask.fillRule = style.fillRule
        }
        if stops.count == 1 {
            mask.fillColor = stroke ? nil : colors[0]
            mask.strokeColor = stroke ? colors[0] : nil
            return mask
        }

        let a = g.attributes
        let objectBox = (a["gradientUnits"] ?? "objectBoundingBox") != "userSpaceOnUse"
        var toUser = Transform.identity
        if let t = a["gradientTransform"] {
            if let m = SVGTransformList.parse(t, maxMagnitude: limits.maxCoordinate) { toUser = m } else { warn(e.line, "invalid gradientTransform ignored") }
        }
        let box = path.boundingBox
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

        let gradient = try makeLayer { GradientLayer() }
        gradient.colors = colors
        gradient.locations = stops.map(\.0)
        let spread = a["spreadMethod"] ?? "pad"
        gradient.spreadMethod = spread == "reflect" ? .reflect : spread == "repeat" ? .repeat : .pad
        // The layer covers the painted area, expressed in gradient space.
        let pad = stroke ? style.strokeWidth * max(style.miterLimit, 1) : 1
        let painted = box.insetBy(dx: -pad, dy: -pad).applying(toGradient)
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
            let fx = a["fx"].map { _ in coord("fx", "50%", .x) } ?? c.x
            let fy = a["fy"].map { _ in coord("fy", "50%", .y) } ?? c.y
            if abs(fx - c.x) > 1e-9 || abs(fy - c.y) > 1e-9 { warn(e.line, "radial gradient focal point ignored (drawn centred)") }
            gradient.startPoint = unit(c)
            gradient.endPoint = unit(CGPoint(x: c.x + r, y: c.y + r))
        }
        mask.fillColor = stroke ? nil : .black
        let container = try makeLayer { Layer() }
        container.addSublayer(gradient)
        container.mask = mask
        return container
    }

    /// The mask layer for `clip-path`: the clip path's shapes filled opaque with their clip rule.
    /// The `<clipPath>` is reached at `depth`, its shapes one level deeper; past
    /// ``SVGImporter/Limits/maxDepth`` the result is an empty layer, which clips everything away.
    func clipLayer(_ ref: String, for layer: Layer, _ e: SVGNode, depth: Int) throws(SVGError) -> Layer? {
        guard let clip = referenced(ref), clip.name == "clipPath" else {
            warn(e.line, "clip-path '\(ref.prefix(40))' does not name a <clipPath>; ignored")
            return nil
        }
        try visit(clip)
        guard isWithinDepth(depth, e, "clip-path '\(ref.prefix(40))'") else { return try makeLayer { Layer() } }
        return try expanding(clip, from: e) { () throws(SVGError) -> Layer? in
            let out = try makeLayer { Layer() }
            let d = try declarations(clip)
            let clipStyle = computedStyle(d, parent: SVGStyle(), element: clip)
            var toLayer = Transform.identity
            if let m = transformAboutOrigin(clip, d) { toLayer = m }
            if clip.attributes["clipPathUnits"] == "objectBoundingBox" {
                guard let box = layer.contentBounds(cache: boundsCache), box.width > 0, box.height > 0 else { return out }
                // The bounding box maps the content first; the clip path's transform follows, in
                // user space (as resvg does, so its transform-origin is a user-space point).
                toLayer = Transform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY).concatenating(toLayer)
            }
            out.transform = toLayer
            for child in clip.children {
                try visit(child)
                var target = child
                var placement = Transform.identity
                if child.name == "use", let href = child.attributes["href"] ?? child.attributes["xlink:href"], let t = referenced(href),
                   SVGBuilder.shapes.contains(t.name) {
                    try visit(t)
                    target = t
                    placement = Transform(translationX: coordinate(child, "x", .x), y: coordinate(child, "y", .y))
                    if let tt = child.attributes["transform"], let m = SVGTransformList.parse(tt, maxMagnitude: limits.maxCoordinate) {
                        placement = placement.concatenating(m)
                    }
                }
                guard SVGBuilder.shapes.contains(target.name) else {
                    if child.name != "title" && child.name != "desc" { warn(child.line, "<\(child.name)> inside <clipPath> is not supported; skipped") }
                    continue
                }
                let cd = try declarations(target)
                if cd["display"] == "none" { continue }
                let s = computedStyle(cd, parent: clipStyle, element: target)
                guard let path = geometry(target) else { continue }
                let shape = try makeLayer { ShapeLayer() }
                shape.path = path
                shape.fillColor = .black
                shape.fillRule = s.clipRule
                if let m = transformAboutOrigin(target, cd) { shape.transform = m }
                shape.transform = shape.transform.concatenating(placement)
                if let inner = cd["clip-path"], inner != "none" { shape.mask = try clipLayer(inner, for: shape, target, depth: depth + 2) }
                out.addSublayer(shape)
            }
            if let own = d["clip-path"], own != "none" {
                let wrapper = try makeLayer { Layer() }
                wrapper.addSublayer(out)
                wrapper.mask = try clipLayer(own, for: layer, clip, depth: depth + 1)
                return wrapper
            }
            return out
        }
    }

    /// The mask layer for `mask`: the mask's content clipped to the mask region, used by its
    /// luminance (`Layer/isLuminanceMask`) unless `mask-type` is `alpha`. The `<mask>` is
    /// reached at `depth` and its content continues from there (it does not start afresh); past
    /// ``SVGImporter/Limits/maxDepth`` the result is an empty layer, which masks everything away.
    func maskLayer(_ ref: String, for layer: Layer, _ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        guard let maskNode = referenced(ref), maskNode.name == "mask" else {
            warn(e.line, "mask '\(ref.prefix(40))' does not name a <mask>; ignored")
            return nil
        }
        try visit(maskNode)
        guard isWithinDepth(depth, e, "mask '\(ref.prefix(40))'") else { return try makeLayer { Layer() } }
        return try expanding(maskNode, from: e) { () throws(SVGError) -> Layer? in
            let a = maskNode.attributes
            let box = layer.contentBounds(cache: boundsCache)
            let regionInBox = (a["maskUnits"] ?? "objectBoundingBox") != "userSpaceOnUse"
            func len(_ name: String, _ def: String, _ axis: Axis) -> CGFloat {
                guard let l = SVGLength.parse(a[name] ?? def, maxMagnitude: limits.maxCoordinate) else { return 0 }
                return l.resolved(axis == .x ? viewport.width : viewport.height)
            }
            let out = try makeLayer { Layer() }
            if regionInBox, box == nil { return out }
            let region: CGRect
            if regionInBox, let box {
                func frac(_ name: String, _ def: String) -> CGFloat {
                    guard let l = SVGLength.parse(a[name] ?? def, maxMagnitude: limits.maxCoordinate) else { return 0 }
                    switch l { case .user(let v): return v
                    case .percent(let p): return p / 100 }
                }
                region = CGRect(x: box.minX + frac("x", "-10%") * box.width, y: box.minY + frac("y", "-10%") * box.height,
                                width: frac("width", "120%") * box.width, height: frac("height", "120%") * box.height)
            } else {
                region = CGRect(x: len("x", "-10%", .x), y: len("y", "-10%", .y), width: len("width", "120%", .x), height: len("height", "120%", .y))
            }
            guard region.width > 0, region.height > 0 else { return out }
            out.bounds = region
            out.position = region.origin
            out.masksToBounds = true
            let maskDeclarations = try declarations(maskNode)
            out.isLuminanceMask = (maskNode.attributes["mask-type"] ?? maskDeclarations["mask-type"]) != "alpha"
            let content = try makeLayer { Layer() }
            if a["maskContentUnits"] == "objectBoundingBox", let box {
                content.transform = Transform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY)
            }
            let maskStyle = computedStyle(maskDeclarations, parent: SVGStyle(), element: maskNode)
            for child in maskNode.children {
                if let sub = try element(child, parentStyle: maskStyle, depth: depth + 1) { content.addSublayer(sub) }
            }
            out.addSublayer(content)
            return out
        }
    }
}
