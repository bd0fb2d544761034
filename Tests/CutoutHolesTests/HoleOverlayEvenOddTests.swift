import CutoutGeometry
import Foundation
import Testing
@testable import CutoutHoles

/// The single even-odd outline SwiftUI's `HoleShape` and `.holes(...)` fill.
@Suite struct HoleOverlayEvenOddTests {
    let bounds = CGRect(x: 0, y: 0, width: 200, height: 120)

    /// Filled even-odd, the outline covers exactly what `isOpaque(at:)` says, on a grid.
    private func agrees(_ overlay: HoleOverlay) -> Int {
        let path = overlay.evenOddPath
        var checked = 0
        for y in stride(from: 1.5, to: 120, by: 3) {
            for x in stride(from: 1.5, to: 200, by: 3) {
                let p = CGPoint(x: x, y: y)
                #expect(path.contains(p, using: .evenOdd) == overlay.isOpaque(at: p), "at \(p)")
                checked += 1
            }
        }
        return checked
    }

    @Test func overlappingHolesStayOpen() {
        let overlay = HoleOverlay(bounds: bounds, holes: [
            .roundedRect(CGRect(x: 20, y: 20, width: 80, height: 60), cornerRadius: 12),
            .circle(center: CGPoint(x: 100, y: 60), radius: 35),
        ])
        // The naive outline (rect plus both holes) fills the overlap back in.
        var naive = Path(rect: bounds)
        naive.addPath(overlay.holesPath)
        #expect(naive.contains(CGPoint(x: 85, y: 60), using: .evenOdd))
        #expect(!overlay.evenOddPath.contains(CGPoint(x: 85, y: 60), using: .evenOdd))
        #expect(agrees(overlay) > 2000)
    }

    @Test func aHoleReachingPastTheEdgeFillsNothingOutside() {
        let overlay = HoleOverlay(bounds: bounds, holes: [.circle(center: CGPoint(x: 190, y: 60), radius: 40)])
        #expect(!overlay.evenOddPath.contains(CGPoint(x: 215, y: 60), using: .evenOdd))
        #expect(agrees(overlay) > 2000)
    }

    @Test func aRingHoleKeepsItsIsland() {
        var ring = Path(ellipseIn: CGRect(x: 50, y: 10, width: 100, height: 100))
        ring.addEllipse(in: CGRect(x: 80, y: 40, width: 40, height: 40))
        let overlay = HoleOverlay(bounds: bounds, holes: [.path(ring, fillRule: .evenOdd)])
        #expect(overlay.evenOddPath.contains(CGPoint(x: 100, y: 60), using: .evenOdd))
        #expect(agrees(overlay) > 2000)
    }

    @Test func nonFiniteBoundsGiveAnEmptyOutline() {
        #expect(HoleOverlay(bounds: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), holes: []).evenOddPath.isEmpty)
    }
}
