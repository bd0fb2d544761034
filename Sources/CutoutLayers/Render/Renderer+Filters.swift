import Foundation
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform

extension Renderer {
    /// A ``Filter`` placed on the device: its region as whole device pixels, and the values
    /// the primitives need in device units.
    struct PlacedFilter {
        let filter: Filter
        /// The region, in device pixels (x0, y0, x1, y1), snapped as resvg snaps it: origin
        /// rounded down, size rounded up.
        let region: (x0: Int, y0: Int, x1: Int, y1: Int)
        /// The region in user space.
        let userRegion: CGRect
        /// User space → device.
        let ctm: Transform
        /// The object bounding box, when the filter's units need one.
        let box: CGRect?
        /// The depth of the filtered layer in the tree (for the layers `feImage` draws).
        var depth = 0

        /// Lengths of the primitives' units → user space, per axis.
        var unitScale: CGSize {
            filter.primitiveUnits == .objectBoundingBox ? (box?.size ?? .zero) : CGSize(width: 1, height: 1)
        }
        /// Device pixels per user unit along x and y (lengths of the CTM's axes).
        var deviceScale: CGSize {
            CGSize(width: (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot(), height: (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot())
        }

        /// Standard deviations in device pixels; resvg drops those below 0.05 (an IIR blur
        /// would turn them transparent), and so do we.
        func deviceSigmas(_ sx: CGFloat, _ sy: CGFloat) -> (CGFloat, CGFloat) {
            let unit = unitScale, device = deviceScale
            func length(_ v: CGFloat, _ axisScale: CGFloat, _ deviceAxis: CGFloat) -> CGFloat {
                let l = v.isFinite && v > 0 ? v * axisScale * deviceAxis : 0
                return l.isFinite && l >= 0.05 ? l : 0
            }
            return (length(sx, unit.width, device.width), length(sy, unit.height, device.height))
        }

        /// The work of one primitive on a `w`×`h` image, in pixels: the image, plus for a blur
        /// the kernel's reach on every line (what the box passes cost beyond the pixels).
        func cost(_ p: FilterPrimitive, width w: Int, height h: Int) -> Int {
            let sigmas: (CGFloat, CGFloat)
            switch p.effect {
            case .gaussianBlur(_, let sx, let sy, _), .dropShadow(_, _, _, let sx, let sy, _): sigmas = deviceSigmas(sx, sy)
            case .morphology, .convolveMatrix: return extendedCost(p, width: w, height: h)
            case .turbulence(_, _, let octaves, _, _, _): return w * h * FilterImage.turbulenceCost(octaves: octaves)
            case .diffuseLighting, .specularLighting: return w * h * FilterImage.lightingCost
            default: return w * h
            }
            let reachX = 2 * Pixmap.gaussianBlurOutset(sigma: sigmas.0), reachY = 2 * Pixmap.gaussianBlurOutset(sigma: sigmas.1)
            return w * h * 2 + h * reachX + w * reachY
        }
    }

    /// The largest device rectangle a filter region may cover: the canvas grown by twice its
    /// size on every side (resvg's limit).
    static func filterLimit(canvasWidth w: Int, canvasHeight h: Int) -> CGRect {
        CGRect(x: -2 * CGFloat(w), y: -2 * CGFloat(h), width: 5 * CGFloat(w), height: 5 * CGFloat(h))
    }

    /// `rect` (user space) mapped by `ctm`, snapped like resvg's `to_int_rect` and cut to
    /// `limit`; nil when empty or not finite.
    static func snapped(_ rect: CGRect, _ ctm: Transform, limit: CGRect) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard let r = finite(rect), r.width > 0, r.height > 0, let d = finite(r.applying(ctm)) else { return nil }
        let cut = d.intersection(limit)
        guard !cut.isNull, cut.width > 0, cut.height > 0 else { return nil }
        let x0 = Int(cut.minX.rounded(.down)), y0 = Int(cut.minY.rounded(.down))
        return (x0, y0, x0 + max(1, Int(cut.width.rounded(.up))), y0 + max(1, Int(cut.height.rounded(.up))))
    }

    /// Each of the layer's filters placed on the device under `ctm` (the layer's own CTM);
    /// nil when one of them is invalid (the layer then draws nothing, as SVG says).
    static func placeFilters(_ layer: Layer, ctm: Transform, limit: CGRect) -> [PlacedFilter]? {
        var box: CGRect??
        var placed: [PlacedFilter] = []
        for filter in layer.filters {
            var objectBox: CGRect?
            if filter.regionUnits == .objectBoundingBox || filter.primitiveUnits == .objectBoundingBox {
                if box == nil { box = .some(layer.filterObjectBoundingBox) }
                guard let b = box ?? nil, b.width > 0, b.height > 0 else { return nil }
                objectBox = b
            }
            var r = filter.region
            if filter.regionUnits == .objectBoundingBox, let b = objectBox {
                r = CGRect(x: b.minX + r.minX * b.width, y: b.minY + r.minY * b.height, width: r.width * b.width, height: r.height * b.height)
            }
            guard let region = snapped(r, ctm, limit: limit) else { return nil }
            placed.append(PlacedFilter(filter: filter, region: region, userRegion: r, ctm: ctm, box: objectBox))
        }
        return placed
    }

    /// A device box around what a layer with filters draws: the union of its filter regions
    /// (nil when a filter is invalid). Not cut to the canvas.
    static func filterBox(_ layer: Layer, ctm: Transform) -> CGRect? {
        let unlimited = CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12)
        guard let placed = placeFilters(layer, ctm: ctm, limit: unlimited) else { return nil }
        var box: CGRect?
        for p in placed {
            box = union(box, CGRect(x: p.region.x0, y: p.region.y0, width: p.region.x1 - p.region.x0, height: p.region.y1 - p.region.y0))
        }
        return box
    }

    /// The layer's body (shadow and content) rendered over the union of its filter regions,
    /// then run through each filter in turn. nil when a filter is invalid or the budget has no
    /// room (the layer is then not drawn). The caller releases the result's bytes.
    func drawFiltered(_ layer: Layer, shadow: ShadowStyle?, in ctx: DrawingContext, depth: Int) -> Offscreen? {
        let limit = Renderer.filterLimit(canvasWidth: ctx.pixmap.width, canvasHeight: ctx.pixmap.height)
        guard let placed = Renderer.placeFilters(layer, ctm: ctx.ctm, limit: limit), !placed.isEmpty else { return nil }
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for p in placed {
            x0 = min(x0, p.region.x0); y0 = min(y0, p.region.y0)
            x1 = max(x1, p.region.x1); y1 = max(y1, p.region.y1)
        }
        let area = DeviceArea(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard var buffer = offscreen(like: ctx, area: area, { off in drawBody(layer, shadow: shadow, in: &off, depth: depth) }) else { return nil }
        for var p in placed {
            p.depth = depth
            guard let out = run(p, on: buffer.pixels, area: area) else {
                state.release(buffer.bytes)
                return nil
            }
            buffer.pixels = out
        }
        return buffer
    }

    /// Where a primitive's input comes from once names are resolved.
    private enum Source: Equatable { case graphic, alpha, result(Int) }

    /// The inputs of every primitive resolved against the results before it: an absent or
    /// unknown name reads the previous result (`SourceGraphic` for the first primitive).
    private static func resolveInputs(_ primitives: ArraySlice<FilterPrimitive>) -> [[Source]] {
        var names: [String?] = []
        var resolved: [[Source]] = []
        for (i, p) in primitives.enumerated() {
            let previous: Source = i == 0 ? .graphic : .result(i - 1)
            resolved.append(p.inputs.map { input in
                switch input {
                case .previous: return previous
                case .sourceGraphic: return .graphic
                case .sourceAlpha: return .alpha
                case .named(let n): return names.lastIndex(of: n).map { .result($0) } ?? previous
                }
            })
            names.append(p.result)
        }
        return resolved
    }

    /// One filter run on `body` (device pixels covering `area`); the output covers `area` too,
    /// transparent outside the filter region. nil when the budget has no room.
    private func run(_ placed: PlacedFilter, on body: Pixmap, area: DeviceArea) -> Pixmap? {
        let primitives = placed.filter.primitives.prefix(Filter.maxPrimitives)
        let r = placed.region
        let w = r.x1 - r.x0, h = r.y1 - r.y0
        let bytes = w * h * 4
        guard let template = try? Pixmap(width: w, height: h, scale: body.scale) else { return nil }
        guard !primitives.isEmpty else { return template.resized(into: area, from: r, scale: body.scale) }
        let inputs = Renderer.resolveInputs(primitives)
        // The last primitive that reads each result: its image is freed after that one runs.
        var lastUse = Array(0..<primitives.count)
        for (i, list) in inputs.enumerated() {
            for case .result(let j) in list { lastUse[j] = max(lastUse[j], i) }
        }
        lastUse[primitives.count - 1] = Int.max
        var live = 0
        defer { state.release(live) }
        func reserve() -> Bool {
            guard state.reserve(bytes) else { return false }
            live += bytes
            return true
        }
        guard reserve() else { return nil }
        var source = template
        Renderer.copy(body, from: area, into: &source, at: r)
        let graphic = FilterImage(pixels: source, space: .sRGB)
        var alpha: FilterImage?
        var results: [FilterImage?] = Array(repeating: nil, count: primitives.count)
        for (i, primitive) in primitives.enumerated() {
            let work = placed.cost(primitive, width: w, height: h)
            guard work <= state.filterPixelLimit - state.statistics.filterPixels else {
                state.statistics.layersSkippedForBudget += 1
                return nil
            }
            state.statistics.filterPrimitives += 1
            state.statistics.filterPixels += work
            func image(_ s: Source) -> FilterImage {
                switch s {
                case .graphic: return graphic
                case .alpha:
                    if alpha == nil { alpha = graphic.alphaOnly() }
                    return alpha ?? graphic
                case .result(let j): return results[j] ?? FilterImage(pixels: template, space: .sRGB)
                }
            }
            guard reserve() else { return nil }
            let inputImages = inputs[i].map(image)
            var out = apply(primitive, placed, inputs: inputImages, template: template)
            let keep = subregion(primitive, placed)
            if case .offset = primitive.effect {
                // Not cleared (as resvg), but its region is its input's for a later feTile.
                out.subregion = keep ?? inputImages.first?.subregion
            } else if let keep {
                out.clear(outside: keep)
                out.subregion = keep
            }
            results[i] = out
            for j in 0...i where lastUse[j] == i {
                results[j] = nil
                state.release(bytes)
                live -= bytes
            }
        }
        guard let last = results[primitives.count - 1] else { return nil }
        return last.converted(to: .sRGB).pixels.resized(into: area, from: r, scale: body.scale)
    }

    /// The primitive's subregion in pixels of the filter region, when it has one.
    private func subregion(_ p: FilterPrimitive, _ placed: PlacedFilter) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard let rect = userSubregion(p, placed) else { return nil }
        let unlimited = CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12)
        guard let s = Renderer.snapped(rect, placed.ctm, limit: unlimited) else { return (0, 0, 0, 0) }
        return (s.x0 - placed.region.x0, s.y0 - placed.region.y0, s.x1 - placed.region.x0, s.y1 - placed.region.y0)
    }

    /// The primitive's subregion in user space, when it has one.
    func userSubregion(_ p: FilterPrimitive, _ placed: PlacedFilter) -> CGRect? {
        let isFlood: Bool
        if case .flood = p.effect { isFlood = true } else { isFlood = false }
        let box = placed.filter.primitiveUnits == .objectBoundingBox ? placed.box : nil
        guard p.x != nil || p.y != nil || p.width != nil || p.height != nil || (box != nil && isFlood) else { return nil }
        // Missing values come from the filter region, or for an feFlood in box units from the box.
        let base = isFlood ? box ?? placed.userRegion : placed.userRegion
        func along(_ v: CGFloat?, _ origin: CGFloat, _ size: CGFloat, _ fallback: CGFloat) -> CGFloat {
            guard let v else { return fallback }
            return box == nil ? v : origin + v * size
        }
        let b = box ?? .zero
        return CGRect(x: along(p.x, b.minX, b.width, base.minX), y: along(p.y, b.minY, b.height, base.minY),
                      width: along(p.width, 0, b.width, base.width), height: along(p.height, 0, b.height, base.height))
    }

    /// One primitive's image from its input images.
    private func apply(_ p: FilterPrimitive, _ placed: PlacedFilter, inputs: [FilterImage], template: Pixmap) -> FilterImage {
        let cs = p.colorSpace
        let unit = placed.unitScale
        /// A user-space move in device pixels, truncated towards zero as resvg does.
        func move(_ dx: CGFloat, _ dy: CGFloat) -> (Int, Int) {
            let ux = dx.isFinite ? dx * unit.width : 0, uy = dy.isFinite ? dy * unit.height : 0
            let mx = placed.ctm.a * ux + placed.ctm.c * uy, my = placed.ctm.b * ux + placed.ctm.d * uy
            func whole(_ v: CGFloat) -> Int { v.isFinite ? Int(max(min(v, 1e9), -1e9).rounded(.towardZero)) : 0 }
            return (whole(mx), whole(my))
        }
        func sigmas(_ sx: CGFloat, _ sy: CGFloat) -> (CGFloat, CGFloat) { placed.deviceSigmas(sx, sy) }
        switch p.effect {
        case .flood(let color):
            return FilterImage.flood(color, like: template)
        case .offset(_, let dx, let dy):
            let (mx, my) = move(dx, dy)
            return inputs[0].offset(dx: mx, dy: my)
        case .gaussianBlur(_, let sx, let sy, _):
            let (x, y) = sigmas(sx, sy)
            guard x > 0 || y > 0 else { return inputs[0] }
            let input = inputs[0].converted(to: cs)
            return FilterImage(pixels: input.pixels.gaussianBlurred(sigmaX: x, sigmaY: y), space: cs)
        case .colorMatrix(_, let matrix):
            return inputs[0].converted(to: cs).colorMatrix(matrix)
        case .blend(_, _, let mode):
            let a = inputs[0].converted(to: cs), b = inputs[1].converted(to: cs)
            return FilterImage(pixels: FilterImage.composite(a.pixels, onto: b.pixels, mode: mode), space: cs)
        case .composite(_, _, let op):
            let a = inputs[0].converted(to: cs), b = inputs[1].converted(to: cs)
            let mode: BlendMode
            switch op {
            case .over: mode = .normal
            case .in: mode = .sourceIn
            case .out: mode = .sourceOut
            case .atop: mode = .sourceAtop
            case .xor: mode = .xor
            case .arithmetic(let k1, let k2, let k3, let k4):
                func f(_ v: CGFloat) -> Float { v.isFinite ? Float(v) : 0 }
                return FilterImage(pixels: FilterImage.arithmetic(a.pixels, b.pixels, k: (f(k1), f(k2), f(k3), f(k4))), space: cs)
            }
            return FilterImage(pixels: FilterImage.composite(a.pixels, onto: b.pixels, mode: mode), space: cs)
        case .merge:
            var out = template
            for input in inputs { out = FilterImage.composite(input.converted(to: cs).pixels, onto: out, mode: .normal) }
            return FilterImage(pixels: out, space: cs)
        case .dropShadow(_, let dx, let dy, let sx, let sy, let color):
            let input = inputs[0].converted(to: cs)
            let (x, y) = sigmas(sx, sy)
            let blurred = x > 0 || y > 0 ? input.pixels.gaussianBlurred(sigmaX: x, sigmaY: y) : input.pixels
            // The shadow colour is sRGB: tinted through the blurred alpha, then brought into `cs`.
            var tinted = blurred
            let c = color.premultiplied
            tinted.data.withUnsafeMutableBufferPointer { px in
                var i = 0
                while i < px.count {
                    let a = UInt32(px[i + 3])
                    func mul(_ v: UInt8) -> UInt8 { let t = UInt32(v) * a + 128; return UInt8((t + (t >> 8)) >> 8) }
                    px[i] = mul(c.r); px[i + 1] = mul(c.g); px[i + 2] = mul(c.b); px[i + 3] = mul(c.a)
                    i += 4
                }
            }
            let (mx, my) = move(dx, dy)
            let shadow = FilterImage(pixels: tinted, space: .sRGB).converted(to: cs).offset(dx: mx, dy: my)
            return FilterImage(pixels: FilterImage.composite(input.pixels, onto: shadow.pixels, mode: .normal), space: cs)
        case .componentTransfer(_, let transfer):
            return inputs[0].converted(to: cs).componentTransfer(transfer)
        case .morphology(_, let op, let rx, let ry):
            let r = placed.deviceRadii(rx, ry)
            return inputs[0].converted(to: cs).morphology(op, radiusX: r.x, radiusY: r.y)
        case .convolveMatrix(_, let m):
            return inputs[0].converted(to: cs).convolved(m)
        case .tile:
            return inputs[0].tiled(inputs[0].subregion ?? (0, 0, template.width, template.height))
        case .displacementMap(_, _, let scale, let xc, let yc):
            let s = placed.deviceScales(scale)
            return inputs[0].displaced(by: inputs[1].converted(to: cs).pixels, scaleX: s.width, scaleY: s.height, xChannel: xc, yChannel: yc)
        case .image(let source):
            return filterImage(source, p, placed, template: template)
        case .turbulence(let fx, let fy, let octaves, let seed, let stitch, let type):
            return FilterImage.turbulence(like: template, origin: (placed.region.x0, placed.region.y0), ctm: placed.ctm, space: cs,
                                          baseFrequency: (fx, fy), octaves: octaves, seed: seed, type: type,
                                          stitchTile: stitch ? userSubregion(p, placed) ?? placed.userRegion : nil)
        case .diffuseLighting, .specularLighting:
            return lighting(p.effect, placed, input: inputs[0], space: cs)
        }
    }

    /// Copies the pixels of `source` (covering `area`) that fall in `region` into `dest` (covering `region`).
    static func copy(_ source: Pixmap, from area: DeviceArea, into dest: inout Pixmap, at region: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        let x0 = max(area.x, region.x0), x1 = min(area.x + area.width, region.x1)
        let y0 = max(area.y, region.y0), y1 = min(area.y + area.height, region.y1)
        guard x1 > x0, y1 > y0 else { return }
        let sw = source.width, dw = dest.width
        source.data.withUnsafeBufferPointer { s in
            dest.data.withUnsafeMutableBufferPointer { d in
                for y in y0..<y1 {
                    let from = ((y - area.y) * sw + (x0 - area.x)) * 4, to = ((y - region.y0) * dw + (x0 - region.x0)) * 4
                    for k in 0..<((x1 - x0) * 4) { d[to + k] = s[from + k] }
                }
            }
        }
    }
}

extension Renderer.DeviceArea {
    /// An area of exactly these pixels (not cut to any canvas).
    init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

extension Pixmap {
    /// This image (covering `region` of the device) placed in a transparent image covering `area`.
    func resized(into area: Renderer.DeviceArea, from region: (x0: Int, y0: Int, x1: Int, y1: Int), scale: CGFloat) -> Pixmap? {
        if area.x == region.x0, area.y == region.y0, area.width == width, area.height == height { return self }
        guard var out = try? Pixmap(width: area.width, height: area.height, scale: scale) else { return nil }
        let regionArea = Renderer.DeviceArea(x: region.x0, y: region.y0, width: width, height: height)
        Renderer.copy(self, from: regionArea, into: &out, at: (area.x, area.y, area.x + area.width, area.y + area.height))
        return out
    }
}
