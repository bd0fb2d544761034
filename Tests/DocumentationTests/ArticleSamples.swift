import CutoutCollection
import CutoutGeometry
import CutoutHoles
import CutoutLayers
import CutoutRaster
import CutoutSpotlight
import Foundation
import Testing

/// The code samples of the DocC articles, compiled and run. Each sample sits between
/// `// sample: <Article>` and `// end sample` and must appear verbatim in
/// `Sources/<Module>/<Module>.docc/<Article>.md` (``ArticleSampleSyncTests`` checks), so a
/// sample that stops compiling or stops doing what its article says fails the suite.
@Suite struct ArticleSamples {
    static func alpha(_ p: Pixmap, _ x: CGFloat, _ y: CGFloat) -> UInt8 {
        p[Int(x * p.scale), Int(y * p.scale)].a
    }

    @Test func holesThroughViews() throws {
        // sample: HolesThroughViews
        let bounds = CGRect(x: 0, y: 0, width: 390, height: 300)
        let overlay = HoleOverlay(bounds: bounds, holes: [
            .roundedRect(CGRect(x: 95, y: 60, width: 200, height: 180), cornerRadius: 36),
            .circle(center: CGPoint(x: 60, y: 250), radius: 24, softness: 6),
        ])
        // A white view with two holes; whatever is behind it shows through them.
        let view = overlay.makeLayer(fill: .color(.white))
        let pixels = try LayerRenderer.render(view, size: bounds.size, scale: 2)
        // end sample
        #expect(Self.alpha(pixels, 195, 150) == 0, "inside the rounded hole")
        #expect(Self.alpha(pixels, 60, 250) == 0, "the soft hole's centre")
        #expect(Self.alpha(pixels, 20, 20) == 255, "the white view")
        #expect(!overlay.isOpaque(at: CGPoint(x: 195, y: 150)) && overlay.isOpaque(at: CGPoint(x: 20, y: 20)))
    }

    @Test func shapedViewsWithShadows() throws {
        // sample: ShapedViewsWithShadows
        let bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        let view = ShapedView(bounds: bounds, outline: Shapes.chamferedBorder(in: bounds, inset: 40),
                              fillColor: .white,
                              shadow: LayerShadow(color: .black, opacity: 0.6, offset: CGSize(width: 0, height: 10), radius: 12))
        // The front is masked to the outline; the container casts the shadow from the same path.
        let layer = view.makeLayer()
        layer.position = CGPoint(x: 200, y: 150)
        let pixels = try LayerRenderer.render(layer, size: CGSize(width: 400, height: 300))
        // end sample
        let shadowFollowsOutline = layer.shadowPath == view.outline
        #expect(shadowFollowsOutline, "the container casts its shadow from the outline")
        // The cut top-left corner of the card (at 50, 50 + 10): transparent above the chamfer,
        // white below it; its shadow is 10 pt lower, so the cut shows in the shadow too.
        #expect(pixels[55, 55].a < 40, "the cut corner is not drawn: \(pixels[55, 55])")
        #expect(pixels[200, 150] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(pixels[200, 255].a > 60 && pixels[200, 255].r < 60, "the shadow under the bottom edge: \(pixels[200, 255])")
    }

    @Test func erasedCurve() throws {
        // sample: ErasedCurve
        let bounds = CGRect(x: 0, y: 0, width: 300, height: 220)
        // The centre line runs from (w/4, h/4) to (3w/4, 3h/4); a boolean difference cuts it
        // cleanly where even-odd filling would flip its self-overlaps back in.
        let card = ShapedView.erasedCurveCard(bounds: bounds, mode: .subtracting, lineWidth: 60)
        let layer = card.makeLayer()
        // end sample
        // The middle of the quadratic centre line (t = 1/2) is erased; a corner of the card is not.
        guard case .moveTo(let start) = Shapes.erasedCurveCenterline(in: bounds).elements.first,
              case .quadCurveTo(let end, let control) = Shapes.erasedCurveCenterline(in: bounds).elements.last else {
            Issue.record("the centre line is one quadratic")
            return
        }
        let middle = CGPoint(x: (start.x + 2 * control.x + end.x) / 4, y: (start.y + 2 * control.y + end.y) / 4)
        let erased = !card.outline.contains(middle), kept = card.outline.contains(CGPoint(x: 20, y: 200))
        #expect(erased && kept, "middle \(middle)")
        let pixels = try LayerRenderer.render(layer, size: bounds.size)
        #expect(pixels[20, 200].a == 255)
    }

    @Test func outstretch() throws {
        // sample: OutstretchingImages
        // A 120 × 90 pt image at 2x whose 30 pt bull's-eye must never stretch.
        var image = try Pixmap(width: 240, height: 180, scale: 2)
        image.fill(Color(red: 0.2, green: 0.5, blue: 0.9).premultiplied)
        let outstretch = Outstretch(image: ImageMetrics(pixelWidth: 240, pixelHeight: 180, scale: 2),
                                    fixedRect: CGRect(x: 45, y: 30, width: 30, height: 30),
                                    fixedCenter: CGPoint(x: 90, y: 190),
                                    bounds: CGRect(x: 0, y: 0, width: 300, height: 260))
        // Nine layers showing nine parts of the image; only the eight around the fixed rect stretch.
        let layer = outstretch.makeLayer(image: image)
        // end sample
        let fixed = try #require(outstretch.slices.first { $0.imageRect == CGRect(x: 45, y: 30, width: 30, height: 30) })
        #expect(fixed.viewRect == CGRect(x: 75, y: 175, width: 30, height: 30))
        #expect(outstretch.slices.count == 9 && layer.sublayers.count == 9)
    }

    @Test func spotlightTour() throws {
        // sample: SpotlightTour
        var targets = TargetRegistry()
        targets.register(SpotlightTarget(id: "search", frame: CGRect(x: 16, y: 99, width: 358, height: 36),
                                         shape: .roundedRect(radius: 10), padding: 4))
        let tour = Tour(id: "welcome", steps: [
            TourStep(title: "Search", body: "Find any order by name or number.", targetIDs: ["search"],
                     calloutStyle: .bubble(preferredSide: .bottom)),
        ])
        let viewport = SpotlightViewport(bounds: CGRect(x: 0, y: 0, width: 390, height: 844),
                                         safeAreaInsets: SpotlightInsets(top: 47, bottom: 34),
                                         topBarHeight: 44, bottomBarHeight: 49)
        // Where the hole and the callout go for this step, then the layers that draw them.
        let frame = SpotlightLayout.frame(for: tour.steps[0], targets: targets, viewport: viewport,
                                          calloutSize: CGSize(width: 250, height: 92))
        let overlay = OverlayLayers.layer(for: frame, snapshot: nil)
        // end sample
        let callout = try #require(frame.callout)
        #expect(frame.visibleCutouts.count == 1)
        #expect(callout.frame.minY >= 135, "the callout sits below the search field: \(callout.frame)")
        let pixels = try LayerRenderer.render(overlay, size: viewport.bounds.size)
        #expect(pixels[195, 117].a == 0, "the hole over the search field")
        #expect(pixels[195, 600].a > 0, "the dimmed screen")
    }

    @Test func pizzaHalvesSelector() throws {
        // sample: PizzaHalvesSelector
        let selector = PizzaHalfSelector(screenSize: CGSize(width: 390, height: 700))
        selector.setState(.content([
            PizzaOption(id: "margherita", name: "Margherita"), PizzaOption(id: "pepperoni", name: "Pepperoni"),
            PizzaOption(id: "veggie", name: "Veggie"), PizzaOption(id: "diablo", name: "Diablo"),
        ]))
        // Each half scrolls on its own, like a table view; centre Pepperoni on the left.
        selector.setContentOffset(selector.left.contentOffset(for: 1).y, for: .left)
        let visible = selector.bounds(.left)
        let cells = selector.left.layoutAttributesForElements(in: visible).map { $0.makeLayer() }
        // end sample
        #expect(selector.selectedIndex(.left) == 1)
        let centred = try #require(selector.left.layoutAttributesForItem(at: .item(1)))
        #expect(abs(centred.visibleFrame.midY - visible.midY) < 1e-6, "the selected pizza is centred")
        #expect(cells.count >= 3)
    }
}
