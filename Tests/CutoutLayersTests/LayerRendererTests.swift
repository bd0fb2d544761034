import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import CutoutSVG
import struct CutoutGeometry.Transform
@testable import CutoutLayers

/// Core Animation rules, each checked against a reviewed render (Golden/ca-*.png) and, where
/// a rule has a crisp consequence, by sampling pixels; and at scale 2 against resvg's render
/// of the tree's SVG export (see ``checkAt2xAgainstResvg(_:fixture:golden:channelTolerance:)``).
@Suite struct LayerRendererTests {
    static let grey = Color(white: 0.85)
    /// The reviewed renders were made by this renderer: 8/255 per channel on all but 0.9% of the
    /// pixels and a mean of 0.35 absorb rounding changes in the rasteriser, not a moved edge or a
    /// changed colour (measured worst: stroke-end-half, 0.74% past 8; seed-workaround, mean 0.22).
    static let tolerance = ImageTolerance(channel: 8, mismatchFraction: 0.009, mean: 0.35)

    /// An octagon-ish card shape (the seed's custom border): cut corners top-left/bottom-right,
    /// rounded top-right/bottom-left.
    static func cardPath(_ b: CGRect, inset: CGFloat) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: b.minX, y: b.minY + inset))
        p.addLine(to: CGPoint(x: b.minX + inset, y: b.minY))
        p.addLine(to: CGPoint(x: b.maxX - inset, y: b.minY))
        p.addArc(center: CGPoint(x: b.maxX - inset, y: b.minY + inset), radius: inset, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        p.addLine(to: CGPoint(x: b.maxX, y: b.maxY - inset))
        p.addLine(to: CGPoint(x: b.maxX - inset, y: b.maxY))
        p.addLine(to: CGPoint(x: b.minX + inset, y: b.maxY))
        p.addArc(center: CGPoint(x: b.minX + inset, y: b.maxY - inset), radius: inset, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        p.closeSubpath()
        return p
    }

    static func canvas(_ size: CGFloat = 120, width: CGFloat? = nil) -> Layer {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: width ?? size, height: size))
        root.backgroundColor = grey
        return root
    }

    static func shadowed(_ layer: Layer) {
        layer.shadowColor = .black
        layer.shadowOpacity = 1
        layer.shadowOffset = .zero
        layer.shadowRadius = 10
    }

    /// The tree rendered at scale 2 against resvg's render of its committed SVG export at zoom 2
    /// (Golden/<fixture>-2x.png from Fixtures/ca/<fixture>.svg, made by
    /// scripts/golden_svg.py); the committed export must be the current one. Tolerance: a
    /// pixel matches when each premultiplied channel is within `channelTolerance` (8: edges
    /// anti-alias differently, blur kernels differ by a few levels), at most 1% may mismatch
    /// (measured worst: nine-slice, 0.93%, resvg resamples the stretched image bicubically) and
    /// the mean channel difference is at most 0.6 (measured at most 0.39).
    /// To refresh: `CUTOUT_GOLDEN_OUT=$PWD/Tests/CutoutLayersTests/Fixtures/ca swift test
    /// --filter LayerRendererTests`, then `python scripts/golden_svg.py`.
    static func checkAt2xAgainstResvg(_ root: Layer, fixture: String, golden: String, channelTolerance: Int = 8,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let svg = SVGExporter.svg(for: root, size: root.bounds.size)
        if let dir = Golden.recordingFolder?.path {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: dir).appendingPathComponent(fixture + ".svg"))
            return
        }
        let url = try #require(Bundle.module.url(forResource: fixture, withExtension: "svg", subdirectory: "Fixtures/ca"),
                               sourceLocation: sourceLocation)
        #expect(try String(contentsOf: url, encoding: .utf8) == svg, "\(fixture).svg is not the current export",
                sourceLocation: sourceLocation)
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 2)
        try assertImage(px, matchesGolden: golden, in: .module, tolerance: ImageTolerance(channel: channelTolerance, mismatchFraction: 0.01, mean: 0.6),
                        sourceLocation: sourceLocation)
    }

    @Test func maskAlsoCutsTheShadow() throws {
        let root = Self.canvas()
        let view = Layer(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        view.backgroundColor = .white
        Self.shadowed(view)
        let mask = ShapeLayer()
        mask.frame = view.bounds
        mask.path = Self.cardPath(view.bounds, inset: 20)
        view.mask = mask
        root.addSublayer(view)
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 1)
        // Just outside the shape there is no shadow: the canvas grey shows unchanged.
        #expect(px[60, 12] == Self.grey.premultiplied)
        #expect(px[60, 60] == Color.white.premultiplied)
        try assertImage(px, matchesGolden: "ca-mask-cuts-shadow", in: .module, tolerance: Self.tolerance)
        try Self.checkAt2xAgainstResvg(root, fixture: "ca-mask-cuts-shadow", golden: "ca-mask-cuts-shadow-2x")
    }

    @Test func seedWorkaroundShowsTheShadow() throws {
        let root = Self.canvas()
        let view = Layer(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        Self.shadowed(view)
        view.shadowPath = Self.cardPath(view.bounds, inset: 20)
        let front = Layer(frame: view.bounds)
        front.backgroundColor = .white
        let mask = ShapeLayer()
        mask.frame = view.bounds
        mask.path = view.shadowPath
        front.mask = mask
        view.addSublayer(front)
        root.addSublayer(view)
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 1)
        #expect(px[60, 14].r < Self.grey.premultiplied.r - 15)
        #expect(px[60, 60] == Color.white.premultiplied)
        // The cut corner is outside the white shape but inside the shadow: darker than the canvas, not white.
        #expect(px[23, 23].r < Self.grey.premultiplied.r)
        try assertImage(px, matchesGolden: "ca-seed-workaround", in: .module, tolerance: Self.tolerance)
        try Self.checkAt2xAgainstResvg(root, fixture: "ca-seed-workaround", golden: "ca-seed-workaround-2x")
    }

    @Test func shadowPathVersusAlphaShadow() throws {
        let root = Self.canvas(width: 200)
        for (i, usePath) in [false, true].enumerated() {
            let card = ShapeLayer()
            card.frame = CGRect(x: 20 + CGFloat(i) * 100, y: 30, width: 60, height: 60)
            card.path = Path(ellipseIn: card.bounds)
            card.fillColor = Color(red: 0.9, green: 0.3, blue: 0.2)
            Self.shadowed(card)
            card.shadowRadius = 6
            card.shadowOffset = CGSize(width: 0, height: 8)
            if usePath { card.shadowPath = Path(rect: card.bounds) }
            root.addSublayer(card)
        }
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 1)
        // Below the bottom-left corner of the bounds: only the rectangular shadow path reaches it.
        #expect(px[24, 96] == Self.grey.premultiplied || px[24, 96].r > px[124, 96].r + 40)
        try assertImage(px, matchesGolden: "ca-shadowpath-vs-alpha", in: .module, tolerance: Self.tolerance)
        try Self.checkAt2xAgainstResvg(root, fixture: "ca-shadowpath-vs-alpha", golden: "ca-shadowpath-vs-alpha-2x")
    }

    @Test func groupOpacityVersusLayerOpacity() throws {
        let root = Self.canvas(width: 200)
        for (i, grouped) in [true, false].enumerated() {
            let group = Layer(frame: CGRect(x: 10 + CGFloat(i) * 100, y: 20, width: 80, height: 80))
            let a = Layer(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            a.backgroundColor = .red
            let b = Layer(frame: CGRect(x: 30, y: 30, width: 50, height: 50))
            b.backgroundColor = .blue
            group.addSublayer(a)
            group.addSublayer(b)
            if grouped { group.opacity = 0.5 } else { a.opacity = 0.5; b.opacity = 0.5 }
            root.addSublayer(group)
        }
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 1)
        // In the overlap the group shows only blue over the canvas; separate opacities let red through.
        let grouped = px[50, 60], separate = px[150, 60]
        #expect(grouped.r < 130 && abs(Int(grouped.b) - 236) < 6)
        #expect(Int(grouped.g) > Int(separate.g) + 30)
        try assertImage(px, matchesGolden: "ca-group-opacity", in: .module, tolerance: Self.tolerance)
        try Self.checkAt2xAgainstResvg(root, fixture: "ca-group-opacity", golden: "ca-group-opacity-2x")
    }

    /// A 12×12 image with 4-pixel corners of distinct colours, a 4×4 centre and edges.
    static func nineSliceImage() throws -> Pixmap {
        var img = try Pixmap(width: 12, height: 12, scale: 1)
        for y in 0..<12 {
            for x in 0..<12 {
                let col = x < 4 ? 0 : x < 8 ? 1 : 2, row = y < 4 ? 0 : y < 8 ? 1 : 2
                let c: Color
                switch (col, row) {
                case (1, 1): c = Color(red: 1, green: 0.9, blue: 0.2)
                case (0, 0), (2, 2): c = .blue
                case (2, 0), (0, 2): c = .red
                default: c = Color(red: 0.2, green: 0.7, blue: 0.3)
                }
                img[x, y] = c.premultiplied
            }
        }
        return img
    }

    @Test func nineSliceAtSeveralSizes() throws {
        let root = Self.canvas(160)
        let image = try Self.nineSliceImage()
        let frames = [CGRect(x: 10, y: 10, width: 24, height: 24), CGRect(x: 50, y: 10, width: 100, height: 40),
                      CGRect(x: 10, y: 60, width: 40, height: 90), CGRect(x: 60, y: 60, width: 12, height: 12)]
        for f in frames {
            let l = Layer(frame: f)
            l.contents = image
            l.contentsScale = 0.5
            l.contentsCenter = CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
            root.addSublayer(l)
        }
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 1)
        // Corners keep 4 px ÷ 0.5 = 8 points whatever the size; the centre stretches.
        func near(_ p: PremultipliedRGBA8, _ c: Color) -> Bool {
            let q = c.premultiplied
            return abs(Int(p.r) - Int(q.r)) <= 3 && abs(Int(p.g) - Int(q.g)) <= 3 && abs(Int(p.b) - Int(q.b)) <= 3 && p.a == q.a
        }
        #expect(near(px[52, 12], .blue))
        #expect(near(px[147, 12], .red))
        #expect(near(px[100, 30], Color(red: 1, green: 0.9, blue: 0.2)))
        #expect(px[100, 13].g > 150 && px[100, 13].r < 80)
        try assertImage(px, matchesGolden: "ca-nine-slice", in: .module, tolerance: Self.tolerance)
        try Self.checkAt2xAgainstResvg(root, fixture: "ca-nine-slice", golden: "ca-nine-slice-2x")
    }

    @Test func strokeEndHalf() throws {
        let root = Self.canvas()
        let ring = ShapeLayer()
        ring.frame = root.bounds
        var p = Path()
        p.addArc(center: CGPoint(x: 60, y: 60), radius: 40, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        ring.path = p
        ring.fillColor = nil
        ring.strokeColor = Color(red: 0.1, green: 0.4, blue: 0.9)
        ring.lineWidth = 10
        ring.lineCap = .round
        ring.strokeEnd = 0.5
        root.addSublayer(ring)
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 1)
        #expect(px[100, 60].b > 200 && px[100, 60].r < 60)   // right side: stroked
        #expect(px[20, 60] == Self.grey.premultiplied)      // left side: not
        try assertImage(px, matchesGolden: "ca-stroke-end-half", in: .module, tolerance: Self.tolerance)
        try Self.checkAt2xAgainstResvg(root, fixture: "ca-stroke-end-half", golden: "ca-stroke-end-half-2x")
    }

    @Test func zPositionOrder() throws {
        let root = Self.canvas()
        let colors: [Color] = [.red, .green, .blue]
        for (i, c) in colors.enumerated() {
            let l = Layer(frame: CGRect(x: 15 + CGFloat(i) * 25, y: 15 + CGFloat(i) * 25, width: 50, height: 50))
            l.backgroundColor = c
            l.zPosition = CGFloat(2 - i)
            l.cornerRadius = 8
            root.addSublayer(l)
        }
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 1)
        // Inserted red, green, blue with zPosition 2, 1, 0: red is on top, blue at the bottom.
        #expect(px[50, 50] == Color.red.premultiplied)
        #expect(px[75, 75] == Color.green.premultiplied)
        try assertImage(px, matchesGolden: "ca-zposition", in: .module, tolerance: Self.tolerance)
        try Self.checkAt2xAgainstResvg(root, fixture: "ca-zposition", golden: "ca-zposition-2x")
    }

    @Test func masksToBoundsCornersAndBorderAt2x() throws {
        let root = Self.canvas()
        let card = Layer(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        card.cornerRadius = 20
        card.maskedCorners = [.topLeft, .bottomRight]
        card.masksToBounds = true
        card.backgroundColor = .white
        card.borderWidth = 4
        card.borderColor = Color(red: 0.2, green: 0.2, blue: 0.6)
        let big = Layer(frame: CGRect(x: -20, y: -20, width: 70, height: 70))
        big.backgroundColor = .red
        card.addSublayer(big)
        root.addSublayer(card)
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 2)
        #expect(px.width == 240)
        #expect(px[44, 44] == Self.grey.premultiplied)   // rounded top-left corner clips the red sublayer
        #expect(px[196, 44].b > 120)                       // square top-right corner: border
        try assertImage(px, matchesGolden: "ca-masks-to-bounds-2x", in: .module, tolerance: Self.tolerance)
    }

    /// A layer drawn as a group (offscreen, then composited) lands where a plain layer does at
    /// every scale: the offscreen canvas once applied the scale to translations twice.
    @Test(arguments: ["opacity", "blend", "isolation", "mask", "blur"])
    func groupsLandInPlaceAtEveryScale(_ kind: String) throws {
        for scale: CGFloat in [1, 2, 3] {
            let root = Layer(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            root.backgroundColor = Color(red: 0, green: 0, blue: 1)
            let square = Layer(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
            square.backgroundColor = Color(red: 1, green: 1, blue: 0)
            switch kind {
            case "opacity": square.opacity = 0.99
            case "blend": square.blendMode = .screen
            case "isolation": square.isolatesBlending = true
            case "mask":
                let mask = Layer(frame: square.bounds)
                mask.backgroundColor = .black
                square.mask = mask
            default: square.blurSigma = 0.01
            }
            root.addSublayer(square)
            let px = try LayerRenderer.render(root, size: root.bounds.size, scale: scale)
            // Red only where the square is (screen turns it white, red too).
            func isSquare(_ x: CGFloat, _ y: CGFloat) -> Bool { px[Int(x * scale), Int(y * scale)].r > 128 }
            #expect(isSquare(7, 7) && isSquare(13, 13), "\(kind) at scale \(scale)")
            #expect(!isSquare(3, 3) && !isSquare(17, 17), "\(kind) at scale \(scale)")
        }
    }

    /// Shapes that overlap themselves get exact coverage by default, on the canvas and in
    /// offscreen groups alike: a pentagram at scale 2, drawn directly and inside a half-opaque
    /// group, within 4/255 of the 128-sub-row reference (rounding the halved alpha adds 1).
    /// With `exactOverlapCoverage: false` its crossings keep the mean-winding coverage.
    @Test(arguments: FillRule.allCases)
    func selfOverlappingShapesGetExactCoverage(rule: FillRule) throws {
        let size = CGSize(width: 40, height: 40)
        let star = TestShapes.pentagram(in: CGRect(x: 1.3, y: 1.7, width: 37, height: 37))
        let reference = ReferenceRasterizer.coverage(of: star, transform: Transform(scaleX: 2, y: 2), rule: rule,
                                                     width: 80, height: 80)
        func tree(groupOpacity: CGFloat) -> Layer {
            let root = Layer(frame: CGRect(origin: .zero, size: size))
            let group = Layer(frame: root.bounds)
            group.opacity = groupOpacity
            let shape = ShapeLayer()
            shape.frame = root.bounds
            shape.path = star
            shape.fillRule = rule
            group.addSublayer(shape)
            root.addSublayer(group)
            return root
        }
        let direct = try LayerRenderer.render(tree(groupOpacity: 1), size: size, scale: 2)
        let exact = ReferenceRasterizer.compareAlpha(direct, to: reference)
        #expect(exact.max <= 4, "\(rule): \(exact)")
        let grouped = try LayerRenderer.render(tree(groupOpacity: 0.5), size: size, scale: 2)
        let halved = ReferenceRasterizer.compareAlpha(grouped, to: reference.map { $0 / 2 })
        #expect(halved.max <= 5, "\(rule), in a group: \(halved)")
        let mean = try LayerRenderer.render(tree(groupOpacity: 1), size: size, scale: 2, exactOverlapCoverage: false)
        #expect(ReferenceRasterizer.compareAlpha(mean, to: reference).max > 20, "\(rule) without exact coverage")
    }

    @Test func refusesAbsurdCanvas() {
        #expect(throws: LayerRenderError.self) { try LayerRenderer.render(Layer(), size: CGSize(width: 100_000, height: 100_000)) }
        #expect(throws: LayerRenderError.self) { try LayerRenderer.render(Layer(), size: CGSize(width: CGFloat.nan, height: 1)) }
    }
}
