import CutoutGeometry
import CutoutLayers
import CutoutRaster
import CutoutSVG
import Foundation
import CutoutHoles

/// The gallery of CutoutHoles: one scene per technique (holes, holes through a list, through
/// stacked views, pattern cut-out, shaped views, the shapes catalogue, outstretch and the
/// flashlight), plus two animations (the list scrolling, the flashlight moving).
package enum HolesGallery: GalleryCatalog {
    /// Size of every scene, in points.
    package static let sceneSize = CGSize(width: 390, height: 300)
    /// Pixels per point of the procedural images inside the scenes.
    static let imageScale: CGFloat = 2

    /// Each scene's identifier and builder, in the gallery's order (the flashlight's
    /// animation computes a spot image per frame, so tests build one scene at a time).
    package static var builders: [(id: String, build: () -> GalleryScene?)] {
        [("hole-view", holeView), ("hole-kinds", holeKinds), ("list-holes", listHoles), ("list-scrolling", listScrolling),
         ("list-short-content", listShortContent), ("stacked-hole", stackedHole), ("pattern-cutout", patternCutout),
         ("shaped-border", shapedBorder), ("erased-curve", erasedCurve), ("shapes-catalogue", shapesCatalogue),
         ("outstretch", outstretch), ("flashlight", flashlight), ("flashlight-moving", flashlightMoving)]
    }

    // MARK: Palette and helpers

    static let coral = Color(red: 0.98, green: 0.45, blue: 0.38)
    static let violet = Color(red: 0.45, green: 0.28, blue: 0.85)
    static let teal = Color(red: 0.1, green: 0.7, blue: 0.72)
    static let sky = Color(red: 0.3, green: 0.6, blue: 0.98)
    static let gold = Color(red: 1, green: 0.78, blue: 0.25)
    static let ink = Color(red: 0.16, green: 0.17, blue: 0.24)
    static let mist = Color(red: 0.93, green: 0.94, blue: 0.97)

    static var bounds: CGRect { CGRect(origin: .zero, size: sceneSize) }

    static func root() -> Layer {
        let layer = Layer(frame: bounds)
        layer.name = "scene"
        return layer
    }

    static func gradient(_ rect: CGRect, _ colors: [Color], start: CGPoint = CGPoint(x: 0, y: 0),
                         end: CGPoint = CGPoint(x: 1, y: 1)) -> GradientLayer {
        let g = GradientLayer()
        g.frame = rect
        g.colors = colors
        g.startPoint = start
        g.endPoint = end
        return g
    }

    /// Titles and subtitles of the gallery's list cells.
    static let cellWords = [
        ("Margherita", "Tomato, mozzarella, basil"), ("Pepperoni", "Spicy salami, mozzarella"),
        ("Four cheese", "Mozzarella, gorgonzola, parmesan"), ("Diablo", "Chorizo, jalapeño, chili"),
        ("Veggie", "Peppers, olives, mushrooms"), ("Pesto garden", "Pesto, cherry tomatoes"),
        ("Hawaiian", "Ham, pineapple, mozzarella"),
    ]

    static func scene(_ id: String, _ title: String, _ caption: String, _ frames: [Layer], duration: Double = 0) -> GalleryScene {
        GalleryScene(id: id, title: title, caption: caption, size: sceneSize, frames: frames, frameDuration: duration)
    }

    // MARK: Holes

    static func holeView() -> GalleryScene {
        let layer = root()
        layer.addSublayer(gradient(bounds, [coral, violet]))
        let overlay = HoleOverlay(bounds: bounds, holes: [.roundedRect(CGRect(x: 95, y: 60, width: 200, height: 180), cornerRadius: 36)])
        layer.addSublayer(overlay.makeLayer(fill: .color(.white)))
        return scene("hole-view", "A view with a hole",
                     "A white view with a rounded hole through which the gradient view behind it shows: HoleOverlay with one Hole.roundedRect, made into a layer by makeLayer(fill:).", [layer])
    }

    static func holeKinds() -> GalleryScene {
        let layer = root()
        layer.addSublayer(gradient(bounds, [teal, sky, violet]))
        let star = Shapes.star(in: CGRect(x: 280, y: 30, width: 90, height: 90), points: 5, innerRadiusRatio: 0.45)
        let holes: [Hole] = [
            Hole(.roundedRect(CGRect(x: 24, y: 30, width: 110, height: 90),
                              cornerRadii: CornerRadii(topLeft: 40, topRight: 8, bottomLeft: 8, bottomRight: 40))),
            .circle(center: CGPoint(x: 205, y: 75), radius: 45, inset: 6),
            .path(star),
            .capsule(CGRect(x: 24, y: 160, width: 130, height: 50), inset: -6),
            .circle(center: CGPoint(x: 205, y: 210), radius: 42),
            .circle(center: CGPoint(x: 250, y: 210), radius: 42),
            .circle(center: CGPoint(x: 335, y: 215), radius: 34, softness: 24),
        ]
        layer.addSublayer(HoleOverlay(bounds: bounds, holes: holes).makeLayer(fill: .color(mist)))
        return scene("hole-kinds", "Every kind of hole",
                     "Every Hole shape in one HoleOverlay: per-corner radii, an inset circle, a star path, an outset capsule, two overlapping circles whose union stays clear, and a soft hole (softness blurs its edge).",
                     [layer])
    }

    // MARK: Lists

    static let listHeights: [CGFloat] = [84, 100, 84, 120, 84, 100, 92, 110, 84, 100, 120, 84]

    static func demoList(heights: [CGFloat], frame: CGRect) -> HoleList {
        HoleList(cells: heights.map { h in
            HoleList.Cell(height: h, hole: CGRect(x: 14, y: 12, width: h - 24, height: h - 24), cornerRadius: 14)
        }, frame: frame)
    }

    /// The shared background and the list's visible cells, each cut at its own hole.
    static func listFrame(_ list: HoleList) -> Layer {
        let layer = root()
        layer.addSublayer(gradient(bounds, [gold, coral, violet], start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: 1)))
        let viewport = Layer(frame: list.frame)
        viewport.masksToBounds = true
        viewport.name = "list"
        layer.addSublayer(viewport)
        for cell in list.visibleCells {
            let local = CGRect(x: 0, y: 0, width: cell.frame.width, height: cell.frame.height)
            let holes = cell.hole.map { h in
                [Hole.roundedRect(h.offsetBy(dx: -cell.frame.minX, dy: -cell.frame.minY), cornerRadius: cell.cornerRadius)]
            } ?? []
            let decor = Layer(frame: local)
            decor.backgroundColor = .white
            let textX = cell.frame.height
            let words = cellWords[cell.index % cellWords.count]
            decor.addSublayer(GalleryText.label(words.0, x: textX, baseline: local.midY - 3, width: local.width - textX - 16, size: 16,
                                                color: ink.withAlphaComponent(0.85), bold: true))
            decor.addSublayer(GalleryText.label(words.1, x: textX, baseline: local.midY + 16, width: local.width - textX - 16, size: 13,
                                                color: ink.withAlphaComponent(0.5)))
            let separator = Layer(frame: CGRect(x: textX, y: local.height - 1, width: local.width - textX, height: 1))
            separator.backgroundColor = ink.withAlphaComponent(0.12)
            decor.addSublayer(separator)
            let cellLayer = Layer(frame: cell.frame.offsetBy(dx: -list.frame.minX, dy: -list.frame.minY))
            cellLayer.name = "cell-\(cell.index)"
            cellLayer.addSublayer(HoleOverlay(bounds: local, holes: holes).makeLayer(fill: .layer(decor)))
            viewport.addSublayer(cellLayer)
        }
        return layer
    }

    static func listHoles() -> GalleryScene {
        var list = demoList(heights: listHeights, frame: bounds)
        list.setContentOffset(130)
        return scene("list-holes", "Holes through a list",
                     "HoleList: every visible cell cuts its own hole, recomputed from its frame, into one background that does not scroll.",
                     [listFrame(list)])
    }

    static func listScrolling() -> GalleryScene {
        var list = demoList(heights: listHeights, frame: bounds)
        let frames = (0..<16).map { i -> Layer in
            let t = CGFloat(i) / 15
            let eased = t * t * (3 - 2 * t)
            list.setContentOffset(eased * list.maximumContentOffset)
            return listFrame(list)
        }
        return scene("list-scrolling", "A list scrolling over its background",
                     "HoleList.setContentOffset frame by frame: the holes move with their cells; the background stays put.", frames, duration: 0.08)
    }

    static func listShortContent() -> GalleryScene {
        var list = demoList(heights: [84, 100], frame: bounds)
        list.setContentOffset(60)   // a drag: ignored, the content is shorter than the viewport
        return scene("list-short-content", "Short content does not bounce",
                     "A HoleList whose content is shorter than the viewport: bouncing is off and the offset stays 0, so the holes stay over the background.",
                     [listFrame(list)])
    }

    // MARK: One hole through stacked views

    static func stackedHole() -> GalleryScene {
        let layer = root()
        layer.addSublayer(gradient(bounds, [teal, violet], start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
        let screenHole = Path(ellipseIn: CGRect(x: 130, y: 105, width: 130, height: 130))
        let image = ViewSpace(frame: CGRect(x: 16, y: 16, width: 220, height: 268))
        let list = ViewSpace(frame: CGRect(x: 150, y: 36, width: 224, height: 200), boundsOrigin: CGPoint(x: 0, y: 45))
        let collection = ViewSpace(frame: CGRect(x: 0, y: 176, width: 390, height: 100), boundsOrigin: CGPoint(x: 70, y: 0))
        let local = ViewSpace.localHoles(for: screenHole, in: [image, list, collection])

        // The image view.
        let picture = Layer(frame: CGRect(origin: .zero, size: image.frame.size))
        picture.contents = ProceduralImage.checkerboard(width: 220, height: 268, scale: imageScale, cell: 22,
                                                        Color(red: 1, green: 0.85, blue: 0.6), Color(red: 1, green: 0.7, blue: 0.55))
        layer.addSublayer(view(image, content: picture, hole: local[0], cornerRadius: 18))

        // The list, scrolled by 45 points: its rows live in content coordinates.
        let rows = Layer(frame: CGRect(x: 0, y: 0, width: 224, height: 400))
        rows.backgroundColor = .white
        for i in 0..<6 {
            let y = CGFloat(i) * 64
            let words = cellWords[i % cellWords.count]
            rows.addSublayer(GalleryText.label(words.0, x: 16, baseline: y + 31, width: 192, size: 14, color: ink.withAlphaComponent(0.75), bold: true))
            rows.addSublayer(GalleryText.label(words.1, x: 16, baseline: y + 48, width: 192, size: 11, color: ink.withAlphaComponent(0.45)))
        }
        layer.addSublayer(view(list, content: rows, hole: local[1], cornerRadius: 18))

        // The horizontal collection, scrolled by 70 points.
        let cards = Layer(frame: CGRect(x: 0, y: 0, width: 700, height: 100))
        for i in 0..<6 {
            let card = Layer(frame: CGRect(x: CGFloat(i) * 116 + 10, y: 12, width: 104, height: 76))
            card.backgroundColor = i.isMultiple(of: 2) ? Color(red: 0.78, green: 0.88, blue: 1) : Color(red: 0.85, green: 0.8, blue: 1)
            card.cornerRadius = 14
            cards.addSublayer(card)
        }
        layer.addSublayer(view(collection, content: cards, hole: local[2], cornerRadius: 0))
        return scene("stacked-hole", "One hole through three views",
                     "ViewSpace.localHoles(for:in:) maps one screen-space circle into an image, a scrolled list and a horizontal collection; each cuts it in its own coordinates and the cuts line up.",
                     [layer])
    }

    /// A view at `space` (clipping, scrolled by its bounds origin) showing `content` cut by `hole`.
    static func view(_ space: ViewSpace, content: Layer, hole: Path, cornerRadius: CGFloat) -> Layer {
        let v = Layer()
        v.bounds = CGRect(origin: space.boundsOrigin, size: space.frame.size)
        v.position = CGPoint(x: space.frame.midX, y: space.frame.midY)
        v.masksToBounds = true
        v.cornerRadius = cornerRadius
        v.addSublayer(HoleOverlay(bounds: v.bounds, holes: [.path(hole)]).makeLayer(fill: .layer(content)))
        return v
    }

    // MARK: Pattern cut-out

    /// The imported-SVG pattern of the pattern cut-out scene: wavy strokes and half-opaque
    /// dots, 90 × 196 points (the image's size).
    static let patternSVG: String = {
        var body = ""
        for y in stride(from: 36, through: 180, by: 48) {
            body += "<path d=\"M-4 \(y) q 12 -14 24.5 0 t 24.5 0 t 24.5 0 t 24.5 0\" fill=\"none\" stroke=\"#000\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
        }
        for y in stride(from: 60, through: 156, by: 48) {
            for x in [22, 68] { body += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"8\" fill=\"#000\" fill-opacity=\"0.5\"/>" }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"90\" height=\"196\" viewBox=\"0 0 90 196\">\(body)</svg>"
    }()

    static func patternCutout() -> GalleryScene {
        let layer = root()
        layer.addSublayer(gradient(bounds, [violet, teal]))
        let imageSize = CGSize(width: 90, height: 196)
        var stars = Path()
        for row in 0..<5 {
            for col in 0..<3 {
                let c = CGPoint(x: 15 + CGFloat(col) * 30 + (row.isMultiple(of: 2) ? 0 : 15), y: 24 + CGFloat(row) * 36)
                stars.addPath(Shapes.star(in: CGRect(x: c.x - 11, y: c.y - 11, width: 22, height: 22), points: 5, innerRadiusRatio: 0.45))
            }
        }
        let stripes = ProceduralImage.stripes(width: imageSize.width, height: imageSize.height, scale: imageScale, period: 18)
        let svg = (try? SVGImporter.importSVG(patternSVG)).flatMap { try? PatternCutout.Pattern.layer($0.layer, size: $0.size, scale: imageScale) }
        let patterns: [(PatternCutout.Pattern, CGFloat)] = [
            (.path(stars, fillRule: .winding), 20),
            (stripes.map { .alpha($0) } ?? .path(Path(), fillRule: .winding), 45),
            (svg ?? .path(Path(), fillRule: .winding), 12),
        ]
        for (i, (pattern, radius)) in patterns.enumerated() {
            let x = 10 + CGFloat(i) * 126
            let cut = PatternCutout(bounds: CGRect(x: x, y: 12, width: 118, height: 276),
                                    imageFrame: CGRect(origin: CGPoint(x: x + 14, y: 44), size: imageSize),
                                    cornerRadius: radius, pattern: pattern)
            guard let image = ProceduralImage.bands(width: imageSize.width, height: imageSize.height, scale: imageScale,
                                                    from: gold, to: coral) else { continue }
            let card = cut.makeLayer(image: image)
            card.cornerRadius = 24
            card.masksToBounds = true
            layer.addSublayer(card)
        }
        return scene("pattern-cutout", "A pattern punched out of an image",
                     "PatternCutout with three patterns. Left: a star path; middle: a striped image's alpha; right: an imported SVG (SVGImporter) rendered to alpha with Pattern.layer (its dots half opaque). Each image loses the pattern (image × (1 − pattern), as destinationOut) and sits in a hole of its own size in a white card.",
                     [layer])
    }

    // MARK: Shaped views

    static func shapedBorder() -> GalleryScene {
        let layer = root()
        layer.addSublayer(gradient(bounds, [mist, Color(red: 0.8, green: 0.86, blue: 0.98)]))
        let rect = CGRect(x: 60, y: 50, width: 270, height: 200)
        let outline = Shapes.chamferedBorder(in: CGRect(origin: .zero, size: rect.size), inset: 40)
        let view = ShapedView(bounds: CGRect(origin: .zero, size: rect.size), outline: outline).makeLayer()
        view.frame = rect
        layer.addSublayer(view)
        return scene("shaped-border", "Custom border with a matching shadow",
                     "ShapedView with Shapes.chamferedBorder (inset 40): the front layer is masked to the outline and the container casts the shadow through shadowPath, so the shadow follows the cut corners.",
                     [layer])
    }

    static func erasedCurve() -> GalleryScene {
        let layer = root()
        layer.addSublayer(gradient(bounds, [Color(red: 0.85, green: 0.92, blue: 1), Color(red: 0.95, green: 0.85, blue: 0.95)]))
        let card = CGRect(x: 0, y: 0, width: 170, height: 170)
        for (i, mode) in [ShapedView.EraseMode.evenOdd, .subtracting].enumerated() {
            let v = ShapedView.erasedCurveCard(bounds: card, mode: mode, lineWidth: 80).makeLayer()
            v.frame = CGRect(x: 16 + CGFloat(i) * 188, y: 65, width: 170, height: 170)
            layer.addSublayer(v)
        }
        return scene("erased-curve", "Erased curve: even-odd and boolean",
                     "ShapedView.erasedCurveCard: a thick quadratic (width 80) cut out of a card. Left, EraseMode.evenOdd: the stroke pokes out of the card's top edge (its outside part casts a shadow there) and its self-overlap at the tight turn flips back in. Right, EraseMode.subtracting (a boolean difference): clean.",
                     [layer])
    }

    static func shapesCatalogue() -> GalleryScene {
        let layer = root()
        layer.addSublayer(gradient(bounds, [Color(red: 0.2, green: 0.22, blue: 0.35), Color(red: 0.35, green: 0.25, blue: 0.5)]))
        let soft = LayerShadow(color: .black, opacity: 0.5, offset: CGSize(width: 0, height: 6), radius: 12)
        let tile = CGRect(x: 0, y: 0, width: 78, height: 78)
        let shapes: [(Path, Color)] = [
            (Shapes.regularPolygon(in: tile, sides: 6, rotation: .pi / 6, cornerRadius: 10), coral),
            (Shapes.star(in: tile, points: 7, innerRadiusRatio: 0.55), gold),
            (Shapes.continuousRoundedRect(in: tile, cornerRadius: 22), sky),
            (Shapes.speechBubble(in: tile, cornerRadius: 16, arrowEdge: .bottom, arrowPosition: 0.3, arrowWidth: 20, arrowLength: 12), teal),
        ]
        for (i, (path, color)) in shapes.enumerated() {
            let v = ShapedView(bounds: tile, outline: path, fillColor: color, borderColor: .white, borderWidth: 2, shadow: soft).makeLayer()
            v.frame = CGRect(x: 24 + CGFloat(i) * 88, y: 36, width: 78, height: 78)
            layer.addSublayer(v)
        }
        let ticketRect = CGRect(x: 0, y: 0, width: 330, height: 116)
        let ticket = Shapes.ticket(in: ticketRect, cornerRadius: 14, notchRadius: 14,
                                   notches: [TicketNotch(edge: .top, position: 0.7), TicketNotch(edge: .bottom, position: 0.7)])
        let t = ShapedView(bounds: ticketRect, outline: ticket, fillColor: mist, shadow: soft).makeLayer()
        t.frame = CGRect(x: 30, y: 160, width: 330, height: 116)
        let front = t.sublayers[0]
        front.addSublayer(GalleryText.label("Pizza night", x: 24, baseline: 50, width: 200, size: 22, color: ink.withAlphaComponent(0.85), bold: true))
        front.addSublayer(GalleryText.label("Admit one · Friday 8 pm", x: 24, baseline: 74, width: 200, size: 13, color: ink.withAlphaComponent(0.5)))
        let stub = Layer(frame: CGRect(x: 250, y: 34, width: 48, height: 48))
        stub.backgroundColor = coral
        stub.cornerRadius = 24
        front.addSublayer(stub)
        layer.addSublayer(t)
        return scene("shapes-catalogue", "Shapes catalogue",
                     "Shapes.regularPolygon, star, continuousRoundedRect, speechBubble and ticket, each a ShapedView with a border and a shadow that follows it.",
                     [layer])
    }

    // MARK: Outstretch and nine-slice

    static func outstretch() -> GalleryScene {
        let layer = root()
        layer.backgroundColor = ink
        let eye = CGRect(x: 45, y: 30, width: 30, height: 30)
        if let image = ProceduralImage.target(width: 120, height: 90, scale: imageScale, eye: eye) {
            let o = Outstretch(image: ImageMetrics(pixelWidth: image.width, pixelHeight: image.height, scale: image.scale),
                               fixedRect: eye, fixedCenter: CGPoint(x: 70, y: 190), bounds: CGRect(x: 0, y: 0, width: 200, height: 268))
            let v = o.makeLayer(image: image)
            v.frame = CGRect(x: 16, y: 16, width: 200, height: 268)
            v.cornerRadius = 12
            layer.addSublayer(v)
        }
        if let button = ProceduralImage.button(side: 24, scale: imageScale, radius: 10) {
            let sizes = [CGSize(width: 140, height: 44), CGSize(width: 100, height: 100), CGSize(width: 60, height: 60)]
            var y: CGFloat = 16
            for size in sizes {
                let n = NineSlice(image: ImageMetrics(pixelWidth: button.width, pixelHeight: button.height, scale: button.scale),
                                  contentsCenter: CGRect(x: 22.0 / 48, y: 22.0 / 48, width: 4.0 / 48, height: 4.0 / 48),
                                  bounds: CGRect(origin: .zero, size: size))
                let v = n.makeLayer(image: button)
                v.frame = CGRect(x: 232, y: y, width: size.width, height: size.height)
                layer.addSublayer(v)
                y += size.height + 18
            }
        }
        return scene("outstretch", "Outstretch beside the classic nine-slice",
                     "Left, Outstretch: the bull's-eye (the fixed rect) is never stretched and sits low-left while the rest of the image stretches around it. Right, NineSlice: a button image stretched by its centre, corners kept.",
                     [layer])
    }

    /// A lively picture for the flashlight to explore.
    static func nightScene() -> Layer {
        let layer = root()
        layer.addSublayer(gradient(bounds, [sky, violet, coral], start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 1)))
        let items: [(CGRect, Int, Color)] = [
            (CGRect(x: 30, y: 40, width: 70, height: 70), 5, gold), (CGRect(x: 160, y: 30, width: 60, height: 60), 6, .white),
            (CGRect(x: 280, y: 60, width: 80, height: 80), 7, teal), (CGRect(x: 70, y: 180, width: 90, height: 90), 4, coral),
            (CGRect(x: 220, y: 170, width: 70, height: 70), 5, .white), (CGRect(x: 320, y: 210, width: 50, height: 50), 3, gold),
        ]
        for (rect, points, color) in items {
            let s = ShapeLayer()
            s.frame = bounds
            s.path = Shapes.star(in: rect, points: points, innerRadiusRatio: 0.5)
            s.fillColor = color
            layer.addSublayer(s)
        }
        return layer
    }

    static func flashlightFrame(at point: CGPoint) -> Layer {
        let layer = nightScene()
        layer.addSublayer(Flashlight(bounds: bounds, center: point, radius: 56, softness: 40).makeLayer(scale: imageScale))
        return layer
    }

    static func flashlight() -> GalleryScene {
        scene("flashlight", "Flashlight",
              "Flashlight: a dark overlay with a soft round hole, an Outstretch whose fixed rect is the spot, so only nine frames move with the touch.",
              [flashlightFrame(at: CGPoint(x: 120, y: 110))])
    }

    static func flashlightMoving() -> GalleryScene {
        // A figure-of-eight through the scene, sampled at equal arc lengths.
        var track = Path()
        track.move(to: CGPoint(x: 195, y: 150))
        track.addCurve(to: CGPoint(x: 195, y: 150), control1: CGPoint(x: 320, y: -10), control2: CGPoint(x: 380, y: 310))
        track.addCurve(to: CGPoint(x: 195, y: 150), control1: CGPoint(x: 70, y: -10), control2: CGPoint(x: 10, y: 310))
        let length = track.length
        let frames = (0..<16).map { i in
            flashlightFrame(at: track.point(atDistance: length * CGFloat(i) / 16) ?? CGPoint(x: 195, y: 150))
        }
        return scene("flashlight-moving", "Flashlight following a path",
                     "Flashlight.center following a figure-of-eight; each frame only re-lays out the nine slices.", frames, duration: 0.1)
    }
}
