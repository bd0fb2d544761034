import Foundation
import CutoutGeometry
import CutoutLayers

extension SVGWriter {
    /// A text layer as the outlines of its glyphs, clipped to the bounds, with the string in
    /// `aria-label`. Outlines rather than `<text>`: the document then draws the same glyphs on
    /// every machine (a viewer without the font would substitute another), and it reads back
    /// through ``SVGImporter`` as the same geometry, so export → import → render round-trips.
    mutating func emitText(_ text: TextLayer) {
        guard let color = text.foregroundColor, color.alpha > 0, text.bounds.width > 0, text.bounds.height > 0 else { return }
        let path = text.textPath
        guard !path.isEmpty else { return }
        let id = newID("clip")
        defs += "<clipPath id=\"\(id)\"><path" + Self.attributes([("d", Path(rect: text.bounds).svgPathData)]) + "/></clipPath>\n"
        var attrs: [(String, String)] = [("d", path.svgPathData)] + Self.fill(color) + [("clip-path", "url(#\(id))")]
        if let string = text.string { attrs.append(("aria-label", string)) }
        body += "<path" + Self.attributes(attrs) + "/>\n"
    }
}
