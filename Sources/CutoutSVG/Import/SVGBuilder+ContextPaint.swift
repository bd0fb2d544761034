import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

/// `context-fill` and `context-stroke` naming a paint server of the context element (SVG 2,
/// as resvg): a `<use>`, or the shape a marker is drawn for. The gradient or pattern is laid
/// out once for the whole element, on its bounding box and in its user space, and each shape
/// that paints with it shows its part. A shape is built before the element's box is known,
/// so it leaves a placeholder that ``fulfilContextPaints(of:in:depth:)``
/// fills once the `<use>`'s content is complete.
extension SVGBuilder {
    /// A shape's fill or stroke waiting for its `<use>`'s bounding box.
    struct ContextPaintRequest {
        /// The layer that will hold the paint, masked by the shape's fill or stroke.
        var placeholder: Layer
        var server: String
        var path: Path
        var style: SVGStyle
        var stroke: Bool
        var element: SVGNode
    }

    /// A placeholder for painting `path` with paint server `id` when the paint comes from a
    /// `<use>` (`style.fillFromContext` / `strokeFromContext`); nil when it does not.
    func contextPaintPlaceholder(_ id: String, path: Path, style: SVGStyle, stroke: Bool,
                                 _ e: SVGNode) throws(SVGError) -> Layer? {
        guard let owner = stroke ? style.strokeFromContext : style.fillFromContext else { return nil }
        let placeholder = try makeLayer(for: e) { Layer() }
        contextPaintRequests[owner, default: []].append(
            ContextPaintRequest(placeholder: placeholder, server: id, path: path, style: style, stroke: stroke, element: e))
        return placeholder
    }

    /// Paints the placeholders left for the context element `e`, whose content is complete in
    /// `layer`: the paint server fills the bounding box in `layer`'s space (`box`, the shape's
    /// own for a marker's context; else the `<use>`'s content's), mapped back into each
    /// placeholder's space and masked by its shape's fill or stroke. A paint server that
    /// cannot be used leaves the shape unpainted.
    func fulfilContextPaints(of e: SVGNode, in layer: Layer, box ownBox: CGRect? = nil, depth: Int) throws(SVGError) {
        guard let requests = contextPaintRequests.removeValue(forKey: ObjectIdentifier(e)), !requests.isEmpty else { return }
        // The placeholders' spaces mapped into `layer`'s (nil for one left out of the tree).
        let toUse: [Transform?] = requests.map { request in
            var m = Transform.identity
            var node: Layer = request.placeholder
            while node !== layer {
                guard let parent = node.superlayer else { return nil }
                m = m.concatenating(node.transformToSuperlayerBounds).concatenating(parent.effectiveSublayerTransform)
                node = parent
            }
            return m
        }
        // The shapes painted only by context paint have no layer of their own yet: their paths
        // are added to the others'.
        var box = ownBox ?? Self.objectBoundingBox(of: layer)
        for (request, m) in zip(requests, toUse) where ownBox == nil {
            guard let m else { continue }
            let r = request.path.boundingBox.applying(m)
            box = box.map { $0.union(r) } ?? r
        }
        guard let box, box.width > 0 || box.height > 0 else { return }
        var boxPath = Path()
        boxPath.addRect(box)
        // A marker's shapes reach past the shape's box: the paint covers them too.
        var coverage: CGRect?
        if ownBox != nil {
            for (request, m) in zip(requests, toUse) {
                guard let m else { continue }
                let reach = request.stroke ? request.style.strokeWidth * max(request.style.miterLimit, 1) : 1
                let r = request.path.boundingBox.insetBy(dx: -reach, dy: -reach).applying(m)
                coverage = (coverage ?? box).union(r)
            }
        }
        for (request, m) in zip(requests, toUse) {
            guard let back = m?.inverted() else { continue }
            // The server is asked to paint the box (stroked, for a stroke: its layer then
            // covers the box and the stroke's reach around it); its own mask, the box's outline,
            // is dropped, since the shape's fill or stroke masks it here. A single colour
            // comes back as a shape, which is made to fill that area instead.
            guard let paint = try paintServer(request.server, path: boxPath, style: request.style, stroke: request.stroke,
                                              request.element, depth: depth + 1, coverage: coverage) else { continue }
            if let single = paint as? ShapeLayer {
                let reach = request.stroke ? request.style.strokeWidth * max(request.style.miterLimit, 1) : 1
                var area = Path()
                area.addRect(coverage ?? box.insetBy(dx: -reach, dy: -reach))
                single.path = area
                single.fillColor = single.strokeColor ?? single.fillColor
                single.strokeColor = nil
            } else {
                paint.mask = nil
            }
            let holder = try makeLayer(for: request.element) { Layer() }
            holder.transform = back
            holder.addSublayer(paint)
            request.placeholder.addSublayer(holder)
            let mask = try paintMask(request.path, style: request.style, stroke: request.stroke, for: request.element)
            if !request.stroke { mask.fillColor = .black }
            request.placeholder.mask = mask
        }
    }
}
