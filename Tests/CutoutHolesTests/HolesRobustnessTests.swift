import CutoutTestSupport
import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutHoles

/// Seeded fuzzing of holes, hole lists, nine-slice/outstretch geometry, the flashlight and
/// shaped views with NaN, infinite and huge values. Slices and frames are finite, layers render
/// on a small canvas at the promised size with premultiplied pixels, and the work stays within
/// the ``RenderingBudget`` of the canvas and the images the scene builds (counted, not timed).
@Suite struct HolesRobustnessTests {
    typealias SplitMix64 = FuzzRandom

    static let extremes: [CGFloat] = [0, -0.0, -1, 1e-300, 1e300, -1e300, .greatestFiniteMagnitude,
                                      -.greatestFiniteMagnitude, 1e9, .nan, .infinity, -.infinity]

    static func value(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> CGFloat {
        rng.below(5) == 0 ? rng.pick(extremes) : CGFloat(range.lowerBound + rng.unit() * (range.upperBound - range.lowerBound))
    }

    static func rect(_ rng: inout SplitMix64, _ span: Double = 40) -> CGRect {
        CGRect(x: value(&rng, -5...span), y: value(&rng, -5...span), width: value(&rng, 0...span), height: value(&rng, 0...span))
    }

    static func finite(_ r: CGRect) -> Bool { r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite }

    /// Softness and mask scales: extreme, but none in (0, 1e-150), where the blur traps
    /// (BlurRobustnessTests.subnormalSigmaDoesNotTrap, owned by the raster helper).
    /// Huge softnesses clamp to Hole.maxSoftness, whose 4-megapixel soft mask takes seconds to
    /// blur in a debug build: they are covered once, in ``hugeSoftnessIsClamped()``.
    static func softness(_ rng: inout SplitMix64) -> CGFloat {
        rng.below(5) == 0 ? rng.pick([0, -1, .nan, .infinity, -.infinity, 1e-9]) : CGFloat(rng.unit() * 6)
    }

    static func hole(_ rng: inout SplitMix64) -> Hole {
        let inset = value(&rng, -4...4), softness = softness(&rng)
        switch rng.below(4) {
        case 0: return .roundedRect(rect(&rng), cornerRadius: value(&rng, 0...20), inset: inset, softness: softness)
        case 1: return .circle(center: CGPoint(x: value(&rng, 0...40), y: value(&rng, 0...40)), radius: value(&rng, 0...20), inset: inset, softness: softness)
        case 2: return .capsule(rect(&rng), inset: inset, softness: softness)
        default:
            var p = Path()
            p.addEllipse(in: rect(&rng))
            p.addRect(rect(&rng))
            return .path(p, fillRule: rng.below(2) == 0 ? .winding : .evenOdd, inset: inset, softness: softness)
        }
    }

    /// The images a layer tree holds (soft hole masks, spot images): the scene built them
    /// itself, so they enter the rendering budget beside the canvas.
    static func images(in layer: Layer) -> [(width: Int, height: Int)] {
        var out: [(width: Int, height: Int)] = layer.contents.map { [($0.width, $0.height)] } ?? []
        if let mask = layer.mask { out += images(in: mask) }
        for sublayer in layer.sublayers { out += images(in: sublayer) }
        return out
    }

    /// Renders on a 20×20 pt canvas at scale 0.5 and checks the promised 10×10 pixels, premultiplied.
    static func render(_ layer: Layer, _ what: @autoclosure () -> String) throws {
        let pixels = try LayerRenderer.render(layer, size: CGSize(width: 20, height: 20), scale: 0.5)
        #expect(pixels.width == 10 && pixels.height == 10, "\(what()): \(pixels.width)×\(pixels.height)")
        if let bad = pixels.premultipliedViolation { Issue.record("\(what()): channel above alpha at \(bad)") }
    }

    @Test func overlaysWithAbsurdHolesRender() throws {
        var rng = SplitMix64(state: 51)
        for i in 0..<200 {
            let overlay = HoleOverlay(bounds: rng.below(4) == 0 ? Self.rect(&rng) : CGRect(x: 0, y: 0, width: 40, height: 40),
                                      holes: (0..<rng.below(4)).map { _ in Self.hole(&rng) })
            var images: [(width: Int, height: Int)] = []
            let work = try WorkMeter.measure {
                for _ in 0..<4 { _ = overlay.isOpaque(at: CGPoint(x: Self.value(&rng, -5...45), y: Self.value(&rng, -5...45))) }
                _ = overlay.holesPath
                _ = overlay.cutPath
                let fill: HoleFill = rng.below(2) == 0 ? .color(.black) : .layer(Layer(frame: CGRect(x: 0, y: 0, width: 40, height: 40)))
                let layer = overlay.makeLayer(fill: fill, softMaskScale: rng.pick([2, 0, -1, .nan, 1e300, 1e-9]))
                images = Self.images(in: layer)
                try Self.render(layer, "case \(i)")
            }
            // A soft hole's mask image is capped in area (rounded up to whole pixels on each side).
            for image in images {
                #expect(CGFloat(image.width * image.height) <= HoleOverlay.maxSoftMaskPixels + CGFloat(image.width + image.height + 1),
                        "case \(i): a \(image.width)×\(image.height) mask image")
            }
            let overruns = RenderingBudget(canvasWidth: 10, canvasHeight: 10, images: images).overruns(work)
            #expect(overruns.isEmpty, "case \(i): \(overruns)")
        }
    }

    @Test func hugeSoftnessIsClamped() throws {
        for softness in [CGFloat(1e300), .greatestFiniteMagnitude] {
            let hole = Hole.circle(center: CGPoint(x: 20, y: 20), radius: 10, softness: softness)
            #expect(hole.effectiveSoftness == Hole.maxSoftness)
        }
        let overlay = HoleOverlay(bounds: CGRect(x: 0, y: 0, width: 40, height: 40),
                                  holes: [.roundedRect(CGRect(x: -1e300, y: 10, width: 2e300, height: 10), cornerRadius: 2, softness: 3)])
        try Self.render(overlay.makeLayer(fill: .color(.black), softMaskScale: 1), "huge hole")
    }

    @Test func holeListsWithAbsurdCellsAndOffsets() {
        var rng = SplitMix64(state: 52)
        for i in 0..<300 {
            let cells = (0..<rng.below(20)).map { _ in
                HoleList.Cell(height: Self.value(&rng, 0...120), hole: rng.below(3) == 0 ? nil : Self.rect(&rng), cornerRadius: Self.value(&rng, 0...20))
            }
            var list = HoleList(cells: cells, frame: Self.rect(&rng, 400))
            for _ in 0..<3 {
                list.setContentOffset(Self.value(&rng, -200...3000))
                #expect(list.contentOffset.isFinite, "case \(i): offset \(list.contentOffset)")
                #expect(list.clampedOffset(Self.value(&rng, -200...3000)).isFinite, "case \(i)")
                let resting = list.restingOffset(for: Self.value(&rng, -200...3000))
                #expect(resting >= 0 && resting <= list.maximumContentOffset, "case \(i): resting \(resting) of \(list.maximumContentOffset)")
                let range = list.visibleRange
                #expect(range.lowerBound >= 0 && range.upperBound <= cells.count, "case \(i): \(range)")
                // Cells take their x and width from the list's frame, so only a finite frame
                // promises finite cell frames; holes are finite or nil whatever the frame.
                let frameIsFinite = Self.finite(list.frame)
                for cell in list.visibleCells {
                    #expect(range.contains(cell.index), "case \(i): \(cell.index) outside \(range)")
                    #expect(!frameIsFinite || Self.finite(cell.frame), "case \(i): \(cell)")
                    #expect((cell.hole.map(Self.finite) ?? true) && (cell.visibleHole.map(Self.finite) ?? true), "case \(i): \(cell)")
                }
                for hole in list.visibleHoles { #expect(hole.path.isEmpty || Self.finite(hole.path.boundingBoxOfPath), "case \(i): \(hole)") }
                if let frame = list.contentFrame(ofCell: rng.pick([0, -1, Int.max, Int.min, rng.below(25)])) {
                    #expect(!frameIsFinite || Self.finite(frame), "case \(i): \(frame)")
                }
            }
            #expect(list.contentHeight.isFinite && list.contentHeight >= 0, "case \(i): content height \(list.contentHeight)")
            #expect(list.bounces == (list.contentHeight > list.viewportHeight), "case \(i)")
        }
    }

    @Test func nineSliceAndOutstretchSlicesAreFinite() throws {
        var rng = SplitMix64(state: 53)
        var image = try Pixmap(width: 8, height: 6)
        image.fill(PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255))
        for i in 0..<300 {
            let metrics: ImageMetrics? = rng.below(6) == 0 ? nil
                : ImageMetrics(pixelWidth: rng.pick([8, 0, -3, Int.max, 1 << 40, rng.below(100)]),
                               pixelHeight: rng.pick([6, 0, -3, Int.max, rng.below(100)]), scale: Self.value(&rng, 0.5...3))
            let bounds = Self.rect(&rng, 60)
            let nine = NineSlice(image: metrics, contentsCenter: CGRect(x: Self.value(&rng, 0...1), y: Self.value(&rng, 0...1),
                                                                        width: Self.value(&rng, 0...1), height: Self.value(&rng, 0...1)),
                                 bounds: bounds)
            let out = Outstretch(image: metrics, fixedRect: Self.rect(&rng, 20),
                                 fixedCenter: CGPoint(x: Self.value(&rng, -10...70), y: Self.value(&rng, -10...70)), bounds: bounds)
            for slice in nine.slices + out.slices {
                #expect(Self.finite(slice.viewRect) && Self.finite(slice.contentsRect), "case \(i): \(slice)")
                _ = slice.imageToView
            }
            if rng.below(4) == 0 {
                try Self.render(out.makeLayer(image: image), "case \(i): outstretch")
                try Self.render(nine.makeLayer(image: image), "case \(i): nine-slice")
            }
        }
    }

    @Test func flashlightWithAbsurdRadiiAndScales() throws {
        var rng = SplitMix64(state: 54)
        for i in 0..<60 {
            let light = Flashlight(bounds: Self.rect(&rng, 60), center: CGPoint(x: Self.value(&rng, 0...60), y: Self.value(&rng, 0...60)),
                                   radius: Self.value(&rng, 0...20), softness: Self.value(&rng, 0...10))
            // Radii clamp to Flashlight.maxRadius (1024 pt); at ordinary scales that spot image
            // is up to 12,304 px square, too slow to build here in a debug build, so small scales.
            let scale = rng.pick([CGFloat(0.1), 0.2, 1e-300, 0.05])
            var images: [(width: Int, height: Int)] = []
            let work = try WorkMeter.measure {
                if let spot = light.spotImage(scale: scale) {
                    #expect(spot.width <= 4096, "case \(i): \(spot.width)")
                    // Built here and again by makeLayer, whose slices all show that one image.
                    images = [(spot.width, spot.height), (spot.width, spot.height)]
                }
                for slice in light.outstretch(scale: scale).slices { #expect(Self.finite(slice.viewRect), "case \(i)") }
                try Self.render(light.makeLayer(scale: scale), "case \(i)")
            }
            // The spot image holds the clamped radius and softness plus the margin, at the scale.
            let extent = 2 * (Flashlight.maxRadius + Flashlight.maxRadius / 2 + 1 + Flashlight.margin) * max(scale, 1e-300)
            for image in images { #expect(CGFloat(image.width) <= extent.rounded(.up), "case \(i): a \(image.width) px spot image") }
            let overruns = RenderingBudget(canvasWidth: 10, canvasHeight: 10, images: images).overruns(work)
            #expect(overruns.isEmpty, "case \(i): \(overruns)")
        }
    }

    @Test func shapedViewsWithAbsurdShadowsAndBorders() throws {
        var rng = SplitMix64(state: 55)
        for i in 0..<40 {
            var outline = Path()
            outline.addRoundedRect(in: Self.rect(&rng), cornerWidth: Self.value(&rng, 0...10), cornerHeight: Self.value(&rng, 0...10))
            let shadow: LayerShadow? = rng.below(4) == 0 ? nil
                : LayerShadow(color: .black, opacity: Self.value(&rng, 0...1), offset: CGSize(width: Self.value(&rng, -5...5), height: Self.value(&rng, -5...5)),
                              radius: rng.pick([0, 3, -1, .nan, .infinity, 1e300, 20]))
            let view = ShapedView(bounds: Self.rect(&rng), outline: outline, fillColor: .white, borderColor: rng.below(2) == 0 ? nil : .black,
                                  borderWidth: Self.value(&rng, 0...4), shadow: shadow)
            try Self.render(view.makeLayer(), "case \(i): shaped view")
            let card = ShapedView.erasedCurveCard(bounds: Self.rect(&rng), mode: rng.below(2) == 0 ? .evenOdd : .subtracting,
                                                  cornerRadius: Self.value(&rng, 0...30))
            try Self.render(card.makeLayer(), "case \(i): erased-curve card")
        }
    }
}
