import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
import CutoutLayers

extension SVGWriter {
    /// Writes each of `filters` as a `<filter>` in ``defs`` (region, units, colour spaces,
    /// primitives with their `in`, `in2` and `result`, as ``SVGImporter`` reads them back);
    /// the value of the `filter` property that applies them in order, or nil for none.
    /// `ctm` maps the filtered layer's coordinates to the canvas (for the layers `feImage` draws).
    mutating func emitFilters(_ filters: [Filter], ctm: Transform = .identity, depth: Int = 0) -> String? {
        guard !filters.isEmpty else { return nil }
        var refs: [String] = []
        for filter in filters {
            // The layers of feImage primitives go to defs before the <filter> opens.
            var layerIDs: [Int: String] = [:]
            for (k, p) in filter.primitives.prefix(Filter.maxPrimitives).enumerated() {
                if case .image(.layer(let ref)) = p.effect { layerIDs[k] = emitFilterImageLayer(ref.layer, ctm: ctm, depth: depth) }
            }
            let id = newID("filter")
            var attrs = [("id", id), ("filterUnits", filter.regionUnits.rawValue), ("primitiveUnits", filter.primitiveUnits.rawValue)]
            attrs += Self.region(filter.region)
            defs += "<filter" + Self.attributes(attrs) + ">\n"
            for (k, p) in filter.primitives.prefix(Filter.maxPrimitives).enumerated() { defs += Self.primitive(p, layerID: layerIDs[k]) + "\n" }
            defs += "</filter>\n"
            refs.append("url(#\(id))")
        }
        return refs.joined(separator: " ")
    }

    static func input(_ name: String, _ input: FilterInput) -> [(String, String)] {
        switch input {
        case .previous: return []
        case .sourceGraphic: return [(name, "SourceGraphic")]
        case .sourceAlpha: return [(name, "SourceAlpha")]
        case .named(let n): return [(name, n)]
        }
    }

    static func flood(_ c: Color) -> [(String, String)] {
        let p = paint(c)
        return [("flood-color", p.rgb), ("flood-opacity", p.opacity)]
    }

    /// One primitive element; `layerID` names the `<g>` an `feImage` of a layer draws.
    static func primitive(_ p: FilterPrimitive, layerID: String? = nil) -> String {
        var attrs: [(String, String)] = []
        var children = ""
        let tag: String
        switch p.effect {
        case .flood(let color):
            tag = "feFlood"
            attrs += flood(color)
        case .offset(let i, let dx, let dy):
            tag = "feOffset"
            attrs += input("in", i) + [("dx", number(dx)), ("dy", number(dy))]
        case .gaussianBlur(let i, let sx, let sy, let edge):
            tag = "feGaussianBlur"
            attrs += input("in", i) + [("stdDeviation", "\(number(sx)) \(number(sy))")]
            if edge != .none { attrs.append(("edgeMode", edge.rawValue)) }
        case .colorMatrix(let i, let m):
            tag = "feColorMatrix"
            attrs += input("in", i)
            switch m {
            case .matrix(let values):
                attrs += [("type", "matrix")]
                if values.count == 20 { attrs.append(("values", values.map(number).joined(separator: " "))) }
            case .saturate(let s): attrs += [("type", "saturate"), ("values", number(s))]
            case .hueRotate(let d): attrs += [("type", "hueRotate"), ("values", number(d))]
            case .luminanceToAlpha: attrs += [("type", "luminanceToAlpha")]
            }
        case .blend(let a, let b, let mode):
            tag = "feBlend"
            let name = SVGBuilder.blendModes.first { $0.value == mode }?.key ?? "normal"
            attrs += input("in", a) + input("in2", b) + [("mode", name)]
        case .composite(let a, let b, let op):
            tag = "feComposite"
            attrs += input("in", a) + input("in2", b)
            switch op {
            case .over: attrs.append(("operator", "over"))
            case .in: attrs.append(("operator", "in"))
            case .out: attrs.append(("operator", "out"))
            case .atop: attrs.append(("operator", "atop"))
            case .xor: attrs.append(("operator", "xor"))
            case .arithmetic(let k1, let k2, let k3, let k4):
                attrs += [("operator", "arithmetic"), ("k1", number(k1)), ("k2", number(k2)), ("k3", number(k3)), ("k4", number(k4))]
            }
        case .merge(let inputs):
            tag = "feMerge"
            children = inputs.map { "<feMergeNode" + attributes(input("in", $0)) + "/>" }.joined()
        case .dropShadow(let i, let dx, let dy, let sx, let sy, let color):
            tag = "feDropShadow"
            attrs += input("in", i) + [("dx", number(dx)), ("dy", number(dy)), ("stdDeviation", "\(number(sx)) \(number(sy))")] + flood(color)
        case .componentTransfer(let i, let t):
            tag = "feComponentTransfer"
            attrs += input("in", i)
            children = componentTransfer(t)
        case .morphology(let i, let op, let rx, let ry):
            tag = "feMorphology"
            attrs += input("in", i) + morphology(op, rx, ry)
        case .convolveMatrix(let i, let m):
            tag = "feConvolveMatrix"
            attrs += input("in", i) + convolveMatrix(m)
        case .tile(let i):
            tag = "feTile"
            attrs += input("in", i)
        case .displacementMap(let a, let b, let scale, let xc, let yc):
            tag = "feDisplacementMap"
            attrs += input("in", a) + input("in2", b) + displacementMap(scale: scale, xc, yc)
        case .image(let source):
            tag = "feImage"
            attrs += image(source, layerID: layerID)
        case .turbulence(let fx, let fy, let octaves, let seed, let stitch, let type):
            tag = "feTurbulence"
            attrs += turbulence(baseFrequency: (fx, fy), octaves: octaves, seed: seed, stitchTiles: stitch, type: type)
        case .diffuseLighting(let i, let scale, let kd, let color, let light):
            (tag, children) = ("feDiffuseLighting", lightSource(light))
            attrs += input("in", i) + [("surfaceScale", number(scale)), ("diffuseConstant", number(kd))] + lightingColor(color)
        case .specularLighting(let i, let scale, let ks, let exponent, let color, let light):
            (tag, children) = ("feSpecularLighting", lightSource(light))
            attrs += input("in", i) + [("surfaceScale", number(scale)), ("specularConstant", number(ks)),
                                       ("specularExponent", number(exponent))] + lightingColor(color)
        }
        attrs.append(("color-interpolation-filters", p.colorSpace.rawValue))
        for (name, v) in [("x", p.x), ("y", p.y), ("width", p.width), ("height", p.height)] {
            if let v { attrs.append((name, number(v))) }
        }
        if let r = p.result { attrs.append(("result", r)) }
        return "<" + tag + attributes(attrs) + (children.isEmpty ? "/>" : ">" + children + "</" + tag + ">")
    }
}
