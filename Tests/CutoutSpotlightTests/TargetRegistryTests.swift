import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct TargetRegistryTests {
    @Test func duplicateIdIsReportedAndTheFirstRegistrationKept() {
        let reported = Collector<SpotlightError>()
        var registry = TargetRegistry(reporter: SpotlightReporter { reported.add($0) })
        let first = SpotlightTarget(id: "filters", frame: CGRect(x: 10, y: 10, width: 50, height: 30))
        let second = SpotlightTarget(id: "filters", frame: CGRect(x: 200, y: 300, width: 50, height: 30))
        let ok = registry.register(first)
        let duplicate = registry.register(second)
        #expect(ok == nil)
        #expect(duplicate == .duplicateTarget("filters"))
        #expect(registry["filters"]?.frame == first.frame)
        #expect(registry.issues == [.duplicateTarget("filters")])
        #expect(reported.all == [.duplicateTarget("filters")])
    }

    @Test func mergingRegistriesReportsCollisions() {
        var a = TargetRegistry()
        a.register(SpotlightTarget(id: "x", frame: CGRect(x: 0, y: 0, width: 1, height: 1)))
        var b = TargetRegistry()
        b.register(SpotlightTarget(id: "x", frame: CGRect(x: 5, y: 5, width: 1, height: 1)))
        b.register(SpotlightTarget(id: "y", frame: CGRect(x: 5, y: 5, width: 1, height: 1)))
        let errors = a.merge(b)
        #expect(errors == [.duplicateTarget("x")])
        #expect(a.targets.keys.sorted() == ["x", "y"])
        #expect(a["x"]?.frame.minX == 0)
    }

    /// A duplicate found inside a subtree's registry survives the merge into its parent: in
    /// the parent's issues, through the parent's reporter, and in what merge returns.
    @Test func mergingKeepsTheOtherRegistrysIssues() {
        let reported = Collector<SpotlightError>()
        var parent = TargetRegistry(reporter: SpotlightReporter { reported.add($0) })
        parent.register(SpotlightTarget(id: "a", frame: CGRect(x: 0, y: 0, width: 1, height: 1)))
        var child = TargetRegistry()
        child.register(SpotlightTarget(id: "x", frame: CGRect(x: 0, y: 0, width: 1, height: 1)))
        child.register(SpotlightTarget(id: "x", frame: CGRect(x: 9, y: 9, width: 1, height: 1)))
        child.register(SpotlightTarget(id: "a", frame: CGRect(x: 9, y: 9, width: 1, height: 1)))
        let errors = parent.merge(child)
        #expect(errors == [.duplicateTarget("x"), .duplicateTarget("a")])
        #expect(parent.issues == [.duplicateTarget("x"), .duplicateTarget("a")])
        #expect(reported.all == [.duplicateTarget("x"), .duplicateTarget("a")])
        #expect(parent.targets.keys.sorted() == ["a", "x"] && parent["x"]?.frame.minX == 0)
    }

    @Test func nonFiniteGeometryIsRefused() {
        var registry = TargetRegistry()
        let bad = SpotlightTarget(id: "nan", frame: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        let e1 = registry.register(bad)
        #expect(e1 == .invalidFrame("nan"))
        let badPadding = SpotlightTarget(id: "pad", frame: CGRect(x: 0, y: 0, width: 10, height: 10), padding: .infinity)
        let e2 = registry.register(badPadding)
        #expect(e2 == .invalidFrame("pad"))
        #expect(registry.targets.isEmpty)
        registry.register(SpotlightTarget(id: "ok", frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        let updated = registry.updateFrame(of: "ok", to: CGRect(x: 0, y: CGFloat.infinity, width: 1, height: 1))
        #expect(!updated)
        #expect(registry["ok"]?.frame.minY == 0)
    }

    @Test func paddingGrowsTheFrameAndShapesBecomeRoundedRects() {
        let t = SpotlightTarget(id: "a", frame: CGRect(x: 10, y: 20, width: 40, height: 20), shape: .capsule, padding: 5)
        #expect(t.paddedFrame == CGRect(x: 5, y: 15, width: 50, height: 30))
        #expect(t.cutout.shape == .roundedRect(CGRect(x: 5, y: 15, width: 50, height: 30), cornerRadius: 15))
        let c = SpotlightTarget(id: "c", frame: CGRect(x: 0, y: 0, width: 30, height: 40), shape: .circle, padding: 0)
        #expect(c.cutout.shape == .roundedRect(CGRect(x: -10, y: -5, width: 50, height: 50), cornerRadius: 25))
        let shrunk = SpotlightTarget(id: "s", frame: CGRect(x: 0, y: 0, width: 30, height: 10), padding: -20)
        #expect(shrunk.paddedFrame == CGRect(x: 5, y: 5, width: 20, height: 0))
    }
}
