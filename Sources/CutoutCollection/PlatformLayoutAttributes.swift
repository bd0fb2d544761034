import CutoutGeometry
import Foundation

/// The values a `UICollectionViewLayoutAttributes` is filled with for one ``LayoutAttributes``.
///
/// UIKit's attribute object is built by category (`init(forCellWith:)` or
/// `init(forSupplementaryViewOfKind:with:)`), takes its index path as section and item, and
/// must receive `center` and `size` rather than `frame` once a transform is set (the frame of a
/// transformed element is undefined). Core Animation raises an exception for a NaN position,
/// so an element with non-finite geometry becomes a hidden, zero-size element at the origin
/// instead of reaching UIKit.
public struct PlatformLayoutAttributes: Hashable, Sendable {
    /// The section: the first index of a two-index path, 0 otherwise.
    public var section: Int
    /// The item: the last index of the path, 0 for an empty path.
    public var item: Int
    /// `nil` for a cell; the supplementary view's kind otherwise (`representedElementKind`).
    public var representedElementKind: String?
    /// The untransformed centre, in content coordinates.
    public var center: CGPoint
    /// Never negative.
    public var size: CGSize
    /// Applied about ``center`` (UIKit's `transform`, a `CGAffineTransform` with these fields).
    public var transform: Transform
    /// Clamped to `0...1`; NaN counts as 0.
    public var alpha: CGFloat
    /// Stacking order: higher is in front.
    public var zIndex: Int
    /// Whether the element is not shown.
    public var isHidden: Bool

    /// ``transform`` re-expressed about the element's top-left corner, for hosts that apply a
    /// transform in the element's own coordinates from its origin (SwiftUI's `transformEffect`):
    /// move the centre to the origin, apply ``transform``, move back.
    public var transformFromTopLeft: Transform {
        Transform(translationX: -size.width / 2, y: -size.height / 2)
            .concatenating(transform)
            .concatenating(Transform(translationX: size.width / 2, y: size.height / 2))
    }
}

extension LayoutAttributes {
    /// The UIKit fields for these attributes, under the rules of ``PlatformLayoutAttributes``.
    public var platformAttributes: PlatformLayoutAttributes {
        let kind: String?
        switch category {
        case .cell: kind = nil
        case .supplementaryView(let k): kind = k
        }
        let section = indexPath.count >= 2 ? indexPath[0] : 0
        let finite = center.x.isFinite && center.y.isFinite && size.width.isFinite && size.height.isFinite
            && transform.isFinite
        guard finite else {
            return PlatformLayoutAttributes(section: section, item: item, representedElementKind: kind, center: .zero,
                                            size: .zero, transform: .identity, alpha: 0, zIndex: zIndex, isHidden: true)
        }
        return PlatformLayoutAttributes(section: section, item: item, representedElementKind: kind, center: center,
                                        size: CGSize(width: max(size.width, 0), height: max(size.height, 0)),
                                        transform: transform, alpha: alpha.isNaN ? 0 : min(max(alpha, 0), 1),
                                        zIndex: zIndex, isHidden: isHidden)
    }
}
