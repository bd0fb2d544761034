import CutoutGeometry
import Foundation

/// A vertically scrolling list whose every cell has its own hole looking through to one
/// shared background that does not scroll ("holes through a list").
///
/// The model is the list's layout state: cell heights (with prefix sums), the viewport, the
/// content offset and each cell's hole in cell coordinates. Each visible cell's hole is
/// recomputed from the cell's frame at the current offset, as a table view re-cuts a cell's
/// hole in `willDisplay` after laying the cell out, and expressed in the background's
/// coordinates so every hole lines up with the background at any offset.
///
/// Guarantees:
/// - Heights that are negative or NaN count as 0; heights above ``maxCellHeight`` are clamped.
/// - When the content is not taller than the viewport, bouncing is off and the offset is
///   always 0, so the holes cannot drift away from the background.
/// - ``visibleCells`` costs O(log n + visible) thanks to the prefix sums.
public struct HoleList: Hashable, Sendable {
    /// One row of the list.
    public struct Cell: Hashable, Sendable {
        /// The row's height in points.
        public var height: CGFloat
        /// The hole in the cell's own coordinates (origin at the cell's top-left), or `nil`
        /// for a cell without a hole.
        public var hole: CGRect?
        /// The hole's corner radius (clamped to half its shorter side when cut).
        public var cornerRadius: CGFloat

        public init(height: CGFloat, hole: CGRect?, cornerRadius: CGFloat = 0) {
            self.height = height
            self.hole = hole
            self.cornerRadius = cornerRadius
        }
    }

    /// A cell on screen: its index, its frame and its hole in the background's coordinates.
    public struct VisibleCell: Hashable, Sendable {
        public var index: Int
        /// The cell's frame in the background's coordinates (may extend past the viewport).
        public var frame: CGRect
        /// The cell's hole in the background's coordinates, unclipped; `nil` without a hole.
        public var hole: CGRect?
        /// The part of ``hole`` inside the list's viewport (the list clips its cells), or
        /// `nil` when nothing of the hole shows.
        public var visibleHole: CGRect?
        public var cornerRadius: CGFloat
    }

    /// Largest cell height accepted, so the prefix sums stay exact in Double.
    public static let maxCellHeight: CGFloat = 1_000_000

    /// The cells, top to bottom.
    public private(set) var cells: [Cell]
    /// `rowTops[i]` is the top of cell i in content coordinates; `rowTops[n]` is the content height.
    private var rowTops: [CGFloat]
    /// The list's frame (its viewport) in the shared background's coordinates.
    public var frame: CGRect {
        didSet { contentOffset = clampedOffset(contentOffset) }
    }
    /// The vertical content offset (UIScrollView's `contentOffset.y`), kept valid by
    /// ``clampedOffset(_:)`` on every change.
    public private(set) var contentOffset: CGFloat = 0

    /// A list with `cells` shown in `frame` (in the background's coordinates), scrolled to the top.
    public init(cells: [Cell], frame: CGRect) {
        self.cells = cells.map { c in
            var c = c
            c.height = c.height.isNaN ? 0 : min(max(c.height, 0), Self.maxCellHeight)
            return c
        }
        var tops: [CGFloat] = [0]
        tops.reserveCapacity(cells.count + 1)
        for c in self.cells { tops.append(tops[tops.count - 1] + c.height) }
        self.rowTops = tops
        self.frame = frame
    }

    /// Sum of all cell heights.
    public var contentHeight: CGFloat { rowTops[rowTops.count - 1] }

    /// The viewport's height (0 for a degenerate frame).
    public var viewportHeight: CGFloat {
        frame.height.isFinite && !frame.isNull ? max(frame.standardized.height, 0) : 0
    }

    /// Whether the list may bounce: only when its content is taller than its viewport. The
    /// seed's fix for holes drifting away when a short list bounces.
    public var bounces: Bool { contentHeight > viewportHeight }

    /// The largest resting offset: content height minus viewport height, at least 0.
    public var maximumContentOffset: CGFloat { max(contentHeight - viewportHeight, 0) }

    /// The offset the list actually takes when asked for `offset`:
    /// - non-bouncing (short content): always 0;
    /// - bouncing: any finite offset is kept, including a transient rubber-band overscroll
    ///   past either end (the holes move with their cells, so they stay aligned);
    /// - a non-finite request keeps 0.
    public func clampedOffset(_ offset: CGFloat) -> CGFloat {
        guard bounces, offset.isFinite else { return 0 }
        let limit = Self.maxCellHeight * 4
        return min(max(offset, -limit), maximumContentOffset + limit)
    }

    /// Scrolls to `offset` under the rules of ``clampedOffset(_:)``.
    public mutating func setContentOffset(_ offset: CGFloat) {
        contentOffset = clampedOffset(offset)
    }

    /// The resting offset nearest to `offset` (what a list settles on after a bounce):
    /// clamped to `[0, maximumContentOffset]`.
    public func restingOffset(for offset: CGFloat) -> CGFloat {
        guard offset.isFinite else { return 0 }
        return min(max(offset, 0), maximumContentOffset)
    }

    /// The frame of cell `index` in content coordinates (origin at the top of the first cell).
    public func contentFrame(ofCell index: Int) -> CGRect? {
        guard cells.indices.contains(index) else { return nil }
        return CGRect(x: 0, y: rowTops[index], width: max(frame.standardized.width, 0), height: cells[index].height)
    }

    /// Indices of the cells intersecting the viewport at the current offset: cells whose
    /// top is above the viewport's bottom and whose bottom is below its top. A cell of zero
    /// height never shows.
    ///
    /// Complexity: O(log n) (two binary searches over the prefix sums).
    public var visibleRange: Range<Int> {
        let top = contentOffset, bottom = contentOffset + viewportHeight
        guard viewportHeight > 0, !cells.isEmpty else { return 0..<0 }
        // First cell whose bottom (rowTops[i + 1]) is below the viewport's top.
        let first = partition(from: 1) { rowTops[$0] > top } - 1
        // First cell whose top is at or below the viewport's bottom.
        let end = partition(from: 0) { rowTops[$0] >= bottom }
        return first < min(end, cells.count) ? first..<min(end, cells.count) : 0..<0
    }

    /// Index of the first element of `rowTops[from...]` satisfying `predicate` (which must be
    /// monotone: false...false true...true), or `rowTops.count` when none does.
    private func partition(from start: Int, _ predicate: (Int) -> Bool) -> Int {
        var lo = start, hi = rowTops.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Every visible cell, top to bottom, with its frame and hole in the background's
    /// coordinates at the current offset. Cells of zero height are skipped; a hole that is not
    /// finite there is `nil`, and with a non-finite ``frame`` no hole is visible.
    ///
    /// Complexity: O(log n + visible).
    public var visibleCells: [VisibleCell] {
        let f = frame.standardized
        return visibleRange.compactMap { i in
            let cell = cells[i]
            guard cell.height > 0 else { return nil }
            let cellFrame = CGRect(x: f.minX, y: f.minY + rowTops[i] - contentOffset, width: f.width, height: cell.height)
            let hole = cell.hole.flatMap { h -> CGRect? in
                guard h.isFiniteRect else { return nil }
                let moved = h.standardized.offsetBy(dx: cellFrame.minX, dy: cellFrame.minY)
                return moved.isFiniteRect ? moved : nil
            }
            // Foundation's intersection traps on Linux for a rect with a NaN edge (a frame
            // holding NaN, say): such a frame shows no hole.
            let visible = hole.flatMap { f.isFiniteRect ? $0.intersection(f) : nil }.flatMap { $0.isNull || $0.isEmpty ? nil : $0 }
            return VisibleCell(index: i, frame: cellFrame, hole: hole, visibleHole: visible,
                               cornerRadius: cell.cornerRadius.isFinite ? max(cell.cornerRadius, 0) : 0)
        }
    }

    /// The holes of the visible cells, in the background's coordinates, as hole-overlay holes.
    public var visibleHoles: [Hole] {
        visibleCells.compactMap { c in c.hole.map { Hole.roundedRect($0, cornerRadius: c.cornerRadius) } }
    }
}
