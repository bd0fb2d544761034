import CutoutGeometry
import Foundation
import Testing
@testable import CutoutCollection

@Suite struct PizzaHalfSelectorLayoutTests {
    let viewport = CGSize(width: 195, height: 700)

    func layout(_ orientation: PizzaHalfOrientation = .left, offsetY: CGFloat = 0, items: Int = 10,
                style: PizzaHalfSelectorLayout.Style = .regular, compacts: Bool = true) -> PizzaHalfSelectorLayout {
        var config = PizzaHalfSelectorLayout.Configuration()
        config.style = style
        config.compactsVertically = compacts
        let l = PizzaHalfSelectorLayout(orientation: orientation, configuration: config)
        l.prepare(for: CollectionContext(bounds: CGRect(origin: CGPoint(x: 0, y: offsetY), size: viewport), numberOfItems: items))
        return l
    }

    @Test func offsetAndIndexConvertBothWays() {
        let l = layout()
        // contentOffset(for: i) = h·i + h/2 − H/2 = 300i + 150 − 350
        #expect(l.contentOffset(for: 0) == CGPoint(x: 0, y: -200))
        #expect(l.contentOffset(for: 3) == CGPoint(x: 0, y: 700))
        // pizzaIndex = (y + H/2) / h
        #expect(l.pizzaIndex(offset: CGPoint(x: 0, y: 700)) == 3.5)
        #expect(l.pizzaIndex(offset: CGPoint(x: 0, y: 0)) == CGFloat(350) / 300)
        for i in 0..<10 { #expect(Int(l.pizzaIndex(offset: l.contentOffset(for: i))) == i) }
    }

    @Test func scaleAndAlphaFromTheNormalisedDistance() throws {
        let l = layout(offsetY: 700)   // item 3 centred: its midY 1050 = screen centre
        #expect(l.normalizedDistance(forItem: 3) == 0)
        #expect(l.scale(forItem: 3) == 1)
        #expect(l.normalizedDistance(forItem: 4) == 1)       // 300 / 200 clamped
        #expect(abs(l.scale(forItem: 4) - 0.6) < 1e-12)
        #expect(l.normalizedDistance(forItem: 2) == -1)
        let half = layout(offsetY: 800)                      // centre 1150: item 3 is 100 above
        #expect(half.normalizedDistance(forItem: 3) == -0.5)
        #expect(abs(half.scale(forItem: 3) - 0.8) < 1e-12)
        let a = try #require(half.layoutAttributesForItem(at: .item(3)))
        #expect(abs(a.alpha - 0.8) < 1e-12)
        #expect(a.transform == Transform(scaleX: 0.8, y: 0.8))
    }

    @Test func halvesMeetAtTheScreenCentreWithTheGap() throws {
        // Each half's collection is the viewport width; the left one's right edge is the
        // screen centre. A scaled cell's inner edge sits half the gap from it.
        for s in [layout(.left, offsetY: 700), layout(.left, offsetY: 800)] {
            for i in 2...4 {
                let a = try #require(s.layoutAttributesForItem(at: .item(i)))
                #expect(abs(a.visibleFrame.maxX - (viewport.width - 4)) < 1e-9)
            }
        }
        let r = try #require(layout(.right, offsetY: 700).layoutAttributesForItem(at: .item(4)))
        #expect(abs(r.visibleFrame.minX - 4) < 1e-9)
    }

    @Test func compactionClosesTheGapsBetweenNeighbours() throws {
        let l = layout(offsetY: 700)
        let c = try #require(l.layoutAttributesForItem(at: .item(3))).visibleFrame
        let below = try #require(l.layoutAttributesForItem(at: .item(4))).visibleFrame
        let above = try #require(l.layoutAttributesForItem(at: .item(2))).visibleFrame
        #expect(abs(below.minY - c.maxY) < 1e-9)
        #expect(abs(above.maxY - c.minY) < 1e-9)
        let loose = layout(offsetY: 700, compacts: false)
        let looseBelow = try #require(loose.layoutAttributesForItem(at: .item(4))).visibleFrame
        #expect(looseBelow.minY - c.maxY > 50)
    }

    @Test func compactionIsContinuousAsTheAnchorChanges() throws {
        var previous: CGFloat?
        var y: CGFloat = 600
        while y <= 1000 {
            let mid = try #require(layout(offsetY: y).layoutAttributesForItem(at: .item(4))).center.y
            if let p = previous { #expect(abs(mid - p) < 2.5, "jump at offset \(y)") }
            previous = mid
            y += 1
        }
    }

    @Test func captionsArePinnedFadeAndHideWhenInvisible() {
        let l = layout(offsetY: 800)
        let all = l.layoutAttributesForElements(in: CGRect(origin: CGPoint(x: 0, y: 800), size: viewport))
        let captions = all.filter { $0.category == .supplementaryView(kind: PizzaHalfSelectorLayout.captionKind) }
        // Only items within the critical offset have visible captions: 3 (norm −0.5) and 4 (norm 1 → hidden).
        #expect(captions.map(\.item) == [3])
        let c = captions[0]
        #expect(abs(c.frame.minY - (800 + 24)) < 1e-9)
        #expect(abs(c.alpha - 0.5) < 1e-12)
        #expect(c.zIndex == 100)
        #expect(all.filter { $0.category == .cell }.allSatisfy { $0.zIndex < c.zIndex })
        #expect(l.layoutAttributesForSupplementaryView(ofKind: PizzaHalfSelectorLayout.captionKind, at: .item(4)) == nil)
    }

    @Test func theWholePizzasCaptionIsReturnedHiddenAndUnmoved() throws {
        let kind = PizzaHalfSelectorLayout.captionKind
        let l = layout(offsetY: 800)
        let rect = l.context.bounds
        let before = l.layoutAttributesForElements(in: rect)
        l.wholePizzaItem = 3
        let after = l.layoutAttributesForElements(in: rect)
        #expect(after.filter(\.isHidden).map(\.category) == [.supplementaryView(kind: kind)])
        #expect(after.filter(\.isHidden).map(\.item) == [3])
        #expect(after.map { var a = $0; a.isHidden = false; return a } == before)
        #expect(l.layoutAttributesForSupplementaryView(ofKind: kind, at: .item(3))?.isHidden == true)
        #expect(l.layoutAttributesForItem(at: .item(3))?.isHidden == false)
        l.wholePizzaItem = nil
        #expect(l.layoutAttributesForElements(in: rect) == before)
    }

    @Test func drumZIndexTable() {
        let l = layout(offsetY: 700, style: .drum)
        #expect(l.currentPizzaIndex == 3)
        #expect((0..<10).map { l.drumZIndex(forItem: $0) } == [0, 1, 2, 10, 5, 4, 3, 2, 1, 0])
        let attrs = l.layoutAttributesForElements(in: CGRect(origin: CGPoint(x: 0, y: 700), size: viewport))
        let cells = attrs.filter { $0.category == .cell }
        #expect(cells.first { $0.item == 3 }?.zIndex == 10)
        // Progress 1 puts a neighbour 200·1.1 below the centre.
        #expect(abs((cells.first { $0.item == 4 }!.center.y) - (1050 + 220)) < 1e-9)
    }

    @Test func snappingCentresThePizzaUnderTheProposedCentreForAnyVelocity() {
        let l = layout(offsetY: 700)
        for proposed in stride(from: CGFloat(-500), through: 3500, by: 37) {
            for v: CGFloat in [-8000, -300, 0, 250, 5000] {
                let target = l.targetContentOffset(forProposedContentOffset: CGPoint(x: 0, y: proposed), withScrollingVelocity: CGPoint(x: 0, y: v))
                let expected = min(max(Int(((proposed + 350) / 300).rounded(.down)), 0), 9)
                #expect(target == l.contentOffset(for: expected))
            }
        }
    }

    @Test func smallFlickOnTheSamePizzaGlidesBackGently() throws {
        let l = layout(offsetY: 730)   // item 3 centred 30 pt off
        var m = ScrollViewModel(boundsSize: viewport, contentSize: l.collectionViewContentSize,
                                contentInset: EdgeInsets(top: 200, bottom: 200))
        m.decelerationRate = .fast
        m.setOffset(730, .vertical)
        let motion = m.release(velocity: 400, axis: .vertical, layout: l)
        #expect(motion.end == 700)
        guard case .easeInOut(_, let duration) = motion.phases[0].animation.kind else {
            Issue.record("expected a glide"); return
        }
        #expect(duration >= 0.25)
        // Peak speed of the glide stays gentle (ease-in-out: 2·distance/duration).
        #expect(2 * 30 / duration < 300)
    }

    @Test func bigFlickDeceleratesExactlyOntoTheSnappedPizza() throws {
        let l = layout(offsetY: 700)
        var m = ScrollViewModel(boundsSize: viewport, contentSize: l.collectionViewContentSize,
                                contentInset: EdgeInsets(top: 200, bottom: 200))
        m.decelerationRate = .fast
        m.setOffset(700, .vertical)
        let motion = m.release(velocity: 4000, axis: .vertical, layout: l)
        // Free rest at 700 + 398 = 1098 → centre 1448 → item 4 → offset 1000.
        #expect(motion.end == 1000)
        #expect(abs(motion.offset(at: motion.duration + 10) - 1000) < 1e-6)
        guard case .deceleration = motion.phases[0].animation.kind else { Issue.record("expected deceleration"); return }
    }

    @Test func invalidationOnBoundsChange() {
        let l = layout(offsetY: 700)
        #expect(l.invalidation(forBoundsChange: CGRect(x: 0, y: 710, width: 195, height: 700)) ==
                LayoutInvalidation(invalidatesCachedFrames: false, invalidatesOffsetDependentAttributes: true))
        #expect(l.invalidation(forBoundsChange: CGRect(x: 0, y: 700, width: 200, height: 700)).invalidatesCachedFrames)
        #expect(!l.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 700, width: 195, height: 700)))
    }

    /// The viewport and 80-point strips of it, so that captions (pinned near the top of the
    /// viewport) meet rects their cells do not, and cells meet rects their captions do not.
    @Test func queriesMatchBruteForceOverManyOffsets() {
        let kind = PizzaHalfSelectorLayout.captionKind
        for y in stride(from: CGFloat(-200), through: 2800, by: 53) {
            let l = layout(offsetY: y)
            let strips = stride(from: y - 40, to: y + viewport.height, by: 60).map { CGRect(x: 0, y: $0, width: viewport.width, height: 80) }
            for rect in [CGRect(origin: CGPoint(x: 0, y: y), size: viewport)] + strips {
                let fast = l.layoutAttributesForElements(in: rect)
                let cells = (0..<10).filter { l.layoutAttributesForItem(at: .item($0))!.visibleFrame.overlaps(rect) }
                let captions = (0..<10).filter {
                    l.layoutAttributesForSupplementaryView(ofKind: kind, at: .item($0))?.visibleFrame.overlaps(rect) == true
                }
                #expect(fast.filter { $0.category == .cell }.map(\.item) == cells, "offset \(y), rect \(rect)")
                #expect(fast.filter { $0.category != .cell }.map(\.item) == captions, "offset \(y), rect \(rect)")
            }
        }
    }

    /// The audit's probe: caption 3 shows at y 804–848 while no cell whose caption shows meets
    /// the rect.
    @Test func aCaptionIsReturnedForARectItsCellMisses() throws {
        let l = layout(offsetY: 800)
        let rect = CGRect(x: 0, y: 800, width: viewport.width, height: 80)
        let captions = l.layoutAttributesForElements(in: rect).filter { $0.category != .cell }
        let caption = try #require(captions.first)
        #expect(captions.count == 1 && caption.item == 3)
        #expect(abs(caption.visibleFrame.minY - 804) < 1e-9 && abs(caption.visibleFrame.maxY - 848) < 1e-9)
        let cell = try #require(l.layoutAttributesForItem(at: .item(3)))
        #expect(!cell.visibleFrame.overlaps(rect))
    }
}
