import CutoutTestSupport
import CutoutGeometry
import CutoutRaster
import Foundation
import Testing
@testable import CutoutLayers
@testable import CutoutSVG

/// Seeded fuzzing of the SVG importer with mutated fixtures: byte flips, truncations, extreme
/// attribute values, random nesting. Every case ends quickly in an ``SVGImage`` or an
/// ``SVGError`` that names a line inside the document; imported trees render at a small size.
@Suite struct SVGImporterRobustnessTests {
    typealias SplitMix64 = FuzzRandom

    static let fixtureNames = ["blur", "clip-path", "colors", "css-style", "curves", "fill-rule", "gradient-href",
                               "gradient-spread", "gradient-stroke", "linear-gradient", "mask", "nested-svg",
                               "opacity-group", "radial-gradient", "rect-rounded", "shapes", "stroke-caps-joins",
                               "stroke-dashes", "transforms", "use-symbol", "viewbox-meet", "viewbox-none", "viewbox-slice"]

    static func fixtures() throws -> [[UInt8]] {
        try fixtureNames.map { name in
            let url = try #require(Bundle.module.url(forResource: name, withExtension: "svg", subdirectory: "Fixtures/svg"))
            return [UInt8](try Data(contentsOf: url))
        }
    }

    static let extremeValues = ["1e308", "-1e308", "1e999", "-1e-320", "NaN", "nan", "inf", "-Infinity", "", " ", "0", "-0",
                                "1e-300", "99999999999999999999999999999999999999999999999999999999999999999999", "%", "-1",
                                "1e6 1e6 1e6 1e6", "0 0 0 0", "url(#missing)", "url(#", "rgb(1e308, -5, nan)", "#", "none",
                                "matrix(1e308 0 0 1e308 0 0)", "rotate(1e308)", "scale(0)", "skewX(90)", "translate(nan)",
                                "matrix(0 0 0 0 0 0)", "M0 0 L1e308 1e308 Z", "M nan", "\u{0}", "&amp;", "1e6%"]

    static func lineCount(_ bytes: [UInt8]) -> Int { bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } }

    /// Imports; on success renders the tree at 24×24 pt. Returns whether it imported.
    ///
    /// The work is bounded by counts, not time: the importer's visits stay within
    /// ``SVGImporter/Limits/maxVisits`` (the limit that bounds reuse through references), and
    /// the render within the ``RenderingBudget`` of a 24×24 canvas.
    @discardableResult
    static func check(_ bytes: [UInt8], _ what: String) -> Bool {
        var imported = false
        let work = WorkMeter.measure { imported = importAndRender(bytes, what) }
        #expect(work[.svgVisits] <= SVGImporter.Limits.default.maxVisits, "\(what): \(work[.svgVisits]) visits")
        let overruns = RenderingBudget(canvasWidth: 24, canvasHeight: 24).overruns(work)
        #expect(overruns.isEmpty, "\(what): \(overruns)")
        return imported
    }

    static func importAndRender(_ bytes: [UInt8], _ what: String) -> Bool {
        do {
            let image = try SVGImporter.importSVG(Data(bytes))
            #expect(image.size.width.isFinite && image.size.height.isFinite && image.size.width >= 0 && image.size.height >= 0,
                    "\(what): size \(image.size)")
            for w in image.warnings { #expect(w.line >= 0 && w.line <= lineCount(bytes), "\(what): \(w)") }
            let root = Layer(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
            if image.size.width > 0, image.size.height > 0 {
                root.sublayerTransform = Transform(scaleX: 24 / image.size.width, y: 24 / image.size.height)
            }
            root.addSublayer(image.layer)
            let pixels = try LayerRenderer.render(root, size: CGSize(width: 24, height: 24))
            #expect(pixels.width == 24 && pixels.height == 24, "\(what)")
            if let bad = pixels.premultipliedViolation { Issue.record("\(what): channel above alpha at \(bad)") }
            _ = SVGExporter.svg(for: root, size: CGSize(width: 24, height: 24))
            return true
        } catch let error as SVGError {
            switch error {
            case .malformedXML(let line, let reason):
                #expect(line >= 1 && line <= lineCount(bytes), "\(what): \(error)")
                #expect(!reason.isEmpty)
            case .attributeTooLarge(let line, _, _), .nestingTooDeep(let line, _), .entityDeclarationRefused(let line),
                 .tooManyAttributes(let line, _), .entityExpansionTooLarge(let line, _), .entityNestingTooDeep(let line, _),
                 .tooManyElements(let line, _), .tooManyVisits(let line, _), .tooManyAttributeBytes(let line, _):
                #expect(line >= 1 && line <= lineCount(bytes), "\(what): \(error)")
            case .notSVG, .inputTooLarge, .unsupportedEncoding, .unreadableCompressedInput:
                break
            }
            #expect(!error.description.isEmpty)
            return false
        } catch {
            Issue.record("\(what): unexpected error \(error)")
            return false
        }
    }

    @Test func fixturesThemselvesImport() throws {
        for (name, bytes) in zip(Self.fixtureNames, try Self.fixtures()) {
            #expect(Self.check(bytes, name), "\(name) imports")
        }
    }

    @Test func byteFlipsAndTruncations() throws {
        let fixtures = try Self.fixtures()
        var rng = SplitMix64(state: 11)
        var imported = 0, refused = 0
        let interesting: [UInt8] = [0x3C, 0x3E, 0x22, 0x27, 0x26, 0x2F, 0x3D, 0x00, 0xFF, 0xC3, 0x0A, 0x20, 0x5D, 0x21, 0x3F]
        for i in 0..<300 {
            let index = rng.below(fixtures.count)
            var bytes = fixtures[index]
            switch rng.below(4) {
            case 0:
                bytes = Array(bytes.prefix(rng.below(bytes.count + 1)))
            case 1:
                for _ in 0..<(1 + rng.below(4)) { bytes[rng.below(bytes.count)] = rng.pick(interesting) }
            case 2:
                for _ in 0..<(1 + rng.below(4)) { bytes[rng.below(bytes.count)] ^= UInt8(1 << rng.below(8)) }
            default:
                let from = rng.below(bytes.count), to = rng.below(bytes.count)
                bytes.insert(contentsOf: bytes[min(from, to)..<max(from, to)].prefix(2_000), at: rng.below(bytes.count))
            }
            if Self.check(bytes, "case \(i) (\(Self.fixtureNames[index]))") { imported += 1 } else { refused += 1 }
        }
        #expect(imported > 30 && refused > 30, "both outcomes are exercised: \(imported) imported, \(refused) refused")
    }

    /// Every attribute value of a fixture replaced, one at a time, by an extreme value.
    @Test func extremeAttributeValues() throws {
        let fixtures = try Self.fixtures()
        var rng = SplitMix64(state: 12)
        let valuePattern = try Regex(#"="[^"]*""#)
        var imported = 0
        for i in 0..<400 {
            let index = rng.below(fixtures.count)
            let text = String(decoding: fixtures[index], as: UTF8.self)
            let matches = text.matches(of: valuePattern)
            guard !matches.isEmpty else { continue }
            var mutated = text
            for _ in 0..<(1 + rng.below(3)) {
                let ranges = mutated.matches(of: valuePattern).map(\.range)
                let range = ranges[rng.below(ranges.count)]
                mutated.replaceSubrange(range, with: "=\"\(rng.pick(Self.extremeValues))\"")
            }
            if Self.check(Array(mutated.utf8), "case \(i) (\(Self.fixtureNames[index]))") { imported += 1 }
        }
        #expect(imported > 200, "extreme values are warnings, not errors: \(imported) of 400 imported")
    }

    /// Random documents from a small grammar: nested groups and shapes with random attributes,
    /// references and transforms.
    @Test func randomDocuments() {
        var rng = SplitMix64(state: 13)
        let elements = ["g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "use", "svg", "symbol",
                        "defs", "clipPath", "mask", "linearGradient", "radialGradient", "stop", "filter", "feGaussianBlur",
                        "feDropShadow", "style", "text", "a", "switch", "pattern", "image"]
        let attributes = ["x", "y", "width", "height", "r", "rx", "ry", "cx", "cy", "x1", "y1", "x2", "y2", "points", "d",
                          "transform", "fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-dashoffset",
                          "stroke-miterlimit", "opacity", "fill-opacity", "clip-path", "mask", "filter", "href",
                          "xlink:href", "viewBox", "preserveAspectRatio", "offset", "stop-color", "stdDeviation",
                          "gradientTransform", "gradientUnits", "spreadMethod", "style", "dx", "dy", "fx", "fy"]
        let values = Self.extremeValues + ["url(#a)", "url(#b)", "#a", "#b", "10", "50%", "1 2", "0 0 10 10", "red",
                                           "xMidYMid slice", "userSpaceOnUse", "objectBoundingBox", "reflect",
                                           "fill: red; stroke-width: 1e308", "M0 0 L10 10 A5 5 0 1 1 1e300 0"]
        var imported = 0
        for i in 0..<250 {
            var doc = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(rng.pick(values))\" height=\"\(rng.pick(values))\" viewBox=\"\(rng.pick(values))\">\n"
            var open: [String] = []
            for _ in 0..<(1 + rng.below(30)) {
                if !open.isEmpty, rng.below(4) == 0 {
                    doc += "</\(open.removeLast())>\n"
                    continue
                }
                let name = rng.pick(elements)
                var attrs = rng.below(3) == 0 ? " id=\"\(rng.pick(["a", "b"]))\"" : ""
                var used: Set<String> = ["id"]
                for _ in 0..<rng.below(6) {
                    let a = rng.pick(attributes)
                    if used.insert(a).inserted { attrs += " \(a)=\"\(rng.pick(values).replacingOccurrences(of: "\u{0}", with: ""))\"" }
                }
                if rng.below(2) == 0 { doc += "<\(name)\(attrs)/>\n" } else { doc += "<\(name)\(attrs)>\n"; open.append(name) }
            }
            while let name = open.popLast() { doc += "</\(name)>\n" }
            doc += "</svg>\n"
            if Self.check(Array(doc.utf8), "case \(i):\n\(doc)") { imported += 1 }
        }
        #expect(imported > 100, "\(imported) of 250 imported")
    }

    /// Transforms that multiply to infinity (about 2e6 per level, overflowing near level 49) under a clip path, mask and filter that
    /// measure the content's bounding box.
    @Test func overflowingTransformProductsUnderBoundingBoxUnits() {
        for depth in 44...56 {
        for wrapper in ["clip-path='url(#c)'", "mask='url(#m)'", "filter='url(#f)'"] {
            let doc = """
                <svg xmlns='http://www.w3.org/2000/svg' width='20' height='20'>
                <defs>
                  <clipPath id='c' clipPathUnits='objectBoundingBox'><rect width='0.5' height='0.5'/></clipPath>
                  <mask id='m'><rect width='1' height='1' fill='white'/></mask>
                  <filter id='f'><feGaussianBlur stdDeviation='1'/></filter>
                </defs>
                <g \(wrapper)><svg width='20' height='20'>
                """ + String(repeating: "<g transform='matrix(1e6 1e6 -1e6 1e6 1e6 -1e6)'>", count: depth)
                + "<rect width='10' height='10'/>" + String(repeating: "</g>", count: depth) + "<rect width='5' height='5'/></svg></g></svg>"
            Self.check(Array(doc.utf8), "\(wrapper) at depth \(depth)")
        }
        }
    }

    @Test func deepNestingOfEveryContainerIsBounded() {
        for name in ["g", "svg", "a", "switch", "clipPath", "mask", "symbol", "defs"] {
            let depth = 300
            let doc = "<svg>" + String(repeating: "<\(name)>", count: depth) + "<rect width='1' height='1'/>"
                + String(repeating: "</\(name)>", count: depth) + "</svg>"
            #expect(!Self.check(Array(doc.utf8), "\(name) nested \(depth) deep"))
        }
        // Nesting through references: each <use> one level deeper than the last.
        var doc = "<svg xmlns:xlink='http://www.w3.org/1999/xlink'><defs><rect id='u0' width='1' height='1'/>"
        for k in 1...400 { doc += "<g id='u\(k)'><use xlink:href='#u\(k - 1)'/></g>" }
        doc += "</defs><use xlink:href='#u400'/></svg>"
        Self.check(Array(doc.utf8), "use chain 400 deep")
    }
}
