import CutoutRaster

// Shared by every fuzz target (scripts/fuzz.sh compiles this file into each one).

/// Stops the run when an invariant fails: libFuzzer reports the trap as a crash and saves the
/// input, which then becomes a regression fixture.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
             file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError("fuzz invariant failed: \(message())", file: file, line: line) }
}

/// The fuzzer's input as bytes.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
}

/// Checks what every rendered pixmap promises: the asked size, four bytes per pixel, and
/// premultiplied pixels (no colour channel above alpha).
func requireValidPixmap(_ pixmap: Pixmap, width: Int, height: Int, _ what: String) {
    require(pixmap.width == width && pixmap.height == height,
            "\(what): pixmap is \(pixmap.width)×\(pixmap.height), expected \(width)×\(height)")
    require(pixmap.data.count == width * height * 4, "\(what): \(pixmap.data.count) bytes for \(width)×\(height) pixels")
    pixmap.data.withUnsafeBufferPointer { d in
        var i = 0
        while i < d.count {
            let a = d[i + 3]
            if d[i] > a || d[i + 1] > a || d[i + 2] > a {
                let n = i / 4
                require(false, "\(what): pixel (\(n % width), \(n / width)) = \(d[i]),\(d[i + 1]),\(d[i + 2]),\(a) is not premultiplied")
            }
            i += 4
        }
    }
}

/// Runs an image decoder on the fuzzer's input and checks what every decoder promises: it ends
/// in a pixmap or in an error with a description; the pixmap is within the pixmap limits and
/// premultiplied; `pixelRule` (the format's own rule, given a pixel's RGBA, answering what is
/// wrong or nil) holds for every pixel; and a small image decodes the same way twice and
/// survives a PNG round trip exactly.
func requireDecoderInvariants<E: Error & CustomStringConvertible>(
    _ format: String, decode: () throws(E) -> Pixmap, pixelRule: (UInt8, UInt8, UInt8, UInt8) -> String?
) {
    let image: Pixmap
    do { image = try decode() } catch {
        require(!error.description.isEmpty, "an error without a description")
        return
    }
    require(image.width >= 1 && image.height >= 1 && image.width <= Pixmap.maxDimension && image.height <= Pixmap.maxDimension
            && image.width * image.height <= Pixmap.maxPixelCount, "decoded size \(image.width)×\(image.height)")
    requireValidPixmap(image, width: image.width, height: image.height, "decoded \(format)")
    image.data.withUnsafeBufferPointer { d in
        var i = 0
        while i < d.count {
            if let wrong = pixelRule(d[i], d[i + 1], d[i + 2], d[i + 3]) { require(false, "pixel \(i / 4): \(wrong)") }
            i += 4
        }
    }
    // Small images only: the second decode and the PNG encode would double a large input's time.
    guard image.width * image.height <= 1 << 16 else { return }
    require((try? decode())?.data == image.data, "a second decode gives other pixels")
    do {
        let again = try Pixmap(pngData: try image.pngData())
        require(again.width == image.width && again.height == image.height && again.data == image.data,
                "the decoded \(format) changed in a PNG round trip")
    } catch {
        require(false, "the decoded \(format) does not round-trip through PNG: \(error)")
    }
}
