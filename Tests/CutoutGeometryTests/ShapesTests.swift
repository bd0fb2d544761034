import Foundation
import Testing
@testable import CutoutGeometry

@Suite struct ShapesTests {
    let cell = CGRect(x: 0, y: 0, width: 300, height: 300)

    @Test func spadeKeyPoints() {
        let spade = Shapes.spade(in: cell)
        #expect(spade.elements.first == .moveTo(CGPoint(x: 150, y: 150)))
        let b = spade.boundingBox
        // size 260: the tip at y = 20, the stem's foot at y = 280, lobes reach x = 20 and 280.
        #expect(abs(b.minY - 20) < 1e-9 && abs(b.maxY - 280) < 1e-9)
        // The lobes are cubic arcs, within 1e-4 of their radius (65) of true circles.
        #expect(abs(b.minX - 20) < 65e-4 && abs(b.maxX - 280) < 65e-4)
        #expect(spade.contains(CGPoint(x: 150, y: 60)))
        #expect(spade.contains(CGPoint(x: 150, y: 270)))
        #expect(!spade.contains(CGPoint(x: 40, y: 40)))
    }

    @Test func heartKeyPoints() {
        let heart = Shapes.heart(in: cell)
        #expect(heart.elements.first == .moveTo(CGPoint(x: 150, y: 280)))
        let b = heart.boundingBox
        #expect(abs(b.minX - 20) < 65e-4 && abs(b.maxX - 280) < 65e-4 && abs(b.maxY - 280) < 1e-9)
        #expect(heart.contains(CGPoint(x: 85, y: 85)))
        #expect(!heart.contains(CGPoint(x: 150, y: 40)))   // the notch between the lobes
    }

    @Test func diamondTipsAndPulledControls() {
        let d = Shapes.diamond(in: cell)
        #expect(d.elements[1] == .quadCurveTo(CGPoint(x: 150, y: 20), control: CGPoint(x: 140, y: 140)))
        #expect(d.boundingBox.minX == 20 && d.boundingBox.maxX == 280)
        #expect(d.contains(CGPoint(x: 150, y: 150)))
        #expect(!d.contains(CGPoint(x: 60, y: 60)))
    }

    @Test func shapesScaleWithTheirRect() {
        let small = Shapes.club(in: CGRect(x: 10, y: 20, width: 60, height: 60))
        let big = Shapes.club(in: cell)
        let mapped = big.applying(Transform(scaleX: 0.2, y: 0.2).concatenating(Transform(translationX: 10, y: 20)))
        let a = small.boundingBox, b = mapped.boundingBox
        #expect(abs(a.minX - b.minX) < 1e-9 && abs(a.maxY - b.maxY) < 1e-9 && abs(a.width - b.width) < 1e-9)
        // A wide rect uses its centred square.
        let wide = Shapes.heart(in: CGRect(x: 0, y: 0, width: 600, height: 300))
        #expect(abs(wide.boundingBox.midX - 300) < 1e-6)
    }

    @Test func chamferedBorderCorners() {
        let p = Shapes.chamferedBorder(in: CGRect(x: 0, y: 0, width: 200, height: 100), inset: 40)
        #expect(!p.contains(CGPoint(x: 5, y: 5)))        // top-left cut
        #expect(!p.contains(CGPoint(x: 195, y: 95)))     // bottom-right cut
        #expect(!p.contains(CGPoint(x: 198, y: 2)))      // top-right rounded
        #expect(p.contains(CGPoint(x: 180, y: 10)))
        #expect(p.contains(CGPoint(x: 100, y: 50)))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 200, height: 100))
        // Inset larger than half the short side is clamped.
        #expect(Shapes.chamferedBorder(in: CGRect(x: 0, y: 0, width: 50, height: 50), inset: 400).boundingBox.width == 50)
    }

    @Test func erasedCurveCenterline() {
        let c = Shapes.erasedCurveCenterline(in: CGRect(x: 0, y: 0, width: 600, height: 600))
        #expect(c.elements == [.moveTo(CGPoint(x: 150, y: 150)), .quadCurveTo(CGPoint(x: 450, y: 450), control: CGPoint(x: 600, y: 0))])
    }
}
