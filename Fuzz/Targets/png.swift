import Foundation
@testable import CutoutRaster

// The PNG/APNG decoder and the encoders. Invariants: a decoded image has its stated size and
// premultiplied pixels, and encoding it then decoding gives the same pixels and scale; a
// pixmap made from the input's bytes survives PNG and APNG encoding exactly (the APNG's
// default image is frame 0, and each frame's fdAT data, rewrapped as IDAT, decodes to its frame).

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
    for (i, frame) in frames.enumerated() {
        let single = extractFrame(i, from: [UInt8](apng))
        do {
            let decoded = try Pixmap(pngData: Data(single))
            require(decoded.data == frame.data, "APNG frame \(i) decodes to other pixels")
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

/// A plain PNG holding frame `index` of an APNG: the header chunks, then that frame's image
/// data as IDAT (fdAT without its sequence number), then IEND.
private func extractFrame(_ index: Int, from apng: [UInt8]) -> [UInt8] {
    var reader = PNGChunkReader(bytes: apng, offset: 8)
    var writer = PNGChunkWriter()
    var frame = -1
    while let chunk = try? reader.next() {
        let body = apng[chunk.data]
        switch chunk.type {
        case "IHDR", "pHYs": writer.append(chunk.type, body)
        case "fcTL": frame += 1
        case "IDAT" where frame == index: writer.append("IDAT", body)
        case "fdAT" where frame == index: writer.append("IDAT", body.dropFirst(4))
        default: break
        }
    }
    writer.append("IEND", [])
    return writer.bytes
}
