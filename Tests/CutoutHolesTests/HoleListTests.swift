import CutoutGeometry
import Foundation
import Testing
@testable import CutoutHoles

@Suite struct HoleListTests {
    /// Six cells, content height 500, in a 300 × 200 viewport at (20, 40) of the background.
    /// Each cell's hole is inset 16 horizontally and 10 vertically from the cell.
    func list() -> HoleList {
        let heights: [CGFloat] = [100, 50, 80, 120, 60, 90]
        let cells = heights.map { h in HoleList.Cell(height: h, hole: CGRect(x: 16, y: 10, width: 268, height: h - 20), cornerRadius: 12) }
        return HoleList(cells: cells, frame: CGRect(x: 20, y: 40, width: 300, height: 200))
    }

    @Test func holesAtTheTop() {
        let l = list()
        #expect(l.contentHeight == 500 && l.bounces && l.maximumContentOffset == 300)
        let v = l.visibleCells
        #expect(v.map(\.index) == [0, 1, 2])
        #expect(v[0].frame == CGRect(x: 20, y: 40, width: 300, height: 100))
        #expect(v[0].hole == CGRect(x: 36, y: 50, width: 268, height: 80))
        #expect(v[0].visibleHole == CGRect(x: 36, y: 50, width: 268, height: 80))
        #expect(v[1].hole == CGRect(x: 36, y: 150, width: 268, height: 30))
        #expect(v[2].hole == CGRect(x: 36, y: 200, width: 268, height: 60))
        // The list clips its cells: only the part above the viewport's bottom (y = 240) shows.
        #expect(v[2].visibleHole == CGRect(x: 36, y: 200, width: 268, height: 40))
        #expect(v.allSatisfy { $0.cornerRadius == 12 })
    }

    @Test func holesAtAnOffsetInTheMiddle() {
        var l = list()
        l.setContentOffset(125)
        let v = l.visibleCells
        #expect(v.map(\.index) == [1, 2, 3])
        #expect(v[0].hole == CGRect(x: 36, y: 25, width: 268, height: 30))
        #expect(v[0].visibleHole == CGRect(x: 36, y: 40, width: 268, height: 15))
        #expect(v[1].hole == CGRect(x: 36, y: 75, width: 268, height: 60))
        #expect(v[2].frame == CGRect(x: 20, y: 145, width: 300, height: 120))
        #expect(v[2].hole == CGRect(x: 36, y: 155, width: 268, height: 100))
        #expect(v[2].visibleHole == CGRect(x: 36, y: 155, width: 268, height: 85))
    }

    @Test func holesAtTheBottomAndAtExactBoundaries() {
        var l = list()
        l.setContentOffset(300)
        #expect(l.visibleCells.map(\.index) == [3, 4, 5])
        #expect(l.visibleCells.last?.hole == CGRect(x: 36, y: 40 + 410 - 300 + 10, width: 268, height: 70))
        // A cell whose bottom is exactly the viewport's top is not visible, nor one whose top is its bottom.
        l.setContentOffset(100)
        #expect(l.visibleRange == 1..<4)
        l.setContentOffset(150)
        #expect(l.visibleRange == 2..<4)
    }

    @Test func holesMoveExactlyWithTheirCells() {
        var l = list()
        for offset in stride(from: CGFloat(0), through: 300, by: 7.5) {
            l.setContentOffset(offset)
            for c in l.visibleCells {
                let expected = l.contentFrame(ofCell: c.index)!.offsetBy(dx: 20, dy: 40 - offset)
                #expect(c.frame == expected)
                #expect(c.hole == CGRect(x: expected.minX + 16, y: expected.minY + 10, width: 268, height: expected.height - 20))
            }
        }
    }

    @Test func shortContentDoesNotBounceAndStaysAtZero() {
        let cells = [HoleList.Cell(height: 60, hole: CGRect(x: 10, y: 10, width: 40, height: 40)),
                     HoleList.Cell(height: 60, hole: nil)]
        var l = HoleList(cells: cells, frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(!l.bounces)
        for asked: CGFloat in [50, -30, 1e9, .infinity] {
            l.setContentOffset(asked)
            #expect(l.contentOffset == 0)
            #expect(l.visibleCells.first?.hole == CGRect(x: 10, y: 10, width: 40, height: 40))
        }
        #expect(l.visibleCells.map(\.index) == [0, 1])
        #expect(l.visibleCells[1].hole == nil && l.visibleHoles.count == 1)
        // Content exactly as tall as the viewport does not bounce either.
        let exact = HoleList(cells: [HoleList.Cell(height: 200, hole: nil)], frame: CGRect(x: 0, y: 0, width: 10, height: 200))
        #expect(!exact.bounces)
    }

    @Test func tallContentMayOverscrollAndRestsInRange() {
        var l = list()
        l.setContentOffset(-40)
        #expect(l.contentOffset == -40)
        #expect(l.visibleCells.first?.hole == CGRect(x: 36, y: 90, width: 268, height: 80))
        #expect(l.restingOffset(for: -40) == 0)
        #expect(l.restingOffset(for: 1000) == 300)
        l.setContentOffset(.nan)
        #expect(l.contentOffset == 0)
    }

    @Test func badHeightsAreSanitised() {
        let cells = [HoleList.Cell(height: .nan, hole: nil), HoleList.Cell(height: -5, hole: nil),
                     HoleList.Cell(height: 1e300, hole: nil)]
        let l = HoleList(cells: cells, frame: CGRect(x: 0, y: 0, width: 10, height: 100))
        #expect(l.cells.map(\.height) == [0, 0, HoleList.maxCellHeight])
        #expect(l.visibleCells.map(\.index) == [2])
        #expect(HoleList(cells: [], frame: .zero).visibleCells.isEmpty)
    }

    @Test func visibleCellsOfALongListAreFoundByBinarySearch() {
        let cells = Array(repeating: HoleList.Cell(height: 44, hole: CGRect(x: 0, y: 0, width: 10, height: 10)), count: 10_000)
        var l = HoleList(cells: cells, frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        l.setContentOffset(44 * 5000 + 10)
        #expect(l.visibleRange == 5000..<5005)
        #expect(l.visibleCells.first?.hole == CGRect(x: 0, y: -10, width: 10, height: 10))
        #expect(l.visibleCells.first?.visibleHole == nil)
    }
}

@Suite struct ViewSpaceTests {
    @Test func oneHoleLinesUpThroughAnImageAListAndACollection() {
        let screenHole = CGRect(x: 100, y: 300, width: 80, height: 80)
        let image = ViewSpace(frame: CGRect(x: 0, y: 250, width: 390, height: 200))
        let list = ViewSpace(frame: CGRect(x: 0, y: 0, width: 390, height: 844), boundsOrigin: CGPoint(x: 0, y: 420))
        let collection = list.subview(frame: CGRect(x: 0, y: 600, width: 390, height: 150), boundsOrigin: CGPoint(x: 260, y: 0))
        #expect(collection.frame == CGRect(x: 0, y: 180, width: 390, height: 150))
        let local = ViewSpace.localHoles(for: screenHole, in: [image, list, collection])
        #expect(local == [CGRect(x: 100, y: 50, width: 80, height: 80),
                          CGRect(x: 100, y: 720, width: 80, height: 80),
                          CGRect(x: 360, y: 120, width: 80, height: 80)])
        for (view, rect) in zip([image, list, collection], local) {
            #expect(view.convertToScreen(rect) == screenHole)
        }
        let paths = ViewSpace.localHoles(for: Path(ellipseIn: screenHole), in: [collection])
        let box = paths[0].boundingBox
        #expect(abs(box.minX - 360) < 1e-9 && abs(box.minY - 120) < 1e-9 && abs(box.maxX - 440) < 1e-9 && abs(box.maxY - 200) < 1e-9)
    }
}
