import Foundation
import CutoutGeometry

extension Layer {
    /// The box that ``FilterUnits/objectBoundingBox`` measures, in the layer's own
    /// coordinates: SVG's object bounding box, the geometry without strokes — a shape
    /// layer's path, the bounds of a layer with a background, contents, gradient, pattern or
    /// text, and the boxes of the visible sublayers mapped into this layer (their own filters
    /// and shadows not included), cut by the path of a shape-layer ``mask``. nil when there is
    /// none or it is not finite.
    ///
    /// Complexity: O(layers and path elements in the subtree).
    public var filterObjectBoundingBox: CGRect? { objectBox(depth: 0) }

    private func objectBox(depth: Int) -> CGRect? {
        guard depth < 1024 else { return nil }
        var box: CGRect?
        func add(_ r: CGRect?) {
            guard let r, !r.isNull, r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else { return }
            box = box.map { $0.union(r) } ?? r
        }
        if backgroundColor != nil || contents != nil || self is GradientLayer || self is TextLayer
            || (self as? PatternLayer)?.tile != nil {
            add(bounds)
        }
        if let shape = self as? ShapeLayer, let path = shape.path, !path.isEmpty { add(path.boundingBox) }
        let inner = effectiveSublayerTransform
        for sub in sublayers where !sub.isHidden {
            add(sub.objectBox(depth: depth + 1)?.applying(sub.transformToSuperlayerBounds.concatenating(inner)))
        }
        // A shape mask (how SVG import paints a pattern into a shape) bounds the geometry.
        if let b = box, let m = mask as? ShapeLayer, let path = m.path, !path.isEmpty {
            let cut = b.intersection(path.boundingBox)
            box = cut.isNull ? nil : cut
        }
        return box
    }
}
