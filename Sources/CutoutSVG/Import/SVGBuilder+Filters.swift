import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// Applies `filter`: a `<filter>` holding a single `feGaussianBlur` of the source graphic
    /// becomes `Layer/blurSigma` (one standard deviation for both axes, in user units), a
    /// drop shadow (see `dropShadow`) becomes the layer's shadow (radius = 2 × stdDeviation, see
    /// `Layer/shadowSigma(forRadius:)`), and
    /// the filter region (`x`, `y`, `width`, `height`, `filterUnits`; default the bounding box
    /// grown by 10% on each side) is returned as an alpha mask to chain with the element's own
    /// clip and mask. Anything else is ignored with a warning.
    /// The `<filter>` is reached at `depth`; past ``SVGImporter/Limits/maxDepth`` it is ignored.
    func applyFilter(_ ref: String, to layer: Layer, _ e: SVGNode, depth: Int) throws(SVGError) -> Layer? {
        guard let node = referenced(ref), node.name == "filter" else {
            warn(e.line, "filter '\(ref.prefix(40))' does not name a <filter>; ignored")
            return nil
        }
        try visit(node)
        for child in node.children { try visit(child) }
        guard isWithinDepth(depth, e, "filter '\(ref.prefix(40))'") else { return nil }
        let primitives = node.children.filter { !["title", "desc", "metadata"].contains($0.name) }
        if node.attributes["primitiveUnits"] == "objectBoundingBox" {
            warn(node.line, "primitiveUnits='objectBoundingBox' is not supported; filter ignored")
            return nil
        }
        if primitives.count == 1, let blur = primitives.first, blur.name == "feGaussianBlur" {
            if let input = blur.attributes["in"], input != "SourceGraphic" {
                warn(blur.line, "feGaussianBlur in='\(input.prefix(40))' is not supported; filter ignored")
                return nil
            }
            guard let sigma = standardDeviation(blur) else { return nil }
            layer.blurSigma = sigma
        } else if let shadow = try dropShadow(primitives) {
            guard let sigma = standardDeviation(shadow.blur) else { return nil }
            // The drop shadow is a layer shadow: alpha of the content, tinted, blurred, offset.
            var color = Color.black
            if let c = shadow.flood.attributes["flood-color"] {
                if let parsed = CSSColor.parse(c) { color = parsed } else { warn(shadow.flood.line, "invalid flood-color ignored") }
            }
            var opacity: CGFloat = 1
            if let o = shadow.flood.attributes["flood-opacity"], let v = Double(o.trimmingCharacters(in: .whitespaces)), v.isFinite {
                opacity = min(max(CGFloat(v), 0), 1)
            }
            func offset(_ name: String) -> CGFloat {
                var sc = SVGNumberScanner(shadow.offset.attributes[name] ?? shadow.defaultOffset, maxMagnitude: limits.maxCoordinate)
                return sc.numberList().flatMap { $0.count == 1 ? $0[0] : nil } ?? 0
            }
            layer.shadowColor = color
            layer.shadowOpacity = opacity
            layer.shadowOffset = CGSize(width: offset("dx"), height: offset("dy"))
            layer.shadowRadius = sigma * 2
            layer.shadowPath = nil
        } else {
            warn(e.line, "only a single <feGaussianBlur> or a drop shadow is supported as a filter; filter ignored")
            return nil
        }
        return try filterRegion(node, for: layer)
    }

    /// The parts of a drop shadow: one `feDropShadow`, or the chain `feFlood`, `feComposite`
    /// (`operator="in"`, `in2="SourceAlpha"`), `feGaussianBlur`, `feOffset`, `feMerge` of the
    /// result and `SourceGraphic` (how ``SVGExporter`` writes it); nil for anything else.
    private func dropShadow(_ p: [SVGNode]) throws(SVGError) -> (flood: SVGNode, blur: SVGNode, offset: SVGNode, defaultOffset: String)? {
        if p.count == 1, p[0].name == "feDropShadow", p[0].attributes["in"].map({ $0 == "SourceGraphic" }) ?? true {
            return (p[0], p[0], p[0], "2")
        }
        guard p.map(\.name) == ["feFlood", "feComposite", "feGaussianBlur", "feOffset", "feMerge"],
              p[1].attributes["operator"] == "in", p[1].attributes["in2"] == "SourceAlpha",
              [p[1], p[2], p[3]].allSatisfy({ $0.attributes["in"] == nil }) else { return nil }
        for child in p[4].children { try visit(child) }
        let nodes = p[4].children.filter { $0.name == "feMergeNode" }
        guard nodes.count == 2, nodes[0].attributes["in"] == nil, nodes[1].attributes["in"] == "SourceGraphic" else { return nil }
        return (p[0], p[2], p[3], "0")
    }

    /// `stdDeviation` (default 2 for `feDropShadow`, 0 for `feGaussianBlur`); one value for
    /// both axes, the mean of two different ones (with a warning); nil when invalid.
    private func standardDeviation(_ primitive: SVGNode) -> CGFloat? {
        let fallback = primitive.name == "feDropShadow" ? "2" : "0"
        var sc = SVGNumberScanner(primitive.attributes["stdDeviation"] ?? fallback, maxMagnitude: limits.maxCoordinate)
        guard let values = sc.numberList(), (1...2).contains(values.count), values.allSatisfy({ $0 >= 0 }) else {
            warn(primitive.line, "invalid stdDeviation; filter ignored")
            return nil
        }
        if values.count == 2, values[0] != values[1] {
            warn(primitive.line, "different x and y stdDeviation are not supported; blurred with their mean")
        }
        return values.reduce(0, +) / CGFloat(values.count)
    }

    /// The filter region as an opaque rectangle in the layer's coordinates.
    private func filterRegion(_ node: SVGNode, for layer: Layer) throws(SVGError) -> Layer? {
        let a = node.attributes
        let rect: CGRect
        if a["filterUnits"] == "userSpaceOnUse" {
            func len(_ name: String, _ def: String, _ axis: Axis) -> CGFloat {
                guard let l = SVGLength.parse(a[name] ?? def, maxMagnitude: limits.maxCoordinate) else { return 0 }
                return l.resolved(axis == .x ? viewport.width : viewport.height)
            }
            rect = CGRect(x: len("x", "-10%", .x), y: len("y", "-10%", .y), width: len("width", "120%", .x), height: len("height", "120%", .y))
        } else {
            guard let box = layer.contentBounds(cache: boundsCache) else { return nil }
            func frac(_ name: String, _ def: String) -> CGFloat {
                guard let l = SVGLength.parse(a[name] ?? def, maxMagnitude: limits.maxCoordinate) else { return 0 }
                switch l {
                case .user(let v): return v
                case .percent(let p): return p / 100
                }
            }
            rect = CGRect(x: box.minX + frac("x", "-10%") * box.width, y: box.minY + frac("y", "-10%") * box.height,
                          width: frac("width", "120%") * box.width, height: frac("height", "120%") * box.height)
        }
        let region = try makeLayer { Layer() }
        guard rect.width > 0, rect.height > 0 else { return region }
        region.bounds = rect
        region.position = rect.origin
        region.backgroundColor = .black
        return region
    }
}
