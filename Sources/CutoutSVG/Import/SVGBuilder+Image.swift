import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

/// `<image>` with an embedded `data:` URI: a layer whose ``Layer/contents`` is the decoded
/// picture, or the layers of an embedded SVG document.
///
/// - Sources: `href` (or `xlink:href`) `data:image/png;base64,…` or `data:image/jpeg;base64,…`
///   (the bytes decide, whatever type is declared): PNG by ``Pixmap/init(pngData:)``, baseline,
///   extended sequential and progressive JPEG by ``Pixmap/init(jpegData:)``; an SVG document
///   (`data:image/svg+xml;base64,…`, or bytes that start like XML whatever the declared type)
///   imported as a separate document whose size (its `width`/`height`, else its view box) is
///   the image's size. An unsupported JPEG (lossless, arithmetic-coded, CMYK), compressed
///   SVG (`svgz`), an SVG document that cannot be read, non-base64 data and anything else is
///   skipped with a warning naming the element. Files and URLs are never read: an `href` that
///   is not a `data:` URI is skipped with a warning.
/// - Embedded documents share the outer document's budget: they are imported with what is
///   left of its limits (elements, visits, attribute bytes, markers, and the depth left below
///   the `<image>`), and a broken limit inside one is an error of the whole import. Their
///   warnings are reported, prefixed with the element.
/// - Geometry: `x`, `y`, `width`, `height` (lengths or percentages of the viewport; a missing
///   or `auto` width or height takes the image's size in pixels, keeping its aspect ratio
///   when the other is given), `preserveAspectRatio` as for a view box of the image's pixel
///   size: `meet` and `none` give a layer of the placed image's size, `slice` a layer of the
///   viewport's size showing the part of the image that covers it (``Layer/contentsRect``).
/// - Budget: decoding is bounded by the PNG decoder's pixel limits; each element is decoded
///   once, however often `<use>` reaches it (all its layers share the pixels).
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
        let group = try makeLayer { Layer() }
        group.name = e.attributes["id"]
        if let document {
            // The document's layer clips to its own size; `slice` also clips to the viewport.
            document.layer.transform = place
            document.layer.isHidden = !style.visible
            if placed.width <= viewport.width + 1e-9, placed.height <= viewport.height + 1e-9 {
                group.addSublayer(document.layer)
            } else {
                let clip = try makeLayer { Layer() }
                clip.bounds = viewport
                clip.position = viewport.origin
                clip.masksToBounds = true
                clip.addSublayer(document.layer)
                group.addSublayer(clip)
            }
            return group
        }
        guard case .pixels(let pixels) = source else { return nil }
        let layer = try makeLayer { Layer() }
        layer.contents = pixels
        layer.contentsGravity = .resize
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
        // outer limit's value. A document that is not well-formed, or nested too deep for the
        // depth left, is skipped like any unreadable image.
        func outer(_ error: SVGError) -> SVGError {
            switch error {
            case .tooManyElements: return .tooManyElements(limit: limits.maxElements)
            case .tooManyVisits: return .tooManyVisits(limit: limits.maxVisits)
            case .tooManyAttributeBytes: return .tooManyAttributeBytes(limit: limits.maxAttributeBytesRead)
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
        let builder = SVGBuilder(root: root, limits: inner, fonts: fonts)
        let image: SVGImage
        do throws(SVGError) { image = try builder.build() } catch { throw outer(error) }
        layerCount += builder.layerCount
        visits += builder.visits
        attributeBytesRead += builder.attributeBytesRead
        markerCount += builder.markerCount
        for w in image.warnings { warn(e.line, "\(name), embedded document line \(w.line): \(w.message)") }
        return image
    }

    /// What an `<image>`'s data URI holds.
    enum EmbeddedImage {
        case pixels(Pixmap)
        /// An SVG document's bytes (imported where the element is reached).
        case document(Data)
    }

    /// The pixels of `e`'s data URI, decoded once per element; nil (warned about once) when
    /// there are none to draw.
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
        guard uri.lowercased().hasPrefix("data:"), let comma = uri.firstIndex(of: ",") else {
            warn(e.line, "\(name) refers to '\(uri.prefix(60))': only embedded data: URIs are read (never files or URLs); skipped")
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
        let bytes = [UInt8](data.prefix(8))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            do throws(PNGError) {
                return .pixels(try Pixmap(pngData: data))
            } catch {
                warn(e.line, "\(name): PNG data could not be decoded (\(error)); skipped")
                return nil
            }
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            do throws(JPEGError) {
                return .pixels(try Pixmap(jpegData: data))
            } catch {
                warn(e.line, "\(name): JPEG data could not be decoded (\(error)); skipped")
                return nil
            }
        }
        if bytes.starts(with: [0x1F, 0x8B]) {
            warn(e.line, "\(name): compressed SVG (svgz) is not supported; skipped")
            return nil
        }
        // The bytes decide: an XML document (after white space or a byte order mark) is read
        // as SVG whatever type is declared, as resvg does.
        let head = data.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if head.first == UInt8(ascii: "<") { return .document(data) }
        if mediaType == "image/svg+xml" {
            warn(e.line, "\(name): the embedded SVG document does not start with '<'; skipped")
        } else {
            warn(e.line, "\(name): image data of type '\(mediaType.prefix(40))' is not PNG; skipped")
        }
        return nil
    }
}
