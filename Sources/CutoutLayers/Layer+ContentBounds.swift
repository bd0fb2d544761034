import Foundation
import CutoutGeometry

extension Layer {
    /// A box, in the layer's own coordinates, around everything the layer and its visible
    /// sublayers draw (background and contents fill the bounds; a shape layer covers its path
    /// widened by its line width; shadows are not included). nil when nothing is drawn.
    /// Transformed sublayers contribute the bounding box of their transformed box.
    ///
    /// With a `cache`, the boxes of the sublayers and masks below this layer (not of this
    /// layer itself) are taken from it or stored in it, so measuring every level of a tree as
    /// it is built bottom-up costs O(layers) in all rather than O(depth × layers). Only valid
    /// while the measured sublayers no longer change.
    package func contentBounds(depth: Int = 0, cache: ContentBoundsCache? = nil) -> CGRect? {
        guard depth < 1024 else { return nil }
        cache?.measurements += 1
        var box: CGRect?
        func add(_ r: CGRect?) {
            guard let r, !r.isNull, r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else { return }
            box = box.map { $0.union(r) } ?? r
        }
        if backgroundColor != nil || contents != nil || (self as? GradientLayer).map({ !$0.colors.isEmpty }) == true
            || (self as? PatternLayer)?.tile != nil
            || (borderWidth > 0 && borderColor != nil) {
            add(bounds)
        }
        if let shape = self as? ShapeLayer, let path = shape.path, !path.isEmpty {
            let r = path.boundingBox
            let w = shape.strokeColor != nil && shape.lineWidth.isFinite ? max(shape.lineWidth, 0) / 2 * max(shape.miterLimit, 1) : 0
            add(r.insetBy(dx: -w, dy: -w))
        }
        if masksToBounds, let b = box { box = b.intersection(bounds) }
        let inner = effectiveSublayerTransform
        var subBox: CGRect?
        for sub in sublayers where !sub.isHidden {
            guard let r = Layer.contentBounds(of: sub, depth: depth + 1, cache: cache) else { continue }
            let mapped = r.applying(sub.transformToSuperlayerBounds.concatenating(inner))
            // Transform products can overflow; a NaN edge would make the intersection below trap
            // (Foundation on Linux), so such a sublayer contributes nothing, like in add(_:).
            guard !mapped.isNull, mapped.minX.isFinite, mapped.maxX.isFinite, mapped.minY.isFinite, mapped.maxY.isFinite else { continue }
            subBox = subBox.map { $0.union(mapped) } ?? mapped
        }
        if masksToBounds { subBox = subBox?.intersection(bounds) }
        add(subBox)
        if let mask, let m = Layer.contentBounds(of: mask, depth: depth + 1, cache: cache), let b = box {
            let r = b.intersection(m.applying(mask.transformToSuperlayerBounds))
            box = r.isNull ? nil : r
        }
        return box
    }

    private static func contentBounds(of layer: Layer, depth: Int, cache: ContentBoundsCache?) -> CGRect? {
        guard let cache else { return layer.contentBounds(depth: depth) }
        if let hit = cache.boxes[ObjectIdentifier(layer)] { return hit.box }
        let box = layer.contentBounds(depth: depth, cache: cache)
        cache.boxes[ObjectIdentifier(layer)] = (layer, box)
        return box
    }
}

/// Content boxes already measured by ``Layer/contentBounds(depth:cache:)``, for a builder that
/// measures layers as it assembles a tree (the SVG importer's clip paths, masks and filters).
package final class ContentBoundsCache {
    /// The layers are kept so that an identifier cannot be reused by a new layer.
    var boxes: [ObjectIdentifier: (layer: Layer, box: CGRect?)] = [:]
    /// Layers measured (not found in the cache).
    package fileprivate(set) var measurements = 0

    package init() {}
}
