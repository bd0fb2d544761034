// Apple APIs: UIKit (UIBezierPath, UIColor, UIImage, UIGraphicsImageRenderer,
// UIScrollView.DecelerationRate, UIEdgeInsets). iOS 15.
#if canImport(UIKit)
import CutoutCollection
import CutoutGeometry
import CutoutRaster
import UIKit

extension Path {
    /// The outline as a `UIBezierPath` with the given fill rule.
    public func bezierPath(fillRule: FillRule = .winding) -> UIBezierPath {
        let path = UIBezierPath(cgPath: cgPath)
        path.usesEvenOddFillRule = fillRule == .evenOdd
        return path
    }

    /// The outline of `bezierPath`; read its rule with ``FillRule/init(bezierPath:)``.
    public init(_ bezierPath: UIBezierPath) { self.init(bezierPath.cgPath) }
}

extension FillRule {
    /// The rule a `UIBezierPath` fills with.
    public init(bezierPath: UIBezierPath) { self = bezierPath.usesEvenOddFillRule ? .evenOdd : .winding }
}

extension UIColor {
    /// The sRGB colour.
    public convenience init(_ color: Color) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

extension Color {
    /// `uiColor` resolved for `traits` (dynamic colours differ in dark mode), in sRGB.
    @MainActor
    public init?(_ uiColor: UIColor, traits: UITraitCollection = .current) {
        self.init(uiColor.resolvedColor(with: traits).cgColor)
    }
}

extension UIImage {
    /// The pixmap as an image whose scale is the pixmap's.
    public convenience init?(_ pixmap: Pixmap) {
        guard let cgImage = pixmap.cgImage else { return nil }
        self.init(cgImage: cgImage, scale: pixmap.scale, orientation: .up)
    }
}

extension Pixmap {
    /// The image's pixels at its scale, its orientation applied.
    @MainActor
    public init?(_ image: UIImage) {
        if image.imageOrientation == .up, let cgImage = image.cgImage {
            self.init(cgImage, scale: image.scale)
            return
        }
        let format = UIGraphicsImageRendererFormat.preferred()
        format.scale = image.scale
        let upright = UIGraphicsImageRenderer(size: image.size, format: format).image { _ in
            image.draw(at: .zero)
        }
        guard let cgImage = upright.cgImage else { return nil }
        self.init(cgImage, scale: image.scale)
    }
}

extension UIScrollView.DecelerationRate {
    /// The same per-millisecond rate.
    public init(_ rate: DecelerationRate) { self.init(rawValue: rate.rawValue) }
}

extension DecelerationRate {
    /// The same per-millisecond rate (values outside (0, 1) become `.normal`).
    public init(_ rate: UIScrollView.DecelerationRate) { self.init(rawValue: rate.rawValue) }
}

extension UIEdgeInsets {
    /// The same four insets.
    public init(_ insets: EdgeInsets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}
#endif
