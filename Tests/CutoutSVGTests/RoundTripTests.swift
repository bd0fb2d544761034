import CutoutTestSupport
import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import CutoutText
import struct CutoutGeometry.Transform
@testable import CutoutLayers
@testable import CutoutSVG

/// render(tree) ≈ render(import(export(tree))), and render(tree) ≈ resvg's render of the
/// exported SVG (Golden/svg-export-<name>.png from Fixtures/svg-export/<name>.svg), at scale 1
/// and at scale 2 (Golden/svg-export-<name>-2x.png, resvg at zoom 2).
///
/// Tolerance (both checks): a pixel matches when every premultiplied channel is within 8/255,
/// and at most 1% of the pixels may mismatch.
///
/// To refresh the exported fixtures after changing a tree or the exporter:
/// `CUTOUT_GOLDEN_OUT=$PWD/Tests/CutoutSVGTests/Fixtures/svg-export swift test --filter resvgRendersTheExportLikeUs`,
/// then `python scripts/golden_svg.py`.
@Suite struct RoundTripTests {
    static let size = CGSize(width: 96, height: 96)

    static func shapes() -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = Color(white: 0.95)
        let card = Layer(frame: CGRect(x: 6, y: 6, width: 84, height: 40))
        card.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
        card.cornerRadius = 12
        card.maskedCorners = [.topLeft, .bottomRight]
        card.borderWidth = 3
        card.borderColor = Color(red: 0.1, green: 0.1, blue: 0.3)
        root.addSublayer(card)
        let star = ShapeLayer()
        star.frame = CGRect(x: 4, y: 48, width: 44, height: 44)
        star.path = TestShapes.pentagram(in: star.bounds)
        star.fillRule = .evenOdd
        star.fillColor = Color(red: 0.9, green: 0.3, blue: 0.1)
        star.strokeColor = .black
        star.lineWidth = 2
        star.lineJoin = .round
        root.addSublayer(star)
        let arc = ShapeLayer()
        arc.frame = CGRect(x: 50, y: 50, width: 42, height: 42)
        var p = Path()
        p.addEllipse(in: arc.bounds.insetBy(dx: 5, dy: 5))
        arc.path = p
        arc.fillColor = nil
        arc.strokeColor = Color(red: 0.1, green: 0.6, blue: 0.3)
        arc.lineWidth = 5
        arc.lineCap = .round
        arc.strokeEnd = 0.7
        arc.lineDashPattern = [12, 6]
        arc.transform = Transform(rotationAngle: 0.4)
        root.addSublayer(arc)
        return root
    }

    static func gradients() -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        let axial = GradientLayer()
        axial.frame = CGRect(x: 4, y: 4, width: 88, height: 40)
        axial.colors = [Color(red: 1, green: 0, blue: 0, alpha: 0), Color(red: 1, green: 0.8, blue: 0), Color(red: 0, green: 0.3, blue: 1)]
        axial.locations = [0, 0.4, 1]
        axial.startPoint = CGPoint(x: 0, y: 0.5)
        axial.endPoint = CGPoint(x: 1, y: 0.5)
        root.addSublayer(axial)
        let holder = Layer(frame: CGRect(x: 8, y: 50, width: 80, height: 42))
        holder.sublayerTransform = Transform(scaleX: 0.8, y: 1)
        let radial = GradientLayer()
        radial.type = .radial
        radial.frame = holder.bounds
        radial.colors = [.white, Color(red: 0.2, green: 0.1, blue: 0.5)]
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)
        radial.transform = Transform(rotationAngle: 0.3)
        holder.addSublayer(radial)
        root.addSublayer(holder)
        return root
    }

    static func masks() -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = .white
        let view = Layer(frame: CGRect(x: 8, y: 8, width: 80, height: 80))
        view.backgroundColor = Color(red: 0.1, green: 0.5, blue: 0.3)
        let mask = ShapeLayer()
        mask.frame = view.bounds
        var hole = Path()
        hole.addRect(view.bounds)
        hole.addEllipse(in: view.bounds.insetBy(dx: 20, dy: 20))
        mask.path = hole
        mask.fillRule = .evenOdd
        mask.fillColor = Color(white: 0, alpha: 0.8)
        view.mask = mask
        root.addSublayer(view)
        let group = Layer(frame: CGRect(x: 30, y: 30, width: 60, height: 60))
        group.opacity = 0.6
        group.masksToBounds = true
        group.cornerRadius = 16
        let a = Layer(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        a.backgroundColor = .blue
        let b = Layer(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        b.backgroundColor = .red
        group.addSublayer(a)
        group.addSublayer(b)
        root.addSublayer(group)
        return root
    }

    static func shadows() -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = Color(white: 0.9)
        let card = Layer(frame: CGRect(x: 12, y: 10, width: 44, height: 34))
        card.backgroundColor = .white
        card.cornerRadius = 8
        card.shadowOpacity = 0.8
        card.shadowRadius = 8
        card.shadowOffset = CGSize(width: 3, height: 4)
        card.shadowPath = card.boundsPath
        root.addSublayer(card)
        let shape = ShapeLayer()
        shape.frame = CGRect(x: 44, y: 44, width: 44, height: 44)
        shape.path = TestShapes.pentagram(in: shape.bounds)
        shape.fillColor = Color(red: 0.9, green: 0.2, blue: 0.3)
        shape.shadowOpacity = 1
        shape.shadowColor = Color(red: 0, green: 0, blue: 0.4)
        shape.shadowRadius = 6
        shape.shadowOffset = CGSize(width: -2, height: 3)
        root.addSublayer(shape)
        return root
    }

    static func blur() -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = .white
        let soft = Layer(frame: CGRect(x: 16, y: 16, width: 40, height: 40))
        soft.backgroundColor = Color(red: 0.8, green: 0.2, blue: 0.5)
        soft.cornerRadius = 10
        soft.blurSigma = 3
        root.addSublayer(soft)
        let sharp = ShapeLayer()
        sharp.frame = CGRect(x: 44, y: 44, width: 44, height: 44)
        sharp.path = TestShapes.pentagram(in: sharp.bounds)
        sharp.fillColor = Color(red: 0.1, green: 0.4, blue: 0.8, alpha: 0.7)
        sharp.blurSigma = 1.5
        root.addSublayer(sharp)
        return root
    }

    /// Blend modes over a two-colour backdrop: a multiply disc that reaches the backdrop through
    /// a plain layer, the same disc inside an isolating layer (it blends with the white card
    /// only), and a difference layer with opacity holding a screen star.
    static func blending() -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = Color(red: 0.16, green: 0.62, blue: 0.56)
        let band = Layer(frame: CGRect(x: 0, y: 48, width: 96, height: 48))
        band.backgroundColor = Color(red: 0.9, green: 0.44, blue: 0.32)
        root.addSublayer(band)
        for (i, isolated) in [false, true].enumerated() {
            let holder = Layer(frame: CGRect(x: 4 + CGFloat(i) * 30, y: 8, width: 26, height: 80))
            holder.isolatesBlending = isolated
            let card = Layer(frame: CGRect(x: 0, y: 0, width: 14, height: 80))
            card.backgroundColor = .white
            holder.addSublayer(card)
            let disc = Layer(frame: CGRect(x: 2, y: 28, width: 24, height: 24))
            disc.backgroundColor = Color(red: 0.91, green: 0.77, blue: 0.42)
            disc.cornerRadius = 12
            disc.blendMode = .multiply
            holder.addSublayer(disc)
            root.addSublayer(holder)
        }
        let tinted = Layer(frame: CGRect(x: 64, y: 8, width: 28, height: 80))
        tinted.opacity = 0.8
        tinted.blendMode = .difference
        tinted.backgroundColor = Color(white: 0.9)
        let star = ShapeLayer()
        star.frame = CGRect(x: 0, y: 26, width: 28, height: 28)
        star.path = TestShapes.pentagram(in: star.bounds)
        star.fillColor = Color(red: 0.15, green: 0.27, blue: 0.33)
        star.blendMode = .screen
        tinted.addSublayer(star)
        root.addSublayer(tinted)
        return root
    }

    /// A nine-slice of a small generated image (a frame with a coloured border) plus a
    /// `contentsRect` crop. The importer does not read `<image>`, so this one is checked
    /// against resvg only.
    static func contents() -> Layer {
        var image = try! Pixmap(width: 12, height: 12)
        for y in 0..<12 {
            for x in 0..<12 {
                let border = x < 4 || y < 4 || x >= 8 || y >= 8
                let c = border ? Color(red: CGFloat(x) / 11, green: 0.3, blue: CGFloat(y) / 11) : Color(white: 0.95)
                image[x, y] = c.premultiplied
            }
        }
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        let nine = Layer(frame: CGRect(x: 4, y: 4, width: 88, height: 40))
        nine.contents = image
        nine.contentsCenter = CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
        nine.contentsScale = 0.5
        root.addSublayer(nine)
        let crop = Layer(frame: CGRect(x: 4, y: 52, width: 40, height: 40))
        crop.contents = image
        crop.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        root.addSublayer(crop)
        return root
    }

    /// Text layers: wrapped and truncated Latin and Cyrillic, Hebrew right-aligned, bold, clipped.
    static func text() -> Layer {
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = Color(white: 0.95)
        let body = TextLayer()
        body.frame = CGRect(x: 4, y: 4, width: 88, height: 40)
        body.string = "Пицца из двух половинок, every half its own"
        body.fontSize = 11
        body.foregroundColor = Color(red: 0.1, green: 0.1, blue: 0.3)
        body.isWrapped = true
        body.truncationMode = .end
        root.addSublayer(body)
        let hebrew = TextLayer()
        hebrew.frame = CGRect(x: 4, y: 48, width: 88, height: 18)
        hebrew.string = "שלום עולם"
        hebrew.fontSize = 13
        hebrew.foregroundColor = .black
        root.addSublayer(hebrew)
        let price = TextLayer()
        price.frame = CGRect(x: 4, y: 70, width: 60, height: 22)
        price.string = "549 ₽ and more"
        price.font = FontCatalog.standard.font(families: ["sans-serif"], weight: 700)
        price.fontSize = 16
        price.foregroundColor = Color(red: 0.8, green: 0.1, blue: 0.1)
        root.addSublayer(price)
        return root
    }

    static func tree(_ name: String) -> Layer? {
        switch name {
        case "text": return text()
        case "shapes": return shapes()
        case "gradients": return gradients()
        case "masks": return masks()
        case "shadows": return shadows()
        case "blur": return blur()
        case "contents": return contents()
        case "blending": return blending()
        default: return nil
        }
    }

    @Test(arguments: ["shapes", "gradients", "masks", "shadows", "blur", "text", "blending"])
    func importOfExportRendersTheSame(_ name: String) throws {
        let tree = try #require(Self.tree(name))
        let svg = SVGExporter.svg(for: tree, size: Self.size)
        let image = try SVGImporter.importSVG(svg)
        #expect(image.warnings.isEmpty, "\(name): \(image.warnings)")
        #expect(image.size == Self.size)
        let direct = try LayerRenderer.render(tree, size: Self.size)
        let roundTrip = try LayerRenderer.render(image.layer, size: image.size)
        // Measured at most 2/255 (shadows); gradients keep the former bound.
        try assertImage(roundTrip, matches: direct, named: "round-trip-\(name)",
                        tolerance: SVGImportGoldenTests.tolerance(name, otherwise: SVGImportGoldenTests.renderEquality))
    }

    /// resvg's render of the committed export matches our render of the tree.
    @Test(arguments: ["shapes", "gradients", "masks", "shadows", "blur", "contents", "text", "blending"])
    func resvgRendersTheExportLikeUs(_ name: String) throws {
        let tree = try #require(Self.tree(name))
        if let dir = Golden.recordingFolder {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(SVGExporter.svg(for: tree, size: Self.size).utf8).write(to: dir.appendingPathComponent(name + ".svg"))
            return
        }
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "svg", subdirectory: "Fixtures/svg-export"))
        // The committed file is the current export: otherwise the golden checks an old exporter.
        #expect(try String(contentsOf: url, encoding: .utf8) == SVGExporter.svg(for: tree, size: Self.size))
        for (scale, suffix) in [(CGFloat(1), ""), (2, "-2x")] {
            let px = try LayerRenderer.render(tree, size: Self.size, scale: scale)
            let golden = "svg-export-\(name)\(suffix)"
            if name == "shapes" {
                // The 2 px star outline, the 5 px dashed arc and the 3 px border are nearly all edge:
                // resvg's quarter-step coverage and dash ends placed up to ~1 px apart along the arc.
                // Measured: 2.3% of pixels (1x) and 1.4% (2x) on edges, mean 0.32.
                try SVGImportGoldenTests.checkEdgesOnly(px, golden: golden, maxEdgeFraction: 0.027,
                                                        reason: "anti-aliasing of thin strokes and dash ends", mean: 0.5)
            } else if name == "contents" {
                // Placement is exact (the nine pieces line up with the golden), but the 12 px image
                // is stretched up to 8×: resvg resamples bicubically (overshooting near the border
                // colours), we bilinearly, which differ by up to 14/255 inside the stretched parts.
                // Measured: at most 14/255, none past 16, mean 0.61.
                try assertImage(px, matchesGolden: golden, in: .module, tolerance: ImageTolerance(channel: 16, mean: 0.9))
            } else if name == "text" {
                // Glyphs are all edge: the engines' coverage of small curved outlines differs by up to
                // a fifth of a pixel (see TextLayerGoldenTests), far less than a misplaced glyph.
                // Measured: at most 48/255, none past it, mean 1.10 at 1x.
                try assertImage(px, matchesGolden: golden, in: .module, tolerance: ImageTolerance(channel: 48, mean: 1.6))
            } else {
                // Measured worst: shadows at 2x, 0.48% past 8/255 (blur kernels), mean 0.61.
                try assertImage(px, matchesGolden: golden, in: .module, tolerance: SVGImportGoldenTests.tolerance(
                    name, otherwise: ImageTolerance(channel: 8, mismatchFraction: 0.007, mean: 0.9)))
            }
        }
    }

    /// Export and import nest groups (a gradient fill is a masked container): a group inside a
    /// layer with a soft mask must be masked once. Half-alpha mask × opacity 0.5 = alpha 0.25.
    @Test func nestedGroupUnderSoftMaskIsMaskedOnce() throws {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        let mask = Layer(frame: root.bounds)
        mask.backgroundColor = Color(white: 0, alpha: 0.5)
        root.mask = mask
        let child = Layer(frame: root.bounds)
        child.backgroundColor = .white
        child.opacity = 0.5
        root.addSublayer(child)
        let px = try LayerRenderer.render(root, size: root.bounds.size)
        #expect(abs(Int(px[4, 4].a) - 64) <= 1, "alpha \(px[4, 4].a)")
    }
}
