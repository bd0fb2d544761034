import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import CutoutCollection

/// The gallery of CutoutCollection, drawn by Cutout itself: the pizza menu, the two-halves
/// selector of SPEC §4 at several offsets (with its pinned captions and circular scroll
/// indicators), its drum variant, every carousel style wrapping around, and a flick that
/// decelerates and snaps.
///
/// Every scene is built from the layouts' ``LayoutAttributes`` through
/// ``CutoutLayers/Layer/apply(_:)``, so what the gallery shows is what the layouts compute.
/// Captions are pills with one bar per word: Cutout has no text rendering.
package enum CollectionGallery {
    /// The selector's screen, an iPhone-sized 390×700 points.
    package static let screenSize = CGSize(width: 390, height: 700)
    /// Size of the carousel scenes.
    package static let carouselSceneSize = CGSize(width: 390, height: 260)
    /// Size of the flick animation: one half, with smaller pizzas.
    package static let flickSceneSize = CGSize(width: 195, height: 350)
    /// Frames per second of the flick animation and its frame cap.
    package static let flickFramesPerSecond: Double = 30
    package static let flickMaxFrames = 45

    package static func scenes() -> [GalleryScene] {
        [pizzaMenu(), pizzaMenu(inRussian: true), selectorCentred(), selectorBetween(), selectorWholePizza(), scrollIndicators(), selectorDrum()]
            + CarouselLayout.Style.allCases.map(carousel)
            + [selectorFlick()]
    }

    static var recipes: [PizzaRecipe] { PizzaRecipe.menu }

    // MARK: Menu

    /// Prices in roubles and Russian names, by recipe id (the technique comes from a Russian team).
    static let russian: [String: (name: String, price: Int)] = [
        "margherita": ("Маргарита", 489), "pepperoni": ("Пепперони", 549), "funghi": ("Грибы со сливками", 569),
        "veggie": ("Овощная", 519), "diablo": ("Диабло", 599), "mediterranean": ("Средиземноморская", 619),
        "pesto": ("Песто", 579), "olive-pepper": ("Оливки и перец", 539),
    ]

    static func pizzaMenu(inRussian: Bool = false) -> GalleryScene {
        let size = CGSize(width: 390, height: 280)
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.addSublayer(GalleryParts.background(root.bounds))
        let columns = 4, cellWidth = size.width / CGFloat(columns)
        for (i, recipe) in recipes.enumerated() {
            let x = CGFloat(i % columns) * cellWidth, y = CGFloat(i / columns) * 138 + 6
            let pizza = PizzaArt.pizzaLayer(recipe, diameter: 84)
            pizza.frame.origin = CGPoint(x: x + (cellWidth - 84) / 2, y: y)
            root.addSublayer(pizza)
            let words = russian[recipe.id]
            let name = inRussian ? words?.name ?? recipe.name : recipe.name
            let caption = GalleryParts.captionPill(name, in: CGSize(width: cellWidth, height: 22))
            caption.frame.origin = CGPoint(x: x, y: y + 90)
            root.addSublayer(caption)
            let rub = words?.price ?? 500
            let price = inRussian ? "\(rub) ₽" : String(format: "$%.2f", Double(rub) / 50 - 0.01)
            root.addSublayer(GalleryText.label(price, x: x, baseline: y + 127, width: cellWidth, size: 12, color: GalleryParts.orange,
                                               bold: true, alignment: .center))
        }
        if inRussian {
            return GalleryScene(id: "collection-pizza-menu-ru", title: "Меню (Russian menu)",
                                caption: "The same eight pizzas with Russian names and prices in roubles: TextLayer labels in the bundled DejaVu Sans (FontCatalog), long names shrunk to fit their pill.",
                                size: size, frames: [root], frameDuration: 0)
        }
        return GalleryScene(id: "collection-pizza-menu", title: "The pizzas",
                            caption: "The gallery's own art (not part of the library), drawn with Path and ShapeLayer: eight pizzas as geometry: a crust ring shaded by a radial gradient, sauce, a wobbly cheese layer and toppings (pepperoni, olive rings, basil, mushrooms, pepper strips) placed by SplitMix64 seeded from the pizza's id. Names and prices are text in the bundled font.",
                            size: size, frames: [root], frameDuration: 0)
    }

    // MARK: Selector

    /// A selector on `screen` showing the menu, with each half scrolled to a fractional
    /// position (`2` centres the third pizza, `2.5` is half-way to the fourth).
    static func selector(screen: CGSize = screenSize, configuration: PizzaHalfSelectorLayout.Configuration = .init(),
                         left: CGFloat, right: CGFloat) -> PizzaHalfSelector {
        let s = PizzaHalfSelector(screenSize: screen, configuration: configuration)
        s.setState(.content(recipes.map(\.option)))
        s.setContentOffset(offset(s.left, position: left), for: .left)
        s.setContentOffset(offset(s.right, position: right), for: .right)
        return s
    }

    /// The content offset at a fractional pizza position.
    static func offset(_ layout: PizzaHalfSelectorLayout, position: CGFloat) -> CGFloat {
        layout.contentOffset(for: 0).y + position * layout.configuration.itemSize
    }

    /// One half as a scrolling column: a layer clipped to the half of the screen whose bounds
    /// origin is the content offset (as a scroll view's), holding a layer per cell and caption
    /// the layout returns for the visible rect. When both halves show the same pizza, the
    /// layout returns that pizza's side caption hidden (the central caption replaces it).
    static func column(_ selector: PizzaHalfSelector, _ half: PizzaHalfOrientation, originX: CGFloat) -> Layer {
        let layout = selector.layout(half)
        let visible = selector.bounds(half)
        let column = Layer(frame: CGRect(x: originX, y: 0, width: visible.width, height: visible.height))
        column.bounds.origin = visible.origin
        column.masksToBounds = true
        column.name = "column \(half.rawValue)"
        for attributes in layout.layoutAttributesForElements(in: visible) {
            let recipe = recipes[attributes.item]
            switch attributes.category {
            case .cell:
                column.addSublayer(attributes.makeLayer(content: PizzaArt.halfPizzaLayer(recipe, half: half, cellSize: attributes.size)))
            case .supplementaryView:
                column.addSublayer(attributes.makeLayer(content: GalleryParts.captionPill(recipe.name, in: attributes.size)))
            }
        }
        return column
    }

    /// The whole screen of the selector: background, both columns, the central caption when
    /// both halves show the same pizza, and a circular scroll indicator under each half.
    static func selectorScreen(_ selector: PizzaHalfSelector, size: CGSize, indicators: Bool = true) -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.name = "selector"
        root.addSublayer(GalleryParts.background(root.bounds))
        let halfWidth = selector.viewportSize.width
        root.addSublayer(column(selector, .left, originX: 0))
        root.addSublayer(column(selector, .right, originX: halfWidth))
        if selector.isWholePizza, let i = selector.selectedIndex(.left),
           var attributes = selector.left.layoutAttributesForSupplementaryView(ofKind: PizzaHalfSelectorLayout.captionKind, at: .item(i)) {
            // The same fade and slide as the side captions, across the whole screen; the layout
            // returns the side caption this one replaces hidden, so it is shown here.
            let top = attributes.frame.minY - selector.bounds(.left).minY
            attributes.frame = CGRect(x: 0, y: top, width: size.width, height: attributes.size.height)
            attributes.isHidden = false
            let caption = attributes.makeLayer(content: GalleryParts.captionPill(recipes[i].name, in: attributes.size))
            caption.name = "caption whole \(i)"
            root.addSublayer(caption)
        }
        if indicators {
            for half in PizzaHalfOrientation.allCases {
                let x = half == .left ? halfWidth / 2 : halfWidth * 1.5
                root.addSublayer(GalleryParts.scrollIndicator(progress: selector.scrollProgress(half),
                                                              center: CGPoint(x: x, y: size.height - 34), radius: 13))
            }
        }
        return root
    }

    static func selectorScene(_ id: String, _ title: String, _ caption: String, _ selector: PizzaHalfSelector) -> GalleryScene {
        GalleryScene(id: id, title: title, caption: caption, size: screenSize,
                     frames: [selectorScreen(selector, size: screenSize)], frameDuration: 0)
    }

    static func selectorCentred() -> GalleryScene {
        selectorScene("collection-selector-centred", "Pizza from two halves",
                      "PizzaHalfSelectorLayout, one per half: two independently scrolling halves, each with a pizza centred (Pepperoni on the left, Veggie on the right). Neighbours shrink to 0.6 and fade; each half image is aligned to the screen centre, so the halves meet with an 8 pt gap. Captions are pinned pills (bars stand in for text); the rings at the bottom are the circular scroll indicators.",
                      selector(left: 1, right: 3))
    }

    static func selectorBetween() -> GalleryScene {
        selectorScene("collection-selector-between", "Between two pizzas",
                      "PizzaHalfSelectorLayout between items: the left half scrolled half-way between Mushroom Cream and Veggie: both at scale 0.7, pulled together by the vertical compaction, their captions sliding and fading at 25 %. The right half rests on Mediterranean.",
                      selector(left: 2.5, right: 5))
    }

    static func selectorWholePizza() -> GalleryScene {
        selectorScene("collection-selector-whole", "Both halves the same pizza",
                      "PizzaHalfSelector with both halves centred on Diablo: the two side captions hide and one caption for the whole pizza shows in the middle.",
                      selector(left: 4, right: 4))
    }

    static func scrollIndicators() -> GalleryScene {
        let size = CGSize(width: 390, height: 90)
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.addSublayer(GalleryParts.background(root.bounds))
        let s = selector(left: 0, right: 0)
        let positions: [CGFloat] = [0, 1, 2.5, 4, 5.5, 7]
        for (k, p) in positions.enumerated() {
            s.setContentOffset(offset(s.left, position: p), for: .left)
            let x = (CGFloat(k) + 0.5) * size.width / CGFloat(positions.count)
            root.addSublayer(GalleryParts.scrollIndicator(progress: s.scrollProgress(.left), center: CGPoint(x: x, y: size.height / 2),
                                                          radius: 22, lineWidth: 6))
        }
        return GalleryScene(id: "collection-scroll-indicators", title: "Circular scroll indicators",
                            caption: "PizzaHalfSelector's scroll indicators: a half's scroll progress (0 at the first pizza, 1 at the last) as an arc from twelve o'clock whose strokeEnd is the progress: pizzas 1, 2, 3½, 5, 6½ and 8 of 8.",
                            size: size, frames: [root], frameDuration: 0)
    }

    static func selectorDrum() -> GalleryScene {
        var configuration = PizzaHalfSelectorLayout.Configuration()
        configuration.style = .drum
        return selectorScene("collection-selector-drum", "Drum variant",
                             "PizzaHalfSelectorLayout's drum style: every cell stacked on the centre pizza's frame, offset by progress · 200 · 1.1; the current pizza on top, the rows above rising toward it, the rows below falling away. Left half on Funghi, right half a third of the way from Diablo to Mediterranean.",
                             selector(configuration: configuration, left: 2, right: 4.35))
    }

    // MARK: Carousels

    static func carousel(_ style: CarouselLayout.Style) -> GalleryScene {
        let size = carouselSceneSize
        let layout = CarouselLayout(style: style, itemSize: CGSize(width: 112, height: 150), itemSpacing: 124, wrapsAround: true)
        layout.prepare(for: CollectionContext(bounds: CGRect(origin: .zero, size: size), numberOfItems: recipes.count))
        // A little before the first pizza, so the last ones show on its left: the wrap-around.
        let x = layout.contentOffset(for: 0).x - 0.3 * layout.itemSpacing
        let visible = CGRect(x: x, y: 0, width: size.width, height: size.height)
        layout.prepare(for: CollectionContext(bounds: visible, numberOfItems: recipes.count))
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.addSublayer(GalleryParts.background(root.bounds))
        let content = Layer(frame: root.bounds)
        content.bounds.origin = visible.origin
        content.name = "carousel \(style.rawValue)"
        for attributes in layout.layoutAttributesForElements(in: visible) {
            content.addSublayer(attributes.makeLayer(content: GalleryParts.card(recipes[attributes.item], size: attributes.size)))
        }
        root.addSublayer(content)
        let titles: [CarouselLayout.Style: String] = [
            .linear: "Items in a row.",
            .rotary: "Items around a circle seen from slightly above: far ones smaller, fainter and behind.",
            .cylinder: "Items on a turning cylinder, foreshortened toward the sides; the back half is hidden.",
            .coverFlow: "The centre card flat and in front, the others slid aside, narrowed and stacked.",
            .wheel: "Items on the rim of a wheel whose hub is below the view, each turned to its spoke.",
        ]
        return GalleryScene(id: "collection-carousel-\(style.rawValue)", title: "Carousel: \(style.rawValue)",
                            caption: "CarouselLayout, style .\(style.rawValue): " + (titles[style] ?? "") + " Wrapping around: scrolled 0.3 of a card before the first pizza, so the last pizzas show on its left.",
                            size: size, frames: [root], frameDuration: 0)
    }

    // MARK: Flick

    /// The configuration of the flick's small half: 150 pt pizzas on a 195×350 column.
    static var flickConfiguration: PizzaHalfSelectorLayout.Configuration {
        var c = PizzaHalfSelectorLayout.Configuration()
        c.itemSize = 150
        c.criticalOffsetFromCenter = 100
        c.captionTop = 10
        c.captionHeight = 28
        c.captionSlide = 20
        return c
    }

    /// The motion of the flick: released on the second pizza at 2500 pt/s with the fast
    /// deceleration rate; the layout's snapping makes it stop with a pizza centred.
    static func flickMotion(_ layout: PizzaHalfSelectorLayout) -> ScrollMotion {
        let size = flickSceneSize
        layout.prepare(for: CollectionContext(bounds: CGRect(origin: .zero, size: size), numberOfItems: recipes.count))
        var scroll = ScrollViewModel(boundsSize: size, contentSize: layout.collectionViewContentSize,
                                     contentInset: layout.centeringContentInset(forBoundsSize: size))
        scroll.decelerationRate = .fast
        scroll.setOffset(layout.contentOffset(for: 1).y, .vertical)
        return scroll.release(velocity: 2500, axis: .vertical, layout: layout)
    }

    /// One left half flicked upward, sampled at 30 fps until it rests (at most 45 frames,
    /// the last ones holding the snapped pizza).
    static func selectorFlick() -> GalleryScene {
        let size = flickSceneSize
        let layout = PizzaHalfSelectorLayout(orientation: .left, configuration: flickConfiguration)
        let motion = flickMotion(layout)
        let count = min(Int((Double(motion.duration) * flickFramesPerSecond).rounded(.up)) + 4, flickMaxFrames)
        var frames: [Layer] = []
        for k in 0..<max(count, 1) {
            // A deceleration only approaches its end; once it is visually over, the host sets
            // the resting offset, as UIScrollView does when its animation completes.
            let t = CGFloat(Double(k) / flickFramesPerSecond)
            let y = t >= motion.duration ? motion.end : motion.offset(at: t)
            let visible = CGRect(x: 0, y: y, width: size.width, height: size.height)
            layout.prepare(for: CollectionContext(bounds: visible, numberOfItems: recipes.count))
            let root = Layer(frame: CGRect(origin: .zero, size: size))
            root.addSublayer(GalleryParts.background(root.bounds))
            let column = Layer(frame: root.bounds)
            column.bounds.origin = visible.origin
            column.masksToBounds = true
            for attributes in layout.layoutAttributesForElements(in: visible) {
                let recipe = recipes[attributes.item]
                let content = attributes.category == .cell
                    ? PizzaArt.halfPizzaLayer(recipe, half: .left, cellSize: attributes.size)
                    : GalleryParts.captionPill(recipe.name, in: attributes.size)
                column.addSublayer(attributes.makeLayer(content: content))
            }
            root.addSublayer(column)
            let first = layout.contentOffset(for: 0).y, last = layout.contentOffset(for: recipes.count - 1).y
            root.addSublayer(GalleryParts.scrollIndicator(progress: (y - first) / (last - first),
                                                          center: CGPoint(x: 24, y: size.height - 24), radius: 10, lineWidth: 3))
            frames.append(root)
        }
        return GalleryScene(id: "collection-selector-flick", title: "A flick that snaps",
                            caption: "The left half released on Pepperoni at 2500 pt/s with the fast deceleration rate (0.99 per ms), sampled at 30 fps from ScrollViewModel.release(velocity:axis:layout:): the velocity is adjusted so the deceleration ends exactly with a pizza centred.",
                            size: size, frames: frames, frameDuration: 1 / flickFramesPerSecond)
    }
}
