import CutoutGeometry
import Foundation
import Testing
@testable import CutoutSVG
import CutoutLayers

/// The CSS side of the transform grammar, which resvg (the golden oracle) does not read:
/// units inside functions, the one-axis functions, `none`; and `transform-origin` values.
@Suite struct SVGTransformSyntaxTests {
    static func parse(_ s: String) -> Transform? { SVGTransformSyntax.parse(s, maxMagnitude: 1e6) }

    static func close(_ a: Transform?, _ b: Transform) -> Bool {
        guard let a else { return false }
        return [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) < 1e-9 }
    }

    @Test func unitsAndFunctions() {
        let r45 = Transform(rotationAngle: .pi / 4)
        for s in ["rotate(45deg)", "rotate(45)", "rotate(0.125turn)", "rotate(50grad)", "rotate(\(Double.pi / 4)rad)"] {
            #expect(Self.close(Self.parse(s), r45), "\(s)")
        }
        #expect(Self.close(Self.parse("translate(10px, 5px)"), Transform(translationX: 10, y: 5)))
        #expect(Self.close(Self.parse("translate(1in 3pt)"), Transform(translationX: 96, y: 4)))
        #expect(Self.close(Self.parse("translateX(2mm) translateY(1pc)"), Transform(translationX: 96 / 25.4 * 2, y: 16)))
        #expect(Self.close(Self.parse("scaleX(2) scaleY(50%)"), Transform(scaleX: 2, y: 0.5)))
        #expect(Self.close(Self.parse("skew(45deg, 0)"), Transform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0)))
        #expect(Self.close(Self.parse("none"), .identity))
        // translate(10px) rotate(90deg): the rotation applies first.
        let p = CGPoint(x: 1, y: 0).applying(Self.parse("translate(10px) rotate(90deg)")!)
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 1) < 1e-9)
    }

    @Test func invalidValuesAreRefused() {
        for s in ["rotate(10px)", "scale(2px)", "translate(10%)", "translate(10deg)", "matrix(1,0,0,1,1in,0)", "rotate(45 deg)",
                  "spin(3)", "translate(1, 2, 3)", "rotate(", "translate(1e999)"] {
            #expect(Self.parse(s) == nil, "\(s)")
        }
    }

    @Test func originKeywordsPercentagesAndLengths() {
        let vp = CGSize(width: 200, height: 100)
        func o(_ s: String) -> CGPoint? { SVGTransformOrigin.parse(s, viewport: vp, maxMagnitude: 1e6) }
        #expect(o("center") == CGPoint(x: 100, y: 50))
        #expect(o("left") == CGPoint(x: 0, y: 50))
        #expect(o("top") == CGPoint(x: 100, y: 0))
        #expect(o("right bottom") == CGPoint(x: 200, y: 100))
        #expect(o("bottom right") == CGPoint(x: 200, y: 100))
        #expect(o("top left") == CGPoint(x: 0, y: 0))
        #expect(o("25% 10px") == CGPoint(x: 50, y: 10))
        #expect(o("10 20 0") == CGPoint(x: 10, y: 20))
        #expect(o("1in center") == CGPoint(x: 96, y: 50))
        for bad in ["", "left right", "top bottom", "10px left", "1 2 3%", "a b", "1 2 3 4"] { #expect(o(bad) == nil, "\(bad)") }
    }

    /// The CSS property beats the attribute, and an invalid origin leaves the transform alone
    /// (with a warning).
    @Test func originOnElements() throws {
        let image = try SVGImporter.importSVG("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
              <rect width="10" height="10" transform="scale(2)" transform-origin="0 0" style="transform-origin: 10px 10px"/>
              <rect width="10" height="10" transform="scale(2)" transform-origin="nowhere"/>
            </svg>
            """)
        let rects = try #require(image.layer.sublayers.first?.sublayers)
        #expect(rects[0].transform == Transform(a: 2, b: 0, c: 0, d: 2, tx: -10, ty: -10))
        #expect(rects[1].transform == Transform(scaleX: 2, y: 2))
        #expect(image.warnings.map(\.message) == ["invalid transform-origin 'nowhere' ignored"])
    }

    /// A clip path in object-bounding-box units: the box maps its content first, then its
    /// transform applies in user space about a user-space origin (resvg's order).
    @Test func clipPathTransformFollowsTheBoundingBox() throws {
        let image = try SVGImporter.importSVG("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
              <clipPath id="c" clipPathUnits="objectBoundingBox" transform="scale(2)" transform-origin="50 50">
                <rect x="0.4" y="0.4" width="0.2" height="0.2"/>
              </clipPath>
              <rect x="0" y="0" width="100" height="100" clip-path="url(#c)"/>
            </svg>
            """)
        let px = try LayerRenderer.render(image.layer, size: image.size)
        // Box 40…60 scaled 2× about 50 → 30…70.
        #expect(px[31, 50].a == 255 && px[68, 50].a == 255)
        #expect(px[29, 50].a == 0 && px[71, 50].a == 0)
    }
}
