import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

/// What a hole overlay is made of.
public enum HoleFill {
    /// A flat colour (white in the seed).
    case color(Color)
    /// Any layer tree (a gradient, an image, a whole view's layer), laid out in the overlay's
    /// coordinates: its frame is kept as given.
    case layer(Layer)
}

extension HoleOverlay {
    /// The overlay as a layer tree whose frame is ``bounds`` and whose own coordinates are the
    /// overlay's (the layer's bounds equal ``bounds``, so holes need no conversion).
    ///
    /// Structure: the fill sits innermost; around it, one wrapper layer per hole whose `mask`
    /// is the complement of that hole. Masks multiply, so the result's alpha is
    /// `fill · Π (1 − hole_i)`: the union of the holes is removed however they overlap, and
    /// soft edges combine smoothly (no even-odd toggling, see ``HoleOverlay``).
    ///
    /// Each complement mask:
    /// - hard hole: a shape layer whose path is a rect around the bounds plus the hole,
    ///   filled even-odd for an even-odd hole, or with the hole reversed and non-zero for a
    ///   winding hole (exact for any outline that does not overlap itself);
    /// - soft hole: a layer that draws only its shadow, whose `shadowPath` is the same
    ///   complement (a shadow path is filled non-zero), blurred with `shadowRadius = softness`.
    ///   The rect is grown past the bounds by twice the softness so the blur does not fade the
    ///   overlay's own edges.
    public func makeLayer(fill: HoleFill) -> Layer {
        let box = bounds.isFiniteRect ? bounds.standardized : .zero
        var node: Layer
        switch fill {
        case .color(let color):
            node = Self.frameLayer(box)
            node.backgroundColor = color
        case .layer(let layer):
            node = Self.frameLayer(box)
            node.addSublayer(layer)
        }
        node.name = "fill"
        for (i, hole) in holes.enumerated() {
            let wrapper = Self.frameLayer(box)
            wrapper.name = "hole-\(i)"
            wrapper.addSublayer(node)
            wrapper.mask = Self.complementMask(of: hole, in: box)
            node = wrapper
        }
        return node
    }

    /// A layer whose frame in its superlayer and whose own coordinates are both `rect`.
    static func frameLayer(_ rect: CGRect) -> Layer {
        let layer = Layer()
        configure(layer, rect)
        return layer
    }

    static func configure(_ layer: Layer, _ rect: CGRect) {
        layer.bounds = rect
        layer.position = CGPoint(x: rect.midX, y: rect.midY)
    }

    /// A mask layer whose alpha is 1 outside `hole` and 0 inside (soft for a soft hole).
    static func complementMask(of hole: Hole, in box: CGRect) -> Layer {
        let softness = hole.effectiveSoftness
        let outer = Path(rect: box.insetBy(dx: -(2 * softness + 1), dy: -(2 * softness + 1)))
        if softness > 0 {
            var shadowPath = outer
            shadowPath.addPath(hole.path.reversed)
            let mask = frameLayer(box)
            mask.shadowPath = shadowPath
            mask.shadowColor = .black
            mask.shadowOpacity = 1
            mask.shadowOffset = .zero
            mask.shadowRadius = softness
            return mask
        }
        let mask = ShapeLayer()
        configure(mask, box)
        var path = outer
        if hole.fillRule == .evenOdd {
            path.addPath(hole.path)
            mask.fillRule = .evenOdd
        } else {
            path.addPath(hole.path.reversed)
            mask.fillRule = .winding
        }
        mask.path = path
        mask.fillColor = .black
        return mask
    }
}
