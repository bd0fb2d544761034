import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// The mask layer for `clip-path`: the clip path's shapes filled opaque with their clip rule.
    /// The `<clipPath>` is reached at `depth`, its shapes one level deeper; past
    /// ``SVGImporter/Limits/maxDepth`` the result is an empty layer, which clips everything away.
    func clipLayer(_ ref: String, for layer: Layer, _ e: SVGNode, depth: Int) throws(SVGError) -> Layer? {
        guard let clip = referenced(ref), clip.name == "clipPath" else {
            warn(e.line, "clip-path '\(ref.prefix(40))' does not name a <clipPath>; ignored")
            return nil
        }
        try visit(clip)
        guard isWithinDepth(depth, e, "clip-path '\(ref.prefix(40))'") else { return try makeLayer(for: e) { Layer() } }
        return try expanding(clip, from: e) { () throws(SVGError) -> Layer? in
            let out = try makeLayer(for: e) { Layer() }
            let d = try declarations(clip)
            // Clip rules and visibility inherit from the clip path's own ancestors.
            let clipStyle = try inheritedStyle(of: clip)
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
                guard SVGBuilder.shapes.contains(target.name) || target.name == "text" else {
                    if child.name != "title" && child.name != "desc" { warn(child.line, "<\(child.name)> inside <clipPath> is not supported; skipped") }
                    continue
                }
                let cd = try declarations(target)
                if cd["display"] == "none" || !conditionsPass(target) { continue }
                let s = computedStyle(cd, parent: clipStyle, element: target)
                let shape: Layer
                if target.name == "text" {
                    guard let text = try clipText(target, style: s, depth: depth + 2) else { continue }
                    shape = text
                } else {
                    guard s.visible, let path = geometry(target) else { continue }
                    let filled = try makeLayer(for: e) { ShapeLayer() }
                    filled.path = path
                    filled.fillColor = .black
                    filled.fillRule = s.clipRule
                    shape = filled
                }
                if let m = transformAboutOrigin(target, cd) { shape.transform = m }
                shape.transform = shape.transform.concatenating(placement)
                if let inner = cd["clip-path"], inner != "none" { shape.mask = try clipLayer(inner, for: shape, target, depth: depth + 2) }
                out.addSublayer(shape)
            }
            if let own = d["clip-path"], own != "none" {
                let wrapper = try makeLayer(for: e) { Layer() }
                wrapper.addSublayer(out)
                wrapper.mask = try clipLayer(own, for: layer, clip, depth: depth + 1)
                return wrapper
            }
            return out
        }
    }

    /// A `<text>` inside a `<clipPath>`: the outlines of its visible characters filled opaque
    /// with their `clip-rule` (strokes, paints and decorations' colours play no part); nil when
    /// nothing is left.
    private func clipText(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        guard isWithinDepth(depth, e, "<text> in a clip path") else { return nil }
        let savedFontSize = fontSize
        fontSize = style.font.size
        defer { fontSize = savedFontSize }
        guard let laidOut = try layoutText(e, style: style, depth: depth) else { return nil }
        let group = try makeLayer(for: e) { Layer() }
        for run in laidOut.runs where run.style.visible && !run.path.isEmpty {
            let glyphs = try makeLayer(for: e) { ShapeLayer() }
            glyphs.path = run.path
            glyphs.fillColor = .black
            glyphs.fillRule = run.style.clipRule
            group.addSublayer(glyphs)
        }
        return group.sublayers.isEmpty ? nil : group
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
        guard isWithinDepth(depth, e, "mask '\(ref.prefix(40))'") else { return try makeLayer(for: e) { Layer() } }
        return try expanding(maskNode, from: e) { () throws(SVGError) -> Layer? in
            let a = maskNode.attributes
            // The object bounding box: fill geometry, no stroke, so a horizontal line's box has
            // no height and a mask region in its units masks everything away (as resvg).
            let box = objectBox(including: layer)
            let regionInBox = (a["maskUnits"] ?? "objectBoundingBox") != "userSpaceOnUse"
            func len(_ name: String, _ def: String, _ axis: Axis) -> CGFloat {
                guard let l = SVGLength.parse(a[name] ?? def, maxMagnitude: limits.maxCoordinate) else { return 0 }
                return l.resolved(axis == .x ? viewport.width : viewport.height)
            }
            let out = try makeLayer(for: e) { Layer() }
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
            let content = try makeLayer(for: e) { Layer() }
            if a["maskContentUnits"] == "objectBoundingBox", let box {
                content.transform = Transform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY)
            }
            let maskStyle = computedStyle(maskDeclarations, parent: SVGStyle(), element: maskNode)
            for child in maskNode.children {
                if let sub = try element(child, parentStyle: maskStyle, depth: depth + 1) { content.addSublayer(sub) }
            }
            out.addSublayer(content)
            // A `mask` on the `<mask>` itself masks the mask (its region measured on the same
            // element): the two multiply.
            if let own = maskDeclarations["mask"], own != "none" {
                if try maskChainReturns(own) {
                    // As resvg: a mask chain that leads back to a mask being built is dropped
                    // as a whole, not cut after one round.
                    warn(maskNode.line, "mask '\(own.prefix(40))' on <mask> leads back to itself; ignored")
                } else {
                    out.mask = try maskLayer(own, for: layer, maskNode, style: maskStyle, depth: depth + 1)
                }
            }
            return out
        }
    }

    /// Whether following `mask` references from `ref` (through the `mask` of each `<mask>`)
    /// reaches a mask being built.
    private func maskChainReturns(_ ref: String) throws(SVGError) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var next = referenced(ref)
        while let n = next, n.name == "mask", seen.insert(ObjectIdentifier(n)).inserted {
            if active.contains(ObjectIdentifier(n)) { return true }
            next = try declarations(n)["mask"].flatMap(referenced)
        }
        return false
    }
}
