import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import CutoutSpotlight

/// Gallery scenes of spotlight tours over a mock app screen (390 × 844 points: status bar,
/// navigation bar, search field, list, tab bar).
package enum SpotlightGallery: GalleryCatalog {
    static let size = CGSize(width: 390, height: 844)
    static let calloutSize = CGSize(width: 250, height: 108)

    /// The mock screen's bars: safe area 47 / 34, navigation bar 44, tab bar 49.
    static let viewport = SpotlightViewport(bounds: CGRect(origin: .zero, size: size),
                                            safeAreaInsets: SpotlightInsets(top: 47, bottom: 34),
                                            topBarHeight: 44, bottomBarHeight: 49)

    static let tour = Tour(id: "gallery", steps: [
        TourStep(title: "Search", body: "Find any order by name or number.", targetIDs: ["search"],
                 calloutStyle: .bubble(preferredSide: .bottom)),
        TourStep(title: "Favourites", body: "Star orders to keep them on top.", targetIDs: ["star-1", "star-2"],
                 calloutStyle: .bubble(preferredSide: .leading)),
        TourStep(title: "Profile", body: "Your settings live here.", targetIDs: ["profile"],
                 calloutStyle: .bubble(preferredSide: .top)),
    ])

    /// The words of each step's callout (the steps' own title and body).
    static func content(_ step: TourStep, last: Bool) -> CalloutContent {
        CalloutContent(title: step.title, body: step.body, buttonTitle: last ? "Done" : "Next")
    }

    /// Step 2 in Hebrew, for the right-to-left scene.
    static let hebrewContent = CalloutContent(title: "מועדפים", body: "סמנו הזמנות בכוכב כדי לשמור אותן למעלה.",
                                              buttonTitle: "הבא")

    static let rtlViewport: SpotlightViewport = {
        var v = viewport
        v.layoutDirection = .rightToLeft
        return v
    }()

    /// Blur radius of the blurred-backdrop scene, in points.
    static let blurRadius: CGFloat = 12

    /// Each scene's identifier and builder, in the gallery's order (the blurred backdrop
    /// renders and blurs the whole screen first, and the animation composes fourteen frames,
    /// so tests build one scene at a time). The blurred backdrop is nil if its snapshot
    /// cannot be rendered.
    package static var builders: [(id: String, build: () -> GalleryScene?)] {
        [("spotlight-step-1", { step(0) }), ("spotlight-step-2", { step(1) }), ("spotlight-step-3", { step(2) }),
         ("spotlight-under-navigation-bar", underNavigationBar), ("spotlight-blurred-backdrop", blurredBackdrop),
         ("spotlight-step-2-rtl", rightToLeft), ("spotlight-tour-animation", tourAnimation)]
    }

    /// The tour's overlay frames, one per step, on the unscrolled screen.
    static func stepFrames() -> [OverlayFrame] {
        let registry = targets(scrolledBy: 0)
        return tour.steps.map {
            SpotlightLayout.frame(for: $0, targets: registry, viewport: viewport, calloutSize: calloutSize)
        }
    }

    static func step(_ i: Int) -> GalleryScene {
        let frames = stepFrames()
        return GalleryScene(id: "spotlight-step-\(i + 1)", title: "Tour step \(i + 1) of \(frames.count)",
                            caption: "\(tour.steps[i].title): " + captions[i] + " SpotlightLayout.frame places the holes and the callout; OverlayLayers draws them.", size: size,
                            frames: [compose(scrolledBy: 0, overlay: frames[i], content: content(tour.steps[i], last: i == frames.count - 1))],
                            frameDuration: 1)
    }

    static func underNavigationBar() -> GalleryScene {
        // The seed's defect, fixed: the content scrolled 24 pt before the overlay appeared,
        // so the search field sits half under the navigation bar; its hole stops at the bar.
        let scrolled = SpotlightLayout.frame(for: tour.steps[0], targets: targets(scrolledBy: 24), viewport: viewport,
                                             calloutSize: calloutSize)
        return GalleryScene(id: "spotlight-under-navigation-bar", title: "Target under the navigation bar",
                            caption: "A target scrolled under the navigation bar: SpotlightViewport clips the highlight to the content area, so the bar stays dimmed and intact.",
                            size: size, frames: [compose(scrolledBy: 24, overlay: scrolled, content: content(tour.steps[0], last: false))],
                            frameDuration: 1)
    }

    static func blurredBackdrop() -> GalleryScene? {
        // The optional blur: the screen rendered first, then handed over as the snapshot.
        var blurStyle = OverlayStyle()
        blurStyle.blurRadius = blurRadius
        blurStyle.dimOpacity = 0.35
        guard let snapshot = try? LayerRenderer.render(mockScreen(scrolledBy: 0), size: size, scale: 1) else { return nil }
        return GalleryScene(id: "spotlight-blurred-backdrop", title: "Blurred backdrop",
                            caption: "OverlayBackdrop.blurred: step 2 over a blurred copy of the screen (radius \(Int(blurRadius)) pt, sigma = radius / 2); "
                                + "the holes show the sharp content.",
                            size: size, frames: [compose(scrolledBy: 0, overlay: stepFrames()[1], style: blurStyle, snapshot: snapshot,
                                                     content: content(tour.steps[1], last: false))],
                            frameDuration: 1)
    }

    static func rightToLeft() -> GalleryScene {
        // Right-to-left: the same screen mirrored; "leading" now means the right.
        let rtl = SpotlightLayout.frame(for: tour.steps[1], targets: targets(scrolledBy: 0, mirrored: true),
                                        viewport: rtlViewport, calloutSize: calloutSize)
        return GalleryScene(id: "spotlight-step-2-rtl", title: "Tour step 2, right-to-left",
                            caption: "The mirrored screen in Hebrew: the callout asked for the leading side and CalloutPlacement puts it on the right; "
                                + "its text reads right to left and its button sits at the bottom left.",
                            size: size, frames: [compose(scrolledBy: 0, overlay: rtl, mirrored: true, content: hebrewContent)],
                            frameDuration: 1)
    }

    static func tourAnimation() -> GalleryScene {
        let frames = stepFrames()
        // Fade in, then morph 1 → 2 → 3.
        var animation: [Layer] = []
        let fade = OverlayTransition(from: nil, to: frames[0], duration: 0.4)
        for k in 0...3 {
            animation.append(compose(scrolledBy: 0, overlay: fade.sample(at: 0.4 * Double(k) / 3), content: content(tour.steps[0], last: false)))
        }
        for (i, (a, b)) in zip(frames, frames.dropFirst()).enumerated() {
            let move = OverlayTransition(from: a, to: b, duration: 0.5)
            for k in 1...5 {
                let words = content(tour.steps[k < 3 ? i : i + 1], last: k >= 3 && i + 1 == frames.count - 1)
                animation.append(compose(scrolledBy: 0, overlay: move.sample(at: 0.5 * Double(k) / 5), content: words))
            }
        }
        return GalleryScene(id: "spotlight-tour-animation", title: "Tour transitions",
                            caption: "OverlayTransition: the overlay fades in with input blocked, then the holes morph from step to step "
                                + "(one hole splits into two, two merge into one).",
                            size: size, frames: animation, frameDuration: 0.1)
    }

    static let captions = [
        "a rounded hole around the search field, callout below it.",
        "two highlights at once; the callout sits on the leading side, clear of both.",
        "a tab bar item: bar elements are clipped to the screen, not the content area.",
    ]

    // MARK: Mock screen

    /// Where the mock screen's elements are, with the list scrolled up by `offset`.
    /// `mirrored` flips every frame about the screen's vertical centre line (right-to-left).
    static func targets(scrolledBy offset: CGFloat, mirrored: Bool = false) -> TargetRegistry {
        var r = TargetRegistry()
        func place(_ f: CGRect) -> CGRect {
            mirrored ? CGRect(x: size.width - f.maxX, y: f.minY, width: f.width, height: f.height) : f
        }
        r.register(SpotlightTarget(id: "search", frame: place(searchFrame.offsetBy(dx: 0, dy: -offset)),
                                   shape: .roundedRect(radius: 10), padding: 4))
        r.register(SpotlightTarget(id: "star-1", frame: place(starFrame(row: 1).offsetBy(dx: 0, dy: -offset)), shape: .circle, padding: 2))
        r.register(SpotlightTarget(id: "star-2", frame: place(starFrame(row: 3).offsetBy(dx: 0, dy: -offset)), shape: .circle, padding: 2))
        r.register(SpotlightTarget(id: "profile", frame: place(tabFrame(3)), shape: .roundedRect(radius: 12), padding: 2,
                                   clipsToContentArea: false))
        return r
    }

    static let searchFrame = CGRect(x: 16, y: 99, width: 358, height: 36)
    static func rowFrame(_ i: Int) -> CGRect { CGRect(x: 0, y: 143 + CGFloat(i) * 72, width: 390, height: 72) }
    static func starFrame(row i: Int) -> CGRect {
        let r = rowFrame(i)
        return CGRect(x: r.maxX - 48, y: r.midY - 14, width: 28, height: 28)
    }
    static func tabFrame(_ i: Int) -> CGRect { CGRect(x: 16 + CGFloat(i) * 92 + 20, y: 765, width: 50, height: 40) }

    /// The mock screen (mirrored for right-to-left) with `overlay` on top.
    static func compose(scrolledBy offset: CGFloat, overlay: OverlayFrame, style: OverlayStyle = OverlayStyle(),
                        snapshot: Pixmap? = nil, mirrored: Bool = false, content: CalloutContent? = nil) -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        let screen = mockScreen(scrolledBy: offset, hebrew: mirrored)
        if mirrored { screen.transform = Transform(scaleX: -1, y: 1) }
        root.addSublayer(screen)
        root.addSublayer(OverlayLayers.layer(for: overlay, style: style, snapshot: snapshot, content: content))
        return root
    }

    /// Row titles and subtitles of the mock list.
    static let rows = [
        ("Pepperoni + Margherita", "Order 1024 · delivered"), ("Four cheese", "Order 1023 · on its way"),
        ("Diablo + Veggie", "Order 1022 · delivered"), ("Hawaiian", "Order 1021 · cancelled"),
        ("Carbonara + Pesto", "Order 1020 · delivered"), ("Margherita", "Order 1019 · delivered"),
        ("Meat feast", "Order 1018 · delivered"), ("Veggie + Pepperoni", "Order 1017 · delivered"),
        ("Seafood", "Order 1016 · delivered"),
    ]
    static let hebrewRows = [
        ("פפרוני + מרגריטה", "הזמנה 1024 · נמסרה"), ("ארבע גבינות", "הזמנה 1023 · בדרך"),
        ("דיאבלו + צמחונית", "הזמנה 1022 · נמסרה"), ("הוואי", "הזמנה 1021 · בוטלה"),
        ("קרבונרה + פסטו", "הזמנה 1020 · נמסרה"), ("מרגריטה", "הזמנה 1019 · נמסרה"),
        ("בשרית", "הזמנה 1018 · נמסרה"), ("צמחונית + פפרוני", "הזמנה 1017 · נמסרה"),
        ("פירות ים", "הזמנה 1016 · נמסרה"),
    ]
    static let tabs = ["Orders", "Menu", "Deals", "Profile"]
    static let hebrewTabs = ["הזמנות", "תפריט", "מבצעים", "פרופיל"]

    /// The mock screen. With `hebrew`, its words are Hebrew and each label is mirrored in place,
    /// so that after the whole screen is flipped for right-to-left the text reads correctly.
    static func mockScreen(scrolledBy offset: CGFloat, hebrew: Bool = false) -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = Color(white: 0.97)
        func box(_ r: CGRect, _ c: Color, radius: CGFloat = 0, in parent: Layer) {
            let l = Layer(frame: r)
            l.backgroundColor = c
            l.cornerRadius = radius
            parent.addSublayer(l)
        }
        let ink = Color(red: 0.15, green: 0.16, blue: 0.2), faint = Color(red: 0.6, green: 0.62, blue: 0.66)
        let accent = Color(red: 1.0, green: 0.45, blue: 0.1)

        // Scrolled content, clipped to the screen; bars are drawn over it.
        let content = Layer(frame: CGRect(origin: .zero, size: size))
        content.masksToBounds = true
        let list = Layer(frame: CGRect(x: 0, y: -offset, width: size.width, height: size.height + 600))
        box(searchFrame, Color(white: 0.89), radius: 10, in: list)
        box(CGRect(x: 30, y: 111, width: 12, height: 12), faint, radius: 6, in: list)
        func text(_ l: TextLayer, in parent: Layer) {
            // Flipped twice (here and with the screen) when the screen is mirrored.
            if hebrew { l.transform = Transform(scaleX: -1, y: 1) }
            parent.addSublayer(l)
        }
        text(GalleryText.label(hebrew ? "חיפוש הזמנות" : "Search orders", x: 50, baseline: 122, width: 300, size: 15, color: faint,
                               alignment: hebrew ? .right : .left), in: list)
        for i in 0..<9 {
            let r = rowFrame(i)
            box(CGRect(x: 0, y: r.maxY - 0.5, width: size.width, height: 0.5), Color(white: 0.85), in: list)
            box(CGRect(x: 16, y: r.midY - 22, width: 44, height: 44),
                Color(red: 0.3 + 0.07 * CGFloat(i % 5), green: 0.55, blue: 0.85 - 0.08 * CGFloat(i % 4)), radius: 22, in: list)
            let words = (hebrew ? hebrewRows : rows)[i]
            text(GalleryText.label(words.0, x: 72, baseline: r.midY - 3, width: 250, size: 16, color: ink, bold: true,
                                   alignment: hebrew ? .right : .left), in: list)
            text(GalleryText.label(words.1, x: 72, baseline: r.midY + 16, width: 250, size: 13, color: faint,
                                   alignment: hebrew ? .right : .left), in: list)
            let star = ShapeLayer()
            star.frame = starFrame(row: i)
            star.path = starPath(in: CGRect(origin: .zero, size: star.frame.size).insetBy(dx: 3, dy: 3))
            star.fillColor = i == 1 || i == 3 ? accent : Color(white: 0.8)
            list.addSublayer(star)
        }
        content.addSublayer(list)
        root.addSublayer(content)

        // Navigation bar (and status bar), slightly translucent like UIKit's default.
        box(CGRect(x: 0, y: 0, width: size.width, height: 91), Color(white: 0.985, alpha: 0.94), in: root)
        box(CGRect(x: 0, y: 90.5, width: size.width, height: 0.5), Color(white: 0.78), in: root)
        text(GalleryText.label("9:41", x: 24, baseline: 28, width: 60, size: 15, color: ink, bold: true,
                               alignment: hebrew ? .right : .left), in: root)
        box(CGRect(x: 340, y: 18, width: 30, height: 12), ink, radius: 3, in: root)
        text(GalleryText.label(hebrew ? "הזמנות" : "Orders", x: 95, baseline: 74, width: 200, size: 17, color: ink, bold: true,
                               alignment: .center), in: root)
        box(CGRect(x: 346, y: 57, width: 24, height: 22), Color(red: 0, green: 0.48, blue: 1), radius: 6, in: root)

        // Tab bar with the home indicator area.
        box(CGRect(x: 0, y: 761, width: size.width, height: 83), Color(white: 0.985, alpha: 0.94), in: root)
        box(CGRect(x: 0, y: 761, width: size.width, height: 0.5), Color(white: 0.78), in: root)
        for i in 0..<4 {
            let f = tabFrame(i)
            box(CGRect(x: f.midX - 12, y: f.minY + 4, width: 24, height: 22),
                i == 0 ? Color(red: 0, green: 0.48, blue: 1) : faint, radius: i == 3 ? 11 : 6, in: root)
            text(GalleryText.label((hebrew ? hebrewTabs : tabs)[i], x: f.midX - 40, baseline: f.minY + 38, width: 80, size: 10,
                                   color: i == 0 ? Color(red: 0, green: 0.48, blue: 1) : faint, alignment: .center), in: root)
        }
        box(CGRect(x: 128, y: 831, width: 134, height: 5), ink, radius: 2.5, in: root)
        return root
    }

    /// A five-pointed star inscribed in `rect`.
    static func starPath(in rect: CGRect) -> Path {
        let c = CGPoint(x: rect.midX, y: rect.midY), outer = min(rect.width, rect.height) / 2, inner = outer * 0.45
        let points = (0..<10).map { k -> CGPoint in
            let a = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5
            let r = k.isMultiple(of: 2) ? outer : inner
            return CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))
        }
        var p = Path()
        p.addLines(between: points)
        p.closeSubpath()
        return p
    }
}
