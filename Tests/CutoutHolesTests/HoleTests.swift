import CutoutGeometry
import CutoutLayers
import Foundation
import Testing
@testable import CutoutHoles

@Suite struct HoleTests {
    func close(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= tol && abs(a.minY - b.minY) <= tol && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
    }

    @Test func roundedRectInsetAndOutset() {
        let base = CGRect(x: 10, y: 10, width: 100, height: 60)
        let inset = Hole.roundedRect(base, cornerRadius: 20, inset: 5)
        #expect(close(inset.path.boundingBox, CGRect(x: 15, y: 15, width: 90, height: 50)))
        let outset = Hole.roundedRect(base, cornerRadius: 20, inset: -5)
        #expect(close(outset.path.boundingBox, CGRect(x: 5, y: 5, width: 110, height: 70)))
        #expect(outset.contains(CGPoint(x: 6, y: 40)))
        // The corner radius grows to 25 with the outset: the corner point is outside.
        #expect(!outset.contains(CGPoint(x: 7, y: 7)))
        // An inset bigger than half the rect swallows the hole.
        #expect(Hole.roundedRect(base, cornerRadius: 0, inset: 30).path.isEmpty)
        // Square corners stay square when outset.
        #expect(Hole.roundedRect(base, cornerRadius: 0, inset: -5).contains(CGPoint(x: 5.5, y: 5.5)))
    }

    @Test func circleCapsuleAndPathHoles() {
        let c = Hole.circle(center: CGPoint(x: 50, y: 50), radius: 30, inset: 10)
        #expect(close(c.path.boundingBox, CGRect(x: 30, y: 30, width: 40, height: 40)))
        #expect(Hole.circle(center: .zero, radius: 5, inset: 5).path.isEmpty)
        let cap = Hole.capsule(CGRect(x: 0, y: 0, width: 100, height: 40), inset: -2)
        #expect(close(cap.path.boundingBox, CGRect(x: -2, y: -2, width: 104, height: 44)))
        #expect(!cap.contains(CGPoint(x: 0, y: 0)))
        #expect(cap.contains(CGPoint(x: 50, y: -1)))
        var ring = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        let hole = Hole.path(ring, fillRule: .evenOdd, inset: 10)
        #expect(close(hole.path.boundingBox, CGRect(x: 10, y: 10, width: 80, height: 80)))
        #expect(!hole.contains(CGPoint(x: 50, y: 50)))
        #expect(hole.contains(CGPoint(x: 15, y: 50)))
        #expect(Hole.path(ring, inset: .nan).path == ring)
    }

    @Test func overlappingHolesStayTransparent() {
        let overlay = HoleOverlay(bounds: CGRect(x: 0, y: 0, width: 200, height: 100),
                                  holes: [.circle(center: CGPoint(x: 80, y: 50), radius: 30),
                                          .circle(center: CGPoint(x: 120, y: 50), radius: 30)])
        #expect(!overlay.isOpaque(at: CGPoint(x: 100, y: 50)))   // in both holes
        #expect(!overlay.isOpaque(at: CGPoint(x: 60, y: 50)))
        #expect(overlay.isOpaque(at: CGPoint(x: 10, y: 10)))
        #expect(!overlay.isOpaque(at: CGPoint(x: 300, y: 10)))
        // The reason for the design: one path, holes against the outer rect, non-zero, fills the overlap.
        var naive = Path(rect: overlay.bounds)
        for h in overlay.holes { naive.addPath(h.path.reversing()) }
        #expect(naive.contains(CGPoint(x: 100, y: 50), using: .winding))
        #expect(naive.contains(CGPoint(x: 100, y: 50), using: .evenOdd))
    }

    @Test func reversedPathFlipsWinding() {
        let hole = Path(roundedRect: CGRect(x: 20, y: 20, width: 60, height: 40), cornerWidth: 10, cornerHeight: 10)
        var cut = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        cut.addPath(hole.reversing())
        #expect(!cut.contains(CGPoint(x: 50, y: 40), using: .winding))
        #expect(cut.contains(CGPoint(x: 5, y: 5), using: .winding))
        var same = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        same.addPath(hole)
        #expect(same.contains(CGPoint(x: 50, y: 40), using: .winding))
        #expect(hole.reversing().reversing() == hole)
        #expect(hole.reversing().boundingBox == hole.boundingBox)
    }

    @Test func overlayLayerNestsOneComplementMaskPerHole() throws {
        let overlay = HoleOverlay(bounds: CGRect(x: 0, y: 0, width: 200, height: 100),
                                  holes: [.roundedRect(CGRect(x: 20, y: 20, width: 60, height: 60), cornerRadius: 8),
                                          .circle(center: CGPoint(x: 140, y: 50), radius: 30, softness: 12)])
        let root = overlay.makeLayer(fill: .color(.white))
        #expect(root.frame == overlay.bounds && root.bounds == overlay.bounds)
        #expect(root.name == "hole-1")
        let soft = try #require(root.mask)
        #expect(soft.name == "soft-hole-mask")
        // The soft region is the circle's box grown by 2 × softness, on whole points.
        let image = try #require(soft.sublayers.first { $0.contents != nil })
        #expect(image.frame == CGRect(x: 86, y: -4, width: 108, height: 108))
        let pixels = try #require(image.contents)
        #expect(pixels.width == 216 && pixels[108, 108].a == 0 && pixels[0, 0].a == 255)
        // Opaque bands cover the rest of the overlay.
        let bandArea = soft.sublayers.filter { $0.backgroundColor == .black }.reduce(0) { $0 + $1.frame.width * $1.frame.height }
        #expect(abs(bandArea - (86 + 6) * 108) < 1e-6)
        let inner = try #require(root.sublayers.first)
        #expect(inner.name == "hole-0")
        let hard = try #require(inner.mask as? ShapeLayer)
        let hardPath = try #require(hard.path)
        #expect(!hardPath.contains(CGPoint(x: 50, y: 50), using: hard.fillRule))
        #expect(hardPath.contains(CGPoint(x: 100, y: 10), using: hard.fillRule))
        let fill = try #require(inner.sublayers.first)
        #expect(fill.name == "fill" && fill.backgroundColor == .white)
    }
}

@Suite struct ShapedViewTests {
    @Test func shapedViewPutsTheMaskOnTheFrontAndTheShadowPathOnTheContainer() throws {
        let rect = CGRect(x: 0, y: 0, width: 300, height: 200)
        let outline = Shapes.chamferedBorder(in: rect, inset: 40)
        let view = ShapedView(bounds: rect, outline: outline, borderColor: .black, borderWidth: 2)
        let layer = view.makeLayer()
        #expect(layer.mask == nil)
        #expect(layer.shadowPath == outline && layer.shadowRadius == 20 && layer.shadowOpacity == 1 && layer.shadowOffset == .zero)
        let front = try #require(layer.sublayers.first)
        let mask = try #require(front.mask as? ShapeLayer)
        #expect(mask.path == outline && front.backgroundColor == .white)
        let border = try #require(front.sublayers.first as? ShapeLayer)
        #expect(border.lineWidth == 4 && border.fillColor == nil)
    }

    @Test func erasedCurveModesAgreeInsideTheCardAndDifferWhereTheCurveLeavesIt() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 200)
        let evenOdd = ShapedView.erasedCurveCard(bounds: rect, mode: .evenOdd)
        let boolean = ShapedView.erasedCurveCard(bounds: rect, mode: .subtracting)
        // On the curve (its start point), both are cut; away from it, both are filled.
        for p in [CGPoint(x: 50, y: 50), CGPoint(x: 150, y: 150)] {
            #expect(!evenOdd.outline.contains(p, using: .evenOdd))
            #expect(!boolean.outline.contains(p, using: .winding))
        }
        #expect(evenOdd.outline.contains(CGPoint(x: 20, y: 180), using: .evenOdd))
        #expect(boolean.outline.contains(CGPoint(x: 20, y: 180), using: .winding))
        // The thick curve passes near the top-right corner: with a wider stroke it leaves the card,
        // and even-odd fills the part outside back in while the boolean result stays inside the card.
        let wide = ShapedView.erasedCurveCard(bounds: rect, mode: .evenOdd, lineWidth: 150)
        let wideBool = ShapedView.erasedCurveCard(bounds: rect, mode: .subtracting, lineWidth: 150)
        #expect(wide.outline.boundingBox.maxX > 200)
        #expect(wideBool.outline.boundingBox.maxX <= 200 + 1e-6)
        // The boolean outline is safe under non-zero, so the shadow path follows the cut.
        #expect(!boolean.makeLayer().shadowPath!.contains(CGPoint(x: 50, y: 50), using: .winding))
    }

    @Test func overlayCutPathIsBoundsMinusTheUnionOfHoles() {
        let overlay = HoleOverlay(bounds: CGRect(x: 0, y: 0, width: 200, height: 100),
                                  holes: [.roundedRect(CGRect(x: 40, y: 20, width: 60, height: 60), cornerRadius: 0),
                                          .roundedRect(CGRect(x: 70, y: 30, width: 60, height: 40), cornerRadius: 0)])
        let cut = overlay.cutPath
        for rule in [FillRule.winding, .evenOdd] {
            #expect(!cut.contains(CGPoint(x: 85, y: 50), using: rule))   // overlap stays a hole
            #expect(!cut.contains(CGPoint(x: 50, y: 25), using: rule))
            #expect(!cut.contains(CGPoint(x: 125, y: 35), using: rule))
            #expect(cut.contains(CGPoint(x: 10, y: 10), using: rule))
            #expect(cut.contains(CGPoint(x: 150, y: 90), using: rule))
        }
    }
}
