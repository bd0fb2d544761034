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
    ///   filled even-odd for an even-odd hole; a winding `.path` hole is first normalised
    ///   (``CutoutGeometry/Path/normalized(using:)``: one boolean pass, curves become lines
    ///   within 0.01 pt), so subpaths that overlap, or an outline crossing itself, stay
    ///   clear as ``HoleOverlay/isOpaque(at:)`` says; the built-in shapes are added reversed
    ///   and filled non-zero, curves kept;
    /// - soft hole: the hole rasterised at `softMaskScale` pixels per point around itself,
    ///   blurred with sigma = softness / 2 (the shadow rule, ``Layer/shadowSigma(forRadius:)``),
    ///   alpha inverted, used as image contents, surrounded by opaque bands. (A shadow-only
    ///   layer would be cheaper, but its blur is computed on a canvas-sized buffer, so the
    ///   complement's outer rect would fade at the canvas edges.)
    public func makeLayer(fill: HoleFill, softMaskScale: CGFloat = 2) -> Layer {
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
            wrapper.mask = Self.complementMask(of: hole, in: box, softMaskScale: softMaskScale)
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

    /// Largest soft-mask image, in pixels; bigger soft regions are rasterised at a lower scale.
    static let maxSoftMaskPixels: CGFloat = 4_000_000

    /// A mask layer whose alpha is 1 outside `hole` and 0 inside (soft for a soft hole).
    static func complementMask(of hole: Hole, in box: CGRect, softMaskScale: CGFloat) -> Layer {
        let softness = hole.effectiveSoftness
        if softness > 0, let soft = softComplementMask(of: hole, in: box, softness: softness, scale: softMaskScale) {
            return soft
        }
        let mask = ShapeLayer()
        configure(mask, box)
        var path = Path(rect: box.insetBy(dx: -1, dy: -1))
        if hole.fillRule == .evenOdd {
            path.addPath(hole.path)
            mask.fillRule = .evenOdd
        } else if case .path = hole.shape, let simple = hole.path.normalizedOrNil() {
            // Any outline may overlap itself, and where its winding is 2 the reversed outline
            // would fill the rect back in. Its normalised outline (no overlaps, straight
            // lines) is the same region filled with either rule.
            path.addPath(simple)
            mask.fillRule = .evenOdd
        } else {
            // The built-in shapes are single clockwise contours that cannot overlap: reversed,
            // they cancel the rect exactly, with their curves kept.
            path.addPath(hole.path.reversing())
            mask.fillRule = .winding
        }
        mask.path = path
        mask.fillColor = .black
        return mask
    }

    /// The complement of a soft hole: the hole rasterised over its neighbourhood (its bounding
    /// box grown by twice the softness, so the Gaussian's 3σ tails fit, and rounded out to whole
    /// points), blurred with sigma = softness / 2, alpha inverted, shown as contents; four
    /// opaque bands cover the rest of the box. Bands and image meet on whole points, so at
    /// integer render scales there is no anti-aliasing seam. `nil` when the image cannot be made.
    static func softComplementMask(of hole: Hole, in box: CGRect, softness: CGFloat, scale: CGFloat) -> Layer? {
        let outline = hole.path
        let shape = outline.boundingBox
        guard !shape.isNull else { return nil }
        let grown = shape.insetBy(dx: -2 * softness, dy: -2 * softness)
        // Rounded out to whole points, ignoring float noise of a millionth of a point.
        let x0 = floor(grown.minX + 1e-6), y0 = floor(grown.minY + 1e-6)
        let region = CGRect(x: x0, y: y0, width: ceil(grown.maxX - 1e-6) - x0, height: ceil(grown.maxY - 1e-6) - y0)
        // A hole spanning ±1e300 has an infinite region (and NaN pixel sizes below).
        guard region.minX.isFinite, region.minY.isFinite, region.width.isFinite, region.height.isFinite else { return nil }
        var s = scale.isFinite && scale > 0 ? min(scale, 4) : 2
        let pixels = region.width * s * region.height * s
        guard pixels.isFinite else { return nil }
        if pixels > maxSoftMaskPixels { s *= (maxSoftMaskPixels / pixels).squareRoot() }
        // The area cap does not bound a side: a 1e300 × 1 region keeps a huge width.
        let wf = (region.width * s).rounded(.up), hf = (region.height * s).rounded(.up)
        guard wf <= CGFloat(Pixmap.maxDimension), hf <= CGFloat(Pixmap.maxDimension) else { return nil }
        let w = Int(wf), h = Int(hf)
        guard var ctx = try? DrawingContext(width: w, height: h, scale: s) else { return nil }
        ctx.translateBy(x: -region.minX, y: -region.minY)
        ctx.setFillColor(.black)
        ctx.fill(outline, using: hole.fillRule)
        let blurred = ctx.pixmap.gaussianBlurred(sigma: Layer.shadowSigma(forRadius: softness) * s)

        let mask = frameLayer(box)
        mask.name = "soft-hole-mask"
        let image = Layer(frame: region)
        image.contents = PatternCutout.invertedAlpha(of: blurred)
        image.contentsScale = s
        image.contentsGravity = .resize
        mask.addSublayer(image)
        let bands = [
            CGRect(x: box.minX, y: box.minY, width: box.width, height: region.minY - box.minY),
            CGRect(x: box.minX, y: region.maxY, width: box.width, height: box.maxY - region.maxY),
            CGRect(x: box.minX, y: region.minY, width: region.minX - box.minX, height: region.height),
            CGRect(x: region.maxX, y: region.minY, width: box.maxX - region.maxX, height: region.height),
        ]
        for band in bands where band.size.width > 0 && band.size.height > 0 {
            let b = Layer(frame: band)
            b.backgroundColor = .black
            mask.addSublayer(b)
        }
        return mask
    }
}
