import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
import CutoutLayers

extension SVGWriter {
    /// The layer an `feImage` draws, written in ``defs`` as a `<g>` in the filtered layer's
    /// coordinates (`ctm` maps them to the canvas); its id. A layer reached again inside its
    /// own `<g>` (a cycle through filters) is written empty, as the renderer cuts it.
    mutating func emitFilterImageLayer(_ layer: Layer, ctm: Transform, depth: Int) -> String {
        let id = newID("feimage")
        let saved = body
        body = ""
        let key = ObjectIdentifier(layer)
        if filterImageLayers.insert(key).inserted {
            emit(layer, parentCTM: ctm, depth: depth + 1)
            filterImageLayers.remove(key)
        }
        let content = body
        body = saved
        defs += "<g" + Self.attributes([("id", id)]) + ">\n" + content + "</g>\n"
        return id
    }

    /// The attributes of `feImage`: `href` to the layer's `<g>` (`layerID`), or the picture as a
    /// PNG `data:` URI with its `preserveAspectRatio`. A picture the PNG encoder refuses is
    /// written without `href` (it draws nothing, as the layer tree would not either).
    static func image(_ source: FilterImageSource, layerID: String?) -> [(String, String)] {
        switch source {
        case .layer:
            return layerID.map { [("href", "#" + $0)] } ?? []
        case .picture(let pixels, let fit, let interpolation):
            var attrs = [("preserveAspectRatio", aspectRatio(fit))]
            if interpolation == .nearest { attrs.append(("image-rendering", "optimizeSpeed")) }
            if let png = try? pixels.pngData() { attrs.append(("href", "data:image/png;base64," + png.base64EncodedString())) }
            return attrs
        }
    }

    /// `preserveAspectRatio` for a fit; alignments are written as the nearest of min, mid, max.
    static func aspectRatio(_ fit: FilterImageFit) -> String {
        func name(_ v: CGFloat, _ axis: String) -> String {
            let t = v.isFinite ? v : 0.5
            return axis + (t < 0.25 ? "Min" : t > 0.75 ? "Max" : "Mid")
        }
        switch fit {
        case .fill: return "none"
        case .meet(let x, let y): return name(x, "x") + name(y, "Y") + " meet"
        case .slice(let x, let y): return name(x, "x") + name(y, "Y") + " slice"
        }
    }
}
