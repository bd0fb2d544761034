// Apple APIs: QuartzCore (CALayer, CAShapeLayer, CAGradientLayer, CACornerMask,
// CALayerContentsGravity, CALayerContentsFilter, CAShapeLayerFillRule/LineCap/LineJoin, CAGradientLayerType,
// CATransform3DMakeAffineTransform, CATransaction), CoreGraphics. iOS 15 / macOS 12.
#if canImport(UIKit) || canImport(AppKit)
import CoreGraphics
import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import QuartzCore

extension Layer {
    /// A Core Animation copy of this layer tree (sublayers and masks included), property by
    /// property through ``CoreAnimationProperties`` (`coreAnimationProperties(contentsAreFlipped:)`).
    ///
    /// - Parameters:
    ///   - contentsAreFlipped: what the new layers' `contentsAreFlipped()` will return where
    ///     they are shown: `true` under a `UIView` (iOS), or under an AppKit layer whose
    ///     `isGeometryFlipped` is set. It decides how vertical contents gravities are named.
    ///   - unsupported: called once per layer and feature Core Animation cannot show (a blur,
    ///     a luminance mask, a repeating gradient), with the layer's name.
    /// - Returns: the root `CALayer`; build it inside a `CATransaction` with actions disabled
    ///   to avoid implicit animations when it replaces a visible tree.
    /// - Complexity: O(layers), plus one `CGImage` copy per layer with contents.
    public func makeCALayer(contentsAreFlipped: Bool = true,
                            unsupported: ((CoreAnimationProperties.Unsupported, String?) -> Void)? = nil) -> CALayer {
        let p = coreAnimationProperties(contentsAreFlipped: contentsAreFlipped)
        for feature in p.unsupported { unsupported?(feature, p.name) }
        let layer: CALayer
        switch p.kind {
        case .layer: layer = CALayer()
        case .shape: layer = CAShapeLayer()
        case .gradient: layer = CAGradientLayer()
        }
        layer.name = p.name
        layer.bounds = p.bounds
        layer.position = p.position
        layer.anchorPoint = p.anchorPoint
        layer.setAffineTransform(CGAffineTransform(p.transform))
        layer.sublayerTransform = CATransform3DMakeAffineTransform(CGAffineTransform(p.sublayerTransform))
        layer.opacity = p.opacity
        layer.isHidden = p.isHidden
        layer.backgroundColor = p.backgroundColor?.cgColor
        layer.cornerRadius = p.cornerRadius
        layer.maskedCorners = CACornerMask(rawValue: p.maskedCorners)
        layer.borderWidth = p.borderWidth
        layer.borderColor = p.borderColor?.cgColor
        layer.masksToBounds = p.masksToBounds
        layer.zPosition = p.zPosition
        layer.shadowColor = p.shadowColor?.cgColor
        layer.shadowOpacity = p.shadowOpacity
        layer.shadowOffset = p.shadowOffset
        layer.shadowRadius = p.shadowRadius
        layer.shadowPath = p.shadowPath?.cgPath
        layer.contents = p.contents?.cgImage
        layer.contentsRect = p.contentsRect
        layer.contentsCenter = p.contentsCenter
        layer.contentsGravity = CALayerContentsGravity(rawValue: p.contentsGravity)
        layer.contentsScale = p.contentsScale
        layer.magnificationFilter = CALayerContentsFilter(rawValue: p.magnificationFilter)
        layer.minificationFilter = CALayerContentsFilter(rawValue: p.minificationFilter)
        if let s = p.shape, let shape = layer as? CAShapeLayer {
            shape.path = s.path?.cgPath
            shape.fillColor = s.fillColor?.cgColor
            shape.fillRule = CAShapeLayerFillRule(rawValue: s.fillRule)
            shape.strokeColor = s.strokeColor?.cgColor
            shape.lineWidth = s.lineWidth
            shape.lineCap = CAShapeLayerLineCap(rawValue: s.lineCap)
            shape.lineJoin = CAShapeLayerLineJoin(rawValue: s.lineJoin)
            shape.miterLimit = s.miterLimit
            shape.lineDashPattern = s.lineDashPattern?.map { NSNumber(value: Double($0)) }
            shape.lineDashPhase = s.lineDashPhase
            shape.strokeStart = s.strokeStart
            shape.strokeEnd = s.strokeEnd
        }
        if let g = p.gradient, let gradient = layer as? CAGradientLayer {
            gradient.type = CAGradientLayerType(rawValue: g.type)
            gradient.colors = g.colors.map(\.cgColor)
            gradient.locations = g.locations.map { NSNumber(value: Double($0)) }
            gradient.startPoint = g.startPoint
            gradient.endPoint = g.endPoint
        }
        layer.mask = mask?.makeCALayer(contentsAreFlipped: contentsAreFlipped, unsupported: unsupported)
        for sublayer in sublayers {
            layer.addSublayer(sublayer.makeCALayer(contentsAreFlipped: contentsAreFlipped, unsupported: unsupported))
        }
        return layer
    }
}

extension CALayer {
    /// Replaces `old` (if any) by `tree`'s Core Animation copy, inserted below every other
    /// sublayer, without implicit animations. Returns the new layer, to pass as `old` next time.
    @discardableResult
    public func replaceCutoutSublayer(_ old: CALayer?, with tree: Layer, contentsAreFlipped: Bool = true) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let new = tree.makeCALayer(contentsAreFlipped: contentsAreFlipped)
        old?.removeFromSuperlayer()
        insertSublayer(new, at: 0)
        return new
    }
}
#endif
