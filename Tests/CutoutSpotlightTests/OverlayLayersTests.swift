import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutSpotlight
@testable import CutoutGallery

@Suite struct OverlayLayersTests {
    func find(_ name: String, in layer: Layer) -> Layer? {
        if layer.name == name { return layer }
        for s in layer.sublayers { if let f = find(name, in: s) { return f } }
        return nil
    }

    func masks(from layer: Layer) -> [ShapeLayer] {
        var out: [ShapeLayer] = []
        var node: Layer? = layer
        while let n = node {
            if let m = n.mask as? ShapeLayer { out.append(m) }
            node = n.sublayers.first
        }
        return out
    }

    @Test func holesAreMasksClippedToTheContentArea() throws {
        let v = phoneViewport()
        var registry = TargetRegistry()
        registry.register(SpotlightTarget(id: "row", frame: CGRect(x: 20, y: 70, width: 100, height: 40), shape: .rect, padding: 0))
        registry.register(SpotlightTarget(id: "tab", frame: CGRect(x: 300, y: 770, width: 50, height: 30), shape: .rect,
                                          padding: 0, clipsToContentArea: false))
        let step = TourStep(title: "", body: "", targetIDs: ["row", "tab"])
        var frame = SpotlightLayout.frame(for: step, targets: registry, viewport: v, calloutSize: CGSize(width: 200, height: 80))
        frame.dimming = 0.5
        var style = OverlayStyle()
        style.dimOpacity = 0.6
        let root = OverlayLayers.layer(for: frame, style: style)
        let dimming = try #require(find("spotlight.dimming", in: root))
        #expect(near(try #require(find("spotlight.dim", in: root)).opacity, 0.3))
        let allMasks = masks(from: dimming)
        #expect(allMasks.count == 1)  // The two holes do not overlap: one mask.
        let mask = try #require(allMasks.first?.path)
        // Dimmed (mask opaque) over the bar, cut below it, and cut at the tab bar item.
        #expect(mask.contains(CGPoint(x: 70, y: 80), using: .evenOdd))
        #expect(!mask.contains(CGPoint(x: 70, y: 100), using: .evenOdd))
        #expect(!mask.contains(CGPoint(x: 325, y: 785), using: .evenOdd))
        #expect(mask.contains(CGPoint(x: 200, y: 400), using: .evenOdd))
        #expect(find("spotlight.callout", in: root) != nil)
        #expect(find(OverlayLayers.backdropName, in: root) == nil)
    }

    @Test func overlappingHolesGetSeparateMasksSoTheirUnionIsCut() throws {
        let v = phoneViewport()
        let a = v.clip(Cutout(id: "a", shape: .roundedRect(CGRect(x: 20, y: 200, width: 100, height: 60), cornerRadius: 0)))
        let b = v.clip(Cutout(id: "b", shape: .roundedRect(CGRect(x: 80, y: 230, width: 100, height: 60), cornerRadius: 0)))
        var style = OverlayStyle()
        style.blurRadius = 8
        let root = OverlayLayers.layer(for: OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect, cutouts: [a, b]), style: style)
        let dimming = root.sublayers[0]
        let all = masks(from: dimming)
        #expect(all.count == 2)
        // The overlap (100, 245) is outside every mask's opaque area: masks multiply to 0 there.
        let overlap = CGPoint(x: 100, y: 245)
        #expect(all.allSatisfy { !$0.path!.contains(overlap, using: .evenOdd) })
        // A blur without a snapshot has nothing to blur.
        #expect(find(OverlayLayers.backdropName, in: root) == nil)
        let snapshot = try Pixmap(width: 39, height: 84, scale: 0.1)
        let blurred = OverlayLayers.layer(for: OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect, cutouts: [a, b]),
                                          style: style, snapshot: snapshot)
        let backdrop = try #require(find(OverlayLayers.backdropName, in: blurred))
        #expect(backdrop.contents?.width == 39)
        // The backdrop sits inside the masked group, below the dimming colour.
        #expect(masks(from: blurred.sublayers[0]).count == 2)
    }

    /// A custom outline whose two subpaths overlap (both drawn the same way round) is cut
    /// where the hit test says it is a cut-out, the overlap included: even-odd alone would
    /// dim the overlap again.
    @Test func aCustomOutlineThatOverlapsItselfIsCutWhereItIsHit() throws {
        let v = phoneViewport()
        var twoCircles = Path(ellipseIn: CGRect(x: 100, y: 300, width: 80, height: 80))
        twoCircles.addEllipse(in: CGRect(x: 140, y: 300, width: 80, height: 80))
        let frame = OverlayFrame(bounds: v.bounds, visibleRect: v.visibleRect,
                                 cutouts: [v.clip(Cutout(id: "pair", shape: .path(twoCircles)))])
        let overlap = CGPoint(x: 160, y: 340), alone = CGPoint(x: 115, y: 340), outside = CGPoint(x: 160, y: 200)
        #expect(frame.hitTest(overlap) == .cutout && frame.hitTest(alone) == .cutout && frame.hitTest(outside) == .dimmedArea)
        let root = OverlayLayers.layer(for: frame)
        let mask = try #require(masks(from: root.sublayers[0]).first?.path)
        #expect(!mask.contains(overlap, using: .evenOdd) && !mask.contains(alone, using: .evenOdd))
        #expect(mask.contains(outside, using: .evenOdd))
        // And in pixels: the overlap shows the white screen beneath, the dimmed area does not.
        let screen = Layer(frame: v.bounds)
        screen.backgroundColor = .white
        screen.addSublayer(root)
        let pixels = try LayerRenderer.render(screen, size: v.bounds.size, scale: 1)
        #expect(pixels[160, 340] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(pixels[160, 200].r < 200)
    }

    @Test func galleryHasTheTourTheScrolledCaseAndAnAnimation() {
        let scenes = SpotlightGallery.scenes()
        #expect(scenes.map(\.id) == ["spotlight-step-1", "spotlight-step-2", "spotlight-step-3",
                                     "spotlight-under-navigation-bar", "spotlight-blurred-backdrop", "spotlight-step-2-rtl",
                                     "spotlight-tour-animation"])
        for s in scenes {
            #expect(s.size == CGSize(width: 390, height: 844))
            #expect(s.id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
        #expect(scenes[6].frames.count > 3)
        // Each scene can be built alone (tests do); other identifiers build nothing.
        #expect(scenes.map(\.id) == SpotlightGallery.builders.map(\.id))
        #expect(SpotlightGallery.scene(id: "spotlight-step-4") == nil && SpotlightGallery.scene(id: "spotlight-step-0") == nil)
        #expect(SpotlightGallery.scene(id: "spotlight") == nil)
        // Every still step places a bubble (no sheet fallback on this screen).
        let registry = SpotlightGallery.targets(scrolledBy: 0)
        for step in SpotlightGallery.tour.steps {
            let f = SpotlightLayout.frame(for: step, targets: registry, viewport: SpotlightGallery.viewport,
                                          calloutSize: SpotlightGallery.calloutSize)
            guard case .bubble = f.callout else { Issue.record("sheet for \(step.title)"); continue }
            #expect(f.visibleCutouts.count == step.targetIDs.count)
        }
    }
}
