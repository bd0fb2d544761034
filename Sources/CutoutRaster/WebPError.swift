/// Why WebP data could not be decoded. Each case names the chunk or field at fault.
public enum WebPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data does not start with a RIFF header of form type `WEBP`.
    case badSignature
    /// The data ends inside the RIFF container, a chunk, or the lossless bit stream (before
    /// every pixel is decoded); `offset` is the byte where it ends.
    case truncated(offset: Int)
    /// A valid WebP feature this decoder does not implement: lossy (`VP8 `) images and
    /// animations (`ANIM`/`ANMF`).
    case unsupported(String)
    /// The container or the bit stream holds impossible values (an unknown first chunk, a
    /// lossless version other than 0, an incomplete or over-subscribed prefix code, a backward
    /// reference before the first pixel…).
    case invalidData(String)
    /// The image is beyond ``Pixmap/maxDimension`` or ``Pixmap/maxPixelCount`` (the extended
    /// format's canvas may claim up to 2²⁴ pixels a side); nothing was allocated for it.
    case imageTooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .badSignature: return "not WebP data (no RIFF header of form type WEBP)"
        case .truncated(let offset): return "WebP data truncated at byte \(offset)"
        case .unsupported(let what): return "unsupported WebP feature: \(what)"
        case .invalidData(let why): return "invalid WebP data: \(why)"
        case .imageTooLarge(let w, let h):
            return "WebP image of \(w)×\(h) pixels is empty or too large (each side at most \(Pixmap.maxDimension), at most \(Pixmap.maxPixelCount) pixels)"
        }
    }
}
