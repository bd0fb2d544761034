/// How the open ends of a stroked subpath are drawn, as `CGLineCap`. Raw values are the SVG
/// `stroke-linecap` keywords.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// The stroke stops flat at the end point.
    case butt
    /// A half disc of diameter the line width is added past the end point.
    case round
    /// A half square of side the line width is added past the end point.
    case square
}
