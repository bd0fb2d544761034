import Foundation
import CutoutGeometry
import CutoutRaster

// The bench scenes' JSON reader (`BenchScene.parse`, compiled in from Sources/cutout), then the
// scene drawn on a canvas capped at 48×48. Invariants: a scene that reads has a plain file
// name and a canvas within the pixmap limits; its render is premultiplied. One input in four
// is also drawn at up to 256×256 (large enough for fills to split into bands) on one thread
// and on three: the pixels must be identical.

private let maxSide = 48
private let threadedSide = 256

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let scene: BenchScene
    do {
        scene = try BenchScene.parse(Data(fuzzBytes(data, size)), file: "fuzz.json")
    } catch {
        require("\(error)".hasPrefix("fuzz.json: "), "an error that does not name the file: \(error)")
        return 0
    }
    require(!scene.name.isEmpty && !scene.name.contains("/") && scene.name != "." && scene.name != "..",
            "scene name \(scene.name.debugDescription)")
    require(scene.width > 0 && scene.height > 0 && scene.width <= Pixmap.maxDimension && scene.height <= Pixmap.maxDimension
            && scene.width * scene.height <= Pixmap.maxPixelCount, "canvas \(scene.width)×\(scene.height)")
    let w = min(scene.width, maxSide), h = min(scene.height, maxSide)
    let capped = BenchScene(name: scene.name, width: w, height: h, ops: scene.ops)
    guard var context = try? DrawingContext(width: w, height: h) else {
        require(false, "no \(w)×\(h) context")
        return 0
    }
    BenchRenderer(scene: capped).render(into: &context)
    requireValidPixmap(context.pixmap, width: w, height: h, "scene render")
    if size % 4 == 0 {
        let large = BenchScene(name: scene.name, width: min(scene.width, threadedSide),
                               height: min(scene.height, threadedSide), ops: scene.ops)
        var pixels: [[UInt8]] = []
        for threads in [1, 3] {
            guard var context = try? DrawingContext(width: large.width, height: large.height) else {
                require(false, "no \(large.width)×\(large.height) context")
                return 0
            }
            context.renderingThreadCount = threads
            BenchRenderer(scene: large).render(into: &context)
            pixels.append(context.pixmap.data)
        }
        require(pixels[0] == pixels[1], "3 threads draw other pixels than 1")
    }
    return 0
}
