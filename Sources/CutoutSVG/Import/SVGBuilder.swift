import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers
import CutoutText

/// Turns a parsed SVG element tree into layers. One builder per document.
final class SVGBuilder {
    let root: SVGNode
    let limits: SVGImporter.Limits
    var ids: [String: SVGNode] = [:]
    /// Each element's parent, for the styles that paint servers and markers inherit.
    var parents: [ObjectIdentifier: SVGNode] = [:]
    var sheet = CSSStyleSheet()
    var warnings: [SVGWarning] = []
    var layerCount = 0
    /// Markers placed so far, counted against ``SVGImporter/Limits/maxMarkers``.
    var markerCount = 0
    /// Visits counted against ``SVGImporter/Limits/maxVisits`` (see ``visit(_:)``).
    var visits = 0
    /// Attribute bytes of the elements visited, counted against
    /// ``SVGImporter/Limits/maxAttributeBytesRead``.
    var attributeBytesRead = 0
    /// Parsed geometry of `path`, `polyline` and `polygon` elements and parsed transforms, which
    /// do not depend on where the element is reached: content reused through references is
    /// parsed (and warned about) once, and its layers share one path.
    var geometryCache: [ObjectIdentifier: Path?] = [:]
    var transformCache: [ObjectIdentifier: Transform?] = [:]
    /// Decoded `<image>` data (pixels or an SVG document's bytes), per element (see ``image(_:style:depth:)``).
    var imageCache: [ObjectIdentifier: EmbeddedImage?] = [:]
    /// Content boxes of finished layers: clip paths, masks and filters in object-bounding-box
    /// units measure their element, and nested ones would otherwise measure the same
    /// content again at every level.
    let boundsCache = ContentBoundsCache()
    /// Object bounding boxes of built layers (see `objectBox(including:)`), each kept with its
    /// layer so that an identifier is not reused while cached.
    var objectBoxCache: [ObjectIdentifier: (layer: Layer, box: CGRect?)] = [:]
    /// Layers measured by `objectBox(including:)`.
    var objectBoxMeasurements = 0
    /// The deepest level of nesting and references checked so far (see ``isWithinDepth(_:_:_:)``).
    var deepest = 0
    /// Elements being expanded through a reference (`use`, `clip-path`, `mask`), to detect cycles.
    var active: Set<ObjectIdentifier> = []
    /// References that lead a pattern or mask back to itself (see `findSelfReferences`).
    var droppedReferences: Set<DroppedReference> = []
    /// The `<marker>`s whose content is being built (see `shapeWithMarkers`).
    var activeMarkers: Set<ObjectIdentifier> = []
    var declarationCache: [ObjectIdentifier: [String: String]] = [:]
    /// Parents and siblings of every element, for CSS selectors (built with the style sheets).
    var cssTree: CSSElementTree?
    /// The `<use>` whose target, an `<svg>`, is being built: its `width` and `height` replace
    /// the `<svg>`'s (see ``nestedSVG(_:style:depth:)``).
    var useOfNestedSVG: SVGNode?
    /// The font size of the element being built, for `em` and `ex` in its lengths.
    var fontSize: CGFloat = 16
    /// Fills and strokes waiting for their `<use>`'s bounding box (see
    /// ``fulfilContextPaints(of:in:depth:)``), by `<use>` element.
    var contextPaintRequests: [ObjectIdentifier: [ContextPaintRequest]] = [:]
    /// The current viewport size, for percentages.
    var viewport = CGSize(width: 300, height: 150)
    /// Where `<text>` finds its fonts.
    let fonts: FontCatalog
    /// Reads the files `<image>` names; nil when this document may read none.
    let loader: SVGResourceLoader?
    /// The folder this document's relative paths resolve from (its own file's folder).
    let baseDirectory: URL?
    /// Whether this is an SVG document shown by an `<image>`, which reads no files.
    let isImageDocument: Bool

    init(root: SVGNode, limits: SVGImporter.Limits, fonts: FontCatalog = .standard, loader: SVGResourceLoader? = nil,
         baseDirectory: URL? = nil, isImageDocument: Bool = false) {
        self.root = root
        self.limits = limits
        self.fonts = fonts
        self.loader = loader
        self.baseDirectory = baseDirectory
        self.isImageDocument = isImageDocument
    }

    /// Collects ids and style sheets (iteratively: the tree may be as deep as the limit allows).
    private func index(_ root: SVGNode) throws(SVGError) {
        var stack = [root]
        while let e = stack.popLast() {
            if let id = e.attributes["id"], ids[id] == nil { ids[id] = e }
            if e.name == "style" {
                let type = e.attributes["type"] ?? "text/css"
                if type.isEmpty || type == "text/css" {
                    let before = sheet.skipped.count
                    try sheet.add(e.text, line: e.line, properties: SVGBuilder.styleProperties, maxRules: limits.maxElements)
                    for s in sheet.skipped[before...] { warn(e.line, "CSS selector or at-rule not supported, skipped: \(s.prefix(80))") }
                }
            }
            for child in e.children { parents[ObjectIdentifier(child)] = e }
            stack.append(contentsOf: e.children.reversed())
        }
    }

    /// Counts a visit of `node` against ``SVGImporter/Limits/maxVisits``, and its attribute
    /// bytes against ``SVGImporter/Limits/maxAttributeBytesRead``.
    func visit(_ node: SVGNode) throws(SVGError) {
        try countVisits(1, for: node)
        attributeBytesRead += node.attributeBytes
        guard attributeBytesRead <= limits.maxAttributeBytesRead else {
            throw .tooManyAttributeBytes(line: node.line, limit: limits.maxAttributeBytesRead)
        }
    }

    /// Counts `count` visits (CSS rules tested) for `node` against
    /// ``SVGImporter/Limits/maxVisits``.
    func countVisits(_ count: Int, for node: SVGNode) throws(SVGError) {
        visits += count
        WorkMeter.record(count, .svgVisits)
        guard visits <= limits.maxVisits else { throw .tooManyVisits(line: node.line, limit: limits.maxVisits) }
    }

    /// The transform of `e` (from its declarations or its attribute), parsed once per element;
    /// nil when it has none or an invalid one (warned about once).
    func parsedTransform(_ e: SVGNode, _ d: [String: String]) -> Transform? {
        guard let t = d["transform"] ?? e.attributes["transform"] else { return nil }
        if let cached = transformCache[ObjectIdentifier(e)] { return cached }
        let m = SVGTransformList.parse(t, maxMagnitude: limits.maxCoordinate)
        if m == nil { warn(e.line, "invalid transform ignored") }
        transformCache[ObjectIdentifier(e)] = .some(m)
        return m
    }

    /// Whether something reached at `depth` (nesting plus references followed) is within
    /// ``SVGImporter/Limits/maxDepth``; warns when it is not, and the caller cuts the chain there.
    func isWithinDepth(_ depth: Int, _ e: SVGNode, _ what: @autoclosure () -> String) -> Bool {
        deepest = max(deepest, depth)
        guard depth > limits.maxDepth else { return true }
        warn(e.line, "\(what()) deeper than \(limits.maxDepth) levels of nesting and references; cut")
        return false
    }

    func warn(_ line: Int, _ message: String) {
        // Bounded so that a hostile document cannot grow the warnings without limit.
        if warnings.count < 1000 { warnings.append(SVGWarning(line: line, message: message)) }
    }

    /// A new layer built for `e`, counted against ``SVGImporter/Limits/maxElements``.
    func makeLayer<L: Layer>(for e: SVGNode, _ make: () -> L) throws(SVGError) -> L {
        layerCount += 1
        guard layerCount <= limits.maxElements else { throw .tooManyElements(line: e.line, limit: limits.maxElements) }
        let l = make()
        l.anchorPoint = .zero
        return l
    }

    // MARK: Document

    func build() throws(SVGError) -> SVGImage {
        try index(root)
        try visit(root)
        try findSelfReferences()
        let d = try declarations(root)
        let vb = root.attributes["viewBox"].flatMap { SVGViewBox.parse($0, maxMagnitude: limits.maxCoordinate) }
        if root.attributes["viewBox"] != nil, vb == nil { warn(root.line, "invalid viewBox ignored") }
        var w = length(root.attributes["width"], root)
        var h = length(root.attributes["height"], root)
        warnAboutClampedSize(viewBoxIsValid: vb != nil)
        if case .percent = w { w = nil }
        if case .percent = h { h = nil }
        // Without a view box, a missing or percentage width or height leaves no size to lay
        // the document out in: as resvg does, the content is laid out in the width and height
        // given, 100 for a side without one, and the size becomes the far corner of the
        // content's bounding box (see below).
        let sizedByContent = vb == nil && (w == nil || h == nil)
        var size = CGSize(width: w?.resolved(0) ?? 100, height: h?.resolved(0) ?? 100)
        if let vb {
            switch (w, h) {
            case (nil, nil): size = vb.rect.size
            case (nil, .some(let hh)): size = CGSize(width: hh.resolved(0) * vb.rect.width / vb.rect.height, height: hh.resolved(0))
            case (.some(let ww), nil): size = CGSize(width: ww.resolved(0), height: ww.resolved(0) * vb.rect.height / vb.rect.width)
            default: break
            }
        }
        size = CGSize(width: max(size.width, 0), height: max(size.height, 0))
        let layer = try makeLayer(for: root) { Layer() }
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.masksToBounds = true
        layer.name = "svg"
        viewport = vb?.rect.size ?? size
        // Conditions failing on the root, or `display: none` there, hide the whole document (as
        // resvg does).
        guard conditionsPass(root), d["display"]?.trimmingCharacters(in: .whitespaces) != "none" else {
            return SVGImage(layer: layer, size: size, warnings: warnings)
        }
        let style = computedStyle(d, parent: SVGStyle(), element: root)
        let content = try group(root, style: style, depth: 1)
        // CSS `background-color` on the root element paints the view box (the whole canvas
        // without one), below the content, as resvg does; on other elements it means nothing.
        if let v = d["background-color"]?.trimmingCharacters(in: .whitespaces), v.lowercased() != "transparent" {
            if let c = v.lowercased() == "currentcolor" ? style.color : CSSColor.parse(v) {
                let background = try makeLayer(for: root) { Layer() }
                let area = vb?.rect ?? CGRect(origin: .zero, size: size)
                background.bounds = CGRect(origin: .zero, size: area.size)
                background.position = area.origin
                background.backgroundColor = c
                content.insertSublayer(background, at: 0)
            } else { warn(root.line, "invalid background-color '\(v.prefix(40))' ignored") }
        }
        if let vb { content.transform = vb.transform(into: layer.bounds, preserveAspectRatio: root.attributes["preserveAspectRatio"]) }
        try finish(content, root, d, style: style, applyTransform: false, depth: 1)
        layer.addSublayer(content)
        if sizedByContent, let box = Self.strokeBoundingBox(of: layer), box.maxX > 0, box.maxY > 0 {
            // The origin stays where it is: content at negative coordinates is cut off.
            size = CGSize(width: box.maxX, height: box.maxY)
            layer.bounds = CGRect(origin: .zero, size: size)
        }
        return SVGImage(layer: layer, size: size, warnings: warnings)
    }

    /// Warns about each of the root's `width`, `height` and `viewBox` that holds a number
    /// clamped to ``SVGImporter/Limits/maxCoordinate``: the document's size comes out smaller
    /// than written (`width="1e308"` is 10⁶ wide), which nothing else would show.
    private func warnAboutClampedSize(viewBoxIsValid: Bool) {
        let limit = limits.maxCoordinate
        let clamped = "clamped to ±\(SVGWriter.number(limit))"
        for name in ["width", "height"] {
            guard let text = root.attributes[name],
                  case .user(let v)? = SVGLength.parse(text, maxMagnitude: .greatestFiniteMagnitude, fontSize: fontSize),
                  abs(v) > limit else { continue }
            warn(root.line, "\(name) '\(text.prefix(40))' is beyond the largest coordinate; \(clamped)")
        }
        guard viewBoxIsValid, let text = root.attributes["viewBox"] else { return }
        var numbers = SVGNumberScanner(text, maxMagnitude: .greatestFiniteMagnitude)
        if let v = numbers.numberList(), v.contains(where: { abs($0) > limit }) {
            warn(root.line, "viewBox '\(text.prefix(60))' holds numbers beyond the largest coordinate; each \(clamped)")
        }
    }

    // MARK: Styles

    /// The element's declared properties after the CSS cascade (see ``cascade(_:)``).
    func declarations(_ e: SVGNode) throws(SVGError) -> [String: String] {
        if let cached = declarationCache[ObjectIdentifier(e)] { return cached }
        let d = try cascade(e)
        declarationCache[ObjectIdentifier(e)] = d
        return d
    }

    static let presentationAttributes: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "opacity", "clip-rule",
        "clip-path", "mask", "color", "display", "visibility", "stop-color", "stop-opacity", "filter", "transform",
        "paint-order", "marker-start", "marker-mid", "marker-end", "image-rendering",
        "transform-origin", "vector-effect",
        "font-family", "font-size", "font-weight", "font-style", "letter-spacing", "word-spacing", "text-anchor",
        "text-decoration", "kerning",
        "flood-color", "flood-opacity", "lighting-color", "color-interpolation-filters",
    ]

    /// The properties read from CSS rules and the `style` attribute; declarations of others are
    /// dropped as the sheet is read. `mix-blend-mode`, `isolation`, `background-color` and
    /// `font-kerning` are CSS properties with no presentation attribute: as attributes they are
    /// ignored (as resvg does).
    static let styleProperties = presentationAttributes.union(["mask-type", "marker", "mix-blend-mode", "isolation", "background-color",
                                                               "font-kerning"])

    func computedStyle(_ d: [String: String], parent: SVGStyle, element e: SVGNode) -> SVGStyle {
        var s = parent
        func value(_ name: String) -> String? {
            guard let v = d[name]?.trimmingCharacters(in: .whitespaces), v != "inherit", !v.isEmpty else { return nil }
            return v
        }
        func number(_ name: String) -> CGFloat? {
            guard let v = value(name) else { return nil }
            var sc = SVGNumberScanner(v, maxMagnitude: limits.maxCoordinate)
            guard let n = sc.numberList(), n.count == 1 else { warn(e.line, "invalid \(name) '\(v.prefix(40))' ignored"); return nil }
            return n[0]
        }
        func opacity(_ name: String) -> CGFloat? {
            guard let v = value(name) else { return nil }
            guard let (n, suffix) = SVGNumberScanner.numberWithSuffix(v), suffix == "" || suffix == "%" else {
                warn(e.line, "invalid \(name) '\(v.prefix(40))' ignored"); return nil
            }
            return min(max(n / (suffix == "%" ? 100 : 1), 0), 1)
        }
        if let v = value("color") {
            if let c = CSSColor.parse(v) { s.color = c } else if v.lowercased() != "currentcolor" { warn(e.line, "invalid color '\(v.prefix(40))' ignored") }
        }
        if let v = value("fill") {
            if droppedReferences.contains(DroppedReference(element: ObjectIdentifier(e), property: "fill")) { s.fill = .none; s.fillFromContext = nil }
            else if let p = SVGPaint.parse(v, currentColor: s.color) { s.fill = p; s.fillFromContext = nil } else { warn(e.line, "invalid fill '\(v.prefix(40))' ignored") }
        }
        if let v = value("stroke") {
            if droppedReferences.contains(DroppedReference(element: ObjectIdentifier(e), property: "stroke")) { s.stroke = .none; s.strokeFromContext = nil }
            else if let p = SVGPaint.parse(v, currentColor: s.color) { s.stroke = p; s.strokeFromContext = nil } else { warn(e.line, "invalid stroke '\(v.prefix(40))' ignored") }
        }
        resolveContextPaint(&s)
        // Font first: `em` in the lengths below is the element's own font size.
        computeFontStyle(&s.font, parentSize: parent.font.size, value: value, element: e)
        if let v = opacity("fill-opacity") { s.fillOpacity = v }
        if let v = opacity("stroke-opacity") { s.strokeOpacity = v }
        if let v = value("fill-rule") { s.fillRule = v == "evenodd" ? .evenOdd : .winding }
        if let v = value("clip-rule") { s.clipRule = v == "evenodd" ? .evenOdd : .winding }
        // Stroke lengths take percentages of the viewport's normalized diagonal.
        let diagonal = (viewport.width * viewport.width + viewport.height * viewport.height).squareRoot() / 2.squareRoot()
        if let v = value("stroke-width") {
            if let l = SVGLength.parse(v, maxMagnitude: limits.maxCoordinate, fontSize: s.font.size) {
                s.strokeWidth = max(l.resolved(diagonal), 0)
            } else { warn(e.line, "invalid stroke-width ignored") }
        }
        if let v = value("stroke-linecap"), ["butt", "round", "square"].contains(v) { s.lineCap = v }
        if let v = value("stroke-linejoin"), ["miter", "round", "bevel", "miter-clip", "arcs"].contains(v) {
            s.lineJoin = v == "miter-clip" || v == "arcs" ? "miter" : v
        }
        if let v = number("stroke-miterlimit"), v >= 1 { s.miterLimit = v }
        if let v = value("stroke-dasharray") {
            if v == "none" { s.dashArray = nil } else {
                // Lengths (any unit, percentages included) separated by commas and/or white space;
                // a negative or unreadable entry, or all zeros, draws solid as SVG says.
                let items = v.split(whereSeparator: { $0 == "," || $0.isWhitespace })
                let list = items.compactMap { SVGLength.parse(String($0), maxMagnitude: limits.maxCoordinate, fontSize: s.font.size)?.resolved(diagonal) }
                if !list.isEmpty, list.count == items.count, list.allSatisfy({ $0 >= 0 }), list.contains(where: { $0 > 0 }) {
                    s.dashArray = list.count % 2 == 1 ? list + list : list
                } else { s.dashArray = nil }
            }
        }
        if let v = value("stroke-dashoffset") {
            if let l = SVGLength.parse(v, maxMagnitude: limits.maxCoordinate, fontSize: s.font.size) { s.dashOffset = l.resolved(diagonal) } else {
                warn(e.line, "invalid stroke-dashoffset '\(v.prefix(40))' ignored")
            }
        }
        if let v = value("paint-order") {
            // `normal`, or one to three distinct keywords; the ones left out follow in the
            // default order fill, stroke, markers (an absent keyword counts as position 3).
            let words = v.split(whereSeparator: \.isWhitespace).map(String.init)
            if words == ["normal"] { s.strokeBeforeFill = false; s.markersPosition = 2 }
            else if !words.isEmpty, words.count <= 3, Set(words).count == words.count,
                    words.allSatisfy(["fill", "stroke", "markers"].contains) {
                let stroke = words.firstIndex(of: "stroke") ?? 3, fill = words.firstIndex(of: "fill") ?? 3
                s.strokeBeforeFill = stroke < fill
                s.markersPosition = SVGBuilder.markersPosition(words)
            } else { warn(e.line, "invalid paint-order '\(v.prefix(40))' ignored") }
        }
        if let v = value("visibility") { s.visible = v == "visible" }
        if let v = value("image-rendering") {
            switch v {
            case "optimizeSpeed", "pixelated", "crisp-edges": s.pixelatedImages = true
            case "auto", "optimizeQuality", "smooth", "high-quality": s.pixelatedImages = false
            default: warn(e.line, "invalid image-rendering '\(v.prefix(40))' ignored")
            }
        }
        s.nonScalingStroke = vectorEffectIsNonScaling(d, element: e)
        computeMarkerStyle(&s, value: value)
        return s
    }

    func length(_ text: String?, _ e: SVGNode) -> SVGLength? {
        guard let text else { return nil }
        guard let l = SVGLength.parse(text, maxMagnitude: limits.maxCoordinate, fontSize: fontSize) else {
            warn(e.line, "invalid length '\(text.prefix(40))' ignored")
            return nil
        }
        return l
    }

    enum Axis { case x, y, diagonal }

    /// A length attribute in user units; percentages of the current viewport.
    func coordinate(_ e: SVGNode, _ name: String, _ axis: Axis, default def: CGFloat = 0) -> CGFloat {
        guard let l = length(e.attributes[name], e) else { return def }
        switch axis {
        case .x: return l.resolved(viewport.width)
        case .y: return l.resolved(viewport.height)
        case .diagonal:
            return l.resolved((viewport.width * viewport.width + viewport.height * viewport.height).squareRoot() / 2.squareRoot())
        }
    }

    // MARK: Elements

    static let nonRendering: Set<String> = [
        "defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient", "style", "title", "desc",
        "metadata", "stop", "pattern", "marker", "filter",
    ]
    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// The layer for a rendered element, or nil when it draws nothing.
    func element(_ e: SVGNode, parentStyle: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        try visit(e)
        guard isWithinDepth(depth, e, "<\(e.name)>") else { return nil }
        if SVGBuilder.nonRendering.contains(e.name) || !conditionsPass(e) { return nil }
        let d = try declarations(e)
        if d["display"]?.trimmingCharacters(in: .whitespaces) == "none" { return nil }
        let style = computedStyle(d, parent: parentStyle, element: e)
        let savedFontSize = fontSize
        fontSize = style.font.size
        defer { fontSize = savedFontSize }
        let layer: Layer?
        switch e.name {
        case "g", "a":
            layer = try group(e, style: style, depth: depth)
        case "switch":
            layer = try switchGroup(e, style: style, depth: depth)
        case "svg":
            layer = try nestedSVG(e, style: style, depth: depth)
        case "use":
            layer = try use(e, style: style, depth: depth)
        case _ where SVGBuilder.shapes.contains(e.name):
            layer = try shape(e, style: style, depth: depth)
        case "text":
            layer = try text(e, style: style, depth: depth)
        case "image":
            layer = try image(e, style: style, depth: depth)
        default:
            warn(e.line, "<\(e.name)> is not supported; skipped")
            return nil
        }
        guard let layer else { return nil }
        try finish(layer, e, d, style: style, applyTransform: true, depth: depth)
        return layer
    }

    /// Transform, opacity, clip-path, mask and filter of any rendered element at `depth`; the
    /// referenced filter, clip path and mask are one level deeper.
    func finish(_ layer: Layer, _ e: SVGNode, _ d: [String: String], style: SVGStyle, applyTransform: Bool,
                depth: Int) throws(SVGError) {
        if applyTransform, let m = transformAboutOrigin(e, d) { layer.transform = layer.transform.concatenating(m) }
        if let o = d["opacity"] {
            if let (v, suffix) = SVGNumberScanner.numberWithSuffix(o), suffix == "" || suffix == "%" {
                layer.opacity = min(max(v / (suffix == "%" ? 100 : 1), 0), 1)
            } else { warn(e.line, "invalid opacity ignored") }
        }
        if let v = d["mix-blend-mode"]?.trimmingCharacters(in: .whitespaces).lowercased() {
            if let mode = SVGBuilder.blendModes[v] { layer.blendMode = mode } else { warn(e.line, "invalid mix-blend-mode '\(v.prefix(40))' ignored") }
        }
        if d["isolation"]?.trimmingCharacters(in: .whitespaces).lowercased() == "isolate" { layer.isolatesBlending = true }
        if let ref = d["filter"], ref != "none" { try applyFilter(ref, to: layer, e, style: style, depth: depth + 1) }
        var clip: Layer?
        if let ref = d["clip-path"], ref != "none" { clip = try clipLayer(ref, for: layer, e, depth: depth + 1) }
        var mask: Layer?
        if let ref = d["mask"], ref != "none", !droppedReferences.contains(DroppedReference(element: ObjectIdentifier(e), property: "mask")) {
            mask = try maskLayer(ref, for: layer, e, style: style, depth: depth + 1)
        }
        // Mask and clip both multiply the alpha, so they chain as masks of masks. The mask is
        // placed in the element's coordinates (bounds origin at its position) and may carry the
        // mask of its `<mask>` element: the clip, which may carry its own clip-path, goes at
        // the end of that chain.
        var last = mask
        while let next = last?.mask { last = next }
        if let last, let clip { last.mask = clip }
        layer.mask = mask ?? clip
    }

    /// CSS `mix-blend-mode` keywords (Compositing and Blending Level 1, and `plus-lighter` from Level 2).
    static let blendModes: [String: BlendMode] = [
        "normal": .normal, "multiply": .multiply, "screen": .screen, "overlay": .overlay, "darken": .darken,
        "lighten": .lighten, "color-dodge": .colorDodge, "color-burn": .colorBurn, "hard-light": .hardLight,
        "soft-light": .softLight, "difference": .difference, "exclusion": .exclusion, "hue": .hue,
        "saturation": .saturation, "color": .color, "luminosity": .luminosity, "plus-lighter": .plusLighter,
    ]

    func group(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer {
        let layer = try makeLayer(for: e) { Layer() }
        layer.name = e.attributes["id"]
        for child in e.children {
            if let sub = try element(child, parentStyle: style, depth: depth + 1) { layer.addSublayer(sub) }
        }
        return layer
    }

    /// A viewport: `x`, `y`, `width`, `height`, `viewBox`, clipped to its rectangle.
    func viewportLayer(_ e: SVGNode, style: SVGStyle, depth: Int, size: CGSize, origin: CGPoint,
                       content: (SVGBuilder) throws(SVGError) -> Layer) throws(SVGError) -> Layer? {
        guard size.width > 0, size.height > 0 else { return nil }
        let outer = try makeLayer(for: e) { Layer() }
        outer.bounds = CGRect(origin: .zero, size: size)
        outer.position = origin
        outer.masksToBounds = e.attributes["overflow"].map { $0 != "visible" && $0 != "auto" } ?? true
        let saved = viewport
        let vb = e.attributes["viewBox"].flatMap { SVGViewBox.parse($0, maxMagnitude: limits.maxCoordinate) }
        viewport = vb?.rect.size ?? size
        defer { viewport = saved }
        let inner = try content(self)
        if let vb { inner.transform = vb.transform(into: outer.bounds, preserveAspectRatio: e.attributes["preserveAspectRatio"]) }
        outer.addSublayer(inner)
        return outer
    }

    func nestedSVG(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        // A `<use>` showing this `<svg>` directly sets its width and height when it has them.
        let use = useOfNestedSVG
        useOfNestedSVG = nil
        func side(_ name: String, _ axis: Axis, _ def: CGFloat) -> CGFloat {
            if let use, use.attributes[name] != nil { return coordinate(use, name, axis, default: def) }
            return coordinate(e, name, axis, default: def)
        }
        let size = CGSize(width: side("width", .x, viewport.width), height: side("height", .y, viewport.height))
        let origin = CGPoint(x: coordinate(e, "x", .x), y: coordinate(e, "y", .y))
        return try viewportLayer(e, style: style, depth: depth, size: size, origin: origin) { b throws(SVGError) in
            try b.group(e, style: style, depth: depth)
        }
    }

    /// The element an IRI such as `#id`, `url(#id)` or `url('#id')` names.
    func referenced(_ iri: String) -> SVGNode? {
        var s = iri.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("url(") {
            s = String(s.dropFirst(4).prefix { $0 != ")" }).trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
        }
        guard s.hasPrefix("#") else { return nil }
        return ids[String(s.dropFirst())]
    }

    /// Runs `body` with `target` marked as being expanded; nil (and a warning) on a cycle.
    func expanding<T>(_ target: SVGNode, from e: SVGNode, _ body: () throws(SVGError) -> T?) throws(SVGError) -> T? {
        let key = ObjectIdentifier(target)
        guard !active.contains(key) else {
            warn(e.line, "reference cycle through '\(target.attributes["id"] ?? target.name)'; skipped")
            return nil
        }
        active.insert(key)
        defer { active.remove(key) }
        return try body()
    }

    func use(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        let style = withContextPaint(style, owner: ObjectIdentifier(e))
        guard let href = e.attributes["href"] ?? e.attributes["xlink:href"] else { return nil }
        guard let target = referenced(href) else {
            warn(e.line, "<use> references '\(href.prefix(40))', which does not exist; skipped")
            return nil
        }
        if target === root || (SVGBuilder.nonRendering.contains(target.name) && target.name != "symbol") {
            warn(e.line, "<use> of <\(target.name)> is not supported; skipped")
            return nil
        }
        // A `<use>` inside the element it shows would show itself again: it is skipped from the
        // start (as resvg does), not after one round.
        var ancestor: SVGNode? = e
        while let a = ancestor {
            if a === target {
                warn(e.line, "<use> shows '\(href.prefix(40))', which contains it; skipped")
                return nil
            }
            ancestor = parents[ObjectIdentifier(a)]
        }
        let x = coordinate(e, "x", .x), y = coordinate(e, "y", .y)
        let layer = try makeLayer(for: e) { Layer() }
        let built: Layer? = try expanding(target, from: e) { () throws(SVGError) -> Layer? in
            if target.name == "symbol" {
                try visit(target)
                guard isWithinDepth(depth + 1, target, "<symbol>") else { return nil }
                let d = try declarations(target)
                let symStyle = computedStyle(d, parent: style, element: target)
                let size = CGSize(width: coordinate(e, "width", .x, default: viewport.width),
                                  height: coordinate(e, "height", .y, default: viewport.height))
                let viewport = try viewportLayer(target, style: symStyle, depth: depth + 1, size: size, origin: .zero) { b throws(SVGError) in
                    try b.group(target, style: symStyle, depth: depth + 1)
                }
                // The symbol's own opacity, clip, mask, filter and blending apply to its viewport.
                if let viewport { try finish(viewport, target, d, style: symStyle, applyTransform: false, depth: depth + 1) }
                return viewport
            }
            if target.name == "svg" { useOfNestedSVG = e }
            defer { useOfNestedSVG = nil }
            return try element(target, parentStyle: style, depth: depth + 1)
        }
        guard let built else { return nil }
        let placed = try makeLayer(for: e) { Layer() }
        placed.transform = Transform(translationX: x, y: y)
        placed.addSublayer(built)
        layer.addSublayer(placed)
        try fulfilContextPaints(of: e, in: layer, depth: depth)
        return layer
    }
}
