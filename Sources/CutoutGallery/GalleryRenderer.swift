import CutoutLayers
import CutoutRaster
import CutoutSVG
import Foundation

/// Turns the gallery's section plans into files: stills become PNG files, scenes with several
/// frames become animated PNGs; every scene's first frame is also exported as SVG.
///
/// The whole gallery is one concurrent pass on all cores: every frame of every scene is a task
/// (each frame is its own layer tree, only read while rendering), and the task that renders a
/// scene's last frame adds the tasks that compress the frames and export the SVG, so no core
/// waits for another section's last scene. The largest scenes start first, so the small ones
/// fill the end. The files are the same bytes as encoding each scene on its own.
package enum GalleryRenderer {
    /// Renders `plans` at `scale` and returns their sections in order.
    ///
    /// `finished` is called with a section's index and contents as soon as its last file is
    /// made (one call at a time, from any thread); a section with a failed scene is not reported.
    /// - Throws: the first scene's error in plan order: ``LayerRenderError``, ``PNGError`` or
    ///   ``APNGError``.
    package static func render(_ plans: [GallerySectionPlan], scale: Double,
                               finished: @escaping @Sendable (Int, GallerySection) -> Void) throws -> [GallerySection] {
        let pass = GalleryPass(plans: plans, scale: CGFloat(scale), finished: finished)
        pass.run()
        return try plans.indices.map { try pass.section($0) }
    }
}

/// One scene's progress through the pass. Its fields are only touched under the pass's lock.
private final class SceneWork: @unchecked Sendable {
    let section: Int
    let scene: GalleryScene
    var frames: [Pixmap?]
    var compressed: [[UInt8]?]
    var framesToRender: Int
    var framesToCompress: Int
    /// The image file and the SVG file.
    var filesToMake = 2
    var image: GalleryFile?
    var svg: GalleryFile?
    var error: (any Error)?

    init(section: Int, scene: GalleryScene) {
        self.section = section
        self.scene = scene
        frames = Array(repeating: nil, count: scene.frames.count)
        compressed = Array(repeating: nil, count: scene.frames.count)
        framesToRender = scene.frames.count
        framesToCompress = scene.frames.count
    }

    /// Pixels to render, to start the largest scenes first.
    var pixelCount: Double { Double(scene.frames.count) * Double(scene.size.width * scene.size.height) }
}

private final class GalleryPass: @unchecked Sendable {
    private let plans: [GallerySectionPlan]
    private let scale: CGFloat
    private let finished: @Sendable (Int, GallerySection) -> Void
    private let queue = WorkQueue()
    private let lock = NSLock()
    private let reportLock = NSLock()
    /// Per section, its scenes that have frames (a scene without frames makes no files).
    private let work: [[SceneWork]]
    private var scenesToFinish: [Int]

    init(plans: [GallerySectionPlan], scale: CGFloat, finished: @escaping @Sendable (Int, GallerySection) -> Void) {
        self.plans = plans
        self.scale = scale
        self.finished = finished
        work = plans.indices.map { s in plans[s].scenes.filter { !$0.frames.isEmpty }.map { SceneWork(section: s, scene: $0) } }
        scenesToFinish = work.map(\.count)
    }

    func run() {
        for scene in work.joined().sorted(by: { $0.pixelCount < $1.pixelCount }) {
            for frame in scene.scene.frames.indices.reversed() {
                queue.add { self.render(scene, frame: frame) }
            }
        }
        for s in work.indices where work[s].isEmpty { report(s) }
        queue.run()
    }

    /// Section `s` once the pass has run.
    func section(_ s: Int) throws -> GallerySection {
        for scene in work[s] { if let error = scene.error { throw error } }
        return GallerySection(title: plans[s].title, summary: plans[s].summary, items: work[s].map(Self.item))
    }

    private static func item(_ work: SceneWork) -> GalleryItem {
        GalleryItem(id: work.scene.id, title: work.scene.title, caption: work.scene.caption,
                    files: [work.image, work.svg].compactMap { $0 })
    }

    private func render(_ work: SceneWork, frame: Int) {
        let scene = work.scene
        let pixmap = Result { () throws(LayerRenderError) in try LayerRenderer.render(scene.frames[frame], size: scene.size, scale: scale) }
        if scene.frames.count == 1 {
            queue.add { self.exportSVG(work) }
            let file = Result { () throws in GalleryFile(name: "\(scene.id).png", data: try pixmap.get().pngData()) }
            finishFile(of: work) {
                switch file {
                case .success(let file): work.image = file
                case .failure(let error): work.error = error
                }
            }
            return
        }
        lock.lock()
        switch pixmap {
        case .success(let pixmap): work.frames[frame] = pixmap
        case .failure(let error): work.error = work.error ?? error
        }
        work.framesToRender -= 1
        let rendered = work.framesToRender == 0
        let failed = work.error != nil
        lock.unlock()
        guard rendered else { return }
        queue.add { self.exportSVG(work) }
        if failed {
            finishFile(of: work) {}
            return
        }
        let frames = work.frames.map { $0! }
        let format = PNGEncoder.Format(for: frames)
        for (f, pixmap) in frames.enumerated() {
            queue.add { self.compress(work, frame: f, pixmap: pixmap, format: format) }
        }
    }

    private func compress(_ work: SceneWork, frame: Int, pixmap: Pixmap, format: PNGEncoder.Format) {
        let compressed = Result { () throws(PNGError) in try PNGEncoder.compressedImage(pixmap, format: format) }
        lock.lock()
        switch compressed {
        case .success(let bytes): work.compressed[frame] = bytes
        case .failure(let error): work.error = work.error ?? APNGError.encoding(error)
        }
        // The pixels are no longer needed once compressed.
        work.frames[frame] = nil
        work.framesToCompress -= 1
        let done = work.framesToCompress == 0
        let failed = work.error != nil
        lock.unlock()
        guard done else { return }
        if failed {
            finishFile(of: work) {}
            return
        }
        let scene = work.scene
        let file = Result { () throws in
            GalleryFile(name: "\(scene.id).apng.png",
                        data: try APNG.encode(compressedFrames: work.compressed.map { $0! }, format: format,
                                              width: pixmap.width, height: pixmap.height, scale: pixmap.scale,
                                              frameDelay: scene.frameDuration))
        }
        finishFile(of: work) {
            switch file {
            case .success(let file): work.image = file
            case .failure(let error): work.error = work.error ?? error
            }
        }
    }

    private func exportSVG(_ work: SceneWork) {
        let scene = work.scene
        let file = GalleryFile(name: "\(scene.id).svg", data: Data(SVGExporter.svg(for: scene.frames[0], size: scene.size).utf8))
        finishFile(of: work) { work.svg = file }
    }

    /// Records one of the scene's files (under the lock) and reports its section when it was
    /// the section's last.
    private func finishFile(of work: SceneWork, _ record: () -> Void) {
        lock.lock()
        record()
        work.filesToMake -= 1
        var sectionDone = false
        if work.filesToMake == 0 {
            scenesToFinish[work.section] -= 1
            sectionDone = scenesToFinish[work.section] == 0
        }
        lock.unlock()
        if sectionDone { report(work.section) }
    }

    private func report(_ s: Int) {
        guard let section = try? section(s) else { return }
        reportLock.lock()
        finished(s, section)
        reportLock.unlock()
    }
}
