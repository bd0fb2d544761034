import Foundation
import Testing
@testable import cutout

/// The collection-layout scenes of `cutout bench`.
@Suite struct BenchLayoutsTests {
    @Test func everyStyleHasAHundredAndAMillionItemScene() {
        #expect(LayoutBench.names.count == 3 + 2 * 5)
        for style in ["linear", "rotary", "cylinder", "coverFlow", "wheel"] {
            #expect(LayoutBench.names.contains("carousel-\(style)-100") && LayoutBench.names.contains("carousel-\(style)-1m"))
        }
        #expect(LayoutBench.expand(["layouts"]) == LayoutBench.names)
        #expect(LayoutBench.expand(["tiger", "layout-1m", "union"]) == ["layout-1m"])
    }

    /// Every frame of every scene lays out something on screen, at offsets spread over the
    /// whole content, and timing gives one sample per requested frame.
    @Test func everySceneShowsItemsAtEveryFrame() {
        for name in LayoutBench.names {
            let frame = LayoutBench.makeScene(name)
            for k in [0, 1, 7, 500] { #expect(frame(k) > 0, "\(name) frame \(k)") }
            #expect(LayoutBench.run(name, frames: 2).count == 2)
        }
        let fractions = (0..<1000).map(LayoutBench.fraction)
        #expect(fractions.allSatisfy { $0 >= 0 && $0 < 1 })
        #expect(fractions.min()! < 0.01 && fractions.max()! > 0.99)
    }

    @Test func layoutScenesRunWithoutASceneFolder() throws {
        let outcome = runCutout(["bench", "layout-100", "carousel-wheel-100", "--frames", "1", "--json"])
        #expect(outcome.succeeded, "\(outcome.message)")
    }
}
