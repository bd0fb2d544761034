import CutoutGeometry
import CutoutText
import Foundation

/// The words a callout shows: a title, a body and the button's label, drawn by
/// ``OverlayLayers`` as text layers (without content it draws placeholder bars where the host
/// lays out its own views).
///
/// Lines read in their own direction: a Hebrew or Arabic title is right-aligned, and the button
/// then sits at the bottom left (the trailing corner of a right-to-left paragraph).
public struct CalloutContent: Hashable, Sendable {
    /// The title, one line, bold; cut with "…" when too long.
    public var title: String
    /// The body, wrapped; cut with "…" after the last line that fits.
    public var body: String
    /// The button's label, e.g. "Next" or "Done".
    public var buttonTitle: String
    /// The regular face (body); default the bundled font.
    public var font: Font
    /// The bold face (title and button); default the bundled bold font.
    public var boldFont: Font
    /// Size of the title in points (the body is 2 points smaller, the button 3).
    public var titleSize: CGFloat

    public init(title: String, body: String, buttonTitle: String,
                font: Font = FontCatalog.standard.font(families: ["sans-serif"]),
                boldFont: Font = FontCatalog.standard.font(families: ["sans-serif"], weight: 700), titleSize: CGFloat = 15) {
        self.title = title
        self.body = body
        self.buttonTitle = buttonTitle
        self.font = font
        self.boldFont = boldFont
        self.titleSize = titleSize
    }

    /// Whether the title (or, when it has no strong letter, the body) reads right to left.
    public var isRightToLeft: Bool {
        let scalars = Array((title + " " + body).unicodeScalars)
        return Bidi.isRightToLeft(scalars)
    }
}
