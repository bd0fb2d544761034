import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

/// `<image>`: a layer whose ``Layer/contents`` is the decoded picture, or the layers of an SVG
/// document.
///
/// - Sources: `href` (or `xlink:href`) as a `data:` URI (`data:image/png;base64,…`; base64
///   only), or as a file when the import was granted files (``SVGImporter/FileAccess``: a
///   relative path from the document's folder, within the granted folders; never a URL). The
///   bytes decide the format, whatever type or extension is declared: PNG by
///   ``Pixmap/init(pngData:)``, baseline, extended sequential and progressive JPEG by
///   ``Pixmap/init(jpegData:)``, the first image of a GIF by ``Pixmap/init(gifData:)``,
///   lossless WebP by ``Pixmap/init(webPData:)``; an SVG document (bytes that start like XML,
///   or gzip-compressed `svgz` inflated to at most ``SVGImporter/Limits/maxInputBytes``)
///   imported as a separate document whose size (its `width`/`height`, else its view box) is
///   the image's size. An undecodable picture (lossy or animated WebP among them), an SVG
///   document that cannot be read, a file that is missing or not granted, a URL, and anything
///   else is skipped with a warning naming the element.
/// - Embedded documents share the outer document's budget: they are imported with what is
///   left of its limits (elements, visits, attribute bytes, markers, and the depth left below
///   the `<image>`), and a broken limit inside one is an error of the whole import. Their
///   warnings are reported, prefixed with the element. They draw their own `data:` images but
///   read no files (see ``SVGImporter/FileAccess``), so documents cannot show each other in a
///   loop; nesting by `data:` URIs is bounded by the depth limit and the input's size.
/// - Geometry: `x`, `y`, `width`, `height` (lengths or percentages of the viewport; a missing
///   or `auto` width or height takes the image's size in pixels, keeping its aspect ratio
///   when the other is given), `preserveAspectRatio` as for a view box of the image's pixel
///   size: `meet` and `none` give a layer of the placed image's size, `slice` a layer of the
///   viewport's size showing the part of the image that covers it (``Layer/contentsRect``).
///   `image-rendering: optimizeSpeed` (or `pixelated`, `crisp-edges`) samples the picture's
///   nearest pixel (``Layer/magnificationFilter`` and ``Layer/minificationFilter``
///   ``ContentsFilter/nearest``); other values sample bilinearly.
/// - Budget: decoding is bounded by the decoders' pixel limits; each element is decoded
///   once, however often `<use>` reaches it, and each file once, however many elements name
///   it (all their layers share the pixels).
extension SVGBuilder {
    func image(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        guard let source = decodedImage(e) else { return nil }
        var document: SVGImage?
        let iw: CGFloat, ih: CGFloat
        switch source {
        case .pixels(let pixels):
            (iw, ih) = (CGFloat(pixels.width), CGFloat(pixels.height))
        case .document(let data):
            guard let image = try embeddedDocument(data, e, depth: depth), image.size.width > 0, image.size.height > 0 else { return nil }
            document = image
            (iw, ih) = (image.size.width, image.size.height)
        }
        func size(_ name: String, _ axis: Axis) -> CGFloat? {
            guard let v = e.attributes[name], v.trimmingCharacters(in: .whitespaces) != "auto" else { return nil }
            return coordinate(e, name, axis, default: 0)
        }
        var w = size("width", .x), h = size("height", .y)
        switch (w, h) {
        case (nil, nil): (w, h) = (iw, ih)
        case (nil, let hh?): w = hh * iw / ih
        case (let ww?, nil): h = ww * ih / iw
        default: break
        }
        guard let w, let h, w > 0, h > 0 else { return nil }
        let viewport = CGRect(x: coordinate(e, "x", .x), y: coordinate(e, "y", .y), width: w, height: h)
        let aspect = e.attributes["preserveAspectRatio"]
        let place = SVGViewBox(rect: CGRect(x: 0, y: 0, width: iw, height: ih)).transform(into: viewport, preserveAspectRatio: aspect)
        let placed = CGRect(x: 0, y: 0, width: iw, height: ih).applying(place)
        let group = try makeLayer(for: e) { Layer() }
        group.name = e.attributes["id"]
        if let document {
            // The document's layer clips to its own size; `slice` also clips to the viewport.
            document.layer.transform = place
            document.layer.isHidden = !style.visible
            if placed.width <= viewport.width + 1e-9, placed.height <= viewport.height + 1e-9 {
                group.addSublayer(document.layer)
            } else {
                let clip = try makeLayer(for: e) { Layer() }
                clip.bounds = viewport
                clip.position = viewport.origin
                clip.masksToBounds = true
                clip.addSublayer(document.layer)
                group.addSublayer(clip)
            }
            return group
        }
        guard case .pixels(let pixels) = source else { return nil }
        let layer = try makeLayer(for: e) { Layer() }
        layer.contents = pixels
        layer.contentsGravity = .resize
        layer.magnificationFilter = style.pixelatedImages ? .nearest : .linear
        layer.minificationFilter = layer.magnificationFilter
        layer.isHidden = !style.visible
        if placed.width <= viewport.width + 1e-9, placed.height <= viewport.height + 1e-9 {
            layer.bounds = CGRect(origin: .zero, size: placed.size)
            layer.position = placed.origin
        } else {
            // `slice`: the viewport shows the part of the image that covers it.
            layer.bounds = CGRect(origin: .zero, size: viewport.size)
            layer.position = viewport.origin
            layer.contentsRect = CGRect(x: (viewport.minX - placed.minX) / placed.width, y: (viewport.minY - placed.minY) / placed.height,
                                        width: viewport.width / placed.width, height: viewport.height / placed.height)
        }
        // The element's transform applies about the user space's origin, not the picture's
        // corner: the positioned picture goes in a group that takes it.
        group.addSublayer(layer)
        return group
    }

    /// The imported SVG document in `data`, for `e` reached at `depth`; nil (with a warning)
    /// when it cannot be read. It is imported again each time the element is reached (layers
    /// cannot be shared), and each import counts against what is left of the budget.
    private func embeddedDocument(_ data: Data, _ e: SVGNode, depth: Int) throws(SVGError) -> SVGImage? {
        let name = e.attributes["id"].map { "<image id=\"\($0.prefix(40))\">" } ?? "<image>"
        guard isWithinDepth(depth + 1, e, "\(name)'s SVG document") else { return nil }
        var inner = limits
        inner.maxDepth = limits.maxDepth - depth - 1
        inner.maxElements = limits.maxElements - layerCount
        inner.maxVisits = limits.maxVisits - visits
        inner.maxAttributeBytesRead = limits.maxAttributeBytesRead - attributeBytesRead
        inner.maxMarkers = limits.maxMarkers - markerCount
        // A limit broken inside is the outer document's limit broken: it is reported with the
        // outer limit's value, at the `<image>`'s line (the inner document's lines are not the
        // outer file's). A document that is not well-formed, or nested too deep for the depth
        // left, is skipped like any unreadable image.
        func outer(_ error: SVGError) -> SVGError {
            switch error {
            case .tooManyElements: return .tooManyElements(line: e.line, limit: limits.maxElements)
            case .tooManyVisits: return .tooManyVisits(line: e.line, limit: limits.maxVisits)
            case .tooManyAttributeBytes: return .tooManyAttributeBytes(line: e.line, limit: limits.maxAttributeBytesRead)
            default: return error
            }
        }
        let root: SVGNode
        do throws(SVGError) {
            root = try XMLDocumentParser(limits: inner).parse(data)
        } catch {
            switch error {
            case .malformedXML, .nestingTooDeep, .entityDeclarationRefused, .unsupportedEncoding:
                warn(e.line, "\(name): the embedded SVG document cannot be read (\(error)); skipped")
                return nil
            default: throw outer(error)
            }
        }
        guard root.name == "svg" else {
            warn(e.line, "\(name): the embedded document's root is <\(root.name.prefix(40))>, not <svg>; skipped")
            return nil
        }
        let builder = SVGBuilder(root: root, limits: inner, fonts: fonts, isImageDocument: true)
        let image: SVGImage
        do throws(SVGError) { image = try builder.build() } catch { throw outer(error) }
        layerCount += builder.layerCount
        visits += builder.visits
        attributeBytesRead += builder.attributeBytesRead
        markerCount += builder.markerCount
        for w in image.warnings { warn(e.line, "\(name), embedded document line \(w.line): \(w.message)") }
        return image
    }

    /// What an `<image>`'s data URI or file holds.
    enum EmbeddedImage {
        case pixels(Pixmap)
        /// An SVG document's bytes (imported where the element is reached).
        case document(Data)
    }

    /// The picture or document `e` names, decoded once per element (and once per file); nil
    /// (warned about once) when there is none to draw.
    func decodedImage(_ e: SVGNode) -> EmbeddedImage? {
        if let cached = imageCache[ObjectIdentifier(e)] { return cached }
        let pixels = uncachedImage(e)
        imageCache[ObjectIdentifier(e)] = .some(pixels)
        return pixels
    }

    private func uncachedImage(_ e: SVGNode) -> EmbeddedImage? {
        let name = e.attributes["id"].map { "<\(e.name) id=\"\($0.prefix(40))\">" } ?? "<\(e.name)>"
        guard let href = e.attributes["href"] ?? e.attributes["xlink:href"] else {
            warn(e.line, "\(name) has no href; skipped")
            return nil
        }
        let uri = href.trimmingCharacters(in: .whitespacesAndNewlines)
        if uri.lowercased().hasPrefix("data:") { return dataURIImage(uri, e, name) }
        guard let loader, let baseDirectory else {
            warn(e.line, isImageDocument
                 ? "\(name) refers to '\(uri.prefix(60))': an SVG document shown as an image reads no files, only data: URIs; skipped"
                 : "\(name) refers to '\(uri.prefix(60))': this import may read no files, only data: URIs (see SVGImporter.FileAccess); skipped")
            return nil
        }
        let path: String
        switch loader.resolve(uri, from: baseDirectory) {
        case .failure(let refusal):
            warn(e.line, "\(name): \(refusal.message); skipped")
            return nil
        case .success(let p): path = p
        }
        if let cached = loader.images[path] { return cached }
        let image: EmbeddedImage?
        switch loader.read(path) {
        case .failure(let refusal):
            warn(e.line, "\(name): \(refusal.message); skipped")
            image = nil
        case .success(let data):
            let type = URL(fileURLWithPath: path).pathExtension.lowercased()
            image = decode(data, declaredType: type.isEmpty ? "a file without extension" : ".\(type) file", e, name)
        }
        loader.images[path] = .some(image)
        return image
    }

    /// The image in a `data:` URI (base64 only).
    private func dataURIImage(_ uri: String, _ e: SVGNode, _ name: String) -> EmbeddedImage? {
        guard let comma = uri.firstIndex(of: ",") else {
            warn(e.line, "\(name): a data: URI without a comma; skipped")
            return nil
        }
        let header = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma].lowercased()
        let parameters = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let mediaType = parameters.first { !$0.contains("=") && $0 != "base64" } ?? ""
        guard parameters.contains("base64") else {
            warn(e.line, "\(name): a data: URI without base64 (\(mediaType.isEmpty ? "text" : mediaType)) is not supported; skipped")
            return nil
        }
        guard let data = Data(base64Encoded: String(uri[uri.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
            warn(e.line, "\(name): invalid base64 data; skipped")
            return nil
        }
        return decode(data, declaredType: mediaType.isEmpty ? "unnamed type" : "type '\(mediaType.prefix(40))'", e, name)
    }

    /// The pixels `decode` gives, or `nil` with a warning naming `format` and the error.
    private func picture<E: Error>(_ format: String, _ e: SVGNode, _ name: String,
                                   _ decode: () throws(E) -> Pixmap) -> EmbeddedImage? {
        do throws(E) {
            return .pixels(try decode())
        } catch {
            warn(e.line, "\(name): \(format) data could not be decoded (\(error)); skipped")
            return nil
        }
    }

    /// The picture or document in `data`: the bytes decide, whatever type is declared (as
    /// resvg does). `declaredType` names it in warnings.
    private func decode(_ data: Data, declaredType: String, _ e: SVGNode, _ name: String) -> EmbeddedImage? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return picture("PNG", e, name) { () throws(PNGError) in try Pixmap(pngData: data) } }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return picture("JPEG", e, name) { () throws(JPEGError) in try Pixmap(jpegData: data) } }
        if bytes.starts(with: Array("GIF8".utf8)) { return picture("GIF", e, name) { () throws(GIFError) in try Pixmap(gifData: data) } }
        if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return picture("WebP", e, name) { () throws(WebPError) in try Pixmap(webPData: data) }
        }
        var document = data
        if Gzip.isGzip(bytes) {
            do throws(Gzip.Failure) {
                document = Data(try Gzip.decompress([UInt8](data), maxCount: limits.maxInputBytes))
            } catch {
                warn(e.line, "\(name): compressed SVG (svgz) cannot be inflated: \(error); skipped")
                return nil
            }
        }
        // An XML document (after white space or a byte order mark) is read as SVG.
        let head = document.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if head.first == UInt8(ascii: "<") { return .document(document) }
        warn(e.line, "\(name): the image (\(declaredType)) is not PNG, JPEG, GIF, WebP or SVG; skipped")
        return nil
    }
}
