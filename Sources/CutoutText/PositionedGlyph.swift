import Foundation
import CutoutGeometry

/// One glyph placed by ``TextLayout``.
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph, in ``font``.
    public var glyph: GlyphID
    /// The font it comes from (the style's font or a fallback).
    public var font: Font
    /// Its origin on the baseline, in the layout's coordinates (y down).
    public var position: CGPoint
    /// The horizontal advance in points, kerning and spacing included.
    public var advance: CGFloat
    /// The em size in points.
    public var size: CGFloat
    /// Offset of the character it draws in the string's unicode scalars (the ellipsis of a
    /// truncated line has the offset of the first character it replaces).
    public var scalarOffset: Int

    /// The glyph's outline where it is placed.
    public var path: Path {
        font.path(for: glyph, size: size).applying(Transform(translationX: position.x, y: position.y))
    }
}

/// One line of a ``TextLayout``.
public struct TextLine: Hashable, Sendable {
    /// The glyphs in visual order, left to right.
    public var glyphs: [PositionedGlyph]
    /// The y of the baseline.
    public var baseline: CGFloat
    /// The line's left edge and advance width (trailing spaces excluded).
    public var x: CGFloat
    /// Advance width of the line, trailing spaces excluded.
    public var width: CGFloat
    /// Whether the paragraph the line belongs to runs right to left.
    public var isRightToLeft: Bool
    /// Whether the line ends in an ellipsis inserted by truncation.
    public var isTruncated: Bool
}
