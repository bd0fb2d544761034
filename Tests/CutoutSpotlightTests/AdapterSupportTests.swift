import Foundation
import Testing
@testable import CutoutSpotlight
import CutoutLayers

/// The decisions the UIKit and SwiftUI adapters delegate to the core.
@Suite struct AdapterSupportTests {
    private func pref(_ id: String, _ tag: Int) -> TargetPreference<Int> { TargetPreference(id: id, payload: tag) }

    @Test func preferenceKeepsTheFirstEntryPerIdInTreeOrderAndRecordsDuplicates() {
        // SwiftUI reduces siblings left to right: value = a, then merge(b), merge(c).
        var value = pref("search", 1)
        value.merge(pref("filters", 2))
        var inner = pref("search", 3)          // a nested subtree that itself repeats "filters"
        inner.merge(pref("filters", 4))
        value.merge(inner)
        #expect(value.entries.map(\.id) == ["search", "filters"])
        #expect(value.entries.map(\.payload) == [1, 2])
        #expect(value.duplicateIDs == ["search", "filters"])
    }

    @Test func duplicatesRecordedInsideASubtreeCarryOver() {
        var sub = pref("a", 1)
        sub.merge(pref("a", 2))
        var root = TargetPreference<Int>()
        root.merge(sub)
        #expect(root.entries.map(\.payload) == [1])
        #expect(root.duplicateIDs == ["a"])
    }

    @Test func resolvedRegistryReportsEveryDroppedDuplicate() {
        var value = pref("a", 10)
        value.merge(pref("a", 20))
        value.merge(pref("b", 30))
        let reported = Collector<SpotlightError>()
        let registry = value.registry(reporter: SpotlightReporter { reported.add($0) }) { e in
            e.id == "b" ? nil : SpotlightTarget(id: e.id, frame: CGRect(x: CGFloat(e.payload), y: 0, width: 5, height: 5))
        }
        #expect(registry.targets.keys.sorted() == ["a"])
        #expect(registry["a"]?.frame.minX == 10)
        #expect(registry.issues == [.duplicateTarget("a")])
        #expect(reported.all == [.duplicateTarget("a")])
    }

    @Test func contentAreaBecomesInsetsSoTheVisibleRectIsTheContentArea() {
        let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
        let content = CGRect(x: 0, y: 47 + 44, width: 390, height: 844 - 91 - 34 - 49)
        let viewport = SpotlightViewport(bounds: bounds, contentArea: content)
        #expect(viewport.visibleRect == content)
        #expect(viewport.safeAreaInsets.top == 91)
        #expect(viewport.safeAreaInsets.bottom == 83)
        // A target under the navigation bar is clipped away, as with explicit bar heights.
        let target = SpotlightTarget(id: "t", frame: CGRect(x: 20, y: 50, width: 100, height: 30))
        #expect(!viewport.clippedCutout(for: target).isVisible)
    }

    @Test func contentAreaPastTheBoundsOrNotFiniteIsClamped() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(SpotlightViewport(bounds: bounds, contentArea: CGRect(x: -10, y: 20, width: 200, height: 50)).visibleRect
                == CGRect(x: 0, y: 20, width: 100, height: 50))
        #expect(SpotlightViewport(bounds: bounds, contentArea: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)).visibleRect == bounds)
        #expect(SpotlightViewport(bounds: bounds, contentArea: .null).visibleRect == bounds)
    }

    @Test func onlyPassThroughTouchesLeaveTheOverlay() {
        #expect(!TouchDisposition.passThrough.isHandledByOverlay)
        for d in [TouchDisposition.blocked, .cutout, .callout, .dimmedArea] { #expect(d.isHandledByOverlay) }
    }

    @Test func hapticsPlayOnStepChangesOnly() {
        var tour = Tour(id: "t", steps: [TourStep(title: "A", body: ""), TourStep(title: "B", body: "")])
        let events = tour.start() + tour.next() + tour.next()
        #expect(events == [.shown(step: 0), .advanced(from: 0, to: 1), .shown(step: 1), .finished])
        #expect(events.map(\.playsSelectionFeedback) == [false, true, false, false])
    }

    @Test func aTourIsDueOnlyBeforeItStartsAndWhenTheStoreHasNoRecord() {
        let store = InMemoryTourStore()
        var tour = Tour(id: "t", steps: [TourStep(title: "A", body: "")])
        #expect(tour.isDue(in: store))
        tour.start()
        #expect(!tour.isDue(in: store))
        tour.finish()
        tour.recordIfOver(in: store)
        #expect(!Tour(id: "t", steps: tour.steps).isDue(in: store))
        #expect(Tour(id: "other", steps: tour.steps).isDue(in: store))
    }

    @Test func calloutContentWidthFitsTheVisibleAreaLessMargins() {
        var metrics = CalloutMetrics()
        metrics.margin = 12
        let phone = SpotlightViewport(bounds: CGRect(x: 0, y: 0, width: 320, height: 600))
        #expect(metrics.contentWidth(in: phone) == 296)
        let tablet = SpotlightViewport(bounds: CGRect(x: 0, y: 0, width: 1024, height: 768))
        #expect(metrics.contentWidth(in: tablet) == 320)
        #expect(metrics.contentWidth(in: tablet, maximum: .nan) == 0)
        let tiny = SpotlightViewport(bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(metrics.contentWidth(in: tiny) == 0)
    }
}

@Suite struct OverlayHostTextTests {
    @Test func hostTextOverlayKeepsTheCalloutShapeAndDropsOnlyThePlaceholders() {
        var step = TourStep(title: "Filters", body: "Narrow the list down.", targetIDs: ["f"])
        step.calloutStyle = .bottomSheet
        var registry = TargetRegistry()
        registry.register(SpotlightTarget(id: "f", frame: CGRect(x: 20, y: 100, width: 80, height: 40)))
        let viewport = SpotlightViewport(bounds: CGRect(x: 0, y: 0, width: 390, height: 844))
        let frame = SpotlightLayout.frame(for: step, targets: registry, viewport: viewport, calloutSize: CGSize(width: 300, height: 120))
        func names(_ l: Layer) -> [String] { [l.name ?? ""] + l.sublayers.flatMap(names) }
        let full = names(OverlayLayers.layer(for: frame))
        let host = names(OverlayLayers.layerForHostText(for: frame))
        #expect(full.contains("spotlight.callout.title"))
        #expect(host.contains("spotlight.callout") && host.contains("spotlight.dim"))
        #expect(!host.contains { $0.hasPrefix("spotlight.callout.") })
        #expect(host.count == full.filter { !$0.hasPrefix("spotlight.callout.") }.count)
    }
}

@Suite struct TouchRegionTests {
    private func frame(passThrough: Bool, blocks: Bool = false) -> OverlayFrame {
        let viewport = SpotlightViewport(bounds: CGRect(x: 0, y: 0, width: 200, height: 300),
                                         safeAreaInsets: SpotlightInsets(top: 40))
        let a = viewport.clippedCutout(for: SpotlightTarget(id: "a", frame: CGRect(x: 20, y: 30, width: 80, height: 40)))
        let b = viewport.clippedCutout(for: SpotlightTarget(id: "b", frame: CGRect(x: 70, y: 50, width: 60, height: 60),
                                                             shape: .circle))
        return OverlayFrame(bounds: viewport.bounds, visibleRect: viewport.visibleRect, cutouts: [a, b],
                            blocksInput: blocks, passesTouchesThroughCutouts: passThrough)
    }

    @Test func regionMatchesHitTestOnAGrid() {
        for f in [frame(passThrough: true), frame(passThrough: false), frame(passThrough: true, blocks: true)] {
            let region = f.touchRegion
            var passing = 0
            for y in stride(from: 0.75, to: 300, by: 2.5) {
                for x in stride(from: 0.75, to: 200, by: 2.5) {
                    let p = CGPoint(x: x, y: y)
                    let handled = f.hitTest(p).isHandledByOverlay
                    // Curves are flattened (to well under 0.1 pt) by the boolean union, so points
                    // this close to an outline may fall either way: skip them.
                    let near = [(0.1, 0.0), (-0.1, 0.0), (0.0, 0.1), (0.0, -0.1)].contains { d in
                        f.hitTest(CGPoint(x: x + d.0, y: y + d.1)).isHandledByOverlay != handled
                    }
                    if near { continue }
                    if !handled { passing += 1 }
                    #expect(region.contains(p, using: .evenOdd) == handled, "at \(p)")
                }
            }
            #expect((passing > 500) == (f.passesTouchesThroughCutouts && !f.blocksInput))
        }
    }
}

@Suite struct StandardTourStoreTests {
    @Test func theStandardStoreLivesInAnExistingDirectory() {
        let url = FileTourStore.standardURL()
        #expect(url.lastPathComponent == "CutoutTours.json")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(FileTourStore.applicationSupport.url == url)
    }
}
