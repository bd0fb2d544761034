import Foundation
import Testing
@testable import CutoutCollection

@Suite struct ScrollViewModelTests {
    func model(content: CGFloat) -> ScrollViewModel {
        ScrollViewModel(boundsSize: CGSize(width: 390, height: 800), contentSize: CGSize(width: 390, height: content))
    }

    @Test func shortContentDoesNotBounce() {
        let m = model(content: 500)
        #expect(m.offsetRange(.vertical) == 0...0)
        #expect(!m.canBounce(.vertical))
        #expect(m.displayedOffset(forDragged: -120, axis: .vertical) == 0)
        var always = m
        always.alwaysBounceVertical = true
        #expect(always.displayedOffset(forDragged: -120, axis: .vertical) < 0)
    }

    @Test func draggingPastTheEdgeRubberBands() {
        let m = model(content: 3000)
        let shown = m.displayedOffset(forDragged: 2200 + 300, axis: .vertical)
        #expect(abs(shown - (2200 + ScrollPhysics.rubberBand(300, dimension: 800))) < 1e-9)
        #expect(m.displayedOffset(forDragged: 1000, axis: .vertical) == 1000)
    }

    @Test func freeFlickPastTheEndDeceleratesThenBouncesBack() {
        var m = model(content: 3000)
        m.setOffset(2000, .vertical)
        let motion = m.release(velocity: 3000, axis: .vertical)
        #expect(motion.phases.count == 2)
        let tEdge = motion.phases[1].start
        #expect(abs(motion.offset(at: tEdge) - 2200) < 1e-6)
        // It overshoots while the spring absorbs the velocity, then settles on the edge.
        #expect(motion.offset(at: tEdge + 0.05) > 2200)
        #expect(abs(motion.offset(at: tEdge + 3) - 2200) < 0.5)
        #expect(motion.end == 2200)
    }

    @Test func releaseWhileOverscrolledSpringsBack() {
        var m = model(content: 3000)
        m.setOffset(-60, .vertical)
        let motion = m.release(velocity: 0, axis: .vertical)
        #expect(motion.end == 0)
        #expect(motion.offset(at: 0) == -60)
        #expect(abs(motion.offset(at: 2)) < 0.5)
    }

    @Test func programmaticScrollToAnItem() {
        let m = model(content: 3000)
        let frame = CGRect(x: 0, y: 1200, width: 390, height: 300)
        #expect(m.offset(showing: frame, at: .top) == 1200)
        #expect(m.offset(showing: frame, at: .centered) == 950)
        #expect(m.offset(showing: frame, at: .bottom) == 700)
        #expect(m.offset(showing: CGRect(x: 0, y: 2900, width: 390, height: 100), at: .top) == 2200)
        let anim = m.scrollAnimation(showing: frame, at: .centered)
        #expect(anim.offset(at: 0) == 0)
        #expect(anim.offset(at: anim.duration) == 950)
        #expect(abs(anim.offset(at: anim.duration / 2) - 475) < 1e-9)
    }
}
