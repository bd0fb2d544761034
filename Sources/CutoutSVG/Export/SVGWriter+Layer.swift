import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
import CutoutLayers

extension SVGWriter {
    /// Writes `layer` (and its subtree) to ``body``. `parentCTM` maps the superlayer's
    /// coordinates, its `sublayerTransform` included, to the canvas.
    mutating func emit(_ layer: Layer, parentCTM: Transform, depth: Int) {
        guard depth < Renderer.maxDepth, !layer.isHidden else { return }
        let opacity = layer.opacity.isNaN ? 0 : min(max(layer.opacity, 0), 1)
        guard opacity > 0 else { return }
        let toParent = layer.transformToSuperlayerBounds
        let b = layer.bounds
        guard toParent.isFinite, b.origin.x.isFinite, b.origin.y.isFinite, b.width.isFinite, b.height.isFinite else { return }
        let ctm = toParent.concatenating(parentCTM)

        var attrs: [(String, String)] = []
        if !toParent.isIdentity { attrs.append(("transform", "matrix(\(Self.matrix(toParent)))")) }
        if opacity < 1 { attrs.append(("opacity", Self.number(opacity))) }
        if let mask = layer.mask, let id = emitMask(mask, ctm: ctm, depth: depth) { attrs.append(("mask", "url(#\(id))")) }
        let blur = layer.blurSigma.isFinite && layer.blurSigma > 0 ? layer.blurSigma : 0
        if blur > 0, let id = emitFilter(ctm: ctm, margin: 3 * blur, primitives: "<feGaussianBlur stdDeviation=\"\(Self.number(blur))\"/>") {
            attrs.append(("filter", "url(#\(id))"))
        }
        // A style, not attributes: browsers read mix-blend-mode and isolation only as CSS.
        var css: [String] = []
        if let mode = SVGBuilder.blendModes.first(where: { $0.value == layer.blendMode && $0.value != .normal })?.key {
            css.append("mix-blend-mode:\(mode)")
        }
        if layer.isolatesBlending { css.append("isolation:isolate") }
        if !css.isEmpty { attrs.append(("style", css.joined(separator: ";"))) }
        if let name = layer.name { attrs.append(("data-name", name)) }
        body += "<g" + Self.attributes(attrs) + ">\n"
        // Filters run before the blur, mask and opacity of the outer group.
        let filters = emitFilters(layer.filters, ctm: ctm, depth: depth)
        if let filters { body += "<g" + Self.attributes([("filter", filters)]) + ">\n" }
        if let shadow = Renderer.shadowStyle(layer) {
            // masksToBounds clips the layer's own shadow too, as in Core Animation.
            let shadowClip = layer.masksToBounds ? boundsClip(layer) : nil
            if let shadowClip { body += "<g clip-path=\"url(#\(shadowClip))\">\n" }
            if let shadowPath = layer.shadowPath {
                emitShadow(path: shadowPath, shadow, ctm: ctm)
                if shadowClip != nil { body += "</g>\n" }
                emitContent(layer, ctm: ctm, depth: depth)
            } else if let id = emitDropShadow(shadow, ctm: ctm) {
                body += "<g filter=\"url(#\(id))\">\n"
                emitContent(layer, ctm: ctm, depth: depth)
                body += "</g>\n"
                if shadowClip != nil { body += "</g>\n" }
            } else {
                if shadowClip != nil { body += "</g>\n" }
                emitContent(layer, ctm: ctm, depth: depth)
            }
        } else {
            emitContent(layer, ctm: ctm, depth: depth)
        }
        if filters != nil { body += "</g>\n" }
        body += "</g>\n"
    }

    /// Background, contents, shape or gradient, sublayers (clipped when `masksToBounds`), border.
    mutating func emitContent(_ layer: Layer, ctm: Transform, depth: Int) {
        let outline = layer.boundsPath
        if let bg = layer.backgroundColor, bg.alpha > 0, !outline.isEmpty {
            body += "<path" + Self.attributes([("d", outline.svgPathData)] + Self.fill(bg)) + "/>\n"
        }
        var clipped = false
        if layer.masksToBounds {
            body += "<g clip-path=\"url(#\(boundsClip(layer)))\">\n"
            clipped = true
        }
        if let image = layer.contents { emitContents(ContentsDrawing(layer: layer, image: image)) }
        if let shape = layer as? ShapeLayer { emitShape(shape) }
        if let gradient = layer as? GradientLayer { emitGradient(gradient) }
        if let pattern = layer as? PatternLayer { emitPattern(pattern, depth: depth) }
        if let text = layer as? TextLayer { emitText(text) }
        if !layer.sublayers.isEmpty {
            let inner = layer.effectiveSublayerTransform
            let open = !inner.isIdentity && inner.isFinite
            if open { body += "<g transform=\"matrix(\(Self.matrix(inner)))\">\n" }
            for sub in layer.sublayersInDrawingOrder { emit(sub, parentCTM: inner.concatenating(ctm), depth: depth + 1) }
            if open { body += "</g>\n" }
        }
        if clipped { body += "</g>\n" }
        if let border = Renderer.borderShape(layer) {
            let rule = border.rule == .evenOdd ? "evenodd" : "nonzero"
            body += "<path" + Self.attributes([("d", border.path.svgPathData), ("fill-rule", rule)] + Self.fill(border.color)) + "/>\n"
        }
    }

    /// A `<clipPath>` of the layer's rounded bounds (in its own coordinates); its id.
    mutating func boundsClip(_ layer: Layer) -> String {
        let id = newID("clip")
        defs += "<clipPath id=\"\(id)\"><path" + Self.attributes([("d", layer.boundsPath.svgPathData)]) + "/></clipPath>\n"
        return id
    }

    // MARK: Mask and filters

    /// A `<mask>` holding the rendering of `mask` in the layer's coordinates; its id.
    mutating func emitMask(_ mask: Layer, ctm: Transform, depth: Int) -> String? {
        guard let region = canvasRegion(ctm: ctm, margin: 1) else { return nil }
        let id = newID("mask")
        let saved = body
        body = ""
        emit(mask, parentCTM: ctm, depth: depth + 1)
        let content = body
        body = saved
        var attrs = [("id", id), ("maskUnits", "userSpaceOnUse"), ("maskContentUnits", "userSpaceOnUse")] + Self.region(region)
        if !mask.isLuminanceMask { attrs += [("mask-type", "alpha"), ("style", "mask-type:alpha")] }
        defs += "<mask" + Self.attributes(attrs) + ">\n" + content + "</mask>\n"
        return id
    }

    /// A filter over the canvas region (plus `margin`), working in sRGB like the renderer;
    /// its id.
    mutating func emitFilter(ctm: Transform, margin: CGFloat, primitives: String) -> String? {
        guard let region = canvasRegion(ctm: ctm, margin: margin) else { return nil }
        let id = newID("filter")
        let attrs = [("id", id), ("filterUnits", "userSpaceOnUse"), ("color-interpolation-filters", "sRGB")] + Self.region(region)
        defs += "<filter" + Self.attributes(attrs) + ">" + primitives + "</filter>\n"
        return id
    }

    /// The shadow cast from the alpha of the content: the shadow colour cut to the source's
    /// alpha, blurred, offset, under the source; its filter id. (Spelled out rather than as
    /// `feDropShadow`, which resvg draws with a wrong colour under sRGB filters.)
    mutating func emitDropShadow(_ shadow: Renderer.ShadowStyle, ctm: Transform) -> String? {
        let p = Self.paint(shadow.color)
        let margin = 3 * shadow.sigma + abs(shadow.offset.width) + abs(shadow.offset.height)
        let primitives = "<feFlood" + Self.attributes([("flood-color", p.rgb), ("flood-opacity", p.opacity)]) + "/>"
            + "<feComposite in2=\"SourceAlpha\" operator=\"in\"/>"
            + "<feGaussianBlur stdDeviation=\"\(Self.number(shadow.sigma))\"/>"
            + "<feOffset" + Self.attributes([("dx", Self.number(shadow.offset.width)), ("dy", Self.number(shadow.offset.height))]) + "/>"
            + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>"
        return emitFilter(ctm: ctm, margin: margin, primitives: primitives)
    }

    /// The shadow of a `shadowPath`: the path filled non-zero with the shadow colour, offset
    /// and blurred.
    mutating func emitShadow(path: Path, _ shadow: Renderer.ShadowStyle, ctm: Transform) {
        guard !path.isEmpty else { return }
        let offset = Transform(translationX: shadow.offset.width, y: shadow.offset.height)
        var attrs: [(String, String)] = [("d", path.svgPathData)] + Self.fill(shadow.color)
        if !offset.isIdentity { attrs.append(("transform", "matrix(\(Self.matrix(offset)))")) }
        if shadow.sigma > 0, let id = emitFilter(ctm: offset.concatenating(ctm), margin: 3 * shadow.sigma,
                                                  primitives: "<feGaussianBlur stdDeviation=\"\(Self.number(shadow.sigma))\"/>") {
            attrs.append(("filter", "url(#\(id))"))
        }
        body += "<path" + Self.attributes(attrs) + "/>\n"
    }
}
