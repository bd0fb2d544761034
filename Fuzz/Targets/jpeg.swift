import Foundation
@testable import CutoutRaster

// The JPEG decoder (baseline, extended and progressive). Invariants: those of every decoder
// (requireDecoderInvariants), and fully opaque pixels (JPEG has no alpha).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Data(fuzzBytes(data, size))
    requireDecoderInvariants("JPEG", decode: { () throws(JPEGError) in try Pixmap(jpegData: input) }) { _, _, _, a in
        a == 255 ? nil : "alpha \(a) in an opaque JPEG"
    }
    return 0
}
