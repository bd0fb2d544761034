import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// A rectangle of whole device pixels of one context, never empty.
    struct DeviceArea: Hashable {
        let x: Int, y: Int, width: Int, height: Int

        var origin: CGPoint { CGPoint(x: x, y: y) }

        /// The pixels `box` (device space) touches, grown by one pixel for anti-aliasing and
        /// cut to `ctx`'s pixels; nil when nothing is left.
        init?(covering box: CGRect, in ctx: DrawingContext) {
            guard let box = Renderer.finite(box), let grown = Renderer.finite(box.insetBy(dx: -1, dy: -1)) else { return nil }
            let r = grown.intersection(CGRect(x: 0, y: 0, width: ctx.pixmap.width, height: ctx.pixmap.height))
            guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
            let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
            let x1 = Int(r.maxX.rounded(.up)), y1 = Int(r.maxY.rounded(.up))
            guard x1 > x0, y1 > y0 else { return nil }
            (x, y, width, height) = (x0, y0, x1 - x0, y1 - y0)
        }
    }

    /// A device box around everything ``draw(_:in:depth:)`` draws for `layer` under
    /// `parentCTM` (the superlayer's space, its `sublayerTransform` included): its content,
    /// its shadow (or its filter regions), grown by its blur, cut by its mask. nil when it draws nothing. Conservative:
    /// strokes count their miter or square-cap reach, blurs their whole kernel.
    static func layerBox(_ layer: Layer, parentCTM: Transform, depth: Int, canvasScale: CGFloat, visiting: inout Set<ObjectIdentifier>) -> CGRect? {
        guard depth < maxDepth, !layer.isHidden, !(layer.opacity.isNaN || layer.opacity <= 0) else { return nil }
        let toParent = layer.transformToSuperlayerBounds
        let ctm = toParent.concatenating(parentCTM)
        guard toParent.isFinite, ctm.isFinite, visiting.insert(ObjectIdentifier(layer)).inserted else { return nil }
        defer { visiting.remove(ObjectIdentifier(layer)) }
        let content = contentBox(layer, ctm: ctm, depth: depth, canvasScale: canvasScale, visiting: &visiting)
        var box = content
        if let shadow = shadowStyle(layer) {
            let source = layer.shadowPath.map { $0.isEmpty ? CGRect.null : $0.boundingBox.applying(ctm) } ?? content ?? .null
            if !source.isNull {
                let reach = CGFloat(Pixmap.gaussianBlurOutset(sigma: shadow.sigma * linearScale(ctm)) + 1)
                let dx = ctm.a * shadow.offset.width + ctm.c * shadow.offset.height
                let dy = ctm.b * shadow.offset.width + ctm.d * shadow.offset.height
                var cast = finite(source.insetBy(dx: -reach, dy: -reach).offsetBy(dx: dx, dy: dy))
                if layer.masksToBounds { cast = intersection(cast, layer.bounds.applying(ctm)) }
                box = union(box, cast)
            }
        }
        if !layer.filters.isEmpty { box = filterBox(layer, ctm: ctm) }
        if let b = box, layer.blurSigma.isFinite, layer.blurSigma > 0 {
            let reach = CGFloat(Pixmap.gaussianBlurOutset(sigma: layer.blurSigma * linearScale(ctm)) + 1)
            box = finite(b.insetBy(dx: -reach, dy: -reach))
        }
        if let mask = layer.mask, box != nil {
            guard let m = layerBox(mask, parentCTM: ctm, depth: depth + 1, canvasScale: canvasScale, visiting: &visiting) else { return nil }
            box = intersection(box, m)
        }
        return box
    }

    /// A device box around what ``drawContent(_:in:depth:)`` draws (background, contents,
    /// shape or gradient, sublayers with all their effects, border) with the layer's own CTM
    /// `ctm`, cut to the bounds when `masksToBounds`.
    static func contentBox(_ layer: Layer, ctm: Transform, depth: Int, canvasScale: CGFloat, visiting: inout Set<ObjectIdentifier>) -> CGRect? {
        var local: CGRect?
        func add(_ r: CGRect) {
            guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
            local = local.map { $0.union(r) } ?? r
        }
        // Text is drawn clipped to the bounds, so they hold every glyph.
        if layer.backgroundColor != nil || layer is GradientLayer || layer is PatternLayer || layer is TextLayer || borderShape(layer) != nil { add(layer.bounds) }
        if let image = layer.contents {
            for piece in ContentsDrawing(layer: layer, image: image).pieces { add(piece.dest) }
        }
        if let shape = layer as? ShapeLayer, let path = shape.path, !path.isEmpty {
            var reach: CGFloat = 0
            if shape.strokeColor != nil, shape.lineWidth.isFinite, shape.lineWidth > 0 {
                let miter = shape.lineJoin == .miter && shape.miterLimit.isFinite ? max(shape.miterLimit, 1) : 1
                reach = shape.lineWidth / 2 * max(miter, 2.squareRoot())
                if shape.hasNonScalingStroke {
                    // The reach is in canvas points: in the layer's units it is longest along
                    // the direction the CTM shrinks most (its smallest singular value).
                    reach *= canvasScale / smallestScale(ctm)
                }
            }
            add(path.boundingBox.insetBy(dx: -reach, dy: -reach))
        }
        var box = local.flatMap { finite($0.applying(ctm)) }
        if !layer.sublayers.isEmpty {
            let inner = layer.effectiveSublayerTransform.concatenating(ctm)
            if inner.isFinite {
                for sub in layer.sublayers {
                    box = union(box, layerBox(sub, parentCTM: inner, depth: depth + 1, canvasScale: canvasScale, visiting: &visiting))
                }
            }
        }
        if layer.masksToBounds { box = intersection(box, layer.bounds.applying(ctm)) }
        return box
    }

    /// The smallest factor by which `t` scales a length (its smaller singular value).
    static func smallestScale(_ t: Transform) -> CGFloat {
        let p = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let det = abs(t.a * t.d - t.b * t.c)
        let root = max(p * p / 4 - det * det, 0).squareRoot()
        return max(p / 2 - root, 0).squareRoot()
    }

    /// `r` when all its edges are finite (Foundation's rect operations trap on NaN on Linux).
    static func finite(_ r: CGRect) -> CGRect? {
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        return r
    }

    static func union(_ a: CGRect?, _ b: CGRect?) -> CGRect? {
        guard let b = b.flatMap(finite) else { return a }
        guard let a = a.flatMap(finite) else { return b }
        return finite(a.union(b))
    }

    /// `a` cut by `clip`; a clip that is not finite (its transform overflowed) cuts nothing.
    static func intersection(_ a: CGRect?, _ clip: CGRect) -> CGRect? {
        guard let a = a.flatMap(finite) else { return nil }
        guard let c = finite(clip) else { return a }
        let r = a.intersection(c)
        return r.isNull ? nil : r
    }
}
