import CutoutGeometry
import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct CutoutTests {
    let rect = Cutout(id: "a", shape: .roundedRect(CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 0))
    let circle = Cutout(id: "b", shape: .roundedRect(CGRect(x: 200, y: 100, width: 60, height: 60), cornerRadius: 30))

    @Test func roundedRectsMorphEdgeByEdge() {
        #expect(Cutout.interpolated(from: rect, to: circle, fraction: 0) == rect)
        #expect(Cutout.interpolated(from: rect, to: circle, fraction: 1) == circle)
        let mid = Cutout.interpolated(from: rect, to: circle, fraction: 0.5)
        #expect(mid.shape == .roundedRect(CGRect(x: 100, y: 50, width: 80, height: 50), cornerRadius: 15))
        #expect(Cutout.interpolated(from: rect, to: circle, fraction: 7) == circle)
        #expect(Cutout.interpolated(from: rect, to: circle, fraction: .nan) == rect)
    }

    @Test func customPathMorphsThroughResampledPolygons() throws {
        // A diamond: top vertex at (50, 0).
        var diamond = Path()
        diamond.addLines(between: [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 50), CGPoint(x: 50, y: 100), CGPoint(x: 0, y: 50)])
        diamond.closeSubpath()
        let d = Cutout(shape: .path(diamond))
        let square = Cutout(shape: .roundedRect(CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0))
        #expect(Cutout.interpolated(from: d, to: square, fraction: 0) == d)
        #expect(Cutout.interpolated(from: d, to: square, fraction: 1) == square)
        let mid = Cutout.interpolated(from: d, to: square, fraction: 0.5)
        guard case .path(let p) = mid.shape else { Issue.record("expected a polygon"); return }
        let pts = try #require(p.flattened().first).points
        #expect(pts.count == Cutout.morphSampleCount)
        // Both start at the top of their centre line: diamond (50, 0), square (50, 0).
        #expect(near(pts[0].x, 50) && near(pts[0].y, 0))
        // A quarter of the way round: the diamond's right vertex (100, 50) and the square's
        // top-right corner... 100 of 400 along the square is (100, 50) too.
        #expect(near(pts[24].x, 100, 1e-6) && near(pts[24].y, 50, 1e-6))
        // An eighth of the way: diamond (75, 25), square (100, 0) → (87.5, 12.5).
        #expect(near(pts[12].x, 87.5, 1e-6) && near(pts[12].y, 12.5, 1e-6))
    }

    @Test func counterClockwisePathsAreTurnedClockwise() {
        var ccw = Path()
        ccw.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0)])
        ccw.closeSubpath()
        var both = Cutout(shape: .path(ccw)).path
        both.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        // Overlap stays inside the union under the non-zero rule.
        #expect(both.contains(CGPoint(x: 7, y: 7), using: .winding))
        #expect(!ccw.contains(CGPoint(x: 20, y: 20)))
    }

    @Test func transitionGrowsAndShrinksUnmatchedHoles() {
        let v = phoneViewport()
        let a = v.clip(Cutout(id: "a", shape: .roundedRect(CGRect(x: 20, y: 200, width: 100, height: 40), cornerRadius: 8)))
        let b = v.clip(Cutout(id: "b", shape: .roundedRect(CGRect(x: 200, y: 400, width: 80, height: 80), cornerRadius: 40)))
        let c = v.clip(Cutout(id: "c", shape: .roundedRect(CGRect(x: 40, y: 600, width: 60, height: 20), cornerRadius: 0)))
        let from = OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect, cutouts: [a])
        let to = OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect, cutouts: [b, a])
        let grow = OverlayTransition(from: from, to: to, duration: 1, easing: .linear)
        let mid = grow.sample(at: 0.5)
        #expect(mid.cutouts.count == 2)
        // b grows from its centre (240, 440); a stays paired with itself.
        #expect(mid.cutouts[0].cutout.shape == .roundedRect(CGRect(x: 220, y: 420, width: 40, height: 40), cornerRadius: 20))
        #expect(mid.cutouts[1] == a)
        #expect(grow.sample(at: 1) == to)
        // Shrinking: c goes to a point at its centre.
        let shrink = OverlayTransition(from: OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect, cutouts: [a, c]),
                                       to: OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect, cutouts: [a]),
                                       duration: 1, easing: .linear)
        let s = shrink.sample(at: 0.5)
        #expect(s.cutouts.count == 2)
        #expect(s.cutouts[1].cutout.shape == .roundedRect(CGRect(x: 55, y: 605, width: 30, height: 10), cornerRadius: 0))
        #expect(shrink.sample(at: 1).cutouts == [a])
    }
}
