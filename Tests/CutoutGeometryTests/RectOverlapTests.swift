import CutoutGeometry
import Foundation
import Testing

@Suite struct RectOverlapTests {
    @Test func onlyRegionsOfPositiveAreaOverlap() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.overlaps(CGRect(x: 5, y: 5, width: 10, height: 10)))
        #expect(r.overlaps(CGRect(x: 12, y: 12, width: -10, height: -10)))   // standardised
        #expect(!r.overlaps(CGRect(x: 10, y: 0, width: 5, height: 5)))       // touching edges
        // Empty rects lie inside `r` but cover no area: a cell scaled to nothing is not shown.
        #expect(!r.overlaps(CGRect(x: 5, y: 5, width: 0, height: 0)))
        #expect(!r.overlaps(CGRect(x: 5, y: 2, width: 0, height: 4)))
        #expect(!CGRect(x: 5, y: 2, width: 4, height: 0).overlaps(r))
        #expect(!r.overlaps(.null))
        #expect(!r.overlaps(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5)))
    }
}
