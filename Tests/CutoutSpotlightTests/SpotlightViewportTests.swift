import CutoutGeometry
import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct SpotlightViewportTests {
    @Test func visibleAreaExcludesSafeAreaAndBars() {
        #expect(phoneViewport().visibleRect == CGRect(x: 0, y: 91, width: 390, height: 670))
        let absurd = SpotlightViewport(bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                                       safeAreaInsets: SpotlightInsets(top: .nan, left: -5), topBarHeight: 400)
        #expect(absurd.visibleRect == CGRect(x: 0, y: 100, width: 100, height: 0))
    }

    @Test func highlightUnderTheNavigationBarIsClippedToTheContentArea() throws {
        // A row scrolled half under the navigation bar (bar ends at y = 91).
        let row = SpotlightTarget(id: "row", frame: CGRect(x: 20, y: 70, width: 100, height: 40), shape: .rect, padding: 0)
        let clipped = phoneViewport().clippedCutout(for: row)
        #expect(clipped.isVisible)
        #expect(clipped.visibleBounds == CGRect(x: 20, y: 91, width: 100, height: 19))
        #expect(near(clipped.visiblePath.boundingBox, CGRect(x: 20, y: 91, width: 100, height: 19)))
        // Over the bar: inside the outline but not cut.
        #expect(row.cutout.path.contains(CGPoint(x: 70, y: 80)))
        #expect(!clipped.contains(CGPoint(x: 70, y: 80)))
        #expect(!clipped.visiblePath.contains(CGPoint(x: 70, y: 80)))
        #expect(clipped.contains(CGPoint(x: 70, y: 100)))
    }

    @Test func clippingARoundedHoleKeepsItsCurvesInside() throws {
        let c = Cutout(shape: .roundedRect(CGRect(x: 300, y: 700, width: 80, height: 80), cornerRadius: 40))
        let clipped = phoneViewport().clip(c)
        let box = clipped.visiblePath.boundingBox
        #expect(near(box.maxY, 761))
        #expect(box.minY >= 700 - 1e-9 && box.minX >= 300 - 0.3)
        // The disc's lower part is gone, its upper part stays round (corner not cut).
        #expect(!clipped.visiblePath.contains(CGPoint(x: 302, y: 702)))
        #expect(clipped.visiblePath.contains(CGPoint(x: 340, y: 702)))
    }

    @Test func holeEntirelyUnderABarIsDropped() {
        var registry = TargetRegistry()
        registry.register(SpotlightTarget(id: "hidden", frame: CGRect(x: 20, y: 50, width: 100, height: 30), padding: 0))
        let step = TourStep(title: "Hidden", body: "", targetIDs: ["hidden"])
        let frame = SpotlightLayout.frame(for: step, targets: registry, viewport: phoneViewport(),
                                          calloutSize: CGSize(width: 200, height: 80))
        #expect(frame.cutouts.count == 1)
        #expect(frame.visibleCutouts.isEmpty)
        guard case .sheet = frame.callout else { Issue.record("expected a sheet"); return }
    }
}
