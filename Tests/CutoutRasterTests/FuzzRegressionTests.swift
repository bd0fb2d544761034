import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

/// Inputs `scripts/fuzz.sh` found, each checked for the invariant it broke. The `exact-fill`
/// target's inputs are polygons: each test states its path (as the failure printed it), and
/// the input itself is in the target's seed corpus (Fuzz/Corpus/exact-fill/).
@Suite struct FuzzRegressionTests {
    /// Found by `exact-fill`: in pixel (0, 0) (seed `clamped-beside-projected`) or (0, 1)
    /// (seed `projected-meets-projected`) a side runs along the canvas's left edge, clamped or
    /// projected onto it, beside another projected one, over part of the row only. The redone
    /// row took that part and the rest as one slab, whose middle fell where the two coincide
    /// (to within a rounding error in the second), so their order was a tie broken the wrong
    /// way: 107 where the reference has 148, and 106 for 110.6 (checked by a 20,000-sub-row
    /// integration).
    @Test(arguments: [
        ("clamped beside projected", "M1 1 L19 -2 L-2 -2 Z M-2 -2 L14.5 19 L1 19 Z"),
        ("projected meets projected", "M-2 2 L1 1 L-2 -2 L-2 -2 L13.5 20.75 L12.25 5.25 L18 -1.75 L8.75 1.5 Z M-2 9.25 L2 0.25 L13.25 -1.75 Z"),
    ], FillRule.allCases)
    func sidesTogetherOverPartOfARowAreOrderedApart(_ c: (name: String, data: String), rule: FillRule) throws {
        let worst = try OverlapCoverageTests.worstOverScales(try Path(svgPathData: c.data), rule: rule, exactOverlaps: true)
        print("fuzz regression \(c.name) \(rule): worst pixel difference \(worst)/255")
    }
}
