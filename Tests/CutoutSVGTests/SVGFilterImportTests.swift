import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// How `filter` is read into `Layer.filters`: the graph of a `<filter>`, CSS filter
/// functions, and what happens to invalid or unsupported input.
@Suite struct SVGFilterImportTests {
    static func filtered(_ svg: String) throws -> (layer: Layer?, image: SVGImage) {
        let image = try SVGImporter.importSVG(svg)
        var stack = [image.layer]
        while let l = stack.popLast() {
            if !l.filters.isEmpty || l.isHidden { return (l, image) }
            stack.append(contentsOf: l.sublayers)
        }
        return (nil, image)
    }

    static func doc(_ defs: String, _ element: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><defs>"# + defs + "</defs>" + element + "</svg>"
    }

    /// Figma's drop shadow keeps every primitive, its inputs and result names, the region in
    /// user space and sRGB.
    @Test func figmaDropShadowGraph() throws {
        let url = try #require(Bundle.module.url(forResource: "figma-drop-shadow", withExtension: "svg", subdirectory: "Fixtures/svg-filter"))
        let (layer, image) = try Self.filtered(String(contentsOf: url, encoding: .utf8))
        #expect(image.warnings.isEmpty)
        let f = try #require(layer?.filters.first)
        #expect(f.regionUnits == .userSpaceOnUse && f.region == CGRect(x: 0, y: 0, width: 72, height: 56))
        #expect(f.primitives.allSatisfy { $0.colorSpace == .sRGB })
        let hard = [CGFloat](repeating: 0, count: 18) + [127, 0]
        let figmaEffects: [FilterEffect] = [
            .flood(color: Color(red: 0, green: 0, blue: 0, alpha: 0)),
            .colorMatrix(.sourceAlpha, .matrix(hard)),
            .offset(.previous, dx: 0, dy: 4),
            .gaussianBlur(.previous, stdDeviationX: 6, stdDeviationY: 6, edgeMode: .none),
            .composite(.previous, .named("hardAlpha"), .out),
            .colorMatrix(.previous, .matrix([0, 0, 0, 0, 0.0627451, 0, 0, 0, 0, 0.0941176, 0, 0, 0, 0, 0.156863, 0, 0, 0, 0.18, 0])),
            .blend(.previous, .named("BackgroundImageFix"), mode: .normal),
            .blend(.sourceGraphic, .named("effect1_dropShadow_12_7"), mode: .normal),
        ]
        #expect(f.primitives.map(\.effect) == figmaEffects)
        #expect(f.primitives.map(\.result) == ["BackgroundImageFix", "hardAlpha", nil, nil, nil, nil, "effect1_dropShadow_12_7", "shape"])
    }

    /// Defaults: region −10%/120% of the box, primitive units in user space, linearRGB; a
    /// colour space set on the `<filter>` applies to its primitives unless they say otherwise.
    @Test func defaultsAndColorSpaces() throws {
        let (layer, _) = try Self.filtered(Self.doc(
            #"<filter id="f" color-interpolation-filters="sRGB"><feOffset dx="2"/><feOffset style="color-interpolation-filters: linearRGB"/></filter><filter id="g"><feFlood/></filter>"#,
            #"<rect width="10" height="10" filter="url(#f) url(#g)"/>"#))
        let filters = try #require(layer?.filters)
        #expect(filters.count == 2)
        #expect(filters[0].region == CGRect(x: -0.1, y: -0.1, width: 1.2, height: 1.2) && filters[0].regionUnits == .objectBoundingBox)
        #expect(filters[0].primitiveUnits == .userSpaceOnUse)
        #expect(filters[0].primitives.map(\.colorSpace) == [.sRGB, .linearRGB])
        #expect(filters[1].primitives.map(\.colorSpace) == [.linearRGB])
    }

    /// CSS filter functions become one-primitive sRGB filters, in order.
    @Test func cssFunctions() throws {
        let (layer, image) = try Self.filtered(Self.doc("",
            #"<rect width="10" height="10" style="filter: blur(2px) drop-shadow(1px 2px 3px red) hue-rotate(0.5turn) opacity(50%)"/>"#))
        #expect(image.warnings.isEmpty)
        let filters = try #require(layer?.filters)
        #expect(filters.map(\.primitives.count) == [1, 1, 1, 1])
        #expect(filters.allSatisfy { $0.primitives[0].colorSpace == .sRGB })
        #expect(filters[0].primitives[0].effect == .gaussianBlur(.sourceGraphic, stdDeviationX: 2, stdDeviationY: 2, edgeMode: .none))
        #expect(filters[0].region == CGRect(x: -0.5, y: -0.5, width: 2, height: 2))
        #expect(filters[1].primitives[0].effect == .dropShadow(.sourceGraphic, dx: 1, dy: 2, stdDeviationX: 3, stdDeviationY: 3, color: .red))
        #expect(filters[2].primitives[0].effect == .colorMatrix(.sourceGraphic, .hueRotate(degrees: 180)))
        #expect(filters[3].region == CGRect(x: -0.1, y: -0.1, width: 1.2, height: 1.2))
    }

    /// A reference to nothing, to a non-filter or to an empty filter hides the element
    /// (SVG: an element with an invalid filter is not rendered), with a warning.
    @Test(arguments: [#"url(#missing)"#, #"url(#r)"#, #"url(#empty)"#, #"url(#flat)"#])
    func invalidReferenceHidesTheElement(_ value: String) throws {
        let (layer, image) = try Self.filtered(Self.doc(
            #"<rect id="r"/><filter id="empty"/><filter id="flat" height="0"><feFlood/></filter>"#,
            #"<rect width="10" height="10" filter="\#(value)"/>"#))
        #expect(layer?.isHidden == true)
        #expect(image.warnings.contains { $0.message.contains("not rendered") })
        let px = try LayerRenderer.render(image.layer, size: image.size)
        #expect(px.data.allSatisfy { $0 == 0 })
    }

    /// One valid filter in the list is enough to draw (resvg's rule).
    @Test func oneValidReferenceIsEnough() throws {
        let (layer, _) = try Self.filtered(Self.doc(#"<filter id="f"><feOffset/></filter>"#,
                                                    #"<rect width="10" height="10" filter="url(#missing) url(#f)"/>"#))
        #expect(layer?.isHidden == false)
        #expect(layer?.filters.count == 1)
    }

    /// A value that does not parse is ignored: the element draws unfiltered.
    @Test(arguments: ["blur(", "url(#f", "blur(-2px)", "brightness(abc)", "frobnicate(2)", "blur(2px) 7", "drop-shadow(1px)"])
    func unparsableValueIsIgnored(_ value: String) throws {
        let (layer, image) = try Self.filtered(Self.doc(#"<filter id="f"><feOffset/></filter>"#,
                                                        #"<rect width="10" height="10" filter="\#(value)"/>"#))
        #expect(layer == nil)
        #expect(!image.warnings.isEmpty)
    }

    /// Unsupported and unknown primitives warn and give transparent black.
    @Test func unsupportedPrimitives() throws {
        let (layer, image) = try Self.filtered(Self.doc(
            #"<filter id="f"><feFrobnicate in="SourceAlpha"/><feCustomNoise/></filter>"#,
            #"<rect width="10" height="10" filter="url(#f)"/>"#))
        #expect(image.warnings.filter { $0.message.contains("not supported") }.count == 2)
        #expect(layer?.filters.first?.primitives.map(\.effect) == [.flood(color: .clear), .flood(color: .clear)])
    }

    /// More primitives than `Filter.maxPrimitives` are cut there, with a warning.
    @Test func primitiveCountIsBounded() throws {
        let many = String(repeating: "<feOffset/>", count: Filter.maxPrimitives + 10)
        let (layer, image) = try Self.filtered(Self.doc(#"<filter id="f">\#(many)</filter>"#, #"<rect width="10" height="10" filter="url(#f)"/>"#))
        #expect(layer?.filters.first?.primitives.count == Filter.maxPrimitives)
        #expect(image.warnings.contains { $0.message.contains("more than \(Filter.maxPrimitives)") })
    }

    /// A hostile document: 300 elements share one filter of 256 primitives over a huge
    /// region. Import stays within its visit budget and rendering within the filter pixel
    /// budget; the elements past it are skipped (counted), and nothing traps.
    @Test func manyHeavyFiltersStayBounded() throws {
        let primitives = String(repeating: #"<feOffset dx="1e30"/><feGaussianBlur stdDeviation="1e30 -4"/>"#, count: 128)
        let rects = String(repeating: #"<rect width="4" height="4" filter="url(#f)"/>"#, count: 300)
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><filter id="f" filterUnits="userSpaceOnUse" x="-1e5" y="-1e5" width="2e5" height="2e5">"#
            + primitives + "</filter>" + rects + "</svg>"
        let image = try SVGImporter.importSVG(svg)
        // The real budget (64 Mi pixels here) takes half a minute in a debug build; the rule
        // is the same with a smaller one.
        let budget = 4_000_000
        let (_, stats) = try LayerRenderer.render(image.layer, size: image.size, scale: 1, byteLimit: nil, filterPixelLimit: budget)
        #expect(stats.filterPixels <= budget)
        // The region is cut to 320 × 320 px (the canvas grown by twice its size each side).
        // An offset counts 320² pixels, a blur (σ clamped to 1024 px) 2 × 320² + 320 × 6144:
        // the first element runs offset, blur, offset (2.37 M) and stops at its second blur;
        // the next 15 run one offset each before stopping; the rest stop at once.
        #expect(stats.filterPrimitives == 3 + 15, "\(stats)")
        #expect(stats.layersSkippedForBudget == 300)
    }

    /// The object bounding box a filter measures is the geometry: a pattern-filled or
    /// stroked shape measures its path, not the painted area or the stroke.
    @Test func objectBoundingBoxIsTheGeometry() throws {
        let (layer, _) = try Self.filtered(Self.doc(
            #"<pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2"/></pattern><filter id="f"><feOffset/></filter>"#,
            #"<g filter="url(#f)"><rect x="10" y="5" width="30" height="20" fill="url(#p)" stroke="red" stroke-width="6"/></g>"#))
        let box = try #require(layer?.filterObjectBoundingBox)
        #expect(abs(box.minX - 10) < 1e-9 && abs(box.minY - 5) < 1e-9 && abs(box.width - 30) < 1e-9 && abs(box.height - 20) < 1e-9, "\(box)")
    }

    /// Percentages of a `userSpaceOnUse` region are of the viewport; the subregion of a
    /// primitive is kept; `primitiveUnits="objectBoundingBox"` keeps fractions.
    @Test func unitsAndSubregions() throws {
        let (layer, _) = try Self.filtered(Self.doc(
            #"<filter id="f" filterUnits="userSpaceOnUse" x="10%" y="10%" width="50%" height="50%" primitiveUnits="objectBoundingBox"><feFlood x="25%" width="0.5"/></filter>"#,
            #"<rect width="10" height="10" filter="url(#f)"/>"#))
        let f = try #require(layer?.filters.first)
        #expect(f.region == CGRect(x: 10, y: 5, width: 50, height: 25))
        #expect(f.primitiveUnits == .objectBoundingBox)
        #expect(f.primitives[0].x == 0.25 && f.primitives[0].width == 0.5 && f.primitives[0].y == nil)
    }

    /// Lengths in CSS filter functions take `em` and `ex` of the element's font size.
    @Test func filterFunctionFontRelativeLengths() throws {
        let (layer, image) = try Self.filtered(Self.doc("",
            #"<rect width="10" height="10" font-size="64" filter="drop-shadow(blue 0.2em 0.25em 0.125em) blur(0.5ex)"/>"#))
        #expect(image.warnings.isEmpty)
        let filters = try #require(layer?.filters)
        #expect(filters.map { $0.primitives[0].effect } == [
            .dropShadow(.sourceGraphic, dx: 12.8, dy: 16, stdDeviationX: 8, stdDeviationY: 8, color: .blue),
            .gaussianBlur(.sourceGraphic, stdDeviationX: 16, stdDeviationY: 16, edgeMode: .none),
        ])
    }
}
