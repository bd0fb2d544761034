import CutoutLayers
import CutoutRaster
import CutoutSVG
import Foundation

extension GallerySection {
    /// A section made of a component's layer-tree scenes: stills become PNG files, scenes with
    /// several frames become animated PNGs; every scene's first frame is also exported as SVG.
    ///
    /// Every frame of every scene is rendered concurrently on all cores (each frame is its own
    /// layer tree, only read while rendering), then the files are put together in order.
    static func fromScenes(title: String, summary: String, scenes: [GalleryScene], scale: Double) throws -> GallerySection {
        let jobs = scenes.indices.flatMap { s in scenes[s].frames.indices.map { (scene: s, frame: $0) } }
        var rendered = [Result<Pixmap, LayerRenderError>?](repeating: nil, count: jobs.count)
        rendered.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress!
            let work = UncheckedSendable(value: { (i: Int) in
                let job = jobs[i], scene = scenes[job.scene]
                out[i] = Result { () throws(LayerRenderError) in
                    try LayerRenderer.render(scene.frames[job.frame], size: scene.size, scale: CGFloat(scale))
                }
            })
            DispatchQueue.concurrentPerform(iterations: jobs.count) { work.value($0) }
        }
        var next = 0
        var items: [GalleryItem] = []
        for scene in scenes {
            var frames: [Pixmap] = []
            for _ in scene.frames {
                frames.append(try rendered[next]!.get())
                next += 1
            }
            guard let first = scene.frames.first, let still = frames.first else { continue }
            var files: [GalleryFile] = []
            if frames.count > 1 {
                files.append(GalleryFile(name: "\(scene.id).apng.png", data: try APNG.encode(frames: frames, frameDelay: scene.frameDuration)))
            } else {
                files.append(GalleryFile(name: "\(scene.id).png", data: try still.pngData()))
            }
            files.append(GalleryFile(name: "\(scene.id).svg", data: Data(SVGExporter.svg(for: first, size: scene.size).utf8)))
            items.append(GalleryItem(id: scene.id, title: scene.title, caption: scene.caption, files: files))
        }
        return GallerySection(title: title, summary: summary, items: items)
    }
}

/// A value used from several threads whose safety the caller guarantees: here, layer trees
/// that are only read, and result slots that each thread writes once.
private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
}
