import Foundation
import CutoutGeometry

/// Why a pixmap could not be made.
public enum PixmapError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A side was negative, zero or above ``Pixmap/maxDimension``, or the pixel count above
    /// ``Pixmap/maxPixelCount``.
    case invalidSize(width: Int, height: Int)
    /// Given pixel data did not have `width · height · 4` bytes.
    case dataSizeMismatch(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .invalidSize(let w, let h):
            return "invalid pixmap size \(w)×\(h): each side must be 1...\(Pixmap.maxDimension) and the area at most \(Pixmap.maxPixelCount) pixels"
        case .dataSizeMismatch(let e, let a):
            return "pixel data has \(a) bytes, expected \(e)"
        }
    }
}

/// A rectangle of premultiplied RGBA8 pixels, row-major, top row first, with a scale factor
/// (pixels per point).
///
/// Guarantees: copy-on-write value semantics (the bytes live in an `Array`); the size is
/// validated before anything is allocated, so absurd sizes throw ``PixmapError`` instead of
/// exhausting memory. Every pixel starts transparent.
public struct Pixmap: Hashable, Sendable {
    /// The largest accepted width or height.
    public static let maxDimension = 32_768
    /// The largest accepted pixel count (1 GiB of RGBA8).
    public static let maxPixelCount = 1 << 28

    public let width: Int
    public let height: Int
    /// Pixels per point: 1, 2 or 3 for @1x, @2x, @3x renders. A non-finite, zero or negative
    /// scale becomes 1, as in the initialisers.
    public var scale: CGFloat {
        didSet {
            if !(scale.isFinite && scale > 0) { scale = 1 }
        }
    }
    /// `width · height · 4` bytes: R, G, B, A per pixel, premultiplied.
    ///
    /// The count never changes: an array of another length assigned here is fitted to the
    /// pixmap (bytes past the end dropped, missing pixels transparent), because the renderer
    /// and the encoders read and write the pixels through pointers.
    public var data: [UInt8] {
        didSet {
            if data.count != width * height * 4 { data = data.fitted(count: width * height * 4) }
        }
    }

    /// A transparent pixmap.
    /// - Throws: ``PixmapError/invalidSize(width:height:)`` outside the documented limits.
    public init(width: Int, height: Int, scale: CGFloat = 1) throws(PixmapError) {
        try Pixmap.validate(width: width, height: height)
        WorkMeter.record(width * height, .allocatedPixels)
        self.width = width
        self.height = height
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.data = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A pixmap over existing premultiplied RGBA8 bytes.
    public init(width: Int, height: Int, scale: CGFloat = 1, data: [UInt8]) throws(PixmapError) {
        try Pixmap.validate(width: width, height: height)
        WorkMeter.record(width * height, .allocatedPixels)
        guard data.count == width * height * 4 else {
            throw .dataSizeMismatch(expected: width * height * 4, actual: data.count)
        }
        self.width = width
        self.height = height
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.data = data
    }

    /// Throws unless `width × height` is within the limits.
    public static func validate(width: Int, height: Int) throws(PixmapError) {
        guard width > 0, height > 0, width <= maxDimension, height <= maxDimension,
              width * height <= maxPixelCount else {
            throw .invalidSize(width: width, height: height)
        }
    }

    /// The size in points (pixels divided by ``scale``).
    public var size: CGSize { CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale) }

    /// The pixel at column `x`, row `y`. Precondition: inside the pixmap.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get {
            let i = (y * width + x) * 4
            return PremultipliedRGBA8(r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            data[i] = newValue.r; data[i + 1] = newValue.g; data[i + 2] = newValue.b; data[i + 3] = newValue.a
        }
    }

    /// Sets every pixel to `pixel`.
    public mutating func fill(_ pixel: PremultipliedRGBA8) {
        data.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: PremultipliedRGBA8.self)
            for i in px.indices { px[i] = pixel }
        }
    }
}
