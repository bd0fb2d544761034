import Foundation
import CutoutGeometry
import CutoutLayers

/// Bounding boxes of built content, in SVG's sense rather than the renderer's
/// (``Layer/contentBounds(depth:cache:)`` widens strokes by the miter limit and skips hidden
/// layers).
extension SVGBuilder {
    /// The shape that gives `layer` its geometry, in `layer`'s space: the layer itself, or the
    /// shape masking it (a gradient or pattern painting a shape is a layer masked by the shape's
    /// fill or stroke; nothing else is masked by a lone shape).
    static func geometry(of layer: Layer) -> (shape: ShapeLayer, transform: Transform)? {
        if let shape = layer as? ShapeLayer, let path = shape.path, !path.isEmpty { return (shape, .identity) }
        if let shape = layer.mask as? ShapeLayer, let path = shape.path, !path.isEmpty { return (shape, shape.transformToSuperlayerBounds) }
        return nil
    }

    /// The box of `layer`'s own geometry (see ``geometry(of:)``) or picture, in its space.
    private static func ownBox(_ layer: Layer) -> CGRect? {
        if let (shape, m) = geometry(of: layer), let path = shape.path { return path.boundingBox.applying(m) }
        if layer.contents != nil || layer.backgroundColor != nil { return layer.bounds }
        return nil
    }

    /// ``objectBoundingBox(of:)`` with `layer`'s own geometry or picture too, for a layer
    /// whose content is complete: the boxes of the layers below it are cached
    /// (``objectBoxCache``), so measuring every level of nested masks as the tree is built
    /// bottom-up costs O(layers) in all, not O(depth × layers).
    func objectBox(including layer: Layer, depth: Int = 0) -> CGRect? {
        guard depth < 1024 else { return nil }
        objectBoxMeasurements += 1
        func finite(_ r: CGRect) -> Bool { r.minX.isFinite && r.maxX.isFinite && r.minY.isFinite && r.maxY.isFinite }
        var box = Self.ownBox(layer).flatMap { finite($0) ? $0 : nil }
        let inner = layer.effectiveSublayerTransform
        for sub in layer.sublayers {
            let measured: CGRect?
            if let hit = objectBoxCache[ObjectIdentifier(sub)] { measured = hit.box } else {
                measured = objectBox(including: sub, depth: depth + 1)
                objectBoxCache[ObjectIdentifier(sub)] = (sub, measured)
            }
            guard let r = measured?.applying(sub.transformToSuperlayerBounds.concatenating(inner)), finite(r) else { continue }
            box = box.map { $0.union(r) } ?? r
        }
        return box
    }

    /// The union of the geometry of `layer`'s shapes (see ``geometry(of:)``) and pictures, in
    /// its space: SVG's object bounding box, without strokes. Masks and clips are not applied;
    /// each layer is visited once.
    static func objectBoundingBox(of layer: Layer) -> CGRect? {
        var box: CGRect?
        var stack: [(Layer, Transform)] = layer.sublayers.map { ($0, $0.transformToSuperlayerBounds.concatenating(layer.effectiveSublayerTransform)) }
        while let (l, m) = stack.popLast() {
            if let own = ownBox(l) {
                let r = own.applying(m)
                if r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite { box = box.map { $0.union(r) } ?? r }
            }
            let inner = l.effectiveSublayerTransform.concatenating(m)
            for sub in l.sublayers { stack.append((sub, sub.transformToSuperlayerBounds.concatenating(inner))) }
        }
        return box
    }

    /// ``objectBoundingBox(of:)`` widened by the strokes' outlines (the exact outline of each
    /// stroked shape, with its width, caps, joins and miter limit; dashes not cut): what resvg
    /// sizes a document without width, height and view box by.
    static func strokeBoundingBox(of layer: Layer) -> CGRect? {
        var box = objectBoundingBox(of: layer)
        var stack: [(Layer, Transform)] = layer.sublayers.map { ($0, $0.transformToSuperlayerBounds.concatenating(layer.effectiveSublayerTransform)) }
        while let (l, m) = stack.popLast() {
            if let (shape, toLayer) = geometry(of: l), shape.strokeColor != nil, let path = shape.path {
                let outline = path.copy(strokingWithWidth: shape.lineWidth, lineCap: shape.lineCap, lineJoin: shape.lineJoin,
                                        miterLimit: shape.miterLimit)
                if !outline.isEmpty {
                    let r = outline.boundingBox.applying(toLayer.concatenating(m))
                    if r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite { box = box.map { $0.union(r) } ?? r }
                }
            }
            let inner = l.effectiveSublayerTransform.concatenating(m)
            for sub in l.sublayers { stack.append((sub, sub.transformToSuperlayerBounds.concatenating(inner))) }
        }
        return box
    }
}
