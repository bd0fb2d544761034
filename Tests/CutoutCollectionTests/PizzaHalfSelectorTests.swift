import Foundation
import Testing
import CutoutTestSupport
@testable import CutoutCollection

@Suite struct PizzaHalfSelectorTests {
    static let pizzas = ["Pepperoni", "Margherita", "Hawaiian", "Four cheese", "Diablo", "Veggie", "BBQ", "Ham & mushrooms", "Carbonara", "Arriva"]
        .enumerated().map { PizzaOption(id: "p\($0.offset)", name: $0.element) }

    func selector() -> PizzaHalfSelector {
        let s = PizzaHalfSelector(screenSize: CGSize(width: 390, height: 700))
        #expect(s.drainEvents() == [.loadRequested])
        s.setState(.content(Self.pizzas))
        _ = s.drainEvents()
        return s
    }

    @Test func exactlyOneEventPerChangeOfTheCentredPizza() {
        let s = selector()
        let l = s.layout(.left)
        var events: [SelectorEvent] = []
        // Scroll slowly from pizza 0 to pizza 5, one point per frame.
        var y = l.contentOffset(for: 0).y
        while y <= l.contentOffset(for: 5).y {
            s.setContentOffset(y, for: .left)
            events += s.drainEvents().filter { if case .selectionChanged = $0 { return true } else { return false } }
            y += 1
        }
        #expect(events == (1...5).map { .selectionChanged(half: .left, index: $0) })
        // Scrolling back and forth inside one pizza reports nothing.
        for dy: CGFloat in [10, -10, 40, -40] { s.setContentOffset(l.contentOffset(for: 5).y + dy, for: .left) }
        #expect(s.drainEvents().isEmpty)
    }

    @Test func sameHalvesShowOneCentralCaption() {
        let s = selector()
        #expect(s.isWholePizza)
        #expect(s.captions.map(\.position) == [.center])
        s.setContentOffset(s.layout(.right).contentOffset(for: 2).y, for: .right)
        #expect(!s.isWholePizza)
        #expect(s.captions.map(\.text) == ["Pepperoni", "Hawaiian"])
        #expect(s.drainEvents() == [.selectionChanged(half: .right, index: 2), .wholePizzaChanged(isWhole: false)])
    }

    /// The hiding is the layouts' answer, so a host laying out their attributes (a collection
    /// view) hides the side captions without deciding anything itself.
    @Test func sameHalvesHideTheirSideCaptionsInTheLayouts() throws {
        let s = selector()
        func caption(_ half: PizzaHalfOrientation, _ item: Int) throws -> LayoutAttributes {
            let shown = s.layout(half).layoutAttributesForElements(in: s.bounds(half)).filter { $0.category != .cell }
            #expect(shown.map(\.item) == [item], "\(half)")
            return try #require(shown.first)
        }
        for half in PizzaHalfOrientation.allCases {
            #expect(try caption(half, 0).isHidden, "\(half)")
            #expect(s.layout(half).layoutAttributesForSupplementaryView(ofKind: PizzaHalfSelectorLayout.captionKind, at: .item(0))?.isHidden == true)
        }
        s.setContentOffset(s.layout(.right).contentOffset(for: 2).y, for: .right)
        #expect(try !caption(.left, 0).isHidden)
        #expect(try !caption(.right, 2).isHidden)
        s.setContentOffset(s.layout(.left).contentOffset(for: 2).y, for: .left)
        #expect(try caption(.left, 2).isHidden)
        #expect(try caption(.right, 2).isHidden)
        s.setState(.loading)
        #expect(s.left.wholePizzaItem == nil && s.right.wholePizzaItem == nil)
    }

    @Test func seededShuffleIsReproducibleAndPicksDifferentHalves() {
        let s = selector()
        var a = FuzzRandom(state: 7), b = FuzzRandom(state: 7)
        for _ in 0..<50 {
            let x = s.shuffle(using: &a), y = s.shuffle(using: &b)
            #expect(x == y)
            #expect(x.left != x.right)
            #expect((0..<10).contains(x.left) && (0..<10).contains(x.right))
        }
    }

    @Test func accessibilityAndIndicators() throws {
        let s = selector()
        s.setContentOffset(s.layout(.left).contentOffset(for: 2).y, for: .left)
        #expect(s.accessibilityLabel(.left) == "Left half, Hawaiian, 3 of 10")
        #expect(s.accessibilityLabel(.right) == "Right half, Pepperoni, 1 of 10")
        let next = try #require(s.accessibilityAdjust(.left, increment: true))
        #expect(next == s.layout(.left).contentOffset(for: 3).y)
        #expect(s.accessibilityAdjust(.right, increment: false) == s.layout(.right).contentOffset(for: 0).y)
        #expect(abs(s.scrollProgress(.left) - 2.0 / 9) < 1e-12)
        #expect(s.scrollProgress(.right) == 0)
    }

    @Test func loadingErrorAndRetryStates() {
        let s = PizzaHalfSelector(screenSize: CGSize(width: 390, height: 700))
        _ = s.drainEvents()
        #expect(s.accessibilityLabel(.left) == "Left half, loading")
        s.setState(.failed(message: "No connection"))
        #expect(s.captions.isEmpty)
        s.retry()
        #expect(s.state == .loading)
        #expect(s.drainEvents() == [.loadRequested])
        s.retry()
        #expect(s.drainEvents().isEmpty)
        s.setContentOffset(100, for: .left)   // no content: ignored
        #expect(s.selectedIndex(.left) == nil)
    }
}
