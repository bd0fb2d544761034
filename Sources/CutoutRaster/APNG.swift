import Foundation

/// Why an animation could not be encoded.
public enum APNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No frames were given.
    case noFrames
    /// Frame `index` is not the size of the first frame.
    case frameSizeMismatch(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// The delay is negative, not finite, or above 65 535 seconds.
    case invalidFrameDelay(Double)
    /// The loop count is negative or above 2³¹ − 1.
    case invalidLoopCount(Int)
    /// Compressing a frame failed.
    case encoding(PNGError)

    public var description: String {
        switch self {
        case .noFrames:
            return "an animation needs at least one frame"
        case .frameSizeMismatch(let i, let w, let h, let ew, let eh):
            return "frame \(i) is \(w)×\(h), expected \(ew)×\(eh) like frame 0"
        case .invalidFrameDelay(let d):
            return "invalid frame delay \(d) s: must be finite, 0...65535"
        case .invalidLoopCount(let n):
            return "invalid loop count \(n): must be 0 (forever) ... 2147483647"
        case .encoding(let e):
            return "frame encoding failed: \(e)"
        }
    }
}

/// Animated PNG (APNG) encoding for animated gallery scenes.
///
/// The file is a valid PNG whose default image is the first frame (decoders without APNG
/// support, ``Pixmap/init(pngData:)`` included, show it), followed by `fdAT` chunks for the
/// others. The first frame covers the whole canvas; each later one only the smallest rectangle
/// that holds every pixel where it differs from the frame before it (one pixel at the origin
/// when nothing changed, since a frame cannot be empty). Frames are kept once shown
/// (`dispose_op` none) and replace what is under them, alpha included (`blend_op` source), so
/// each frame shows exactly its pixmap. A frame where little moves costs little to encode and
/// to store.
public enum APNG {
    /// One frame, compressed: the rectangle it covers and that part of it, filtered and
    /// zlib-compressed in the animation's format.
    package struct CompressedFrame: Sendable {
        let rect: PixelRect
        let data: [UInt8]
    }

    /// Encodes `frames` (all the same size) as an APNG shown `frameDelay` seconds each.
    ///
    /// One colour type serves all frames (the smallest exact one, as in ``Pixmap/pngData()``).
    /// The delay is stored as the fraction with the smallest denominator among 1, 10, 100, 1000,
    /// 10 000 that is exact within 1 µs and fits 16 bits, else rounded to the finest that fits.
    /// - Parameters:
    ///   - loopCount: times to play; 0 loops forever.
    /// - Complexity: O(frames × width × height).
    /// - Throws: ``APNGError``.
    public static func encode(frames: [Pixmap], frameDelay: Double, loopCount: Int = 0) throws(APNGError) -> Data {
        guard let first = frames.first else { throw .noFrames }
        for (i, frame) in frames.enumerated() where frame.width != first.width || frame.height != first.height {
            throw .frameSizeMismatch(index: i, width: frame.width, height: frame.height,
                                     expectedWidth: first.width, expectedHeight: first.height)
        }
        let delay = try checkedDelay(frameDelay, loopCount: loopCount)
        let format = PNGEncoder.Format(for: frames)
        var compressed: [CompressedFrame] = []
        for (i, frame) in frames.enumerated() {
            do {
                compressed.append(try compressedFrame(frame, after: i > 0 ? frames[i - 1] : nil, format: format))
            } catch {
                throw .encoding(error)
            }
        }
        return file(compressed, format: format, width: first.width, height: first.height, scale: first.scale,
                    delay: delay, loopCount: loopCount)
    }

    /// `frame` compressed in `format` as the frame after `previous` (the same size), or as the
    /// first frame when `previous` is nil.
    /// - Complexity: O(width × height).
    package static func compressedFrame(_ frame: Pixmap, after previous: Pixmap?, format: PNGEncoder.Format) throws(PNGError) -> CompressedFrame {
        let rect = changedRect(from: previous, to: frame)
        return CompressedFrame(rect: rect, data: try PNGEncoder.compressedImage(frame, rect: rect, format: format))
    }

    /// The smallest rectangle that holds every pixel where `frame` differs from `previous`
    /// (the same size); the whole frame without a previous one; the pixel at the origin when
    /// the two are equal.
    static func changedRect(from previous: Pixmap?, to frame: Pixmap) -> PixelRect {
        let width = frame.width, height = frame.height
        guard let previous else { return PixelRect(minX: 0, minY: 0, maxX: width, maxY: height) }
        precondition(previous.width == width && previous.height == height, "frames must be the same size")
        var minX = width, minY = height, maxX = 0, maxY = 0
        frame.data.withUnsafeBufferPointer { now in
            previous.data.withUnsafeBufferPointer { before in
                now.withMemoryRebound(to: UInt32.self) { now in
                    before.withMemoryRebound(to: UInt32.self) { before in
                        for y in 0..<height {
                            let a = now.baseAddress! + y * width, b = before.baseAddress! + y * width
                            // memcmp finds the unchanged rows quickly even in a debug build.
                            if memcmp(a, b, 4 * width) == 0 { continue }
                            if y < minY { minY = y }
                            maxY = y + 1
                            // The row has a changed pixel, so both scans stop at or before it;
                            // they only look where the rectangle does not reach yet.
                            var x = 0
                            while x < minX && a[x] == b[x] { x += 1 }
                            minX = x < minX ? x : minX
                            var end = width
                            while end > maxX && a[end - 1] == b[end - 1] { end -= 1 }
                            maxX = end > maxX ? end : maxX
                        }
                    }
                }
            }
        }
        return minY < maxY ? PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1)
    }

    /// The animation whose frames are `compressedFrames`, each ``compressedFrame(_:after:format:)``
    /// of a `width` × `height` pixmap of `scale` after the one before it, in `format`
    /// (``PNGEncoder/Format/init(for:)`` of all of them): the same bytes as
    /// ``encode(frames:frameDelay:loopCount:)`` of those pixmaps, for a caller that compresses
    /// the frames on several threads.
    /// - Throws: ``APNGError``.
    package static func encode(compressedFrames: [CompressedFrame], format: PNGEncoder.Format, width: Int, height: Int,
                               scale: CGFloat, frameDelay: Double, loopCount: Int = 0) throws(APNGError) -> Data {
        guard !compressedFrames.isEmpty else { throw .noFrames }
        let delay = try checkedDelay(frameDelay, loopCount: loopCount)
        return file(compressedFrames, format: format, width: width, height: height, scale: scale, delay: delay, loopCount: loopCount)
    }

    /// The frame delay as a fraction, after checking it and the loop count.
    private static func checkedDelay(_ frameDelay: Double, loopCount: Int) throws(APNGError) -> (numerator: UInt16, denominator: UInt16) {
        guard let delay = delayFraction(frameDelay) else { throw .invalidFrameDelay(frameDelay) }
        guard (0...Int(Int32.max)).contains(loopCount) else { throw .invalidLoopCount(loopCount) }
        return delay
    }

    /// The file's chunks around the frames' compressed image data.
    private static func file(_ compressedFrames: [CompressedFrame], format: PNGEncoder.Format, width: Int, height: Int, scale: CGFloat,
                             delay: (numerator: UInt16, denominator: UInt16), loopCount: Int) -> Data {
        var writer = PNGChunkWriter()
        writer.append("IHDR", format.header(width: width, height: height).chunkData)
        writer.append("pHYs", PNGEncoder.physicalDimensions(scale: scale))
        var control: [UInt8] = []
        control.appendPNGBigEndian(UInt32(compressedFrames.count))
        control.appendPNGBigEndian(UInt32(loopCount))
        writer.append("acTL", control)

        var sequence: UInt32 = 0
        for (i, frame) in compressedFrames.enumerated() {
            var frameControl: [UInt8] = []
            frameControl.appendPNGBigEndian(sequence)
            frameControl.appendPNGBigEndian(UInt32(frame.rect.width))
            frameControl.appendPNGBigEndian(UInt32(frame.rect.height))
            frameControl.appendPNGBigEndian(UInt32(frame.rect.minX))
            frameControl.appendPNGBigEndian(UInt32(frame.rect.minY))
            frameControl.appendPNGBigEndian(delay.numerator)
            frameControl.appendPNGBigEndian(delay.denominator)
            frameControl += [0, 0]  // dispose_op none, blend_op source
            writer.append("fcTL", frameControl)
            sequence += 1

            PNGEncoder.appendImageData(frame.data) { piece in
                if i == 0 {
                    writer.append("IDAT", piece)
                } else {
                    var frameData: [UInt8] = []
                    frameData.reserveCapacity(piece.count + 4)
                    frameData.appendPNGBigEndian(sequence)
                    frameData += piece
                    writer.append("fdAT", frameData)
                    sequence += 1
                }
            }
        }
        writer.append("IEND", [])
        return Data(writer.bytes)
    }

    /// `seconds` as a 16-bit fraction, or nil when out of range.
    static func delayFraction(_ seconds: Double) -> (numerator: UInt16, denominator: UInt16)? {
        guard seconds.isFinite, seconds >= 0, seconds <= 65535 else { return nil }
        let denominators: [UInt16] = [1, 10, 100, 1000, 10000]
        for d in denominators {
            let n = seconds * Double(d)
            if n <= 65535, abs(n - n.rounded()) * 1e6 <= Double(d) {
                return (UInt16(n.rounded()), d)
            }
        }
        let d = denominators.last { seconds * Double($0) <= 65535 } ?? 1
        return (UInt16((seconds * Double(d)).rounded()), d)
    }
}
