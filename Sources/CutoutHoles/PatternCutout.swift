import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

/// A designer's pattern punched out of an image, shown through a hole of the image's size in
/// a container: the background shows through the pattern, and the container hides
/// everything except the image.
///
/// The seed draws the pattern over the image with `destinationOut` (the pattern's alpha
/// removes the image's alpha). Here the same result is a mask whose alpha is the pattern's
/// inverted: `image · (1 − pattern)` is exactly what `destinationOut` leaves, and unlike a
/// `Layer.blendMode` of `.destinationOut` a mask survives SVG export, which has no spelling
/// for the Porter-Duff operators.
public struct PatternCutout {
    /// The pattern, in the image's coordinates (points, origin at the image's top-left).
    public enum Pattern {
        /// An outline, filled with `fillRule`.
        case path(Path, fillRule: FillRule)
        /// The alpha of a pixmap, stretched over the image.
        case alpha(Pixmap)
    }

    /// The container's bounds.
    public var bounds: CGRect
    /// Where the image sits in the container; the container's hole has this rect.
    public var imageFrame: CGRect
    /// Corner radius of the hole (and of the image, which is clipped to it).
    public var cornerRadius: CGFloat
    public var pattern: Pattern

    public init(bounds: CGRect, imageFrame: CGRect, cornerRadius: CGFloat = 0, pattern: Pattern) {
        self.bounds = bounds
        self.imageFrame = imageFrame
        self.cornerRadius = cornerRadius
        self.pattern = pattern
    }

    /// The hole overlay of the container: one rounded-rect hole the size of the image.
    public var overlay: HoleOverlay {
        HoleOverlay(bounds: bounds, holes: [.roundedRect(imageFrame, cornerRadius: cornerRadius)])
    }

    /// A mask whose alpha is 1 − the pattern's alpha, over `size` (image points).
    public func invertedPatternMask(size: CGSize) -> Layer {
        let box = CGRect(origin: .zero, size: size)
        switch pattern {
        case .path(let path, let rule):
            let mask = ShapeLayer()
            HoleOverlay.configure(mask, box)
            var p = Path(rect: box.insetBy(dx: -1, dy: -1))
            if rule == .evenOdd {
                p.addPath(path)
                mask.fillRule = .evenOdd
            } else {
                p.addPath(path.reversing())
                mask.fillRule = .winding
            }
            mask.path = p
            mask.fillColor = .black
            return mask
        case .alpha(let pixmap):
            let mask = HoleOverlay.frameLayer(box)
            mask.contents = Self.invertedAlpha(of: pixmap)
            mask.contentsGravity = .resize
            return mask
        }
    }

    /// A pixmap of the same size whose alpha is 255 − the source's alpha (colour black).
    public static func invertedAlpha(of pixmap: Pixmap) -> Pixmap {
        var out = pixmap
        out.data.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: PremultipliedRGBA8.self)
            for i in px.indices { px[i] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255 - px[i].a) }
        }
        return out
    }

    /// The whole composition: the container (its fill around a hole the size of the image)
    /// and the image layer, clipped to the hole's corners, with the pattern punched out.
    public func makeLayer(image: Pixmap, containerFill: HoleFill = .color(.white)) -> Layer {
        let box = bounds.isFiniteRect ? bounds.standardized : .zero
        let root = HoleOverlay.frameLayer(box)
        root.name = "pattern-cutout"
        let frame = imageFrame.isFiniteRect ? imageFrame.standardized : .zero
        let imageLayer = Layer(frame: frame)
        imageLayer.name = "image"
        imageLayer.contents = image
        imageLayer.contentsScale = image.scale
        imageLayer.contentsGravity = .resize
        imageLayer.mask = invertedPatternMask(size: frame.size)
        let clip = Layer(frame: frame)
        clip.cornerRadius = cornerRadius.isFinite ? max(cornerRadius, 0) : 0
        clip.masksToBounds = true
        imageLayer.frame = CGRect(origin: .zero, size: frame.size)
        clip.addSublayer(imageLayer)
        root.addSublayer(clip)
        root.addSublayer(overlay.makeLayer(fill: containerFill))
        return root
    }
}
