import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// Applies the `filter` property: a list of `url(#id)` references to `<filter>` elements
    /// and CSS filter functions, each becoming one ``Filter`` of `Layer/filters`, in order.
    ///
    /// Rules (resvg's): a list that does not parse is ignored with a warning; when no entry
    /// gives a filter and one of the references is invalid (names nothing or no `<filter>`, an
    /// empty or invalid region, no primitives), the element is not rendered (hidden). Unknown
    /// or unsupported primitives are warned about and give transparent black. An `feImage`
    /// that reaches an element using the same filter draws that element without the filter; a
    /// filter whose `feImage` names the element it applies to (or an ancestor) is dropped from
    /// that element, as resvg does.
    /// The `<filter>` is reached at `depth`; past ``SVGImporter/Limits/maxDepth`` it is ignored.
    func applyFilter(_ value: String, to layer: Layer, _ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) {
        guard value.trimmingCharacters(in: .whitespaces) != "none" else { return }
        guard let items = SVGBuilder.filterList(value) else {
            warn(e.line, "invalid filter '\(value.prefix(40))' ignored")
            return
        }
        var filters: [Filter] = []
        var invalidReference = false
        for item in items {
            if item.name == "url" {
                guard let node = referenced("url(\(item.argument))"), node.name == "filter" else {
                    warn(e.line, "filter 'url(\(item.argument.prefix(40)))' does not name a <filter>")
                    invalidReference = true
                    continue
                }
                guard isWithinDepth(depth, e, "filter 'url(\(item.argument.prefix(40)))'") else { return }
                // An feImage of this filter is building the element: drawn without the filter (resvg).
                guard !active.contains(ObjectIdentifier(node)) else { continue }
                if filterDrawsItsOwnElement(node, e) {
                    warn(e.line, "filter 'url(\(item.argument.prefix(40)))' draws its own element through feImage; the element is drawn without it")
                    continue
                }
                if let f = try filterElement(node, style: style, depth: depth) { filters.append(f) } else { invalidReference = true }
            } else if let f = filterFunction(item.name, item.argument, style: style, e) {
                guard layer.filterObjectBoundingBox.map({ $0.width > 0 && $0.height > 0 }) == true else {
                    warn(e.line, "filter function \(item.name)() on an element without an area ignored")
                    continue
                }
                filters.append(f)
            } else {
                warn(e.line, "invalid filter function '\(item.name.prefix(20))(\(item.argument.prefix(40)))'; filter ignored")
                return
            }
        }
        if filters.isEmpty && invalidReference {
            warn(e.line, "invalid filter: the element is not rendered")
            layer.isHidden = true
        }
        layer.filters = filters
    }

    /// The entries of a `filter` value: `name(argument)` each (`url` included); nil when the
    /// text is not such a list or is `none` mixed with others.
    static func filterList(_ value: String) -> [(name: String, argument: String)]? {
        var out: [(name: String, argument: String)] = []
        var rest = Substring(value)
        while true {
            rest = rest.drop(while: \.isWhitespace)
            guard !rest.isEmpty else { break }
            let name = rest.prefix { $0.isLetter || $0 == "-" }
            guard !name.isEmpty else { return nil }
            rest = rest.dropFirst(name.count).drop(while: \.isWhitespace)
            guard rest.first == "(", let close = closing(rest) else { return nil }
            out.append((name.lowercased(), String(rest[rest.index(after: rest.startIndex)..<close]).trimmingCharacters(in: .whitespaces)))
            rest = rest[rest.index(after: close)...]
        }
        return out.isEmpty ? nil : out
    }

    /// The index of the `)` that closes the `(` at the start of `text`.
    static func closing(_ text: Substring) -> Substring.Index? {
        var depth = 0
        for i in text.indices {
            if text[i] == "(" { depth += 1 }
            if text[i] == ")" {
                depth -= 1
                if depth == 0 { return i }
            }
        }
        return nil
    }

    // MARK: <filter>

    /// The `<filter>` and the filters it inherits from through `href`, nearest first (cut at
    /// a cycle, at an element that is not a `<filter>` and after 16 links).
    private func filterChain(_ node: SVGNode) throws(SVGError) -> [SVGNode] {
        var chain = [node]
        var current = node
        while chain.count < 16, let href = current.attributes["href"] ?? current.attributes["xlink:href"] {
            guard let next = referenced(href), next.name == "filter", !chain.contains(where: { $0 === next }) else {
                warn(current.line, "filter href '\(href.prefix(40))' does not name another <filter>; ignored")
                break
            }
            try visit(next)
            chain.append(next)
            current = next
        }
        return chain
    }

    /// The ``Filter`` of a `<filter>` element; nil (with a warning) when it is invalid.
    /// Attributes it lacks and, when it has no primitives, its primitives come from the
    /// filters it names with `href`.
    func filterElement(_ node: SVGNode, style: SVGStyle, depth: Int = 0) throws(SVGError) -> Filter? {
        try visit(node)
        let chain = try filterChain(node)
        var a: [String: String] = [:]
        for link in chain.reversed() { a.merge(link.attributes) { _, nearer in nearer } }
        let regionUnits: FilterUnits = a["filterUnits"] == "userSpaceOnUse" ? .userSpaceOnUse : .objectBoundingBox
        let primitiveUnits: FilterUnits = a["primitiveUnits"] == "objectBoundingBox" ? .objectBoundingBox : .userSpaceOnUse
        func regionValue(_ name: String, _ def: String, _ axis: Axis) -> CGFloat {
            var l = SVGLength.parse(a[name] ?? def, maxMagnitude: limits.maxCoordinate)
            if l == nil {
                warn(node.line, "invalid filter \(name) '\((a[name] ?? "").prefix(40))' ignored")
                l = SVGLength.parse(def, maxMagnitude: limits.maxCoordinate)
            }
            return l.map { resolve($0, regionUnits, axis) } ?? 0
        }
        let region = CGRect(x: regionValue("x", "-10%", .x), y: regionValue("y", "-10%", .y),
                            width: regionValue("width", "120%", .x), height: regionValue("height", "120%", .y))
        guard region.width > 0, region.height > 0 else {
            warn(node.line, "filter '\(a["id"]?.prefix(40) ?? "")' has an empty region")
            return nil
        }
        let space = try colorSpace(node) ?? .linearRGB
        let source = chain.first { $0.children.contains { $0.name.hasPrefix("fe") } } ?? node
        var primitives: [FilterPrimitive] = []
        for child in source.children {
            try visit(child)
            guard child.name.hasPrefix("fe") else { continue }
            guard primitives.count < Filter.maxPrimitives else {
                warn(child.line, "more than \(Filter.maxPrimitives) filter primitives; the rest ignored")
                break
            }
            var p = FilterPrimitive(try effect(child, in: source, style: style, depth: depth), result: child.attributes["result"],
                                    colorSpace: try colorSpace(child) ?? space)
            func sub(_ name: String, _ axis: Axis) -> CGFloat? {
                guard let t = child.attributes[name] else { return nil }
                guard let l = SVGLength.parse(t, maxMagnitude: limits.maxCoordinate) else {
                    warn(child.line, "invalid \(name) on <\(child.name)> ignored")
                    return nil
                }
                return resolve(l, primitiveUnits, axis)
            }
            (p.x, p.y, p.width, p.height) = (sub("x", .x), sub("y", .y), sub("width", .x), sub("height", .y))
            // An empty subregion ends the filter there, as in resvg.
            if let w = p.width, w <= 0 { break }
            if let h = p.height, h <= 0 { break }
            primitives.append(p)
        }
        guard !primitives.isEmpty else {
            warn(node.line, "filter '\(a["id"]?.prefix(40) ?? "")' has no primitives")
            return nil
        }
        return Filter(primitives: primitives, region: region, regionUnits: regionUnits, primitiveUnits: primitiveUnits)
    }

    /// A length in `units`: user units (percentages of the viewport), or fractions of the box.
    private func resolve(_ l: SVGLength, _ units: FilterUnits, _ axis: Axis) -> CGFloat {
        switch (l, units) {
        case (.percent(let p), .objectBoundingBox): return p / 100
        case (.user(let v), _): return v
        case (.percent, .userSpaceOnUse): return l.resolved(axis == .y ? viewport.height : viewport.width)
        }
    }

    /// A property of a filter element after the CSS cascade (presentation attribute, style
    /// sheets, `style` attribute: ``cascade(_:)``), as for every other element.
    func property(_ node: SVGNode, _ name: String) throws(SVGError) -> String? {
        try declarations(node)[name]?.trimmingCharacters(in: .whitespaces)
    }

    /// The `color` that `currentColor` names on a filter primitive: its own, else its
    /// `<filter>`'s, else the filtered element's.
    func currentColor(_ node: SVGNode, filter: SVGNode, style: SVGStyle) throws(SVGError) -> Color {
        for n in [node, filter] {
            if let v = try property(n, "color"), v != "inherit", let c = CSSColor.parse(v) { return c }
        }
        return style.color
    }

    private func colorSpace(_ node: SVGNode) throws(SVGError) -> FilterColorSpace? {
        switch try property(node, "color-interpolation-filters") {
        case "sRGB": return .sRGB
        case "linearRGB": return .linearRGB
        default: return nil
        }
    }

    func input(_ node: SVGNode, _ name: String) -> FilterInput {
        guard let v = node.attributes[name]?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return .previous }
        switch v {
        case "SourceGraphic": return .sourceGraphic
        case "SourceAlpha": return .sourceAlpha
        case "BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint":
            warn(node.line, "filter input \(v) is not supported; SourceGraphic used")
            return .sourceGraphic
        default: return .named(v)
        }
    }

    func numbers(_ node: SVGNode, _ name: String) -> [CGFloat]? {
        guard let t = node.attributes[name] else { return nil }
        var sc = SVGNumberScanner(t, maxMagnitude: limits.maxCoordinate)
        guard let list = sc.numberList() else {
            warn(node.line, "invalid \(name) on <\(node.name)> ignored")
            return nil
        }
        return list
    }

    func number(_ node: SVGNode, _ name: String, default def: CGFloat) -> CGFloat {
        numbers(node, name).flatMap { $0.count == 1 ? $0[0] : nil } ?? def
    }

    /// `stdDeviation`: one or two numbers, else `0 0` (resvg); negative ones count as 0.
    private func deviation(_ node: SVGNode, default def: CGFloat) -> (CGFloat, CGFloat) {
        guard let list = numbers(node, "stdDeviation") else { return (def, def) }
        switch list.count {
        case 1: return (max(list[0], 0), max(list[0], 0))
        case 2: return (max(list[0], 0), max(list[1], 0))
        default: return (0, 0)
        }
    }

    /// `flood-color` times `flood-opacity`; `inherit` takes the `<filter>`'s value.
    private func floodColor(_ node: SVGNode, filter: SVGNode, style: SVGStyle) throws(SVGError) -> Color {
        func value(_ name: String) throws(SVGError) -> String? {
            let v = try property(node, name)
            return v == "inherit" ? try property(filter, name) : v
        }
        var color = Color.black
        if let c = try value("flood-color") {
            if c.lowercased() == "currentcolor" { color = try currentColor(node, filter: filter, style: style) } else if let parsed = CSSColor.parse(c) { color = parsed } else {
                warn(node.line, "invalid flood-color '\(c.prefix(40))' ignored")
            }
        }
        if let o = try value("flood-opacity") {
            if let (v, suffix) = SVGNumberScanner.numberWithSuffix(o), suffix == "" || suffix == "%" {
                color = color.withAlphaComponent(color.alpha * min(max(v / (suffix == "%" ? 100 : 1), 0), 1))
            } else { warn(node.line, "invalid flood-opacity '\(o.prefix(40))' ignored") }
        }
        return color
    }

    private func effect(_ fe: SVGNode, in filter: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> FilterEffect {
        let a = fe.attributes
        switch fe.name {
        case "feFlood":
            return .flood(color: try floodColor(fe, filter: filter, style: style))
        case "feOffset":
            return .offset(input(fe, "in"), dx: number(fe, "dx", default: 0), dy: number(fe, "dy", default: 0))
        case "feGaussianBlur":
            let (sx, sy) = deviation(fe, default: 0)
            return .gaussianBlur(input(fe, "in"), stdDeviationX: sx, stdDeviationY: sy,
                                 edgeMode: a["edgeMode"].flatMap(FilterEdgeMode.init(rawValue:)) ?? .none)
        case "feColorMatrix":
            let values = numbers(fe, "values")
            let matrix: FilterColorMatrix
            switch a["type"] {
            case "saturate": matrix = .saturate(values?.first.map { min(max($0, 0), 1) } ?? 1)
            case "hueRotate": matrix = .hueRotate(degrees: values?.first ?? 0)
            case "luminanceToAlpha": matrix = .luminanceToAlpha
            default:
                if let values, values.count != 20 { warn(fe.line, "feColorMatrix values need 20 numbers; identity used") }
                matrix = .matrix(values?.count == 20 ? values ?? [] : [])
            }
            return .colorMatrix(input(fe, "in"), matrix)
        case "feBlend":
            let name = a["mode"]?.trimmingCharacters(in: .whitespaces) ?? "normal"
            let mode = SVGBuilder.blendModes[name] ?? {
                warn(fe.line, "unknown feBlend mode '\(name.prefix(40))'; normal used")
                return .normal
            }()
            return .blend(input(fe, "in"), input(fe, "in2"), mode: mode)
        case "feComposite":
            let op: FilterCompositeOperator
            switch a["operator"] ?? "over" {
            case "in": op = .in
            case "out": op = .out
            case "atop": op = .atop
            case "xor": op = .xor
            case "arithmetic":
                op = .arithmetic(k1: number(fe, "k1", default: 0), k2: number(fe, "k2", default: 0),
                                 k3: number(fe, "k3", default: 0), k4: number(fe, "k4", default: 0))
            default: op = .over
            }
            return .composite(input(fe, "in"), input(fe, "in2"), op)
        case "feMerge":
            var inputs: [FilterInput] = []
            for node in fe.children where node.name == "feMergeNode" {
                try visit(node)
                inputs.append(input(node, "in"))
            }
            return .merge(inputs)
        case "feDropShadow":
            let (sx, sy) = deviation(fe, default: 2)
            return .dropShadow(input(fe, "in"), dx: number(fe, "dx", default: 2), dy: number(fe, "dy", default: 2),
                               stdDeviationX: sx, stdDeviationY: sy, color: try floodColor(fe, filter: filter, style: style))
        case "feComponentTransfer": return try componentTransferEffect(fe)
        case "feMorphology": return morphologyEffect(fe)
        case "feConvolveMatrix": return convolveMatrixEffect(fe)
        case "feDisplacementMap": return displacementMapEffect(fe)
        case "feTile": return .tile(input(fe, "in"))
        case "feImage": return try imageEffect(fe, filter: filter, depth: depth)
        case "feTurbulence":
            return turbulence(fe)
        case "feDiffuseLighting", "feSpecularLighting":
            return try lighting(fe, in: filter, style: style)
        default:
            warn(fe.line, "<\(fe.name)> is not supported; it gives transparent black")
            return .flood(color: .clear)
        }
    }

    // MARK: CSS filter functions

    /// A CSS filter function as a one-primitive filter (sRGB, region of the bounding box
    /// grown by 50% for blur and drop-shadow and by 10% for the others, as resvg); nil when
    /// the function or its argument is invalid.
    func filterFunction(_ name: String, _ argument: String, style: SVGStyle, _ e: SVGNode) -> Filter? {
        func amount(_ def: CGFloat, clampToOne: Bool) -> CGFloat? {
            guard !argument.isEmpty else { return def }
            guard let (v, suffix) = SVGNumberScanner.numberWithSuffix(argument), suffix == "" || suffix == "%", v >= 0 else { return nil }
            let value = suffix == "%" ? v / 100 : v
            return clampToOne ? min(value, 1) : value
        }
        func length(_ text: String) -> CGFloat? { cssLength(text, style: style) }
        func matrix(_ m: [CGFloat]) -> FilterEffect { .colorMatrix(.sourceGraphic, .matrix(m)) }
        let effect: FilterEffect
        var wide = false
        switch name {
        case "blur":
            guard let s = argument.isEmpty ? 0 : length(argument), s >= 0 else { return nil }
            effect = .gaussianBlur(.sourceGraphic, stdDeviationX: s, stdDeviationY: s, edgeMode: .none)
            wide = true
        case "drop-shadow":
            guard let shadow = dropShadowArguments(argument, style: style) else { return nil }
            effect = shadow
            wide = true
        case "brightness":
            guard let v = amount(1, clampToOne: false) else { return nil }
            effect = matrix([v, 0, 0, 0, 0, 0, v, 0, 0, 0, 0, 0, v, 0, 0, 0, 0, 0, 1, 0])
        case "contrast":
            guard let v = amount(1, clampToOne: false) else { return nil }
            let c = 0.5 - 0.5 * v
            effect = matrix([v, 0, 0, 0, c, 0, v, 0, 0, c, 0, 0, v, 0, c, 0, 0, 0, 1, 0])
        case "invert":
            guard let v = amount(1, clampToOne: true) else { return nil }
            let s = 1 - 2 * v
            effect = matrix([s, 0, 0, 0, v, 0, s, 0, 0, v, 0, 0, s, 0, v, 0, 0, 0, 1, 0])
        case "opacity":
            guard let v = amount(1, clampToOne: true) else { return nil }
            effect = matrix([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, v, 0])
        case "grayscale":
            guard let v = amount(1, clampToOne: true) else { return nil }
            let k = 1 - v
            effect = matrix([0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k, 0, 0,
                             0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k, 0, 0,
                             0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k, 0, 0,
                             0, 0, 0, 1, 0])
        case "sepia":
            guard let v = amount(1, clampToOne: true) else { return nil }
            let k = 1 - v
            effect = matrix([0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k, 0, 0,
                             0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k, 0, 0,
                             0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k, 0, 0,
                             0, 0, 0, 1, 0])
        case "saturate":
            // As a matrix: `feColorMatrix type="saturate"` clamps its value to 0...1 when read
            // back, the function does not.
            guard let v = amount(1, clampToOne: false) else { return nil }
            effect = matrix([0.213 + 0.787 * v, 0.715 - 0.715 * v, 0.072 - 0.072 * v, 0, 0,
                             0.213 - 0.213 * v, 0.715 + 0.285 * v, 0.072 - 0.072 * v, 0, 0,
                             0.213 - 0.213 * v, 0.715 - 0.715 * v, 0.072 + 0.928 * v, 0, 0,
                             0, 0, 0, 1, 0])
        case "hue-rotate":
            guard let degrees = argument.isEmpty ? 0 : SVGBuilder.angle(argument) else { return nil }
            effect = .colorMatrix(.sourceGraphic, .hueRotate(degrees: degrees))
        default:
            return nil
        }
        let region = wide ? CGRect(x: -0.5, y: -0.5, width: 2, height: 2) : CGRect(x: -0.1, y: -0.1, width: 1.2, height: 1.2)
        return Filter(primitives: [FilterPrimitive(effect, colorSpace: .sRGB)], region: region)
    }

    /// A length argument of a CSS filter function in user units: `em` and `ex` of the
    /// element's font size (an `ex` taken as half an `em`), other units as everywhere; nil for
    /// a percentage or anything else.
    private func cssLength(_ text: String, style: SVGStyle) -> CGFloat? {
        if let (v, suffix) = SVGNumberScanner.numberWithSuffix(text), suffix == "em" || suffix == "ex" {
            let size = style.font.size * (suffix == "ex" ? 0.5 : 1)
            return min(max(v * size, -limits.maxCoordinate), limits.maxCoordinate)
        }
        guard case .user(let v)? = SVGLength.parse(text, maxMagnitude: limits.maxCoordinate) else { return nil }
        return v
    }

    /// An angle in degrees (`deg`, `grad`, `rad`, `turn`; a bare 0 allowed).
    static func angle(_ text: String) -> CGFloat? {
        guard let (v, suffix) = SVGNumberScanner.numberWithSuffix(text) else { return nil }
        switch suffix {
        case "deg": return v
        case "grad": return v * 0.9
        case "rad": return v * 180 / .pi
        case "turn": return v * 360
        case "": return v == 0 ? 0 : nil
        default: return nil
        }
    }

    /// `drop-shadow(<color>? <dx> <dy> <blur>? <color>?)`: the shadow colour defaults to
    /// `currentColor`.
    private func dropShadowArguments(_ text: String, style: SVGStyle) -> FilterEffect? {
        var color: Color?
        var colorAfterLengths = false
        var lengths: [CGFloat] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: \.isWhitespace)
            guard !rest.isEmpty else { break }
            var token = rest.prefix { !$0.isWhitespace && $0 != "(" }
            if rest.dropFirst(token.count).first == "(", let close = SVGBuilder.closing(rest.dropFirst(token.count)) {
                token = rest[..<rest.index(after: close)]
            }
            rest = rest.dropFirst(token.count)
            if let v = cssLength(String(token), style: style) {
                // The lengths come together: not on both sides of the colour.
                guard !(color != nil && colorAfterLengths), lengths.count < 3 else { return nil }
                lengths.append(v)
            } else if let c = token.lowercased() == "currentcolor" ? style.color : CSSColor.parse(String(token)) {
                guard color == nil else { return nil }
                color = c
                colorAfterLengths = !lengths.isEmpty
            } else { return nil }
        }
        guard (2...3).contains(lengths.count) else { return nil }
        let sigma = lengths.count == 3 ? lengths[2] : 0
        guard sigma >= 0 else { return nil }
        return .dropShadow(.sourceGraphic, dx: lengths[0], dy: lengths[1], stdDeviationX: sigma, stdDeviationY: sigma,
                           color: color ?? style.color)
    }
}
