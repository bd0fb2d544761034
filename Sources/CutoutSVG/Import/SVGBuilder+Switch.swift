import Foundation
import CutoutLayers

/// Conditional processing (`systemLanguage`, `requiredExtensions`, `requiredFeatures`) and
/// `<switch>`, as resvg evaluates them:
///
/// - an element with conditions that fail is not rendered, inside a `<switch>` or not;
/// - `requiredExtensions` always fails (no extension, such as XHTML in `foreignObject`, is
///   supported), whatever its value;
/// - `requiredFeatures` passes when every feature string (space-separated) is one of SVG 1.1's
///   static feature strings that the importer implements (``supportedFeatures``);
/// - `systemLanguage` (comma-separated) passes when one entry equals a user language, or its
///   part before the first `-` does (`en-US` matches `en`). The user's languages are
///   ``userLanguages``, English only, as resvg's default, so documents render the same on every
///   machine;
/// - a `<switch>` renders only its first child element whose conditions pass (`desc`, `title`,
///   `metadata` and unknown elements are not candidates; a non-rendering one such as `defs`
///   is, and then nothing is drawn).
extension SVGBuilder {
    static let userLanguages = ["en"]

    static let supportedFeatures: Set<String> = Set([
        "SVGDOM-static", "SVG-static", "CoreAttribute", "Structure", "BasicStructure", "ContainerAttribute",
        "ConditionalProcessing", "Image", "Style", "Shape", "Text", "BasicText", "PaintAttribute",
        "BasicPaintAttribute", "OpacityAttribute", "GraphicsAttribute", "BasicGraphicsAttribute", "Gradient",
        "Clip", "BasicClip", "Mask", "BasicFilter", "XlinkAttribute",
    ].map { "http://www.w3.org/TR/SVG11/feature#" + $0 })

    /// Elements that can be chosen by a `<switch>`.
    static let switchCandidates: Set<String> = shapes.union(nonRendering)
        .union(["g", "a", "switch", "svg", "use", "text", "image"])
        .subtracting(["style", "title", "desc", "metadata"])

    /// Whether `e`'s conditional processing attributes pass.
    func conditionsPass(_ e: SVGNode) -> Bool {
        if e.attributes["requiredExtensions"] != nil { return false }
        if let features = e.attributes["requiredFeatures"] {
            for f in features.split(separator: " ", omittingEmptySubsequences: false) where !SVGBuilder.supportedFeatures.contains(String(f)) {
                return false
            }
        }
        if let languages = e.attributes["systemLanguage"] {
            return languages.split(separator: ",", omittingEmptySubsequences: false).contains { entry in
                let lang = entry.trimmingCharacters(in: .whitespaces)
                if SVGBuilder.userLanguages.contains(lang) { return true }
                guard let dash = lang.firstIndex(of: "-") else { return false }
                return SVGBuilder.userLanguages.contains(String(lang[..<dash]))
            }
        }
        return true
    }

    /// A `<switch>`: a group holding the layer of its first child whose conditions pass.
    func switchGroup(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer {
        let layer = try makeLayer(for: e) { Layer() }
        layer.name = e.attributes["id"]
        if let chosen = e.children.first(where: { SVGBuilder.switchCandidates.contains($0.name) && conditionsPass($0) }),
           let sub = try element(chosen, parentStyle: style, depth: depth + 1) {
            layer.addSublayer(sub)
        }
        return layer
    }
}
