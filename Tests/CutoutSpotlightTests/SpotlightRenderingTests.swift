import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutSpotlight
@testable import CutoutGallery

/// Rendered overlays: pixel rules that must hold whatever the renderer's anti-aliasing
/// (sampled well inside or well outside outlines), and reviewed golden images of the gallery.
@Suite struct SpotlightRenderingTests {
    static let screen = CGSize(width: 390, height: 844)

    /// Every channel of `a` and `b` within `tolerance` (of 255).
    func same(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8, tolerance: Int = 1) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
            && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
    }

    /// `content` with the dimming colour drawn over it at `opacity`, computed here by
    /// source-over on an opaque pixel.
    func dimmed(_ content: PremultipliedRGBA8, color: Color, opacity: CGFloat) -> PremultipliedRGBA8 {
        func mix(_ c: UInt8, _ d: CGFloat) -> UInt8 {
            UInt8((CGFloat(c) * (1 - opacity) + d * 255 * opacity).rounded())
        }
        return PremultipliedRGBA8(r: mix(content.r, color.red), g: mix(content.g, color.green), b: mix(content.b, color.blue), a: 255)
    }

    func render(_ layer: Layer, scale: CGFloat = 1) throws -> Pixmap {
        try LayerRenderer.render(layer, size: Self.screen, scale: scale)
    }

    func pixel(_ p: Pixmap, _ point: CGPoint) -> PremultipliedRGBA8 {
        p[Int(point.x * p.scale), Int(point.y * p.scale)]
    }

    /// Points on a grid over `rect`, every `step` points.
    func grid(_ rect: CGRect, step: CGFloat = 4) -> [CGPoint] {
        stride(from: rect.minX, through: rect.maxX, by: step).flatMap { x in
            stride(from: rect.minY, through: rect.maxY, by: step).map { CGPoint(x: x, y: $0) }
        }
    }

    @Test func insideACutoutThePixelIsTheUndimmedContent() throws {
        let content = try render(SpotlightGallery.mockScreen(scrolledBy: 0), scale: 0.5)
        let frame = SpotlightLayout.frame(for: SpotlightGallery.tour.steps[0], targets: SpotlightGallery.targets(scrolledBy: 0),
                                          viewport: SpotlightGallery.viewport, calloutSize: SpotlightGallery.calloutSize)
        let shown = try render(SpotlightGallery.compose(scrolledBy: 0, overlay: frame), scale: 0.5)
        // The search hole is (12, 95, 366, 44) with radius 10: sample its interior, away from
        // the rounded corners and the anti-aliased edge.
        for p in grid(CGRect(x: 26, y: 100, width: 338, height: 34)) {
            #expect(same(pixel(shown, p), pixel(content, p)), "at \(p)")
        }
        // Outside, the content is dimmed by the style's colour at its opacity.
        let style = OverlayStyle()
        for p in [CGPoint(x: 200, y: 300), CGPoint(x: 40, y: 187), CGPoint(x: 195, y: 60), CGPoint(x: 300, y: 800)] {
            #expect(same(pixel(shown, p), dimmed(pixel(content, p), color: style.dimColor, opacity: style.dimOpacity), tolerance: 2),
                    "at \(p)")
        }
    }

    @Test func underTheNavigationBarTheBarStaysDimmed() throws {
        // Scrolled by 24: the search field's hole spans y 71…115, the bar ends at 91.
        let targets = SpotlightGallery.targets(scrolledBy: 24)
        let frame = SpotlightLayout.frame(for: SpotlightGallery.tour.steps[0], targets: targets,
                                          viewport: SpotlightGallery.viewport, calloutSize: SpotlightGallery.calloutSize)
        #expect(near(try #require(frame.visibleCutouts.first).visibleBounds.minY, 91))
        let content = try render(SpotlightGallery.mockScreen(scrolledBy: 24), scale: 0.5)
        let shown = try render(SpotlightGallery.compose(scrolledBy: 24, overlay: frame), scale: 0.5)
        let style = OverlayStyle()
        // In the bar, over the part of the field that scrolled under it: dimmed.
        for p in grid(CGRect(x: 30, y: 74, width: 330, height: 14)) {
            #expect(same(pixel(shown, p), dimmed(pixel(content, p), color: style.dimColor, opacity: style.dimOpacity), tolerance: 2),
                    "at \(p)")
        }
        // Below the bar, inside the hole: the sharp content.
        for p in grid(CGRect(x: 30, y: 94, width: 330, height: 16)) {
            #expect(same(pixel(shown, p), pixel(content, p)), "at \(p)")
        }
    }

    @Test func overlappingCutoutsLeaveTheirUnionClear() throws {
        let v = SpotlightGallery.viewport
        let a = v.clip(Cutout(id: "a", shape: .roundedRect(CGRect(x: 40, y: 200, width: 160, height: 100), cornerRadius: 12)))
        let b = v.clip(Cutout(id: "b", shape: .roundedRect(CGRect(x: 140, y: 250, width: 160, height: 100), cornerRadius: 50)))
        var circle = Path()
        circle.addEllipse(in: CGRect(x: 160, y: 170, width: 60, height: 60))
        let c = v.clip(Cutout(id: "c", shape: .path(circle)))
        let overlay = OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect, cutouts: [a, b, c])
        #expect(OverlayLayers.disjointGroups(overlay.visibleCutouts).count == 2)
        let content = try render(SpotlightGallery.mockScreen(scrolledBy: 0), scale: 0.5)
        let root = Layer(frame: CGRect(origin: .zero, size: Self.screen))
        root.addSublayer(SpotlightGallery.mockScreen(scrolledBy: 0))
        root.addSublayer(OverlayLayers.layer(for: overlay))
        let shown = try render(root, scale: 0.5)
        // Only a, only b, a ∩ b, only the custom circle, and the circle ∩ a.
        for p in [CGPoint(x: 60, y: 220), CGPoint(x: 280, y: 330), CGPoint(x: 170, y: 270), CGPoint(x: 185, y: 285),
                  CGPoint(x: 190, y: 185), CGPoint(x: 185, y: 210)] {
            #expect(same(pixel(shown, p), pixel(content, p)), "hole at \(p)")
        }
        let style = OverlayStyle()
        for p in [CGPoint(x: 60, y: 330), CGPoint(x: 280, y: 220), CGPoint(x: 100, y: 400)] {
            #expect(same(pixel(shown, p), dimmed(pixel(content, p), color: style.dimColor, opacity: style.dimOpacity), tolerance: 2),
                    "dimmed at \(p)")
        }
    }

    @Test func blurredBackdropStaysOutOfTheHoles() throws {
        let scene = try #require(SpotlightGallery.scene(id: "spotlight-blurred-backdrop"))
        let shown = try render(scene.frames[0])
        let content = try render(SpotlightGallery.mockScreen(scrolledBy: 0))
        let frame = SpotlightLayout.frame(for: SpotlightGallery.tour.steps[1], targets: SpotlightGallery.targets(scrolledBy: 0),
                                          viewport: SpotlightGallery.viewport, calloutSize: SpotlightGallery.calloutSize)
        // Inside both star holes (circles of diameter ≈ 45 around 28 × 28 stars): sharp.
        for star in [SpotlightGallery.starFrame(row: 1), SpotlightGallery.starFrame(row: 3)] {
            #expect(frame.visibleCutouts.contains { $0.contains(CGPoint(x: star.midX, y: star.midY)) })
            for p in grid(star.insetBy(dx: 1, dy: 1), step: 2) {
                #expect(same(pixel(shown, p), pixel(content, p)), "at \(p)")
            }
        }
        // Outside: the blurred snapshot, dimmed — computed from the blur, not from the sharp content.
        let blurred = OverlayBackdrop.blurred(content, radius: SpotlightGallery.blurRadius)
        var differsFromSharp = 0
        for p in grid(CGRect(x: 10, y: 330, width: 310, height: 120), step: 3) {
            let expected = dimmed(pixel(blurred, p), color: OverlayStyle().dimColor, opacity: 0.35)
            #expect(same(pixel(shown, p), expected, tolerance: 2), "at \(p)")
            if !same(pixel(shown, p), dimmed(pixel(content, p), color: OverlayStyle().dimColor, opacity: 0.35), tolerance: 6) {
                differsFromSharp += 1
            }
        }
        #expect(differsFromSharp > 100)  // The rows' text bars and avatars are visibly smeared.
    }

    @Test func backdropBlurKeepsTheScreenEdgesOpaque() throws {
        var solid = try Pixmap(width: 30, height: 20, scale: 2)
        solid.fill(Color(red: 0.2, green: 0.6, blue: 0.9).premultiplied)
        let blurred = OverlayBackdrop.blurred(solid, radius: 10)  // sigma 5 pt = 10 px
        for (x, y) in [(0, 0), (29, 0), (0, 19), (29, 19), (15, 10)] {
            #expect(blurred[x, y] == solid[x, y], "at \(x), \(y)")
        }
        // A step blurs across: sigma 10 px spreads a vertical edge over about ±30 px.
        var edge = try Pixmap(width: 40, height: 4, scale: 2)
        for y in 0..<4 { for x in 20..<40 { edge.data[(y * 40 + x) * 4 + 3] = 255 } }
        let soft = OverlayBackdrop.blurred(edge, radius: 10)
        #expect(soft[19, 2].a > 100 && soft[19, 2].a < 155)
        #expect(soft[10, 2].a > 20 && soft[10, 2].a < 60)  // Φ(-1) ≈ 0.16 at one sigma
        // Each side repeats its own edge pixels outward: clear stays clear on the left, opaque
        // stays nearly opaque on the right (Φ(1.9) ≈ 0.97), and the same down a column.
        #expect(soft[0, 2].a < 25 && soft[39, 2].a > 230, "\(soft[0, 2]) \(soft[39, 2])")
        var rows = try Pixmap(width: 4, height: 40, scale: 2)
        for y in 20..<40 { for x in 0..<4 { rows.data[(y * 4 + x) * 4 + 3] = 255 } }
        let softRows = OverlayBackdrop.blurred(rows, radius: 10)
        #expect(softRows[2, 0].a < 25 && softRows[2, 39].a > 230, "\(softRows[2, 0]) \(softRows[2, 39])")
        #expect(OverlayBackdrop.blurred(edge, radius: 0) == edge)
        #expect(OverlayBackdrop.blurred(edge, radius: .nan) == edge)
    }

    /// A snapshot as wide as a pixmap may be cannot be padded: the blur happens in place (the
    /// edges fade) instead of failing or allocating a border beyond the limits.
    @Test func backdropTooWideToPadBlursInPlace() throws {
        var wide = try Pixmap(width: Pixmap.maxDimension, height: 2, scale: 1)
        for x in stride(from: 0, to: Pixmap.maxDimension, by: 64) { wide[x, 0] = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) }
        let blurred = OverlayBackdrop.blurred(wide, radius: 8)  // sigma 4 px: a border of 12 px
        #expect(blurred.width == wide.width && blurred.height == wide.height)
        #expect(blurred == wide.gaussianBlurred(sigma: 4))
        // Faded edges: the left edge's pixel is no longer the full red it was.
        #expect(blurred[0, 0].a < 255 && blurred[0, 0].a > 0)
    }

    @Test func calloutAndHolesAreHitByTheirOutlines() throws {
        let frame = SpotlightLayout.frame(for: SpotlightGallery.tour.steps[0], targets: SpotlightGallery.targets(scrolledBy: 0),
                                          viewport: SpotlightGallery.viewport, calloutSize: SpotlightGallery.calloutSize)
        guard case .bubble(let bubble, .bottom) = frame.callout else { Issue.record("expected a bubble below"); return }
        let tip = bubble.tipPoint, body = bubble.resolvedBody
        // Beside the arrow, inside the callout's box but outside its outline.
        #expect(frame.hitTest(CGPoint(x: tip.x + 12, y: tip.y + 1)) == .dimmedArea)
        #expect(frame.hitTest(CGPoint(x: tip.x, y: tip.y + 3)) == .callout)
        // The body's rounded corner: the box corner is outside, just inside the arc is in.
        #expect(frame.hitTest(CGPoint(x: body.minX + 0.5, y: body.maxY - 0.5)) == .dimmedArea)
        #expect(frame.hitTest(CGPoint(x: body.minX + 6, y: body.maxY - 6)) == .callout)
        // The hole's rounded corner (12, 95) radius 10.
        #expect(frame.hitTest(CGPoint(x: 13, y: 96)) == .dimmedArea)
        #expect(frame.hitTest(CGPoint(x: 16, y: 99)) == .cutout)
    }

    @Test func rightToLeftSceneMirrorsTheCallout() throws {
        let ltr = SpotlightLayout.frame(for: SpotlightGallery.tour.steps[1], targets: SpotlightGallery.targets(scrolledBy: 0),
                                        viewport: SpotlightGallery.viewport, calloutSize: SpotlightGallery.calloutSize)
        let rtl = SpotlightLayout.frame(for: SpotlightGallery.tour.steps[1],
                                        targets: SpotlightGallery.targets(scrolledBy: 0, mirrored: true),
                                        viewport: SpotlightGallery.rtlViewport, calloutSize: SpotlightGallery.calloutSize)
        guard case .bubble(let a, .leading) = ltr.callout, case .bubble(let b, .leading) = rtl.callout else {
            Issue.record("expected leading bubbles"); return
        }
        #expect(a.arrowEdge == .right && b.arrowEdge == .left)
        #expect(near(b.resolvedBody.minX, 390 - a.resolvedBody.maxX, 1e-6))
        #expect(near(b.tipPoint.x, 390 - a.tipPoint.x, 1e-6) && near(b.tipPoint.y, a.tipPoint.y, 1e-6))
        // The mirrored screen puts the stars on the left, under the holes.
        let shown = try render(try #require(SpotlightGallery.scene(id: "spotlight-step-2-rtl")).frames[0], scale: 0.5)
        let content = try render(SpotlightGallery.mockScreen(scrolledBy: 0), scale: 0.5)
        let star = SpotlightGallery.starFrame(row: 1)
        let mirroredCenter = CGPoint(x: 390 - star.midX, y: star.midY)
        let unmirroredCenter = CGPoint(x: star.midX, y: star.midY)
        #expect(same(pixel(shown, mirroredCenter), pixel(content, unmirroredCenter)))
    }
}
