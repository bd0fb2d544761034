import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
@testable import CutoutLayers
@testable import CutoutSVG

/// What the importer builds for paint servers (the layer tree, where the images of
/// SVGPaintGoldenTests cannot tell), and how it treats hostile ones.
@Suite struct SVGPaintImportTests {
    static func layers<T: Layer>(_ type: T.Type, in layer: Layer) -> [T] {
        var out: [T] = []
        var stack = [layer]
        while let l = stack.popLast() {
            if let t = l as? T { out.append(t) }
            stack.append(contentsOf: l.sublayers)
            if let p = l as? PatternLayer, let tile = p.tile { stack.append(tile) }
        }
        return out
    }

    /// A tile of 0.2 × 44 = 8.8 units repeats every 8.8 units, not every whole pixel (resvg
    /// 0.48 rounds the tile image to 9 px and repeats it every 9 px).
    @Test func objectBoundingBoxTileKeepsItsExactSize() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">
          <pattern id="p" width="0.2" height="0.25"><rect width="2" height="2"/></pattern>
          <rect x="3" y="3" width="44" height="40" fill="url(#p)"/>
        </svg>
        """
        let image = try SVGImporter.importSVG(svg)
        let pattern = try #require(Self.layers(PatternLayer.self, in: image.layer).first)
        #expect(abs(pattern.tileRect.width - 8.8) < 1e-9 && abs(pattern.tileRect.height - 10) < 1e-9)
        // The tile's origin lands on the bounding box's corner (3, 3) in user space.
        let origin = CGPoint(x: pattern.tileRect.minX, y: pattern.tileRect.minY).applying(pattern.transformToSuperlayerBounds)
        #expect(abs(origin.x - 3) < 1e-9 && abs(origin.y - 3) < 1e-9)
    }

    /// SVG says `gradientTransform` is inherited through `href` from either kind of gradient;
    /// resvg 0.48 does not inherit it (newer resvg does), so this is checked on the tree.
    @Test func gradientTransformIsInheritedThroughHref() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">
          <linearGradient id="l" gradientTransform="rotate(90 0.5 0.5)" x1="0.2">
            <stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>
          </linearGradient>
          <radialGradient id="r" href="#l" r="0.3"/>
          <rect width="40" height="40" fill="url(#r)"/>
        </svg>
        """
        let image = try SVGImporter.importSVG(svg)
        let g = try #require(Self.layers(GradientLayer.self, in: image.layer).first)
        #expect(g.type == .radial)
        // rotate(90) about the centre turns the layer's x axis into user space's y axis.
        let t = g.transform
        #expect(abs(t.a) < 1e-9 && abs(t.d) < 1e-9 && t.b > 0 && t.c < 0)
    }

    @Test func focalPointAndRadiusReachTheLayer() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">
          <radialGradient id="r" gradientUnits="userSpaceOnUse" cx="20" cy="20" r="10" fx="26" fy="18" fr="4">
            <stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>
          </radialGradient>
          <rect width="40" height="40" fill="url(#r)"/>
        </svg>
        """
        let g = try #require(Self.layers(GradientLayer.self, in: SVGImporter.importSVG(svg).layer).first)
        let side = g.bounds.width
        let f = try #require(g.focalPoint)
        #expect(abs((f.x - g.startPoint.x) * side - 6) < 1e-9 && abs((f.y - g.startPoint.y) * side + 2) < 1e-9)
        #expect(abs(g.focalRadius - 0.4) < 1e-12)
        #expect(g.coreAnimationProperties().unsupported.contains(.gradientFocus))
    }

    @Test func patternCyclesAndChainsTerminate() throws {
        var chain = ""
        for i in 1..<400 { chain += "<pattern id=\"c\(i)\" href=\"#c\(i + 1)\"/>" }
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
          <pattern id="a" patternUnits="userSpaceOnUse" width="5" height="5"><rect width="3" height="3" fill="url(#b)"/></pattern>
          <pattern id="b" patternUnits="userSpaceOnUse" width="5" height="5"><rect width="3" height="3" fill="url(#a)"/></pattern>
          <pattern id="h1" href="#h2" width="5" height="5"/><pattern id="h2" href="#h1"/>
          \(chain)<pattern id="c400" patternUnits="userSpaceOnUse" width="4" height="4"><rect width="2" height="2"/></pattern>
          <rect width="10" height="10" fill="url(#a)"/>
          <rect x="10" width="10" height="10" fill="url(#h1) red"/>
          <rect y="10" width="10" height="10" fill="url(#c1) red"/>
        </svg>
        """
        let image = try SVGImporter.importSVG(svg)
        let messages = image.warnings.map(\.message)
        // `a` keeps `b`; `b`'s rectangle loses its fill, which leads back to `a` (as resvg).
        #expect(messages.contains { $0 == "fill 'url(#a)' leads back to the pattern that contains it; dropped" })
        #expect(messages.contains { $0.contains("pattern href cycle") })
        #expect(messages.contains { $0.contains("deeper than 256") })
        _ = try LayerRenderer.render(image.layer, size: image.size)
    }

    @Test func patternFanOutIsBounded() {
        // Each pattern's tile holds ten shapes painted with the previous pattern: 10^8 layers
        // if expanded naively.
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\"><pattern id=\"p0\" width=\"1\" height=\"1\"><rect width=\"1\" height=\"1\"/></pattern>"
        for level in 1...8 {
            svg += "<pattern id=\"p\(level)\" width=\"1\" height=\"1\">"
                + String(repeating: "<rect width=\"1\" height=\"1\" fill=\"url(#p\(level - 1))\"/>", count: 10) + "</pattern>"
        }
        svg += "<rect width=\"5\" height=\"5\" fill=\"url(#p8)\"/></svg>"
        #expect(throws: SVGError.tooManyElements(line: 1, limit: 250_000)) { try SVGImporter.importSVG(svg) }
    }

    /// A polyline of 30,000 vertices with a mid marker: markers stop at the document's
    /// budget with one warning, and the import stays within its other limits.
    @Test func markerCountIsBounded() throws {
        let points = (0..<30_000).map { "\($0 % 100),\($0 / 100)" }.joined(separator: " ")
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="300">
          <marker id="m" markerWidth="1" markerHeight="1"><rect width="1" height="1"/></marker>
          <polyline points="\(points)" fill="none" stroke="black" marker-mid="url(#m)"/>
        </svg>
        """
        var limits = SVGImporter.Limits()
        limits.maxMarkers = 500
        let image = try SVGImporter.importSVG(svg, limits: limits)
        #expect(image.warnings.map(\.message) == ["more than 500 markers in the document; the rest are not drawn"])
        let clips = Self.layers(Layer.self, in: image.layer).filter(\.masksToBounds)
        #expect(clips.count == 500 + 1)  // the markers' clips and the document's
    }

    @Test func markerReferencesThatAreNotMarkersWarn() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
          <rect id="r" width="2" height="2"/>
          <path d="M0 0 L10 10" stroke="black" marker-start="url(#r)" marker-end="url(#missing)" style="marker-mid: none"/>
        </svg>
        """
        let image = try SVGImporter.importSVG(svg)
        #expect(image.warnings.count == 2)
    }

    @Test func patternLayersAreListedAsUnsupportedByCoreAnimation() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
          <pattern id="p" patternUnits="userSpaceOnUse" width="4" height="4"><rect width="2" height="2"/></pattern>
          <rect width="10" height="10" fill="url(#p)"/>
        </svg>
        """
        let pattern = try #require(Self.layers(PatternLayer.self, in: SVGImporter.importSVG(svg).layer).first)
        #expect(pattern.coreAnimationProperties().unsupported == [.pattern])
    }

    /// `paint-order="stroke markers fill"` (SVG 2): the stroke, then the markers, then the fill,
    /// as three layers.
    @Test func markersBetweenStrokeAndFill() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
          <marker id="m" markerWidth="4" markerHeight="4"><rect width="4" height="4" fill="orange"/></marker>
          <path d="M5 5 L30 5 L30 30 Z" fill="green" stroke="blue" marker-start="url(#m)" paint-order="stroke markers fill"/>
        </svg>
        """
        let content = try SVGImporter.importSVG(svg).layer.sublayers[0]
        let group = try #require(content.sublayers.first)
        #expect(group.sublayers.count == 3)
        let stroke = try #require(group.sublayers[0] as? ShapeLayer), fill = try #require(group.sublayers[2] as? ShapeLayer)
        #expect(stroke.fillColor == nil && stroke.strokeColor != nil)
        #expect(fill.fillColor != nil && fill.strokeColor == nil)
        #expect(!(group.sublayers[1] is ShapeLayer))
    }

    /// `currentColor` in a stop is the colour inherited through the stop's ancestors, and
    /// `inherit` takes the gradient's own `stop-color`.
    @Test func stopColoursInheritThroughAncestors() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
          <g color="#00ff00"><defs><linearGradient id="a" stop-color="#0000ff">
            <stop offset="0" stop-color="currentColor"/><stop offset="1" stop-color="inherit"/>
          </linearGradient></defs></g>
          <rect width="40" height="40" fill="url(#a)"/>
        </svg>
        """
        let g = try #require(Self.layers(GradientLayer.self, in: SVGImporter.importSVG(svg).layer).first)
        #expect(g.colors.first == Color(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(g.colors.last == Color(red: 0, green: 0, blue: 1, alpha: 1))
    }

    /// A `<use>` is the context element of what it shows: `context-fill`/`context-stroke`
    /// there are the use's fill and stroke.
    @Test func useIsTheContextElement() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
          <defs><rect id="r" width="10" height="10" fill="context-stroke" stroke="context-fill"/></defs>
          <use href="#r" fill="#0000ff" stroke="#00ff00"/>
        </svg>
        """
        let shape = try #require(Self.layers(ShapeLayer.self, in: SVGImporter.importSVG(svg).layer).first)
        #expect(shape.fillColor == Color(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(shape.strokeColor == Color(red: 0, green: 0, blue: 1, alpha: 1))
    }
}
