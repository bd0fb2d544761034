import Foundation
@testable import CutoutRaster

// The lossless WebP decoder. Invariants: those of every decoder (requireDecoderInvariants);
// WebP has no pixel rule of its own (any alpha, premultiplied).
//
// A valid stream can spend no bits on a pixel, so a few bytes may describe the largest image
// (2^28 pixels, 2 GB while decoding): the decoder is given a limit of 2^22 pixels here so that
// an input stays within libFuzzer's 2 s and 2 GB; the public initializer's limit is
// Pixmap.maxPixelCount.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let decoder = WebPDecoder(bytes: fuzzBytes(data, size), maxPixelCount: 1 << 22)
    requireDecoderInvariants("WebP", decode: { () throws(WebPError) in try decoder.decode() }) { _, _, _, _ in nil }
    return 0
}
