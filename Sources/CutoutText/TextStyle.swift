import Foundation

/// How lines sit in the layout width (`NSTextAlignment` / `CATextLayerAlignmentMode`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
    case left
    case center
    case right
    /// Like natural, with the spaces of every line but a paragraph's last widened to fill the width.
    case justified
}

/// What happens to text that does not fit (`NSLineBreakMode`).
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Wrap at spaces; a word longer than the width breaks between characters.
    case byWordWrapping
    /// Wrap between any two characters.
    case byCharWrapping
    /// No wrapping; what overflows the width is left to the clip.
    case byClipping
    /// Wrap at spaces; the last line that fits ends in "…" when text is left over (or, on one
    /// line, when it is too wide).
    case byTruncatingTail
    /// One line per paragraph, its start replaced by "…" when too wide.
    case byTruncatingHead
    /// One line per paragraph, its middle replaced by "…" when too wide.
    case byTruncatingMiddle
}

/// The font and spacing text is set in.
public struct TextStyle: Hashable, Sendable {
    /// The primary font.
    public var font: Font
    /// Fonts tried in order for characters the primary font lacks (the bundled font is a good last entry).
    public var fallbackFonts: [Font]
    /// The em size in points. Non-finite or negative sizes count as 0 (nothing is drawn).
    public var fontSize: CGFloat
    /// Points added after every character (CSS `letter-spacing`, `NSAttributedString.Key.kern`).
    public var letterSpacing: CGFloat
    /// Points added to every space (CSS `word-spacing`).
    public var wordSpacing: CGFloat
    /// Multiplies the font's line height (ascender − descender + line gap). Default 1.
    public var lineHeightMultiple: CGFloat
    /// Whether pair kerning is applied. Default true.
    public var kerningEnabled: Bool

    public init(font: Font, fontSize: CGFloat, fallbackFonts: [Font] = [], letterSpacing: CGFloat = 0,
                wordSpacing: CGFloat = 0, lineHeightMultiple: CGFloat = 1, kerningEnabled: Bool = true) {
        self.font = font
        self.fontSize = fontSize
        self.fallbackFonts = fallbackFonts
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.kerningEnabled = kerningEnabled
    }

    /// The size actually used: 0 for NaN, infinite or negative sizes, at most 10,000 points.
    var size: CGFloat { fontSize.isFinite && fontSize > 0 ? min(fontSize, 10_000) : 0 }
    var scale: CGFloat { size / CGFloat(font.metrics.unitsPerEm) }
    /// Distance from the top of a line to its baseline, in points.
    public var ascent: CGFloat { CGFloat(font.metrics.ascender) * scale }
    /// Distance from the baseline to the bottom of a line (positive), in points.
    public var descent: CGFloat { -CGFloat(font.metrics.descender) * scale }
    /// Baseline-to-baseline distance in points.
    public var lineHeight: CGFloat {
        let m = lineHeightMultiple.isFinite && lineHeightMultiple > 0 ? min(lineHeightMultiple, 100) : 1
        return (ascent + descent + CGFloat(font.metrics.lineGap) * scale) * m
    }
    static func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? min(max(v, -10_000), 10_000) : 0 }
}
