import Foundation
@testable import CutoutRaster

// The PNG/APNG decoder and the encoders. Invariants: a decoded image has its stated size and
// premultiplied pixels, and encoding it then decoding gives the same pixels and scale; a
// pixmap made from the input's bytes survives PNG and APNG encoding exactly (the APNG's
// default image is frame 0, and painting each frame's image data, rewrapped as a PNG of its
// fcTL rectangle, over the frames before it gives that frame).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let decoded = try? Pixmap(pngData: Data(bytes)) {
        requireValidPixmap(decoded, width: decoded.width, height: decoded.height, "decoded PNG")
        requireRoundTrip(decoded, "decoded PNG")
    }
    guard let pixmap = pixmap(from: bytes) else { return 0 }
    requireRoundTrip(pixmap, "pixmap from bytes")
    var second = pixmap
    for i in second.data.indices where i % 4 != 3 { second.data[i] = second.data[i & ~3 | 3] - second.data[i] }
    let frames = [pixmap, second]
    let apng: Data
    do { apng = try APNG.encode(frames: frames, frameDelay: Double(bytes[0]) / 100) } catch {
        require(false, "APNG encoding failed: \(error)")
        return 0
    }
    do {
        let first = try Pixmap(pngData: apng)
        require(first.data == pixmap.data, "the APNG's default image is not frame 0")
    } catch {
        require(false, "the APNG does not decode: \(error)")
    }
    var canvas = pixmap
    for (i, frame) in frames.enumerated() {
        let (single, x0, y0) = extractFrame(i, from: [UInt8](apng))
        do {
            let part = try Pixmap(pngData: Data(single))
            require(x0 + part.width <= canvas.width && y0 + part.height <= canvas.height, "APNG frame \(i) leaves the canvas")
            for y in 0..<part.height {
                for x in 0..<part.width { canvas[x0 + x, y0 + y] = part[x, y] }
            }
            require(canvas.data == frame.data, "APNG frame \(i) shows other pixels")
        } catch {
            require(false, "APNG frame \(i) does not decode: \(error)")
        }
    }
    return 0
}

private func requireRoundTrip(_ pixmap: Pixmap, _ what: String) {
    do {
        let again = try Pixmap(pngData: try pixmap.pngData())
        require(again.width == pixmap.width && again.height == pixmap.height, "\(what): size changed")
        require(again.scale == pixmap.scale, "\(what): scale \(pixmap.scale) read back as \(again.scale)")
        require(again.data == pixmap.data, "\(what): pixels changed in a PNG round trip")
    } catch {
        require(false, "\(what): PNG round trip failed: \(error)")
    }
}

/// A small premultiplied pixmap from the input: width from the first byte, pixels from the
/// rest (colour channels clamped to alpha), scale 1...4 from the first byte's top bits.
private func pixmap(from bytes: [UInt8]) -> Pixmap? {
    guard bytes.count >= 5 else { return nil }
    let width = 1 + Int(bytes[0] % 16)
    let pixels = bytes.dropFirst()
    let height = min(16, max(1, pixels.count / 4 / width))
    var data = [UInt8](repeating: 0, count: width * height * 4)
    for i in data.indices { data[i] = pixels[pixels.startIndex + i % pixels.count] }
    for p in stride(from: 0, to: data.count, by: 4) {
        for c in 0..<3 { data[p + c] = min(data[p + c], data[p + 3]) }
    }
    return try? Pixmap(width: width, height: height, scale: CGFloat(1 + Int(bytes[0] >> 6)), data: data)
}

/// Frame `index` of an APNG as a plain PNG (the header with the frame's size, then its image
/// data as IDAT, fdAT without its sequence number, then IEND) and where the frame goes.
private func extractFrame(_ index: Int, from apng: [UInt8]) -> (png: [UInt8], x: Int, y: Int) {
    var reader = PNGChunkReader(bytes: apng, offset: 8)
    var header: [UInt8] = []
    var data: [[UInt8]] = []
    var frame = -1, x = 0, y = 0
    func int(_ b: ArraySlice<UInt8>, _ at: Int) -> Int {
        b[(b.startIndex + at)..<(b.startIndex + at + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    while let chunk = try? reader.next() {
        let body = apng[chunk.data]
        switch chunk.type {
        case "IHDR": header = Array(body)
        case "fcTL":
            frame += 1
            if frame == index {
                header.replaceSubrange(0..<8, with: body[(body.startIndex + 4)..<(body.startIndex + 12)])
                x = int(body, 12)
                y = int(body, 16)
            }
        case "IDAT" where frame == index: data.append(Array(body))
        case "fdAT" where frame == index: data.append(Array(body.dropFirst(4)))
        default: break
        }
    }
    var writer = PNGChunkWriter()
    writer.append("IHDR", header)
    for piece in data { writer.append("IDAT", piece) }
    writer.append("IEND", [])
    return (writer.bytes, x, y)
}
