import Foundation
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// `feImage`:
    /// - `href="#id"`: the element, built as a layer in the filtered element's user space (its
    ///   own transform and style, inherited from its ancestors, apply), moved by the
    ///   primitive subregion's origin (the filter region's when it has none). While it is
    ///   built, the `<filter>` holding the `feImage` is marked as being expanded: another
    ///   element that uses the same filter is drawn without it, as resvg does; other reference
    ///   cycles are cut with a warning. (An `feImage` naming the filtered element itself or an
    ///   ancestor never gets here: ``filterDrawsItsOwnElement(_:_:)`` drops that filter.)
    /// - `href="data:image/png;base64,…"` (or JPEG): the decoded picture, placed in the
    ///   primitive subregion by `preserveAspectRatio` and sampled as `image-rendering` says
    ///   (see `image(_:style:depth:)` for what is decoded and which files may be read).
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
        switch decodedImage(fe) {
        case .pixels(let picture)?:
            // `image-rendering` is inherited from the filter's ancestors.
            let style = computedStyle(try declarations(fe), parent: try inheritedStyle(of: filter), element: fe)
            return .image(.picture(picture, fit: SVGBuilder.imageFit(fe.attributes["preserveAspectRatio"]),
                                   interpolation: style.pixelatedImages ? .nearest : .bilinear))
        case .document?:
            warn(fe.line, "<feImage> with an embedded SVG document is not supported; it gives transparent black")
            return blank
        case nil:
            return blank
        }
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

extension SVGBuilder {
    /// Whether an `feImage` of `filter` (or of the `<filter>` it takes its primitives from
    /// through `href`) names `e` or one of its ancestors: the filter would draw the element it
    /// applies to. resvg then draws the element without that filter, and so do we.
    func filterDrawsItsOwnElement(_ filter: SVGNode, _ e: SVGNode) -> Bool {
        var ancestors: Set<ObjectIdentifier> = [ObjectIdentifier(e)]
        var node = e
        while let parent = parents[ObjectIdentifier(node)], ancestors.count <= limits.maxDepth {
            ancestors.insert(ObjectIdentifier(parent))
            node = parent
        }
        var current = filter
        var seen: Set<ObjectIdentifier> = []
        while seen.insert(ObjectIdentifier(current)).inserted, seen.count <= 16 {
            for child in current.children where child.name == "feImage" {
                if let href = child.attributes["href"] ?? child.attributes["xlink:href"],
                   href.trimmingCharacters(in: .whitespaces).hasPrefix("#"),
                   let target = referenced(href.trimmingCharacters(in: .whitespaces)), ancestors.contains(ObjectIdentifier(target)) {
                    return true
                }
            }
            // The primitives come from the nearest filter of the chain that has any.
            if current.children.contains(where: { $0.name.hasPrefix("fe") }) { break }
            guard let href = current.attributes["href"] ?? current.attributes["xlink:href"],
                  let next = referenced(href), next.name == "filter" else { break }
            current = next
        }
        return false
    }
}
