import Foundation
import CutoutGeometry
import CutoutRaster

// The bench scenes' JSON reader (`BenchScene.parse`, compiled in from Sources/cutout), then the
// scene drawn on a canvas capped at 48×48. Invariants: a scene that reads has a plain file
// name, a canvas within the pixmap limits and finite numbers; its render is premultiplied.

private let maxSide = 48

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
    return 0
}
