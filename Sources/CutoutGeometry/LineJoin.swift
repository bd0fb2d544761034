/// How two stroked segments meet at a corner, as `CGLineJoin`. Raw values are the SVG
/// `stroke-linejoin` keywords.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// The outer edges are extended until they meet, unless the miter would be longer than
    /// the miter limit times the line width; then the corner is bevelled, as Core Graphics does.
    case miter
    /// A circular wedge of radius half the line width fills the corner.
    case round
    /// The outer corners are joined by a straight cut.
    case bevel
}
