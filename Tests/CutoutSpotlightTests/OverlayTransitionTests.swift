import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct OverlayTransitionTests {
    let v = phoneViewport()
    func frame(_ rect: CGRect, _ radius: CGFloat) -> OverlayFrame {
        OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect,
                     cutouts: [v.clip(Cutout(id: "t", shape: .roundedRect(rect, cornerRadius: radius)))],
                     callout: .sheet(frame: CGRect(x: 0, y: 700, width: 390, height: 144),
                                     content: CGRect(x: 0, y: 700, width: 390, height: 110)))
    }

    @Test func fadeInBlocksInputUntilTheEnd() {
        let to = frame(CGRect(x: 20, y: 200, width: 100, height: 40), 8)
        let fade = OverlayTransition(from: nil, to: to, duration: 0.4, easing: .easeInEaseOut)
        let start = fade.sample(at: 0)
        #expect(start.dimming == 0 && start.calloutOpacity == 0 && start.blocksInput)
        #expect(start.cutouts == to.cutouts)
        let mid = fade.sample(at: 0.2)
        #expect(near(mid.dimming, 0.5, 1e-9))
        #expect(mid.calloutOpacity == 0)
        #expect(mid.blocksInput)
        #expect(mid.hitTest(CGPoint(x: 60, y: 220)) == .blocked)
        let end = fade.sample(at: 0.4)
        #expect(end.dimming == 1 && end.calloutOpacity == 1 && !end.blocksInput)
        #expect(fade.sample(at: 99) == end)
    }

    @Test func morphIsAFunctionOfTimeWithEasing() {
        let a = frame(CGRect(x: 0, y: 200, width: 100, height: 40), 0)
        let b = frame(CGRect(x: 200, y: 400, width: 60, height: 60), 30)
        let move = OverlayTransition(from: a, to: b, duration: 2, easing: .easeIn)
        #expect(move.sample(at: 0).cutouts == a.cutouts)
        #expect(move.sample(at: 2) == b)
        let eased = CGFloat(Easing.easeIn.value(at: 0.5))
        #expect(eased < 0.5)
        let mid = move.sample(at: 1)
        guard case .roundedRect(let r, let radius) = mid.cutouts[0].cutout.shape else { Issue.record("rounded rect"); return }
        #expect(near(r.minX, 200 * eased) && near(r.width, 100 - 40 * eased) && near(radius, 30 * eased))
        #expect(mid.blocksInput)
        #expect(move.sample(at: 1) == move.sample(at: 1))
    }

    @Test func fadeOutEndsWithNothing() {
        let a = frame(CGRect(x: 0, y: 200, width: 100, height: 40), 0)
        let out = OverlayTransition(from: a, to: nil, duration: 0.3, easing: .linear)
        #expect(out.sample(at: 0).dimming == 1)
        let end = out.sample(at: 0.3)
        #expect(end.dimming == 0 && end.cutouts.isEmpty && end.callout == nil && !end.blocksInput)
    }

    @Test func easingCurvesAreExactAtTheEndsAndMonotonic() {
        for e in [Easing.linear, .easeIn, .easeOut, .easeInEaseOut, .cubicBezier(x1: 0.3, y1: -0.2, x2: 0.7, y2: 1.3)] {
            #expect(e.value(at: 0) == 0 && e.value(at: 1) == 1)
            #expect(e.value(at: .nan) == 0 && e.value(at: -3) == 0 && e.value(at: 4) == 1)
        }
        #expect(abs(Easing.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-9)
        var last = -1.0
        for i in 0...20 {
            let y = Easing.easeOut.value(at: Double(i) / 20)
            #expect(y >= last)
            last = y
        }
    }
}
