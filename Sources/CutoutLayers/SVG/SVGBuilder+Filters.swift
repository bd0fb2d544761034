import Foundation
import CutoutGeometry

extension SVGBuilder {
    /// Applies `filter`: a `<filter>` holding a single `feGaussianBlur` of the source graphic
    /// becomes ``Layer/blurSigma`` (one standard deviation for both axes, in user units), and
    /// the filter region (`x`, `y`, `width`, `height`, `filterUnits`; default the bounding box
    /// grown by 10% on each side) is returned as an alpha mask to chain with the element's own
    /// clip and mask. Anything else is ignored with a warning.
    func applyFilter(_ ref: String, to layer: Layer, _ e: SVGNode) throws(SVGError) -> Layer? {
        guard let node = referenced(ref), node.name == "filter" else {
            warn(e.line, "filter '\(ref.prefix(40))' does not name a <filter>; ignored")
            return nil
        }
        let primitives = node.children.filter { !["title", "desc", "metadata"].contains($0.name) }
        guard primitives.count == 1, let blur = primitives.first, blur.name == "feGaussianBlur" else {
            warn(e.line, "only filters made of one <feGaussianBlur> are supported; filter ignored")
            return nil
        }
        if let input = blur.attributes["in"], input != "SourceGraphic" {
            warn(blur.line, "feGaussianBlur in='\(input.prefix(40))' is not supported; filter ignored")
            return nil
        }
        var sc = SVGNumberScanner(blur.attributes["stdDeviation"] ?? "0", maxMagnitude: limits.maxCoordinate)
        guard let values = sc.numberList(), (1...2).contains(values.count), values.allSatisfy({ $0 >= 0 }) else {
            warn(blur.line, "invalid stdDeviation; filter ignored")
            return nil
        }
        if values.count == 2, values[0] != values[1] {
            warn(blur.line, "different x and y stdDeviation are not supported; blurred with their mean")
        }
        if node.attributes["primitiveUnits"] == "objectBoundingBox" {
            warn(node.line, "primitiveUnits='objectBoundingBox' is not supported; filter ignored")
            return nil
        }
        layer.blurSigma = values.reduce(0, +) / CGFloat(values.count)
        return try filterRegion(node, for: layer)
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
            guard let box = layer.contentBounds() else { return nil }
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
