import CutoutSVG
import Foundation

/// The gallery's `index.html`: every section with its scenes and links to each file.
package enum GalleryIndex {
    package static func html(sections: [GallerySection]) -> String {
        var out = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Cutout gallery</title>
        <style>
        body { font: 15px/1.4 -apple-system, system-ui, sans-serif; margin: 2rem; background: #f4f4f6; color: #222; }
        h1 { margin-top: 0 } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ccc; }
        .grid { display: flex; flex-wrap: wrap; gap: 1.25rem; }
        figure { margin: 0; background: #fff; padding: .75rem; border-radius: 10px; box-shadow: 0 1px 3px #0002; max-width: 420px; }
        figure img { max-width: 100%; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        figcaption { font-size: 13px; color: #555; } figcaption b { color: #222; display: block; }
        .failure { color: #b00020; }
        </style></head><body>
        <h1>Cutout gallery</h1>
        <p>Every scene is rendered by Cutout's own rasteriser (PNG) and exported as SVG. Regenerate with <code>swift run cutout gallery</code>.</p>

        """
        for section in sections {
            out += "<h2>\(section.title.xmlEscaped)</h2>\n<p>\(section.summary.xmlEscaped)</p>\n<div class=\"grid\">\n"
            for item in section.items {
                let shown = item.files.first { $0.name.hasSuffix(".png") } ?? item.files.first { $0.name.hasSuffix(".svg") }
                out += "<figure id=\"\(item.id.xmlEscaped)\">"
                if let shown { out += "<img src=\"\(shown.name.xmlEscaped)\" alt=\"\(item.title.xmlEscaped)\">" }
                if let failure = item.failure { out += "<p class=\"failure\">Not rendered: \(failure.xmlEscaped)</p>" }
                let links = item.files.map { "<a href=\"\($0.name.xmlEscaped)\">\(fileKind($0.name).xmlEscaped)</a>" }.joined(separator: " · ")
                out += "<figcaption><b>\(item.title.xmlEscaped)</b>\(item.caption.xmlEscaped) <br>\(links)</figcaption></figure>\n"
            }
            out += "</div>\n"
        }
        out += "</body></html>\n"
        return out
    }

    private static func fileKind(_ name: String) -> String {
        if name.hasSuffix(".apng.png") { return "APNG" }
        return (name as NSString).pathExtension.uppercased()
    }
}
