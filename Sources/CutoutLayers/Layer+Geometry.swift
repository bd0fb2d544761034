import Foundation
import CutoutGeometry

extension Layer {
    /// The anchor point in the layer's own coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// Maps the layer's own coordinates to its superlayer's coordinates, without the
    /// superlayer's ``sublayerTransform``: the anchor goes to ``position``, with ``transform``
    /// applied about it.
    public var transformToSuperlayerBounds: Transform {
        let anchor = anchorInBounds
        return Transform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform)
            .concatenating(Transform(translationX: position.x, y: position.y))
    }

    /// ``sublayerTransform`` expressed about the anchor point, in the layer's own coordinates.
    public var effectiveSublayerTransform: Transform {
        guard !sublayerTransform.isIdentity else { return .identity }
        let anchor = anchorInBounds
        return Transform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(sublayerTransform)
            .concatenating(Transform(translationX: anchor.x, y: anchor.y))
    }

    /// Maps the layer's own coordinates to the superlayer's coordinates, including the
    /// superlayer's ``sublayerTransform``.
    public var transformToSuperlayer: Transform {
        let own = transformToSuperlayerBounds
        guard let parent = superlayer else { return own }
        return own.concatenating(parent.effectiveSublayerTransform)
    }

    /// The layer's rectangle in the superlayer's coordinates, as `CALayer.frame`.
    ///
    /// Reading: with an identity ``transform`` it is `position − anchorPoint·size` with the
    /// bounds' size; otherwise the bounding box of the transformed bounds. Writing sets the
    /// bounds' size and the position (the bounds' origin is kept), as `CALayer` does with an
    /// identity transform.
    public var frame: CGRect {
        get {
            if transform.isIdentity {
                return CGRect(x: position.x - anchorPoint.x * bounds.width,
                              y: position.y - anchorPoint.y * bounds.height,
                              width: bounds.width, height: bounds.height)
            }
            return bounds.applying(transformToSuperlayerBounds)
        }
        set {
            let r = newValue.standardized
            bounds.size = r.size
            position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
        }
    }

    /// Converts a point from this layer's coordinates to `layer`'s (or to the root's when
    /// `layer` is nil). Both layers must share a root; otherwise the point is mapped to the
    /// root of this layer's tree.
    public func convert(_ point: CGPoint, to layer: Layer?) -> CGPoint {
        let toRoot = transformToRoot
        guard let layer else { return point.applying(toRoot) }
        guard let inv = layer.transformToRoot.inverted() else { return point.applying(toRoot) }
        return point.applying(toRoot.concatenating(inv))
    }

    /// Maps this layer's coordinates to the root layer's coordinates.
    public var transformToRoot: Transform {
        var t = Transform.identity
        var node: Layer? = self
        while let n = node, n.superlayer != nil {
            t = t.concatenating(n.transformToSuperlayer)
            node = n.superlayer
        }
        return t
    }

    /// The rounded-rect outline of the bounds used by the background, border and
    /// `masksToBounds` (radii clamped to half the shorter side, as UIKit does), with circular or
    /// continuous corners after ``cornerCurve``.
    public var boundsPath: Path {
        let radius = cornerRadius.isFinite ? max(cornerRadius, 0) : 0
        guard radius > 0, !maskedCorners.isEmpty else { return Path(rect: bounds) }
        if cornerCurve == .continuous {
            return Shapes.continuousRoundedRect(in: bounds, cornerRadius: radius, corners: maskedCorners)
        }
        var path = Path()
        path.addRoundedRect(in: bounds, cornerRadii: CornerRadii(radius: radius, corners: maskedCorners))
        return path
    }
}
