import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutText

/// A layer that draws a string (`CATextLayer`), above its background and contents and below
/// its sublayers, clipped to its bounds as `CATextLayer`'s backing store is.
///
/// The text is laid out by ``TextLayout`` in the bounds: the first line's top at the bounds'
/// top, lines ``fontSize`` × the font's line height apart. With ``isWrapped`` lines break at
/// the bounds' width; with a ``truncationMode`` other than `.none`, text that does not fit is
/// cut and an ellipsis marks the cut (wrapped text: at the end of the last line that fits the
/// height; unwrapped: on each paragraph's line, at the start, middle or end).
///
/// Glyphs are drawn as outlines at the canvas resolution, so ``Layer/contentsScale`` does not
/// blur text the way a low backing-store scale does in Core Animation.
public final class TextLayer: Layer {
    /// Where an overflowing line is cut (`CATextLayerTruncationMode`).
    public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
        case none, start, middle, end
    }

    /// The text; nil or empty draws nothing.
    public var string: String?
    /// The font; nil uses the bundled default (``FontCatalog/defaultFont``).
    public var font: Font?
    /// Fonts tried for characters ``font`` lacks. Default: the bundled font.
    public var fallbackFonts: [Font] = [FontCatalog.defaultFont]
    /// The em size in points. Default 36, as in Core Animation.
    public var fontSize: CGFloat = 36
    /// The text colour. Default opaque white, as in Core Animation; nil draws nothing.
    public var foregroundColor: Color? = .white
    /// Horizontal alignment of the lines in the bounds. Default natural (left for
    /// left-to-right paragraphs, right for right-to-left ones).
    public var alignmentMode: TextAlignment = .natural
    /// Whether lines wrap at the bounds' width. Default false.
    public var isWrapped = false
    /// How text that does not fit is cut. Default none.
    public var truncationMode: TruncationMode = .none
    /// Points added after every character.
    public var letterSpacing: CGFloat = 0
    /// Points added to every space.
    public var wordSpacing: CGFloat = 0

    public override init() { super.init() }

    /// The text style these properties give.
    public var textStyle: TextStyle {
        TextStyle(font: font ?? FontCatalog.defaultFont, fontSize: fontSize, fallbackFonts: fallbackFonts,
                  letterSpacing: letterSpacing, wordSpacing: wordSpacing)
    }

    /// The layout of ``string`` in the bounds (origin at the bounds' origin).
    /// Complexity: linear in the string's length.
    public var layout: TextLayout {
        let style = textStyle
        let width = bounds.width
        var maxLines = 0
        let mode: LineBreakMode
        switch truncationMode {
        case .none: mode = isWrapped ? .byWordWrapping : .byClipping
        case .end: mode = .byTruncatingTail
        case .start: mode = isWrapped ? .byWordWrapping : .byTruncatingHead
        case .middle: mode = isWrapped ? .byWordWrapping : .byTruncatingMiddle
        }
        if isWrapped, truncationMode != .none, style.lineHeight > 0, bounds.height.isFinite {
            maxLines = max(1, Int(min(bounds.height / style.lineHeight + 1e-9, 1e6)))
        }
        return TextLayout(string: string ?? "", style: style, width: width.isFinite ? width : nil, alignment: alignmentMode,
                          lineBreakMode: mode, maximumNumberOfLines: maxLines, wrapsLines: isWrapped)
    }

    /// The outlines of the laid-out glyphs in the layer's coordinates (before the bounds clip).
    public var textPath: Path {
        guard let string, !string.isEmpty else { return Path() }
        return layout.path.applying(Transform(translationX: bounds.minX, y: bounds.minY))
    }
}
