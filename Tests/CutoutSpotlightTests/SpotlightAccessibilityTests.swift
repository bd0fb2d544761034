import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct SpotlightAccessibilityTests {
    let step = TourStep(title: "Filters", body: "Narrow the list down by price and rating.")

    @Test func announcementReadsPositionTitleAndBody() {
        #expect(SpotlightAccessibility.announcement(for: step, position: 2, count: 5)
            == "Step 2 of 5. Filters. Narrow the list down by price and rating.")
        var strings = AccessibilityStrings()
        strings.stepFormat = "Шаг {index} из {count}."
        let untitled = TourStep(title: "", body: "Тело.")
        #expect(SpotlightAccessibility.announcement(for: untitled, position: 1, count: 3, strings: strings) == "Шаг 1 из 3. Тело.")
    }

    @Test func elementsComeTitleBodyThenButtons() {
        let middle = SpotlightAccessibility.elements(for: step, position: 2, count: 5)
        #expect(middle.map(\.role) == [.header, .text, .button(.back), .button(.next), .button(.skip)])
        #expect(middle[0].label == "Step 2 of 5. Filters.")
        let first = SpotlightAccessibility.elements(for: step, position: 1, count: 5)
        #expect(first.map(\.role) == [.header, .text, .button(.next), .button(.skip)])
        let last = SpotlightAccessibility.elements(for: step, position: 5, count: 5)
        #expect(last.map(\.role) == [.header, .text, .button(.back), .button(.finish)])
        #expect(last.last?.label == "Done")
    }

    @Test func tourAnnouncesItsCurrentStep() {
        var r = TargetRegistry()
        r.register(SpotlightTarget(id: "f", frame: CGRect(x: 0, y: 100, width: 10, height: 10)))
        var tour = Tour(id: "t", steps: [TourStep(title: "Search", body: "Find anything.", targetIDs: ["f"]), step], targets: r)
        #expect(tour.announcement() == nil)
        tour.start()
        #expect(tour.announcement() == "Step 1 of 2. Search. Find anything.")
    }
}
