import Foundation

extension CGRect {
    /// Whether the two rects share a region of positive area. Unlike `intersects(_:)`, whose
    /// answer for rects that only touch differs between Foundation on Linux (true) and on
    /// Apple platforms, this is the same everywhere: touching edges do not overlap, and null
    /// or empty rects overlap nothing.
    public func overlaps(_ other: CGRect) -> Bool {
        guard !isNull, !other.isNull else { return false }
        let a = standardized, b = other.standardized
        guard a.width > 0, a.height > 0, b.width > 0, b.height > 0 else { return false }
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
