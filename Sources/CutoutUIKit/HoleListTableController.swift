// Apple APIs: UIKit (UITableView, UITableViewCell.backgroundView, UIScrollView.bounces,
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
        public var height: CGFloat
        public var hole: CGRect?
        public var cornerRadius: CGFloat

        public init(height: CGFloat, hole: CGRect?, cornerRadius: CGFloat = 0) {
            self.height = height
            self.hole = hole
            self.cornerRadius = cornerRadius
        }
    }

    private var model: HoleList
    /// The colour around the holes.
    public var fillColor: UIColor

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
        let background = (cell.backgroundView as? HoleView) ?? HoleView()
        background.fillColor = fillColor
        if model.cells.indices.contains(indexPath.row), let hole = model.cells[indexPath.row].hole {
            background.holes = [.roundedRect(hole, cornerRadius: model.cells[indexPath.row].cornerRadius)]
        } else {
            background.holes = []
        }
        cell.backgroundView = background
    }
}
#endif
