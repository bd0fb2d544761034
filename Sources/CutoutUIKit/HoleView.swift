// Apple APIs: UIKit (UIView, UIBezierPath, UIColor, UITraitCollection, point(inside:with:),
// layoutSubviews), QuartzCore (CALayer, CATransaction). iOS 15.
#if canImport(UIKit)
import CutoutGeometry
import CutoutHoles
import CutoutRaster
import UIKit

/// A view filled with a colour except where its holes are (SPEC §2): what is behind shows
/// through the holes, and so do touches — a touch inside a hole goes to the view underneath,
/// a touch on the fill stays with this view.
///
/// The drawing is `HoleOverlay.makeLayer(fill:)`'s layer tree converted to Core Animation; the
/// touch rule is `HoleOverlay.isOpaque(at:)` (hard outlines, so a soft hole passes touches
/// from its outline inward). Both are rebuilt in `layoutSubviews` when the bounds, holes or
/// colour change.
public final class HoleView: UIView {
    /// A hole, in the view's own coordinates.
    public enum Hole {
        case roundedRect(CGRect, cornerRadius: CGFloat)
        case circle(center: CGPoint, radius: CGFloat)
        /// A rect with fully rounded short sides.
        case capsule(CGRect)
        /// Any outline, filled with the path's own rule (`usesEvenOddFillRule`).
        case path(UIBezierPath)
    }

    /// The holes. Overlapping holes stay open (their union is cut).
    public var holes: [Hole] = [] { didSet { setNeedsLayout() } }
    /// Width of the soft edge of every hole, in points; 0 for a crisp edge.
    public var holeSoftness: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// Moves every outline inward by this many points (negative grows the holes).
    public var holeInset: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// The fill around the holes.
    public var fillColor: UIColor = .white { didSet { setNeedsLayout() } }

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

    /// The model the view draws and hit-tests, in its bounds.
    var overlay: HoleOverlay {
        HoleOverlay(bounds: bounds, holes: holes.map { hole -> CutoutHoles.Hole in
            switch hole {
            case .roundedRect(let r, let radius):
                return .roundedRect(r, cornerRadius: radius, inset: holeInset, softness: holeSoftness)
            case .circle(let c, let radius):
                return .circle(center: c, radius: radius, inset: holeInset, softness: holeSoftness)
            case .capsule(let r):
                return .capsule(r, inset: holeInset, softness: holeSoftness)
            case .path(let p):
                return .path(Path(p), fillRule: FillRule(bezierPath: p), inset: holeInset, softness: holeSoftness)
            }
        })
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let fill = Color(fillColor, traits: traitCollection) ?? .white
        let tree = overlay.makeLayer(fill: .color(fill), softMaskScale: traitCollection.displayScale)
        content = layer.replaceCutoutSublayer(content, with: tree)
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        setNeedsLayout()
    }

    /// Inside only on the fill: touches in a hole fall through to the views behind.
    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        overlay.isOpaque(at: point)
    }
}
#endif
