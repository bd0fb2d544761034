import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
@testable import CutoutLayers

/// `Layer.filters` rendered: lengths follow the device scale and the layer's transform, the
/// region bounds what is drawn, and the primitive and byte budgets hold. Work is counted with
/// the renderer's statistics (primitives run, pixels produced, bytes), not time.
@Suite struct FilterRenderTests {
    /// A 10×10 opaque red square at (10, 10) of a 40×40 canvas, with `filters`.
    static func square(_ filters: [Filter], transform: Transform = .identity) -> Layer {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let square = Layer(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        square.backgroundColor = .red
        square.transform = transform
        square.filters = filters
        root.addSublayer(square)
        return root
    }

    static let wide = CGRect(x: -1, y: -1, width: 3, height: 3)

    /// An offset of (6, 4) user units moves the square by 6 and 4 points at every scale: 18
    /// and 12 device pixels at scale 3, where a filter that ignored the scale would move it
    /// 6 and 4 pixels.
    @Test(arguments: [1, 2, 3] as [CGFloat])
    func offsetFollowsTheScale(_ scale: CGFloat) throws {
        let f = Filter(primitives: [FilterPrimitive(.offset(.previous, dx: 6, dy: 4))], region: Self.wide)
        let px = try LayerRenderer.render(Self.square([f]), size: CGSize(width: 40, height: 40), scale: scale)
        func at(_ x: CGFloat, _ y: CGFloat) -> PremultipliedRGBA8 { px[Int(x * scale), Int(y * scale)] }
        #expect(at(16.5, 14.5).a == 255)   // the moved square's top-left corner
        #expect(at(25.5, 23.5).a == 255)   // its bottom-right corner
        #expect(at(15.5, 14.5).a == 0)     // left of it
        #expect(at(12, 12).a == 0)         // where the square was
    }

    /// A blur's standard deviation is in user units: at scale 3 the blurred edge spreads over
    /// three times as many pixels, so sampled at the same points the images agree.
    @Test func blurFollowsTheScale() throws {
        let f = Filter(primitives: [FilterPrimitive(.gaussianBlur(.sourceGraphic, stdDeviationX: 2, stdDeviationY: 2, edgeMode: .none))],
                       region: Self.wide)
        let one = try LayerRenderer.render(Self.square([f]), size: CGSize(width: 40, height: 40), scale: 1)
        let three = try LayerRenderer.render(Self.square([f]), size: CGSize(width: 40, height: 40), scale: 3)
        for x in stride(from: 5, to: 26, by: 1) {
            // The centre pixel of each 3×3 block at scale 3 against the 1x pixel.
            let a = Int(one[x, 15].a), b = Int(three[x * 3 + 1, 15 * 3 + 1].a)
            #expect(abs(a - b) <= 12, "x \(x): \(a) at 1x, \(b) at 3x")
        }
        #expect(one[7, 15].a > 20 && one[7, 15].a < 128)   // the edge is soft 3 px out
    }

    /// Under a rotation the offset turns with the layer, as SVG's user space does.
    @Test func offsetTurnsWithTheLayer() throws {
        let f = Filter(primitives: [FilterPrimitive(.offset(.previous, dx: 8, dy: 0))], region: Self.wide)
        // A quarter turn about the square's centre: +x of the layer points down the canvas.
        let px = try LayerRenderer.render(Self.square([f], transform: Transform(rotationAngle: .pi / 2)),
                                          size: CGSize(width: 40, height: 40), scale: 2)
        #expect(px[30, 50].a == 255)   // (15, 25): below the square
        #expect(px[46, 30].a == 0)     // (23, 15): not to its right
        #expect(px[30, 30].a == 0)     // (15, 15): the square itself moved away
    }

    /// Nothing is drawn outside the filter region, even by a flood.
    @Test func regionBoundsTheOutput() throws {
        let f = Filter(primitives: [FilterPrimitive(.flood(color: .blue))], region: CGRect(x: 0, y: 0, width: 0.5, height: 1))
        let px = try LayerRenderer.render(Self.square([f]), size: CGSize(width: 40, height: 40), scale: 1)
        #expect(px[12, 15] == Color.blue.premultiplied)
        #expect(px[16, 15].a == 0)
        #expect(px[5, 5].a == 0)
    }

    /// Invalid filters draw nothing: an empty region, an object-bounding-box region on a layer
    /// with no box, no primitives.
    @Test func invalidFiltersDrawNothing() throws {
        let empty = Filter(primitives: [FilterPrimitive(.offset(.previous, dx: 0, dy: 0))], region: CGRect(x: 0, y: 0, width: 0, height: 1))
        let none = Filter(primitives: [])
        for f in [empty, none] {
            let px = try LayerRenderer.render(Self.square([f]), size: CGSize(width: 40, height: 40), scale: 1)
            #expect(px[15, 15].a == 0)
        }
        let boxless = Layer(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        boxless.filters = [Filter(primitives: [FilterPrimitive(.flood(color: .red))])]
        let px = try LayerRenderer.render(boxless, size: CGSize(width: 20, height: 20), scale: 1)
        #expect(px.data.allSatisfy { $0 == 0 })
    }

    /// `in` references: a named result read later, an unknown name read as the previous
    /// result, SourceAlpha black.
    @Test func inputsResolveByName() throws {
        let chain = Filter(primitives: [
            FilterPrimitive(.flood(color: .green), result: "paint"),
            FilterPrimitive(.colorMatrix(.sourceAlpha, .matrix([])), result: "alpha"),
            FilterPrimitive(.composite(.named("paint"), .named("alpha"), .in)),
            FilterPrimitive(.offset(.named("no such result"), dx: 0, dy: 0)),
        ], region: Self.wide, primitiveUnits: .userSpaceOnUse)
        let px = try LayerRenderer.render(Self.square([chain]), size: CGSize(width: 40, height: 40), scale: 1)
        #expect(px[15, 15] == Color.green.premultiplied)   // green where the square is
        #expect(px[5, 5].a == 0)                            // nothing outside it
    }

    /// A filter runs at most `Filter.maxPrimitives` primitives.
    @Test func primitiveBudget() throws {
        let many = Array(repeating: FilterPrimitive(.offset(.previous, dx: 0, dy: 0)), count: 1000)
        let f = Filter(primitives: many, region: CGRect(x: 0, y: 0, width: 1, height: 1))
        let (_, stats) = try LayerRenderer.render(Self.square([f]), size: CGSize(width: 40, height: 40), scale: 1, byteLimit: nil)
        #expect(stats.filterPrimitives == Filter.maxPrimitives)
        // Each image is freed once the next primitive has read it: at most the body, the
        // source, and two primitive images (10×10 px each) are alive at once.
        #expect(stats.peakLiveBytes <= 4 * 10 * 10 * 4, "peak \(stats.peakLiveBytes)")
    }

    /// A huge region is cut to the canvas grown by twice its size on every side: the work is
    /// bounded by 25 canvases per primitive whatever the region says.
    @Test func hugeRegionIsClamped() throws {
        let f = Filter(primitives: [FilterPrimitive(.flood(color: .red)), FilterPrimitive(.offset(.previous, dx: 1, dy: 1))],
                       region: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), regionUnits: .userSpaceOnUse)
        let (px, stats) = try LayerRenderer.render(Self.square([f]), size: CGSize(width: 40, height: 40), scale: 1, byteLimit: nil)
        #expect(stats.filterPrimitives == 2)
        #expect(stats.filterPixels <= 2 * 25 * 40 * 40)
        #expect(px[0, 0] == Color.red.premultiplied)
    }

    /// Past the byte cap the filtered layer is skipped, not drawn half-filtered.
    @Test func byteBudgetSkipsTheLayer() throws {
        let chain = Filter(primitives: [
            FilterPrimitive(.flood(color: .red), result: "a"), FilterPrimitive(.flood(color: .green), result: "b"),
            FilterPrimitive(.blend(.named("a"), .named("b"), mode: .multiply)),
        ], region: CGRect(x: -10, y: -10, width: 40, height: 40), regionUnits: .userSpaceOnUse)
        let (px, stats) = try LayerRenderer.render(Self.square([chain]), size: CGSize(width: 40, height: 40), scale: 1,
                                                   byteLimit: 3 * 40 * 40 * 4)
        #expect(stats.layersSkippedForBudget == 1)
        #expect(stats.peakLiveBytes <= 3 * 40 * 40 * 4)
        #expect(px.data.allSatisfy { $0 == 0 })
    }

    /// Many large filters: the pixels all primitives produce in one render stop at the
    /// budget, and the layers past it are skipped (counted), not half-filtered.
    @Test func pixelBudgetAcrossLayers() throws {
        let size = CGSize(width: 64, height: 64)
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        let f = Filter(primitives: Array(repeating: FilterPrimitive(.offset(.previous, dx: 0, dy: 0)), count: 200),
                       region: CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6), regionUnits: .userSpaceOnUse)
        for _ in 0..<40 {
            let l = Layer(frame: CGRect(x: 8, y: 8, width: 8, height: 8))
            l.backgroundColor = .black
            l.filters = [f]
            root.addSublayer(l)
        }
        let (_, stats) = try LayerRenderer.render(root, size: size, scale: 1, byteLimit: nil)
        let budget = Filter.pixelBudget(canvasWidth: 64, canvasHeight: 64)
        // Each layer's region is cut to 320 × 320 px; 200 primitives of that are 20.5 Mpx, so
        // three layers fit in 64 Mpx and the fourth stops part-way.
        #expect(stats.filterPixels <= budget)
        #expect(stats.filterPixels > budget - 320 * 320)
        #expect(stats.layersSkippedForBudget == 37)
    }

    /// Non-finite and negative values in a filter do not trap and draw something bounded.
    @Test func hostileValues() throws {
        let values: [CGFloat] = [.nan, .infinity, -.infinity, -5, 1e300]
        for v in values {
            let f = Filter(primitives: [
                FilterPrimitive(.gaussianBlur(.previous, stdDeviationX: v, stdDeviationY: v, edgeMode: .wrap)),
                FilterPrimitive(.offset(.previous, dx: v, dy: v)),
                FilterPrimitive(.dropShadow(.previous, dx: v, dy: v, stdDeviationX: v, stdDeviationY: v, color: .black)),
                FilterPrimitive(.colorMatrix(.previous, .hueRotate(degrees: v))),
                FilterPrimitive(.colorMatrix(.previous, .saturate(v))),
                FilterPrimitive(.composite(.previous, .sourceGraphic, .arithmetic(k1: v, k2: v, k3: v, k4: v))),
            ], region: Self.wide, x: v, y: v, width: v, height: v)
            _ = try LayerRenderer.render(Self.square([f]), size: CGSize(width: 40, height: 40), scale: 1)
        }
    }
}

extension Filter {
    /// A filter whose primitives all share one subregion (for tests of hostile values).
    init(primitives: [FilterPrimitive], region: CGRect, x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(primitives: primitives.map {
            var p = $0
            (p.x, p.y, p.width, p.height) = (x, y, width, height)
            return p
        }, region: region)
    }
}
