// Apple APIs: UIKit (UIImage, UIView, UITraitCollection.displayScale), QuartzCore (CALayer
// contentsRect slices through Layer.makeCALayer, CATransaction). iOS 15.
#if canImport(UIKit)
import CutoutGeometry
import CutoutHoles
import CutoutLayers
import CutoutRaster
import UIKit

extension UIImage {
    /// The image stretched to `size` with its `fixedRect` (in image points) never stretched and
    /// centred on `fixedCenter` (SPEC §6, the inverse of `contentStretch`): `Outstretch`'s slices
    /// rendered by Cutout's renderer at `scale` pixels per point — the screen's scale
    /// (`UITraitCollection.current.displayScale`) when `nil`. `nil` when the image cannot be read
    /// or the size cannot be rendered.
    @MainActor
    public func outstretched(fixedRect: CGRect, fixedCenter: CGPoint, size: CGSize, scale: CGFloat? = nil) -> UIImage? {
        guard let pixmap = Pixmap(self) else { return nil }
        let metrics = ImageMetrics(pixelWidth: pixmap.width, pixelHeight: pixmap.height, scale: pixmap.scale)
        let model = Outstretch(image: metrics, fixedRect: fixedRect, fixedCenter: fixedCenter,
                               bounds: CGRect(origin: .zero, size: size))
        let renderScale = scale ?? UITraitCollection.current.displayScale
        guard let rendered = try? LayerRenderer.render(model.makeLayer(image: pixmap), size: size, scale: renderScale) else {
            return nil
        }
        return UIImage(rendered)
    }
}

/// A dark overlay with one soft round spot of light (SPEC §6), built on the outstretch image:
/// the spot image is drawn once per radius, softness, colour and scale, and moving the light
/// only re-frames the slice layers (`Flashlight.outstretch(scale:)` gives their frames and
/// `contentsRect`s). Touches pass through to the views behind; move the light from your own
/// gesture with ``lightCenter``.
public final class FlashlightView: UIView {
    /// Centre of the light, in the view's coordinates; `nil` for the view's centre.
    public var lightCenter: CGPoint? { didSet { setNeedsLayout() } }
    /// Radius where the overlay is half transparent.
    public var radius: CGFloat = 60 { didSet { spot = nil; setNeedsLayout() } }
    /// Width of the fade.
    public var softness: CGFloat = 40 { didSet { spot = nil; setNeedsLayout() } }
    /// The overlay's colour, alpha included.
    public var dimColor = UIColor(white: 0, alpha: 0.88) { didSet { spot = nil; setNeedsLayout() } }

    /// The spot image and the scale it was drawn at.
    private var spot: (image: CGImage, scale: CGFloat)?
    private var slices: [CALayer] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        backgroundColor = .clear
        isOpaque = false
        isUserInteractionEnabled = false
        layer.masksToBounds = true
    }

    public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        spot = nil
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let scale = traitCollection.displayScale
        let model = Flashlight(bounds: bounds, center: lightCenter ?? CGPoint(x: bounds.midX, y: bounds.midY),
                               radius: radius, softness: softness,
                               color: Color(dimColor, traits: traitCollection) ?? Color(white: 0, alpha: 0.88))
        if spot?.scale != scale {
            spot = model.spotImage(scale: scale)?.cgImage.map { ($0, scale) }
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        guard let spot else {
            slices.forEach { $0.removeFromSuperlayer() }
            slices = []
            layer.backgroundColor = dimColor.cgColor
            return
        }
        layer.backgroundColor = nil
        let geometry = model.outstretch(scale: spot.scale).slices
        while slices.count < geometry.count {
            let slice = CALayer()
            slice.contentsGravity = .resize
            layer.addSublayer(slice)
            slices.append(slice)
        }
        while slices.count > geometry.count { slices.removeLast().removeFromSuperlayer() }
        for (slice, g) in zip(slices, geometry) {
            slice.contents = spot.image
            slice.contentsScale = spot.scale
            slice.contentsRect = g.contentsRect
            slice.frame = g.viewRect
        }
    }
}
#endif
