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
