import CutoutGeometry
import CutoutLayers
import CutoutRaster
import CutoutText
import Foundation

/// Labels for the gallery's mock screens, always in the bundled fonts so every machine draws
/// the same pixels.
enum GalleryText {
    static let regular = FontCatalog.standard.font(families: ["sans-serif"])
    static let bold = FontCatalog.standard.font(families: ["sans-serif"], weight: 700)

    /// A one-line label whose first baseline sits at `baseline` (y) inside `frame`'s width;
    /// cut with "…" when it does not fit.
    static func label(_ string: String, x: CGFloat, baseline: CGFloat, width: CGFloat, size: CGFloat, color: Color,
                      bold: Bool = false, alignment: TextAlignment = .natural) -> TextLayer {
        let font = bold ? Self.bold : regular
        let l = TextLayer()
        let style = TextStyle(font: font, fontSize: size)
        l.frame = CGRect(x: x, y: baseline - style.ascent, width: width, height: style.lineHeight)
        l.string = string
        l.font = font
        l.fontSize = size
        l.foregroundColor = color
        l.alignmentMode = alignment
        l.truncationMode = .end
        return l
    }
}
