import CutoutGeometry
import Foundation
import Testing
@testable import CutoutCollection

/// The conversions the UIKit and SwiftUI adapters delegate to the core.
@Suite struct PlatformAdapterTests {
    @Test func cellAttributesKeepCenterSizeTransformAndOrder() {
        var a = LayoutAttributes(indexPath: .item(7, section: 2), frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        a.transform = Transform(scaleX: 0.6, y: 0.6)
        a.alpha = 0.4
        a.zIndex = 3
        let p = a.platformAttributes
        #expect(p.section == 2 && p.item == 7)
        #expect(p.representedElementKind == nil)
        #expect(p.center == CGPoint(x: 60, y: 45))
        #expect(p.size == CGSize(width: 100, height: 50))
        #expect(p.transform == Transform(scaleX: 0.6, y: 0.6))
        #expect(p.alpha == 0.4 && p.zIndex == 3 && !p.isHidden)
    }

    @Test func supplementaryViewsCarryTheirKind() {
        let a = LayoutAttributes(indexPath: .item(0), category: .supplementaryView(kind: PizzaHalfSelectorLayout.captionKind),
                                 frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(a.platformAttributes.representedElementKind == "caption")
        #expect(a.platformAttributes.section == 0)
    }

    @Test func nonFiniteGeometryBecomesAHiddenZeroElement() {
        var a = LayoutAttributes(indexPath: .item(1), frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        a.center = CGPoint(x: CGFloat.nan, y: 0)
        var p = a.platformAttributes
        #expect(p.isHidden && p.center == .zero && p.size == .zero && p.transform == .identity)
        a.center = .zero
        a.transform = Transform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        p = a.platformAttributes
        #expect(p.isHidden && p.transform == .identity)
    }

    @Test func alphaAndSizeAreClamped() {
        var a = LayoutAttributes(indexPath: .item(0), frame: .zero)
        a.size = CGSize(width: -5, height: 8)
        a.alpha = 3
        #expect(a.platformAttributes.size == CGSize(width: 0, height: 8))
        #expect(a.platformAttributes.alpha == 1)
        a.alpha = .nan
        #expect(a.platformAttributes.alpha == 0)
    }

    @Test func everyPizzaLayoutAttributeConvertsFinitely() {
        let layout = PizzaHalfSelectorLayout(orientation: .left)
        layout.prepare(for: CollectionContext(bounds: CGRect(x: 0, y: 400, width: 195, height: 844), numberOfItems: 12))
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 195, height: 4000))
        #expect(all.count > 3)
        for a in all {
            let p = a.platformAttributes
            #expect(!p.isHidden || a.isHidden)
            #expect(p.center == a.center && p.transform == a.transform)
        }
    }

    @Test func velocityTrackerFitsTheSlopeOfRecentSamples() {
        var t = VelocityTracker()
        #expect(t.velocity == 0)
        for i in 0...10 { t.add(position: 100 + 12 * CGFloat(i), time: 5 + Double(i) / 120) }
        #expect(abs(t.velocity - 1440) < 1e-6)     // 12 pt per 1/120 s
    }

    @Test func velocityTrackerForgetsAPauseBeforeLifting() {
        var t = VelocityTracker()
        for i in 0...10 { t.add(position: 10 * CGFloat(i), time: Double(i) / 60) }
        t.add(position: 100, time: 10.0 / 60 + 0.5)   // held still for half a second
        t.add(position: 100, time: 10.0 / 60 + 0.55)
        #expect(t.velocity == 0)
    }

    @Test func velocityTrackerIgnoresBadSamples() {
        var t = VelocityTracker()
        t.add(position: 0, time: 1)
        t.add(position: .nan, time: 1.01)
        t.add(position: 50, time: 0.5)               // time going backwards
        t.add(position: 10, time: 1.02)
        #expect(abs(t.velocity - 500) < 1e-9)
        t.add(position: 20, time: .infinity)
        #expect(abs(t.velocity - 500) < 1e-9)
        t.reset()
        #expect(t.velocity == 0)
    }
}

@Suite struct TransformFromTopLeftTests {
    @Test func aScaleAboutTheCentreMovesTheTopLeftInward() {
        var a = LayoutAttributes(indexPath: .item(0), frame: CGRect(x: 300, y: 40, width: 100, height: 50))
        a.transform = Transform(scaleX: 0.5, y: 0.5)
        let t = a.platformAttributes.transformFromTopLeft
        #expect(CGPoint.zero.applying(t) == CGPoint(x: 25, y: 12.5))
        #expect(CGPoint(x: 50, y: 25).applying(t) == CGPoint(x: 50, y: 25))     // the centre stays
    }

    @Test func agreesWithTheVisibleFrameForEveryPizzaAttribute() {
        let layout = PizzaHalfSelectorLayout(orientation: .right)
        layout.prepare(for: CollectionContext(bounds: CGRect(x: 0, y: 250, width: 195, height: 844), numberOfItems: 9))
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: -2000, width: 195, height: 6000))
        #expect(all.contains { !$0.transform.isIdentity })
        for a in all {
            let p = a.platformAttributes
            // The host places the untransformed frame, then transforms from its top-left.
            let local = CGRect(origin: .zero, size: p.size).applying(p.transformFromTopLeft)
            let placed = local.offsetBy(dx: p.center.x - p.size.width / 2, dy: p.center.y - p.size.height / 2)
            let v = a.visibleFrame
            #expect(abs(placed.minX - v.minX) < 1e-9 && abs(placed.minY - v.minY) < 1e-9)
            #expect(abs(placed.width - v.width) < 1e-9 && abs(placed.height - v.height) < 1e-9)
        }
    }
}
