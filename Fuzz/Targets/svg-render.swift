import Foundation
import CutoutLayers
import CutoutRaster
import CutoutSVG

// The SVG importer through to pixels, on a small canvas. Invariants: import ends in an image
// or a typed error; the image's size is finite and not negative; the render has the promised
// pixel size and premultiplied pixels; the exporter's SVG for the tree imports again.

private let limits = SVGImporter.Limits(maxInputBytes: 1 << 16, maxAttributeBytes: 1 << 14, maxDepth: 32,
                                        maxElements: 2_000, maxVisits: 20_000, maxAttributeBytesRead: 1 << 20)
/// Canvas side cap in points: keeps one input well under the 2 s budget under ASan.
private let maxSide: CGFloat = 40

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let image: SVGImage
    do {
        image = try SVGImporter.importSVG(Data(bytes), limits: limits)
    } catch {
        require(!error.description.isEmpty, "an error without a description")
        return 0
    }
    require(image.size.width.isFinite && image.size.height.isFinite && image.size.width >= 0 && image.size.height >= 0,
            "document size \(image.size)")
    // Odd-length inputs render at scale 2, so both device-scale paths are fuzzed.
    let scale: CGFloat = bytes.count % 2 == 0 ? 1 : 2
    let canvas = CGSize(width: min(image.size.width, maxSide), height: min(image.size.height, maxSide))
    do {
        let pixmap = try LayerRenderer.render(image.layer, size: canvas, scale: scale)
        requireValidPixmap(pixmap, width: Int((canvas.width * scale).rounded(.up)),
                           height: Int((canvas.height * scale).rounded(.up)), "render")
    } catch {
        require(canvas.width <= 0 || canvas.height <= 0, "render refused a \(canvas) canvas: \(error)")
    }
    let exported = SVGExporter.svg(for: image.layer, size: image.size)
    do {
        _ = try SVGImporter.importSVG(exported)
    } catch {
        require(false, "the exporter's SVG does not import: \(error)\n\(exported)")
    }
    return 0
}
