import Foundation

/// A resolution-independent outline made of subpaths of lines and Bézier curves, built the
/// way `CGMutablePath` is built.
///
/// `Path` is a value type: copies are cheap (the element array is copy-on-write) and
/// independent.
///
/// Guarantees:
/// - Every subpath in ``elements`` starts with `.moveTo`; a segment added after
///   `closeSubpath()` first re-opens a subpath at the closed subpath's start, as Core Graphics does.
/// - A segment (line, curve or arc) added to an open subpath starts at the current point; an
///   arc whose start differs from the current point is preceded by a straight line to it
///   (the club suit of ``Shapes`` depends on this).
/// - **Non-finite input rule:** a building call whose arguments contain NaN or an infinity is
///   ignored as a whole, so a path never holds a non-finite coordinate. Finite but huge values
///   are kept; consumers clip them.
/// - With no current point, `addLine`, `addQuadCurve` and `addCurve` start a new subpath at
///   their end point instead of being dropped.
public struct Path: Hashable, Sendable {
    /// The drawing commands, in order.
    public private(set) var elements: [PathElement] = []
    /// Start of the subpath being built, `nil` before the first `move(to:)`.
    private var subpathStart: CGPoint?
    /// Whether the last element was `.closeSubpath`.
    private var isClosedAtEnd = false

    /// An empty path.
    public init() {}

    /// A path made of these elements, in order. Elements with non-finite points are dropped,
    /// and a segment with no current point starts a subpath, as the builders do.
    public init<S: Sequence>(elements: S) where S.Element == PathElement {
        for e in elements { append(e) }
    }

    /// A rectangle, as `CGPath(rect:transform:)`.
    public init(rect: CGRect, transform: Transform = .identity) {
        addRect(rect, transform: transform)
    }

    /// An ellipse inscribed in `rect`, as `CGPath(ellipseIn:transform:)`.
    public init(ellipseIn rect: CGRect, transform: Transform = .identity) {
        addEllipse(in: rect, transform: transform)
    }

    /// A rounded rectangle, as `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`.
    public init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                transform: Transform = .identity) {
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point where the next segment starts, `nil` for an empty path. After
    /// `closeSubpath()` it is the start of the closed subpath.
    public var currentPoint: CGPoint? {
        if isClosedAtEnd { return subpathStart }
        return elements.last?.endPoint
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint, transform: Transform = .identity) {
        let p = point.applying(transform)
        guard p.isFinitePoint else { return }
        elements.append(.moveTo(p))
        subpathStart = p
        isClosedAtEnd = false
    }

    /// Adds a straight line from the current point to `point`.
    public mutating func addLine(to point: CGPoint, transform: Transform = .identity) {
        let p = point.applying(transform)
        guard p.isFinitePoint else { return }
        guard beginSegment(orMoveTo: p) else { return }
        elements.append(.lineTo(p))
    }

    /// Starts a subpath at the first point and adds lines through the rest, as
    /// `CGMutablePath.addLines(between:transform:)`. Nothing is added if any point is non-finite.
    public mutating func addLines(between points: [CGPoint], transform: Transform = .identity) {
        let mapped = points.map { $0.applying(transform) }
        guard let first = mapped.first, mapped.allSatisfy(\.isFinitePoint) else { return }
        move(to: first)
        for p in mapped.dropFirst() { addLine(to: p) }
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint, transform: Transform = .identity) {
        let p = end.applying(transform), c = control.applying(transform)
        guard p.isFinitePoint, c.isFinitePoint else { return }
        guard beginSegment(orMoveTo: p) else { return }
        elements.append(.quadCurveTo(p, control: c))
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                                  transform: Transform = .identity) {
        let p = end.applying(transform), c1 = control1.applying(transform), c2 = control2.applying(transform)
        guard p.isFinitePoint, c1.isFinitePoint, c2.isFinitePoint else { return }
        guard beginSegment(orMoveTo: p) else { return }
        elements.append(.curveTo(p, control1: c1, control2: c2))
    }

    /// Closes the current subpath with a straight line to its start. Does nothing when no
    /// subpath is open.
    public mutating func closeSubpath() {
        guard !elements.isEmpty, !isClosedAtEnd else { return }
        elements.append(.closeSubpath)
        isClosedAtEnd = true
    }

    /// Appends `path`'s elements mapped by `transform`; its subpaths stay separate subpaths.
    public mutating func addPath(_ path: Path, transform: Transform = .identity) {
        guard transform.isFinite else { return }
        for e in path.elements { append(transform.isIdentity ? e : e.applying(transform)) }
    }

    /// Appends one element with the builders' rules.
    public mutating func append(_ element: PathElement) {
        switch element {
        case .moveTo(let p): move(to: p)
        case .lineTo(let p): addLine(to: p)
        case .quadCurveTo(let p, let c): addQuadCurve(to: p, control: c)
        case .curveTo(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }

    /// Makes sure a segment can be appended. Returns `false` when the segment was turned
    /// into a `move(to:)` because there was no current point.
    private mutating func beginSegment(orMoveTo p: CGPoint) -> Bool {
        if elements.isEmpty {
            move(to: p)
            return false
        }
        if isClosedAtEnd, let s = subpathStart {
            elements.append(.moveTo(s))
            isClosedAtEnd = false
        }
        return true
    }

    /// Adds a line to `p` unless the path is empty or already at `p`, in which case a
    /// subpath starts at `p` (or nothing happens).
    mutating func connect(to p: CGPoint) {
        if let cur = currentPoint {
            if isClosedAtEnd || cur != p { addLine(to: p) }
        } else {
            move(to: p)
        }
    }

    // MARK: Whole-path operations

    /// The path with every point mapped by `transform`. A non-finite transform gives an empty path.
    public func applying(_ transform: Transform) -> Path {
        var out = Path()
        out.addPath(self, transform: transform)
        return out
    }

    /// The number of subpaths.
    public var subpathCount: Int {
        elements.reduce(0) { n, e in if case .moveTo = e { return n + 1 } else { return n } }
    }
}
