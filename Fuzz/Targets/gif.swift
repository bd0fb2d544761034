import Foundation
@testable import CutoutRaster

// The GIF decoder. Invariants: decoding ends in a pixmap or a GIFError with a description; a
// decoded image is within the pixmap limits, has premultiplied pixels whose alpha is 0 or 255
// (GIF transparency is all or nothing), decodes the same way twice, and survives a PNG round
// trip exactly.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Data(fuzzBytes(data, size))
    let image: Pixmap
    do {
        image = try Pixmap(gifData: input)
    } catch {
        require(!error.description.isEmpty, "an error without a description")
        return 0
    }
    require(image.width >= 1 && image.height >= 1 && image.width <= Pixmap.maxDimension && image.height <= Pixmap.maxDimension
            && image.width * image.height <= Pixmap.maxPixelCount, "decoded size \(image.width)×\(image.height)")
    requireValidPixmap(image, width: image.width, height: image.height, "decoded GIF")
    image.data.withUnsafeBufferPointer { d in
        var i = 3
        while i < d.count {
            if d[i] != 0 && d[i] != 255 { require(false, "pixel \(i / 4) has alpha \(d[i])") }
            if d[i] == 0 && (d[i - 3] | d[i - 2] | d[i - 1]) != 0 { require(false, "transparent pixel \(i / 4) has colour") }
            i += 4
        }
    }
    guard image.width * image.height <= 1 << 16 else { return 0 }
    require((try? Pixmap(gifData: input))?.data == image.data, "a second decode gives other pixels")
    do {
        let again = try Pixmap(pngData: try image.pngData())
        require(again.width == image.width && again.height == image.height && again.data == image.data,
                "the decoded GIF changed in a PNG round trip")
    } catch {
        require(false, "the decoded GIF does not round-trip through PNG: \(error)")
    }
    return 0
}
