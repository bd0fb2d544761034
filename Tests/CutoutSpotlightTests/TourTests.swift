import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct TourTests {
    func registry(_ ids: [String]) -> TargetRegistry {
        var r = TargetRegistry()
        for (i, id) in ids.enumerated() {
            r.register(SpotlightTarget(id: id, frame: CGRect(x: 20, y: 120 + CGFloat(i) * 80, width: 100, height: 44)))
        }
        return r
    }

    func tour(_ present: [String] = ["a", "b", "c"], policy: MissingTargetPolicy = .skipStep,
              reporter: SpotlightReporter = .silent, tap: TapOutsideAction = .ignore,
              onEvent: (@Sendable (TourEvent) -> Void)? = nil) -> Tour {
        Tour(id: "intro", steps: ["a", "b", "c"].map { TourStep(title: $0.uppercased(), body: "About \($0).", targetIDs: [$0], tapOutside: tap) },
             targets: registry(present), missingTargetPolicy: policy, reporter: reporter, onEvent: onEvent)
    }

    @Test func walksForwardAndBackWithEvents() {
        let heard = Collector<TourEvent>()
        var t = tour(onEvent: { heard.add($0) })
        #expect(t.state == .notStarted)
        #expect(t.next().isEmpty && t.back().isEmpty && t.skip().isEmpty && t.finish().isEmpty)
        #expect(t.start() == [.shown(step: 0)])
        #expect(t.progress! == (1, 3))
        #expect(t.back().isEmpty)
        #expect(t.next() == [.advanced(from: 0, to: 1), .shown(step: 1)])
        #expect(t.progress! == (2, 3))
        #expect(t.back() == [.advanced(from: 1, to: 0), .shown(step: 0)])
        t.next(); t.next()
        #expect(t.state == .showing(step: 2))
        #expect(t.next() == [.finished])
        #expect(t.state == .finished)
        #expect(t.isOver)
        #expect(t.start().isEmpty && t.next().isEmpty)
        #expect(heard.all == [.shown(step: 0), .advanced(from: 0, to: 1), .shown(step: 1), .advanced(from: 1, to: 0),
                              .shown(step: 0), .advanced(from: 0, to: 1), .shown(step: 1), .advanced(from: 1, to: 2),
                              .shown(step: 2), .finished])
    }

    @Test func skipAndFinishEndTheTour() {
        var t = tour()
        t.start(); t.next()
        #expect(t.skip() == [.skipped(at: 1)])
        #expect(t.state == .skipped(at: 1))
        #expect(t.progress == nil)
        var u = tour()
        u.start()
        #expect(u.finish() == [.finished])
        #expect(u.state == .finished)
    }

    @Test func tapOutsideFollowsTheStepsRule() {
        var advance = tour(tap: .advance)
        advance.start()
        #expect(advance.handleTouch(.dimmedArea) == [.advanced(from: 0, to: 1), .shown(step: 1)])
        #expect(advance.handleTouch(.callout).isEmpty)
        #expect(advance.handleTouch(.passThrough).isEmpty)
        var dismiss = tour(tap: .dismiss)
        dismiss.start()
        #expect(dismiss.tapOutside() == [.skipped(at: 0)])
        var ignore = tour(tap: .ignore)
        ignore.start()
        #expect(ignore.tapOutside().isEmpty)
        #expect(ignore.state == .showing(step: 0))
    }

    @Test func missingTargetSkipsTheStepAndIsReported() {
        let reported = Collector<SpotlightError>()
        var t = tour(["a", "c"], reporter: SpotlightReporter { reported.add($0) })
        t.start()
        #expect(t.progress! == (1, 2))
        #expect(t.next() == [.advanced(from: 0, to: 2), .shown(step: 2)])
        #expect(t.progress! == (2, 2))
        #expect(t.back() == [.advanced(from: 2, to: 0), .shown(step: 0)])
        // Skipped steps are not reported; nothing was shown without its target.
        #expect(reported.all.isEmpty)
    }

    @Test func missingTargetCanShowTheTextWithoutAHole() {
        let reported = Collector<SpotlightError>()
        var t = tour(["a", "c"], policy: .showWithoutCutout, reporter: SpotlightReporter { reported.add($0) })
        t.start()
        #expect(t.next() == [.advanced(from: 0, to: 1), .shown(step: 1)])
        #expect(t.progress! == (2, 3))
        #expect(reported.all == [.missingTarget(step: 1, id: "b")])
        let frame = SpotlightLayout.frame(for: t.currentStep!, targets: t.targets, viewport: phoneViewport(),
                                          calloutSize: CGSize(width: 200, height: 80))
        #expect(frame.cutouts.isEmpty)
        guard case .sheet = frame.callout else { Issue.record("expected a sheet"); return }
    }

    @Test func nothingAvailableFinishesAtOnce() {
        var t = tour([])
        #expect(t.start() == [.finished])
        #expect(t.state == .finished)
    }

    @Test func hitTestClassifiesTouches() {
        var registry = TargetRegistry()
        registry.register(SpotlightTarget(id: "a", frame: CGRect(x: 20, y: 200, width: 100, height: 44), shape: .rect, padding: 0))
        let step = TourStep(title: "A", body: "", targetIDs: ["a"], passesTouchesThroughCutouts: true)
        var frame = SpotlightLayout.frame(for: step, targets: registry, viewport: phoneViewport(),
                                          calloutSize: CGSize(width: 200, height: 60))
        #expect(frame.hitTest(CGPoint(x: 60, y: 220)) == .passThrough)
        #expect(frame.hitTest(CGPoint(x: 300, y: 600)) == .dimmedArea)
        let callout = frame.callout!.frame
        #expect(frame.hitTest(CGPoint(x: callout.midX, y: callout.midY)) == .callout)
        frame.passesTouchesThroughCutouts = false
        #expect(frame.hitTest(CGPoint(x: 60, y: 220)) == .cutout)
        frame.blocksInput = true
        #expect(frame.hitTest(CGPoint(x: 60, y: 220)) == .blocked)
    }
}
