import Foundation
@testable import CutoutRaster

// The lossless WebP decoder. Invariants: decoding ends in a pixmap or a WebPError with a
// description; a decoded image is within the pixel limit, has premultiplied pixels, decodes
// the same way twice, and survives a PNG round trip exactly.
//
// A valid stream can spend no bits on a pixel, so a few bytes may describe the largest image
// (2^28 pixels, 2 GB while decoding): the decoder is given a limit of 2^22 pixels here so that
// an input stays within libFuzzer's 2 s and 2 GB, as the public initializer's limit is
// Pixmap.maxPixelCount.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let decoder = WebPDecoder(bytes: bytes, maxPixelCount: 1 << 22)
    let image: Pixmap
    do {
        image = try decoder.decode()
    } catch {
        require(!error.description.isEmpty, "an error without a description")
        return 0
    }
    require(image.width >= 1 && image.height >= 1 && image.width * image.height <= 1 << 22, "decoded size \(image.width)×\(image.height)")
    requireValidPixmap(image, width: image.width, height: image.height, "decoded WebP")
    guard image.width * image.height <= 1 << 16 else { return 0 }
    require((try? decoder.decode())?.data == image.data, "a second decode gives other pixels")
    require((try? Pixmap(webPData: Data(bytes)))?.data == image.data, "the public initializer gives other pixels")
    do {
        let again = try Pixmap(pngData: try image.pngData())
        require(again.width == image.width && again.height == image.height && again.data == image.data,
                "the decoded WebP changed in a PNG round trip")
    } catch {
        require(false, "the decoded WebP does not round-trip through PNG: \(error)")
    }
    return 0
}
