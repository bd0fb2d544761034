import Foundation
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// `feImage`:
    /// - `href="#id"`: the element, built as a layer in the filtered element's user space (its
    ///   own transform and style, inherited from its ancestors, apply), moved by the
    ///   primitive's `x` and `y` when given. While it is built, the `<filter>` holding the
    ///   `feImage` is marked as being expanded: an element reached again through it (the
    ///   filtered element itself, or another that uses the same filter) is drawn without
    ///   that filter, as resvg does; other reference cycles are cut with a warning.
    /// - `href="data:image/png;base64,…"` (or JPEG): the decoded picture, placed in the
    ///   primitive subregion by `preserveAspectRatio` (see `image(_:style:depth:)` for what is
    ///   decoded). Files and URLs are never read.
    /// Anything else (no `href`, an unknown id, an undecodable picture) gives transparent
    /// black, with a warning.
    func imageEffect(_ fe: SVGNode, filter: SVGNode, depth: Int) throws(SVGError) -> FilterEffect {
        let blank = FilterEffect.flood(color: .clear)
        guard let href = (fe.attributes["href"] ?? fe.attributes["xlink:href"])?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            warn(fe.line, "<feImage> has no href; it gives transparent black")
            return blank
        }
        if href.hasPrefix("#") {
            guard let target = referenced(href), target !== root else {
                warn(fe.line, "<feImage> href '\(href.prefix(40))' names no element; it gives transparent black")
                return blank
            }
            let parentStyle = try parents[ObjectIdentifier(target)].map { p throws(SVGError) in try inheritedStyle(of: p) } ?? SVGStyle()
            let built = try expanding(filter, from: fe) { () throws(SVGError) -> Layer? in
                try expanding(target, from: fe) { () throws(SVGError) -> Layer? in
                    try element(target, parentStyle: parentStyle, depth: depth + 1)
                }
            }
            guard let built else { return blank }
            return .image(.layer(FilterLayerReference(built)))
        }
        guard let picture = decodedImage(fe) else { return blank }
        return .image(.picture(picture, fit: SVGBuilder.imageFit(fe.attributes["preserveAspectRatio"])))
    }

    /// `preserveAspectRatio` as a ``FilterImageFit`` (default `xMidYMid meet`; unknown words
    /// count as the default's).
    static func imageFit(_ value: String?) -> FilterImageFit {
        let parts = (value ?? "").split(separator: " ").map(String.init).filter { $0 != "defer" }
        let align = parts.first ?? "xMidYMid"
        if align == "none" { return .fill }
        let x: CGFloat = align.hasPrefix("xMin") ? 0 : align.hasPrefix("xMax") ? 1 : 0.5
        let y: CGFloat = align.hasSuffix("YMin") ? 0 : align.hasSuffix("YMax") ? 1 : 0.5
        return parts.count > 1 && parts[1] == "slice" ? .slice(alignX: x, alignY: y) : .meet(alignX: x, alignY: y)
    }
}
