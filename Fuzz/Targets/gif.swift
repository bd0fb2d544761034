import Foundation
@testable import CutoutRaster

// The GIF decoder. Invariants: those of every decoder (requireDecoderInvariants), and alpha 0
// or 255 only (GIF transparency is all or nothing), with no colour where it is 0.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Data(fuzzBytes(data, size))
    requireDecoderInvariants("GIF", decode: { () throws(GIFError) in try Pixmap(gifData: input) }) { r, g, b, a in
        if a != 0 && a != 255 { return "alpha \(a)" }
        return a == 0 && (r | g | b) != 0 ? "transparent with colour" : nil
    }
    return 0
}
