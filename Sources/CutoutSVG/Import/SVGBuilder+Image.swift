import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

/// `<image>` with an embedded `data:` URI: a layer whose ``Layer/contents`` is the decoded
/// picture.
///
/// - Sources: `href` (or `xlink:href`) `data:image/png;base64,…` or `data:image/jpeg;base64,…`
///   (the bytes decide, whatever type is declared): PNG by ``Pixmap/init(pngData:)``, baseline,
///   extended sequential and progressive JPEG by ``Pixmap/init(jpegData:)``; an unsupported JPEG
///   (lossless, arithmetic-coded, CMYK), an SVG document as image, non-base64 data and anything else is skipped
///   with a warning naming the element. Files and URLs are never read: an `href` that is not a
///   `data:` URI is skipped with a warning.
/// - Geometry: `x`, `y`, `width`, `height` (lengths or percentages of the viewport; a missing
///   or `auto` width or height takes the image's size in pixels, keeping its aspect ratio
///   when the other is given), `preserveAspectRatio` as for a view box of the image's pixel
///   size: `meet` and `none` give a layer of the placed image's size, `slice` a layer of the
///   viewport's size showing the part of the image that covers it (``Layer/contentsRect``).
/// - Budget: decoding is bounded by the PNG decoder's pixel limits; each element is decoded
///   once, however often `<use>` reaches it (all its layers share the pixels).
extension SVGBuilder {
    func image(_ e: SVGNode, style: SVGStyle, depth: Int) throws(SVGError) -> Layer? {
        guard let pixels = decodedImage(e) else { return nil }
        let iw = CGFloat(pixels.width), ih = CGFloat(pixels.height)
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
        let group = try makeLayer { Layer() }
        group.name = e.attributes["id"]
        group.addSublayer(layer)
        return group
    }

    /// The pixels of `e`'s data URI, decoded once per element; nil (warned about once) when
    /// there are none to draw.
    func decodedImage(_ e: SVGNode) -> Pixmap? {
        if let cached = imageCache[ObjectIdentifier(e)] { return cached }
        let pixels = uncachedImage(e)
        imageCache[ObjectIdentifier(e)] = .some(pixels)
        return pixels
    }

    private func uncachedImage(_ e: SVGNode) -> Pixmap? {
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
                return try Pixmap(pngData: data)
            } catch {
                warn(e.line, "\(name): PNG data could not be decoded (\(error)); skipped")
                return nil
            }
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            do throws(JPEGError) {
                return try Pixmap(jpegData: data)
            } catch {
                warn(e.line, "\(name): JPEG data could not be decoded (\(error)); skipped")
                return nil
            }
        }
        if mediaType == "image/svg+xml" {
            warn(e.line, "\(name): SVG documents as images are not supported; skipped")
        } else {
            warn(e.line, "\(name): image data of type '\(mediaType.prefix(40))' is not PNG; skipped")
        }
        return nil
    }
}
