import Foundation
@testable import CutoutRaster

// The JPEG decoder (baseline, extended and progressive). Invariants: decoding ends in a pixmap
// or a JPEGError with a description; a decoded image is within the pixmap limits, has
// premultiplied, fully opaque pixels (JPEG has no alpha), decodes the same way twice, and
// survives a PNG round trip exactly.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Data(fuzzBytes(data, size))
    let image: Pixmap
    do {
        image = try Pixmap(jpegData: input)
    } catch {
        require(!error.description.isEmpty, "an error without a description")
        return 0
    }
    require(image.width >= 1 && image.height >= 1 && image.width <= Pixmap.maxDimension && image.height <= Pixmap.maxDimension
            && image.width * image.height <= Pixmap.maxPixelCount, "decoded size \(image.width)×\(image.height)")
    requireValidPixmap(image, width: image.width, height: image.height, "decoded JPEG")
    image.data.withUnsafeBufferPointer { d in
        var i = 3
        while i < d.count {
            if d[i] != 255 { require(false, "pixel \(i / 4) has alpha \(d[i]) in an opaque JPEG") }
            i += 4
        }
    }
    // Small images only: the second decode and the PNG encode would double a large input's time.
    guard image.width * image.height <= 1 << 16 else { return 0 }
    require((try? Pixmap(jpegData: input))?.data == image.data, "a second decode gives other pixels")
    do {
        let again = try Pixmap(pngData: try image.pngData())
        require(again.width == image.width && again.height == image.height && again.data == image.data,
                "the decoded JPEG changed in a PNG round trip")
    } catch {
        require(false, "the decoded JPEG does not round-trip through PNG: \(error)")
    }
    return 0
}
