// Apple APIs: AppKit (NSColor(cgColor:), NSColor.cgColor, NSImage(cgImage:size:),
// NSImage.cgImage(forProposedRect:context:hints:)), CoreGraphics. macOS 12.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import CutoutRaster

extension NSColor {
    /// The sRGB colour.
    public convenience init?(_ color: Color) {
        self.init(cgColor: color.cgColor)
    }
}

extension Color {
    /// `nsColor` in sRGB; `nil` for a pattern or catalogue colour Core Graphics cannot convert.
    public init?(_ nsColor: NSColor) {
        self.init(nsColor.cgColor)
    }
}

extension NSImage {
    /// The pixmap as an image of its size in points (pixels ÷ scale).
    public convenience init?(_ pixmap: Pixmap) {
        guard let cgImage = pixmap.cgImage else { return nil }
        self.init(cgImage: cgImage, size: pixmap.size)
    }
}

extension Pixmap {
    /// The image's best representation for its size, at `scale` pixels per point.
    public init?(_ image: NSImage, scale: CGFloat = 1) {
        var rect = CGRect(origin: .zero, size: image.size)
        guard let cgImage = image.cgImage(forProposedRect: &rect, context: nil, hints: nil) else { return nil }
        self.init(cgImage, scale: scale)
    }
}
#endif
