import CutoutLayers
import CutoutRaster
import CutoutSVG
import Foundation

extension GallerySection {
    /// A section made of a component's layer-tree scenes: stills become PNG files, scenes with
    /// several frames become animated PNGs; every scene's first frame is also exported as SVG.
    static func fromScenes(title: String, summary: String, scenes: [GalleryScene], scale: Double) throws -> GallerySection {
        var items: [GalleryItem] = []
        for scene in scenes {
            var files: [GalleryFile] = []
            guard let first = scene.frames.first else { continue }
            let still = try LayerRenderer.render(first, size: scene.size, scale: CGFloat(scale))
            if scene.frames.count > 1 {
                var frames = [still]
                for layer in scene.frames.dropFirst() {
                    frames.append(try LayerRenderer.render(layer, size: scene.size, scale: CGFloat(scale)))
                }
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
