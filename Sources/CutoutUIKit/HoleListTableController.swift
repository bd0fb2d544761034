// Apple APIs: UIKit (UITableView, UITableViewCell.backgroundView, UICollectionViewCell.backgroundView, UIScrollView.bounces,
// UIView.convert(_:to:)). iOS 15.
#if canImport(UIKit)
import CutoutHoles
import UIKit

/// Holes through every cell of a table onto one background that does not scroll (the first
/// seed article): the table is transparent, each cell's background is a ``HoleView`` cut where
/// the row's hole is, so the fixed background behind the table shows through every hole.
///
/// The row heights, the holes and the bouncing rule come from `HoleList`: a list whose content
/// is not taller than the table does not bounce, so its holes cannot drift off the background.
///
/// Use: keep one controller per table; return ``height(forRowAt:)`` from
/// `tableView(_:heightForRowAt:)`, call ``willDisplay(_:forRowAt:)`` from
/// `tableView(_:willDisplay:forRowAt:)` and ``layout(_:)`` from `viewDidLayoutSubviews`.
@MainActor
public final class HoleListTableController {
    /// One row: its height, its hole in the cell's coordinates (`nil` for none) and the hole's radius.
    public struct Row: Hashable, Sendable {
        /// Height in points (negative and NaN count as 0).
        public var height: CGFloat
        /// The hole in the cell's coordinates, `nil` for none.
        public var hole: CGRect?
        /// The hole's corner radius.
        public var cornerRadius: CGFloat

        /// A row.
        public init(height: CGFloat, hole: CGRect?, cornerRadius: CGFloat = 0) {
            self.height = height
            self.hole = hole
            self.cornerRadius = cornerRadius
        }
    }

    private var model: HoleList
    /// The colour around the holes.
    public var fillColor: UIColor

    /// A controller for a table showing `rows`, filled with `fillColor` around the holes.
    public init(rows: [Row], fillColor: UIColor = .white) {
        model = HoleList(cells: rows.map { HoleList.Cell(height: $0.height, hole: $0.hole, cornerRadius: $0.cornerRadius) },
                         frame: .zero)
        self.fillColor = fillColor
    }

    /// Brings the model to the table's current frame and applies the bouncing rule.
    public func layout(_ tableView: UITableView) {
        model.frame = tableView.frame
        tableView.bounces = model.bounces
        tableView.alwaysBounceVertical = model.bounces
        tableView.backgroundColor = .clear
    }

    /// The row's height (negative and NaN heights count as 0).
    public func height(forRowAt indexPath: IndexPath) -> CGFloat {
        model.cells.indices.contains(indexPath.row) ? model.cells[indexPath.row].height : 0
    }

    /// Makes the cell transparent and gives it a background cut where the row's hole is.
    public func willDisplay(_ cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        cell.backgroundColor = .clear
        cell.contentView.backgroundColor = .clear
        cell.backgroundView = background(reusing: cell.backgroundView, row: indexPath.row)
    }

    /// The same for a single-column `UICollectionView` (item `i` is row `i`): call it from
    /// `collectionView(_:willDisplay:forItemAt:)`, and apply ``layout(_:)``'s rule yourself with
    /// ``bounces``.
    public func willDisplay(_ cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        cell.backgroundColor = .clear
        cell.contentView.backgroundColor = .clear
        cell.backgroundView = background(reusing: cell.backgroundView, row: indexPath.item)
    }

    /// Whether a list in the frame last given to ``layout(_:)`` may bounce.
    public var bounces: Bool { model.bounces }

    private func background(reusing view: UIView?, row: Int) -> HoleView {
        let background = (view as? HoleView) ?? HoleView()
        background.fillColor = fillColor
        if model.cells.indices.contains(row), let hole = model.cells[row].hole {
            background.holes = [.roundedRect(hole, cornerRadius: model.cells[row].cornerRadius)]
        } else {
            background.holes = []
        }
        return background
    }
}
#endif
