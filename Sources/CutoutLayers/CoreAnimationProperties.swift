import CutoutGeometry
import CutoutRaster
import Foundation

/// A ``Layer``'s properties as `CALayer`, `CAShapeLayer` and `CAGradientLayer` take them: the
/// mapping table an adapter applies one property at a time, with every decision made here.
///
/// Rules (each where Core Animation and Cutout differ):
/// - A layer with non-finite geometry (bounds, position, anchor point or transforms) is
///   skipped by Cutout's renderer; Core Animation raises an exception for a NaN position, so
///   the layer maps to a hidden layer with zero geometry.
/// - Opacities are clamped to `0...1` (NaN counts as 0) and given as `Float`.
/// - `maskedCorners` is `CACornerMask`'s raw value. Cutout's corners are named for a y-down
///   space; in a y-down layer (every layer of a `UIView`, or below a layer whose
///   `isGeometryFlipped` is set) min-Y is the top, so the bits map one to one.
/// - `contentsGravity` is `CALayerContentsGravity`'s raw value. Core Animation names vertical
///   gravities for a y-up space: when the layer's `contentsAreFlipped()` is true (iOS), `top`
///   aligns to the bottom, so Cutout's `top` maps to `"bottom"` and vice versa.
/// - Fill rules, caps, joins and gradient types map to the raw values of
///   `CAShapeLayerFillRule`, `CAShapeLayerLineCap`, `CAShapeLayerLineJoin` and `CAGradientLayerType`.
/// - A dash pattern with a negative, non-finite or all-zero length is dropped (drawn solid).
/// - `strokeStart`/`strokeEnd` are clamped to `0...1` (NaN: 0 and 1), as the renderer does.
/// - A gradient with one colour, or a radial one with a zero radius, is a flat colour: Core
///   Animation draws nothing with fewer than two colours, so the colour is given twice.
/// - ``Layer/blendMode`` is `compositingFilter`, the Core Image blend filter's name
///   (`"multiplyBlendMode"`…); a Porter-Duff operator has none and is listed as unsupported.
///   ``Layer/isolatesBlending`` has no counterpart (nothing to map).
/// - What Core Animation on iOS cannot show is listed in ``unsupported`` so the adapter can report it.
public struct CoreAnimationProperties: Hashable, Sendable {
    /// Which `CALayer` subclass to create.
    public enum Kind: Hashable, Sendable { case layer, shape, gradient }

    /// Something of the layer that Core Animation on iOS does not draw.
    public enum Unsupported: String, Hashable, Sendable, CaseIterable {
        /// ``Layer/blurSigma`` (a `CALayer.filters` blur is not available on iOS).
        case blur
        /// A mask read by luminance (Core Animation masks by alpha only).
        case luminanceMask
        /// A repeating or reflecting gradient (Core Animation only pads).
        case gradientSpread
        /// A ``Layer/blendMode`` that is a Porter-Duff operator (no Core Image blend filter).
        case blendMode
        /// ``Layer/filters`` (SVG filter graphs have no public Core Animation counterpart).
        case filters
        /// A radial gradient whose start circle is not the centre point
        /// (``GradientLayer/focalPoint``, ``GradientLayer/focalRadius``): Core Animation's
        /// radial gradients have one centre.
        case gradientFocus
        /// A ``PatternLayer``'s tiles (mapped to a plain layer; drawing them needs a
        /// pattern colour made from a rendering of the tile).
        case pattern
        /// ``ShapeLayer/hasNonScalingStroke`` (`CAShapeLayer` strokes in the layer's space).
        case nonScalingStroke
    }

    /// `CAShapeLayer`'s own properties, each named as there.
    public struct ShapeProperties: Hashable, Sendable {
        public var path: Path?
        public var fillColor: Color?
        public var fillRule: String
        public var strokeColor: Color?
        public var lineWidth: CGFloat
        public var lineCap: String
        public var lineJoin: String
        public var miterLimit: CGFloat
        public var lineDashPattern: [CGFloat]?
        public var lineDashPhase: CGFloat
        public var strokeStart: CGFloat
        public var strokeEnd: CGFloat
    }

    /// `CAGradientLayer`'s own properties, each named as there.
    public struct GradientProperties: Hashable, Sendable {
        public var type: String
        /// At least two colours when there is anything to draw; empty otherwise.
        public var colors: [Color]
        /// One location per colour.
        public var locations: [CGFloat]
        public var startPoint: CGPoint
        public var endPoint: CGPoint
    }

    /// The `CALayer` subclass; the properties below are `CALayer`'s of the same names.
    public var kind: Kind
    public var name: String?
    public var bounds: CGRect
    public var position: CGPoint
    public var anchorPoint: CGPoint
    public var transform: Transform
    public var sublayerTransform: Transform
    public var opacity: Float
    public var isHidden: Bool
    public var backgroundColor: Color?
    public var cornerRadius: CGFloat
    /// `CACornerMask` raw value.
    public var maskedCorners: UInt
    public var borderWidth: CGFloat
    public var borderColor: Color?
    public var masksToBounds: Bool
    public var zPosition: CGFloat
    public var shadowColor: Color?
    public var shadowOpacity: Float
    public var shadowOffset: CGSize
    public var shadowRadius: CGFloat
    public var shadowPath: Path?
    public var contents: Pixmap?
    public var contentsRect: CGRect
    public var contentsCenter: CGRect
    /// `CALayerContentsGravity` raw value.
    public var contentsGravity: String
    public var contentsScale: CGFloat
    /// `CALayerContentsFilter` raw values (`"linear"`, `"nearest"`).
    public var magnificationFilter = ContentsFilter.linear.rawValue
    public var minificationFilter = ContentsFilter.linear.rawValue
    /// The Core Image blend filter's name for ``Layer/blendMode`` (`"multiplyBlendMode"`…);
    /// nil for normal and for the Porter-Duff operators.
    public var compositingFilter: String?
    public var shape: ShapeProperties?
    public var gradient: GradientProperties?
    public var unsupported: [Unsupported]
}

extension Layer {
    /// This layer's own properties for Core Animation (sublayers and mask are mapped by
    /// calling this on each of them). `contentsAreFlipped` is what the created layer's
    /// `contentsAreFlipped()` returns: true on iOS.
    public func coreAnimationProperties(contentsAreFlipped: Bool = true) -> CoreAnimationProperties {
        let finite = transformToSuperlayerBounds.isFinite && transform.isFinite && sublayerTransform.isFinite
            && bounds.origin.x.isFinite && bounds.origin.y.isFinite && bounds.width.isFinite && bounds.height.isFinite
        var unsupported: [CoreAnimationProperties.Unsupported] = []
        if blurSigma.isFinite && blurSigma > 0 { unsupported.append(.blur) }
        if mask?.isLuminanceMask == true { unsupported.append(.luminanceMask) }
        if blendMode != .normal, Self.compositingFilterName(blendMode) == nil { unsupported.append(.blendMode) }
        if !filters.isEmpty { unsupported.append(.filters) }
        var p = CoreAnimationProperties(
            kind: .layer, name: name,
            bounds: finite ? bounds : .zero, position: finite ? position : .zero,
            anchorPoint: finite ? anchorPoint : CGPoint(x: 0.5, y: 0.5),
            transform: finite ? transform : .identity, sublayerTransform: finite ? sublayerTransform : .identity,
            opacity: Self.unit(opacity), isHidden: isHidden || !finite,
            backgroundColor: backgroundColor, cornerRadius: Self.nonNegative(cornerRadius),
            maskedCorners: Self.cornerMask(maskedCorners), borderWidth: Self.nonNegative(borderWidth),
            borderColor: borderColor, masksToBounds: masksToBounds, zPosition: zPosition.isFinite ? zPosition : 0,
            shadowColor: shadowColor, shadowOpacity: Self.unit(shadowOpacity),
            shadowOffset: shadowOffset.width.isFinite && shadowOffset.height.isFinite ? shadowOffset : .zero,
            shadowRadius: Self.nonNegative(shadowRadius), shadowPath: shadowPath,
            contents: contents, contentsRect: contentsRect, contentsCenter: contentsCenter,
            contentsGravity: Self.gravityName(contentsGravity, contentsAreFlipped: contentsAreFlipped),
            contentsScale: contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1,
            compositingFilter: Self.compositingFilterName(blendMode), shape: nil, gradient: nil, unsupported: unsupported)
        p.magnificationFilter = magnificationFilter.rawValue
        p.minificationFilter = minificationFilter.rawValue
        if let s = self as? ShapeLayer {
            p.kind = .shape
            p.shape = Self.shapeProperties(s)
            if s.hasNonScalingStroke, s.strokeColor != nil { p.unsupported.append(.nonScalingStroke) }
        } else if let g = self as? GradientLayer {
            p.kind = .gradient
            p.gradient = Self.gradientProperties(g)
            if g.spreadMethod != .pad { p.unsupported.append(.gradientSpread) }
            if g.type == .radial, (g.focalPoint.map { $0 != g.startPoint } ?? false) || g.focalRadius > 0 {
                p.unsupported.append(.gradientFocus)
            }
        } else if self is PatternLayer {
            p.unsupported.append(.pattern)
        }
        return p
    }

    /// Core Image's blend filters are named after the mode: `multiply` → `"multiplyBlendMode"`.
    static func compositingFilterName(_ mode: BlendMode) -> String? {
        switch mode {
        case .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
             .difference, .exclusion, .hue, .saturation, .color, .luminosity:
            return mode.rawValue + "BlendMode"
        default:
            return nil
        }
    }

    static func unit(_ v: CGFloat) -> Float { v.isNaN ? 0 : Float(min(max(v, 0), 1)) }

    static func nonNegative(_ v: CGFloat) -> CGFloat { v.isFinite ? max(v, 0) : 0 }

    /// `CACornerMask`: min-X-min-Y 1, max-X-min-Y 2, min-X-max-Y 4, max-X-max-Y 8.
    static func cornerMask(_ corners: RectCorner) -> UInt {
        var mask: UInt = 0
        if corners.contains(.topLeft) { mask |= 1 }
        if corners.contains(.topRight) { mask |= 2 }
        if corners.contains(.bottomLeft) { mask |= 4 }
        if corners.contains(.bottomRight) { mask |= 8 }
        return mask
    }

    static func gravityName(_ g: ContentsGravity, contentsAreFlipped: Bool) -> String {
        guard contentsAreFlipped else { return g.rawValue }
        switch g {
        case .top: return ContentsGravity.bottom.rawValue
        case .bottom: return ContentsGravity.top.rawValue
        case .topLeft: return ContentsGravity.bottomLeft.rawValue
        case .topRight: return ContentsGravity.bottomRight.rawValue
        case .bottomLeft: return ContentsGravity.topLeft.rawValue
        case .bottomRight: return ContentsGravity.topRight.rawValue
        case .center, .left, .right, .resize, .resizeAspect, .resizeAspectFill: return g.rawValue
        }
    }

    static func shapeProperties(_ s: ShapeLayer) -> CoreAnimationProperties.ShapeProperties {
        let dash = s.lineDashPattern.flatMap { d -> [CGFloat]? in
            guard !d.isEmpty, d.allSatisfy({ $0.isFinite && $0 >= 0 }), d.contains(where: { $0 > 0 }) else { return nil }
            return d
        }
        let start = s.strokeStart.isNaN ? 0 : min(max(s.strokeStart, 0), 1)
        let end = s.strokeEnd.isNaN ? 1 : min(max(s.strokeEnd, 0), 1)
        return .init(path: s.path, fillColor: s.fillColor,
                     fillRule: s.fillRule == .evenOdd ? "even-odd" : "non-zero",
                     strokeColor: s.strokeColor, lineWidth: nonNegative(s.lineWidth),
                     lineCap: s.lineCap.rawValue, lineJoin: s.lineJoin.rawValue,
                     miterLimit: nonNegative(s.miterLimit), lineDashPattern: dash,
                     lineDashPhase: s.lineDashPhase.isFinite ? s.lineDashPhase : 0,
                     strokeStart: start, strokeEnd: end)
    }

    static func gradientProperties(_ g: GradientLayer) -> CoreAnimationProperties.GradientProperties {
        var stops = g.stops
        let degenerateRadial = g.type == .radial && (g.endPoint.x == g.startPoint.x || g.endPoint.y == g.startPoint.y)
        if let last = stops.last, stops.count == 1 || degenerateRadial {
            stops = [(0, last.color), (1, last.color)]
        }
        return .init(type: g.type.rawValue, colors: stops.map(\.color), locations: stops.map(\.location),
                     startPoint: g.startPoint, endPoint: g.endPoint)
    }
}
