// Apple APIs: UIKit (UIView, UIBezierPath, UIColor, point(inside:with:), layoutSubviews),
// QuartzCore (CALayer masks and shadowPath through Layer.makeCALayer). iOS 15.
#if canImport(UIKit)
import CutoutGeometry
import CutoutHoles
import CutoutRaster
import UIKit

/// A view of any outline with a fill, a border inside the outline and a shadow that follows it
/// (SPEC §3, the second seed article's recipe): the layers are `CutoutHoles.ShapedView`'s —
/// the container casts the shadow from a `shadowPath`, a masked front layer carries the fill
/// and the border — converted to Core Animation. Subviews sit above the shape.
///
/// Touches land only inside the outline (filled with the path's own rule).
///
/// When a file imports both `CutoutUIKit` and `CutoutHoles`, write `CutoutUIKit.ShapedView`
/// for this view (the core's `ShapedView` is its model).
public final class ShapedView: UIView {
    /// The outline in the view's coordinates; `usesEvenOddFillRule` picks the rule.
    public var outline = UIBezierPath() { didSet { setNeedsLayout() } }
    /// The fill inside the outline.
    public var fillColor: UIColor = .white { didSet { setNeedsLayout() } }
    /// `nil` for no border.
    public var borderColor: UIColor? { didSet { setNeedsLayout() } }
    /// Drawn inside the outline.
    public var borderWidth: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// The shadow, cast from the outline.
    public var shadowColor: UIColor = .black { didSet { setNeedsLayout() } }
    /// 0 for no shadow.
    public var shadowOpacity: CGFloat = 0.3 { didSet { setNeedsLayout() } }
    /// Offset of the shadow, y down.
    public var shadowOffset = CGSize(width: 0, height: 4) { didSet { setNeedsLayout() } }
    /// Blur radius of the shadow, as `CALayer.shadowRadius`.
    public var shadowRadius: CGFloat = 12 { didSet { setNeedsLayout() } }

    private var content: CALayer?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        backgroundColor = .clear
        isOpaque = false
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let shadow = shadowOpacity > 0
            ? LayerShadow(color: Color(shadowColor, traits: traitCollection) ?? .black, opacity: shadowOpacity,
                          offset: shadowOffset, radius: shadowRadius)
            : nil
        let model = CutoutHoles.ShapedView(
            bounds: bounds, outline: Path(outline), fillRule: FillRule(bezierPath: outline),
            fillColor: Color(fillColor, traits: traitCollection) ?? .white,
            borderColor: borderColor.flatMap { Color($0, traits: traitCollection) },
            borderWidth: borderWidth, shadow: shadow)
        content = layer.replaceCutoutSublayer(content, with: model.makeLayer())
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        setNeedsLayout()
    }

    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        Path(outline).contains(point, using: FillRule(bezierPath: outline))
    }
}
#endif
