// Apple APIs: SwiftUI (Shape, Path, FillStyle(eoFill:), View.mask(alignment:_:),
// View.contentShape(_:eoFill:)). iOS 15 / macOS 12.
#if canImport(SwiftUI)
import CutoutGeometry
import CutoutHoles
import SwiftUI

/// A rectangle with holes, as one outline to fill with the even-odd rule (SPEC §2): the
/// rect plus the union of the holes (`HoleOverlay.evenOddPath`), so overlapping holes stay open
/// and a hole reaching past an edge fills nothing outside. Hole coordinates are those of the
/// rect the shape is drawn in.
///
/// ```swift
/// HoleShape(holes: [.roundedRect(CGRect(x: 40, y: 40, width: 120, height: 80), cornerRadius: 16)])
///     .fill(.white, style: FillStyle(eoFill: true))
/// ```
public struct HoleShape: SwiftUI.Shape {
    /// One hole, in the shape's coordinates.
    public enum Hole: Equatable, Sendable {
        case roundedRect(CGRect, cornerRadius: CGFloat)
        case circle(center: CGPoint, radius: CGFloat)
        /// A rect with fully rounded short sides.
        case capsule(CGRect)
        /// Any outline, filled with the even-odd rule when `eoFill` is set.
        case path(SwiftUI.Path, eoFill: Bool = false)
    }

    /// The holes; their order does not matter.
    public var holes: [Hole]
    /// Moves every outline inward by this many points (negative grows the holes).
    public var inset: CGFloat

    /// A shape cut by `holes`, each moved inward by `inset`.
    public init(holes: [Hole], inset: CGFloat = 0) {
        self.holes = holes
        self.inset = inset
    }

    /// `rect` plus the union of the holes, to fill even-odd.
    ///
    /// Complexity: one boolean union of the hole outlines.
    nonisolated public func path(in rect: CGRect) -> SwiftUI.Path {
        let overlay = HoleOverlay(bounds: rect, holes: holes.map { hole -> CutoutHoles.Hole in
            switch hole {
            case .roundedRect(let r, let radius): return .roundedRect(r, cornerRadius: radius, inset: inset)
            case .circle(let c, let radius): return .circle(center: c, radius: radius, inset: inset)
            case .capsule(let r): return .capsule(r, inset: inset)
            case .path(let p, let eo):
                return .path(CutoutGeometry.Path(p), fillRule: eo ? .evenOdd : .winding, inset: inset)
            }
        })
        return SwiftUI.Path(overlay.evenOddPath)
    }
}

extension View {
    /// Cuts `holes` (in this view's coordinates) out of the view: what is behind shows through
    /// them, and so do touches, which reach the views behind; the rest of the view keeps both.
    public func holes(_ holes: [HoleShape.Hole], inset: CGFloat = 0) -> some View {
        let shape = HoleShape(holes: holes, inset: inset)
        return self
            .mask { shape.fill(style: FillStyle(eoFill: true)) }
            .contentShape(shape, eoFill: true)
    }
}
#endif
