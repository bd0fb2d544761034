import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

/// Inputs `scripts/fuzz.sh` found, each checked for the invariant it broke. The `exact-fill`
/// target's inputs are polygons: each test states its path (as the failure printed it), and
/// the input itself is in the target's seed corpus (Fuzz/Corpus/exact-fill/).
@Suite struct FuzzRegressionTests {
    /// Found by `exact-fill` (seed `clamped-beside-projected`): in pixel (0, 0) one triangle's
    /// side runs along the canvas's left edge, clamped to it, beside the other side projected
    /// onto it, then leaves it inside the row. The redone row took them as one slab whose
    /// middle fell where they coincide, so their order was a tie broken the wrong way and the
    /// pixel kept its mean-winding coverage (107 where the reference has 148).
    @Test(arguments: FillRule.allCases)
    func sidesThatStopRunningTogetherInsideARowAreOrderedApart(rule: FillRule) throws {
        let path = try Path(svgPathData: "M1 1 L19 -2 L-2 -2 Z M-2 -2 L14.5 19 L1 19 Z")
        let worst = try OverlapCoverageTests.worstOverScales(path, rule: rule, exactOverlaps: true)
        print("fuzz regression clamped beside projected \(rule): worst pixel difference \(worst)/255")
    }
}
