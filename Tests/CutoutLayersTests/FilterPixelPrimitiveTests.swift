import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
@testable import CutoutLayers

/// `feComponentTransfer`, `feMorphology`, `feConvolveMatrix`, `feTile`, `feDisplacementMap`
/// and `feImage` in the layer tree: values worked out from the Filter Effects formulas (the
/// resvg comparisons are in CutoutSVGTests' SVGFilterPixelGoldenTests), lengths following the
/// device scale, and hostile values and budgets.
@Suite struct FilterPixelPrimitiveTests {
    /// A 10×10 opaque square of `color` at (10, 10) of a 40×40 canvas, with `filters`.
    static func square(_ filters: [Filter], color: Color = .red) -> Layer {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let square = Layer(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        square.backgroundColor = color
        square.filters = filters
        root.addSublayer(square)
        return root
    }

    static let wide = CGRect(x: -1, y: -1, width: 3, height: 3)
    static let size = CGSize(width: 40, height: 40)

    static func filter(_ effects: [FilterEffect], space: FilterColorSpace = .sRGB) -> Filter {
        Filter(primitives: effects.map { FilterPrimitive($0, colorSpace: space) }, region: wide)
    }

    /// The columns (at row `y`) whose alpha is not 0.
    static func span(_ px: Pixmap, row y: Int) -> ClosedRange<Int>? {
        let xs = (0..<px.width).filter { px[$0, y].a > 0 }
        guard let a = xs.first, let b = xs.last else { return nil }
        return a...b
    }

    // MARK: feComponentTransfer

    /// Each function type on an opaque orange (255, 128, 0) in sRGB, results truncated to 8
    /// bits: linear R 0.5·1 + 0.25 = 0.75 → 191; table G over (1, 0) at 128/255 → 127/255 → 127;
    /// discrete B over (0.2, 0.9) at 0 → 0.2 → 51; gamma A 0.5·1² → 0.5 → 127, and the colour
    /// premultiplied by it.
    @Test func componentTransferFormulas() throws {
        let t = FilterComponentTransfer(red: .linear(slope: 0.5, intercept: 0.25), green: .table([1, 0]),
                                        blue: .discrete([0.2, 0.9]), alpha: .gamma(amplitude: 0.5, exponent: 2, offset: 0))
        let px = try LayerRenderer.render(Self.square([Self.filter([.componentTransfer(.previous, t)])],
                                                      color: Color(red: 1, green: 128.0 / 255, blue: 0)), size: Self.size)
        let p = px[15, 15]
        #expect(p.a == 127)
        func premultiplied(_ v: Int) -> Int { (v * 127 + 127) / 255 }
        #expect(abs(Int(p.r) - premultiplied(191)) <= 1, "\(p)")
        #expect(abs(Int(p.g) - premultiplied(127)) <= 1, "\(p)")
        #expect(abs(Int(p.b) - premultiplied(51)) <= 1, "\(p)")
        #expect(px[5, 5].a == 0)   // transparent stays transparent (alpha table at 0 is 0)
    }

    /// In linearRGB the same table works on linear values: sRGB 128 is linear 55, whose
    /// inverse under table (1, 0) is 200 linear, 229 in sRGB.
    @Test func componentTransferInLinearRGB() throws {
        let t = FilterComponentTransfer(green: .table([1, 0]))
        let px = try LayerRenderer.render(Self.square([Self.filter([.componentTransfer(.previous, t)], space: .linearRGB)],
                                                      color: Color(red: 0, green: 128.0 / 255, blue: 0)), size: Self.size)
        #expect(abs(Int(px[15, 15].g) - 229) <= 1, "\(px[15, 15])")
    }

    // MARK: feMorphology

    /// The window from x − r to x + r − 1 (as resvg): eroding the square (pixels 10...19) by
    /// 2 keeps 12...18, dilating by 3 reaches 7...22; at scale 2 the radius doubles in pixels.
    @Test(arguments: [1, 2] as [Int])
    func morphologyWindow(_ scale: Int) throws {
        let erode = try LayerRenderer.render(Self.square([Self.filter([.morphology(.previous, .erode, radiusX: 2, radiusY: 2)])]),
                                             size: Self.size, scale: CGFloat(scale))
        let dilate = try LayerRenderer.render(Self.square([Self.filter([.morphology(.previous, .dilate, radiusX: 3, radiusY: 1)])]),
                                              size: Self.size, scale: CGFloat(scale))
        let s = scale
        #expect(Self.span(erode, row: 15 * s) == (10 * s + 2 * s)...(20 * s - 1 - 2 * s + 1))
        #expect(Self.span(dilate, row: 15 * s) == (10 * s - 3 * s + 1)...(20 * s - 1 + 3 * s))
        // Along y the dilation's radius is 1.
        let column = (0..<dilate.height).filter { dilate[15 * s, $0].a > 0 }
        #expect(column.first == 10 * s - s + 1 && column.last == 20 * s - 1 + s)
    }

    /// Radii past the image: erosion leaves nothing, dilation spreads the square's colour over
    /// the whole filter region (30×30 px), and the work does not follow the radius.
    @Test func hugeMorphologyRadius() throws {
        let erode = try LayerRenderer.render(Self.square([Self.filter([.morphology(.previous, .erode, radiusX: 1e300, radiusY: 1e300)])]),
                                             size: Self.size)
        #expect(erode.data.allSatisfy { $0 == 0 })
        let (dilate, stats) = try LayerRenderer.render(Self.square([Self.filter([.morphology(.previous, .dilate, radiusX: 1e300, radiusY: 5e299)])]),
                                                       size: Self.size, scale: 1, byteLimit: nil)
        #expect(dilate[0, 0] == Color.red.premultiplied)
        #expect(dilate[29, 29] == Color.red.premultiplied)   // the region's far corner
        #expect(dilate[31, 31].a == 0)                        // beyond the region
        #expect(stats.filterPixels <= 6 * 30 * 30)
    }

    // MARK: feConvolveMatrix

    /// A kernel with a single 1 moves the image: the value at kernel (column 2, row 1) of a
    /// 3×3 kernel centred on the pixel reads, after SVG's 180° turn, the pixel one left, so
    /// the square moves one pixel right. With `edgeMode` none nothing comes in from the edge.
    @Test func convolveShifts() throws {
        let m = FilterConvolveMatrix(orderX: 3, orderY: 3, kernelMatrix: [0, 0, 0, 0, 0, 1, 0, 0, 0], edgeMode: .none)
        let px = try LayerRenderer.render(Self.square([Self.filter([.convolveMatrix(.previous, m)])]), size: Self.size)
        #expect(Self.span(px, row: 15) == 11...20)
        #expect(px[15, 15] == Color.red.premultiplied)
    }

    /// The default divisor is the kernel's sum: a 3×3 box of 1s keeps a flat colour, and
    /// `preserveAlpha` with bias adds the bias times the alpha to the colour only.
    @Test func convolveDivisorAndBias() throws {
        let box = FilterConvolveMatrix(orderX: 3, orderY: 3, kernelMatrix: Array(repeating: 1, count: 9))
        let flat = try LayerRenderer.render(Self.square([Self.filter([.convolveMatrix(.previous, box)])], color: Color(red: 0.2, green: 0.4, blue: 0.6)),
                                            size: Self.size)
        #expect(flat[15, 15] == Color(red: 0.2, green: 0.4, blue: 0.6).premultiplied)
        let identity = FilterConvolveMatrix(orderX: 1, orderY: 1, kernelMatrix: [1], bias: 0.2, preserveAlpha: true)
        let biased = try LayerRenderer.render(Self.square([Self.filter([.convolveMatrix(.previous, identity)])], color: .black), size: Self.size)
        #expect(abs(Int(biased[15, 15].r) - 51) <= 1 && biased[15, 15].a == 255, "\(biased[15, 15])")
        #expect(biased[5, 5].a == 0)   // alpha kept: transparent stays transparent
    }

    /// Invalid kernels give transparent black: order 0 or past the limit, the wrong number of
    /// values, a non-finite value, a divisor of 0, a target outside the kernel.
    @Test func invalidKernels() throws {
        let kernels = [
            FilterConvolveMatrix(orderX: 0, orderY: 3, kernelMatrix: []),
            FilterConvolveMatrix(orderX: FilterConvolveMatrix.maxOrder + 1, orderY: 1,
                                 kernelMatrix: Array(repeating: 1, count: FilterConvolveMatrix.maxOrder + 1)),
            FilterConvolveMatrix(orderX: 3, orderY: 3, kernelMatrix: [1, 2, 3]),
            FilterConvolveMatrix(orderX: 1, orderY: 1, kernelMatrix: [.nan]),
            FilterConvolveMatrix(orderX: 1, orderY: 1, kernelMatrix: [1], divisor: 0),
            FilterConvolveMatrix(orderX: 2, orderY: 2, kernelMatrix: [1, 1, 1, 1], targetX: 2),
            FilterConvolveMatrix(orderX: 1, orderY: 1, kernelMatrix: [1], bias: .infinity),
        ]
        for m in kernels {
            #expect(!m.isValid)
            let px = try LayerRenderer.render(Self.square([Self.filter([.convolveMatrix(.previous, m)])]), size: Self.size)
            #expect(px.data.allSatisfy { $0 == 0 }, "\(m)")
        }
    }

    /// The largest kernel costs its taps per pixel against the filter pixel budget: with a
    /// budget below that the layer is skipped and counted, not drawn.
    @Test func largeKernelsCountAgainstTheBudget() throws {
        let n = FilterConvolveMatrix.maxOrder
        let m = FilterConvolveMatrix(orderX: n, orderY: n, kernelMatrix: Array(repeating: 1, count: n * n))
        let region = CGRect(x: 0, y: 0, width: 1, height: 1)   // the square: 10×10 px
        let f = Filter(primitives: [FilterPrimitive(.convolveMatrix(.previous, m))], region: region)
        let (px, stats) = try LayerRenderer.render(Self.square([f]), size: Self.size, scale: 1, byteLimit: nil,
                                                   filterPixelLimit: 10 * 10 * n * n - 1)
        #expect(stats.layersSkippedForBudget == 1)
        #expect(px.data.allSatisfy { $0 == 0 })
        let (_, fits) = try LayerRenderer.render(Self.square([f]), size: Self.size, scale: 1, byteLimit: nil,
                                                 filterPixelLimit: 10 * 10 * n * n)
        #expect(fits.layersSkippedForBudget == 0 && fits.filterPixels == 10 * 10 * n * n)
    }

    // MARK: feTile

    /// The tile is the input's subregion: a 4×4 flood at the square's corner (10, 10 on the
    /// canvas), moved 2 right by an feOffset that keeps its input's subregion, repeats every 4
    /// pixels with its left half empty. (Filter lengths are in the square's coordinates, whose
    /// origin is the canvas's (10, 10).)
    @Test(arguments: [1, 2] as [Int])
    func tileRepeatsTheInputSubregion(_ scale: Int) throws {
        let f = Filter(primitives: [
            FilterPrimitive(.flood(color: .blue), colorSpace: .sRGB, x: 0, y: 0, width: 4, height: 4),
            FilterPrimitive(.offset(.previous, dx: 2, dy: 0), colorSpace: .sRGB),
            FilterPrimitive(.tile(.previous), colorSpace: .sRGB),
        ], region: CGRect(x: -10, y: -10, width: 40, height: 40), regionUnits: .userSpaceOnUse)
        let px = try LayerRenderer.render(Self.square([f]), size: Self.size, scale: CGFloat(scale))
        let s = scale
        for x in stride(from: 0, to: 40, by: 1) {
            // Columns 10 + 4k + 2 and + 3 are blue, + 0 and + 1 empty, at every row.
            let filled = ((x - 10) % 4 + 4) % 4 >= 2
            #expect((px[x * s, 1 * s].a == 255) == filled, "x \(x)")
            #expect((px[x * s, 31 * s].a == 255) == filled, "x \(x)")
        }
    }

    /// A tile whose input subregion is empty gives transparent black.
    @Test func emptyTile() throws {
        let f = Filter(primitives: [
            FilterPrimitive(.flood(color: .blue), colorSpace: .sRGB, x: 100, y: 100, width: 4, height: 4),
            FilterPrimitive(.tile(.previous), colorSpace: .sRGB),
        ], region: CGRect(x: -10, y: -10, width: 40, height: 40), regionUnits: .userSpaceOnUse)
        let px = try LayerRenderer.render(Self.square([f]), size: Self.size)
        #expect(px.data.allSatisfy { $0 == 0 })
    }

    // MARK: feDisplacementMap

    /// An opaque map read on its alpha (1) moves every pixel's source by scale · ½: with
    /// scale 8 each output pixel reads 4 user units right and below, so the square appears
    /// 4 units up and left (8 device pixels at scale 2).
    @Test(arguments: [1, 2] as [Int])
    func displacementByAFlatMap(_ scale: Int) throws {
        let f = Filter(primitives: [
            FilterPrimitive(.flood(color: .black), result: "map", colorSpace: .sRGB),
            FilterPrimitive(.displacementMap(.sourceGraphic, .named("map"), scale: 8, xChannel: .alpha, yChannel: .alpha), colorSpace: .sRGB),
        ], region: Self.wide)
        let px = try LayerRenderer.render(Self.square([f]), size: Self.size, scale: CGFloat(scale))
        let s = scale
        #expect(Self.span(px, row: 10 * s) == 6 * s...(16 * s - 1))
        #expect(px[6 * s, 6 * s].a == 255 && px[16 * s, 10 * s].a == 0)
    }

    /// A map of alpha ½ (128/255) hardly moves anything; the red channel of a transparent map
    /// reads 0 and moves by −scale/2.
    @Test func displacementChannels() throws {
        let f = Filter(primitives: [
            FilterPrimitive(.flood(color: .clear), result: "map", colorSpace: .sRGB),
            FilterPrimitive(.displacementMap(.sourceGraphic, .named("map"), scale: 6, xChannel: .red, yChannel: .green), colorSpace: .sRGB),
        ], region: Self.wide)
        let px = try LayerRenderer.render(Self.square([f]), size: Self.size)
        // Each pixel reads 3 units left and above: the square moves 3 right and down.
        #expect(Self.span(px, row: 15) == 13...22)
    }

    // MARK: feImage

    /// A picture fills the subregion (`.fill`), or keeps its aspect ratio centred (`.meet`);
    /// the subregions start at the canvas's origin ((-10, -10) in the square's coordinates).
    @Test func picturePlacement() throws {
        var picture = try Pixmap(width: 2, height: 1)
        picture.fill(Color.blue.premultiplied)
        let fill = Filter(primitives: [FilterPrimitive(.image(.picture(picture, fit: .fill)), colorSpace: .sRGB,
                                                       x: -10, y: -10, width: 20, height: 10)],
                          region: CGRect(x: -10, y: -10, width: 40, height: 40), regionUnits: .userSpaceOnUse)
        let a = try LayerRenderer.render(Self.square([fill]), size: Self.size)
        #expect(a[1, 1] == Color.blue.premultiplied && a[18, 8] == Color.blue.premultiplied && a[25, 5].a == 0 && a[5, 15].a == 0)
        let meet = Filter(primitives: [FilterPrimitive(.image(.picture(picture, fit: .meet(alignX: 0.5, alignY: 0.5))), colorSpace: .sRGB,
                                                       x: -10, y: -10, width: 20, height: 20)],
                          region: CGRect(x: -10, y: -10, width: 40, height: 40), regionUnits: .userSpaceOnUse)
        let b = try LayerRenderer.render(Self.square([meet]), size: Self.size)
        // 2×1 in 20×20: 20×10 centred, rows 5...14.
        #expect(b[10, 3].a == 0 && b[10, 6] == Color.blue.premultiplied && b[10, 13] == Color.blue.premultiplied && b[10, 16].a == 0)
    }

    /// A layer drawn in the filtered layer's coordinates, at the subregion's origin.
    @Test(arguments: [1, 2] as [Int])
    func layerReference(_ scale: Int) throws {
        let dot = Layer(frame: CGRect(x: 2, y: 3, width: 4, height: 4))
        dot.backgroundColor = .green
        let f = Filter(primitives: [FilterPrimitive(.image(.layer(FilterLayerReference(dot))), colorSpace: .sRGB, x: 1, y: 1)],
                       region: Self.wide)
        let px = try LayerRenderer.render(Self.square([f]), size: Self.size, scale: CGFloat(scale))
        // The square's coordinates start at (10, 10); the dot at (2, 3) + (1, 1) covers 13...16 × 14...17.
        let s = scale
        #expect(Self.span(px, row: 15 * s) == 13 * s...(17 * s - 1))
        #expect(px[14 * s, 15 * s] == Color.green.premultiplied)
        #expect(px[15 * s, 13 * s].a == 0)
    }

    /// A layer whose filter draws itself through feImage: the repeat is cut (counted), the
    /// render ends, and the layer still draws its filtered self once.
    @Test func layerCycleIsCut() throws {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let square = Layer(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        square.backgroundColor = .red
        square.filters = [Filter(primitives: [FilterPrimitive(.image(.layer(FilterLayerReference(square))))], region: Self.wide)]
        // The reference cycle is made on purpose; break it so the layer is freed (LeakSanitizer).
        defer { square.filters = [] }
        root.addSublayer(square)
        let (_, stats) = try LayerRenderer.render(root, size: Self.size, scale: 1, byteLimit: nil)
        #expect(stats.cyclesCut >= 1)
    }

    // MARK: Hostile values

    /// Non-finite, negative and huge values in every new primitive: no trap, bounded work.
    @Test func hostileValues() throws {
        var picture = try Pixmap(width: 1, height: 1)
        picture.fill(Color.blue.premultiplied)
        for v in [CGFloat.nan, .infinity, -.infinity, -5, 1e300, 0] {
            let f = Filter(primitives: [
                FilterPrimitive(.componentTransfer(.previous, FilterComponentTransfer(red: .table([v, v]), green: .discrete([v]),
                                                                                      blue: .linear(slope: v, intercept: v),
                                                                                      alpha: .gamma(amplitude: v, exponent: v, offset: v)))),
                FilterPrimitive(.morphology(.previous, .dilate, radiusX: v, radiusY: v)),
                FilterPrimitive(.convolveMatrix(.previous, FilterConvolveMatrix(orderX: 2, orderY: 1, kernelMatrix: [v, 1], divisor: v, bias: v))),
                FilterPrimitive(.displacementMap(.previous, .sourceGraphic, scale: v, xChannel: .red, yChannel: .alpha)),
                FilterPrimitive(.tile(.previous)),
                FilterPrimitive(.image(.picture(picture, fit: .meet(alignX: v, alignY: v)))),
            ], region: Self.wide, x: v, y: v, width: v, height: v)
            _ = try LayerRenderer.render(Self.square([f]), size: Self.size, scale: 1)
        }
    }
}
