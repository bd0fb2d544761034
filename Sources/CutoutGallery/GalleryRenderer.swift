import CutoutLayers
import CutoutRaster
import CutoutSVG
import Foundation

/// Turns the gallery's section plans into files: stills become PNG files, scenes with several
/// frames become animated PNGs; every scene's first frame is also exported as SVG.
///
/// The whole gallery is one concurrent pass on all cores: building each section's scenes is a
/// task, which adds a task per frame to render (each frame is its own layer tree, only read
/// while rendering); the task that renders a scene's last frame adds the tasks that compress
/// the frames and export the SVG, so no core waits for another section's last scene. Scenes
/// are built first, then a scene's files are finished before more frames are started, and
/// the largest scenes are rendered first, so the small ones fill the end. The files are the
/// same bytes as encoding each scene on its own.
package enum GalleryRenderer {
    /// Builds and renders the sections of `plans` at `scale` and returns them in order.
    ///
    /// `finished` is called with a section's index and contents as soon as its last file is
    /// made (one call at a time, from any thread).
    ///
    /// A scene that fails (``LayerRenderError``, ``PNGError`` or ``APNGError``) does not stop
    /// the others: its item keeps the files that were made and names the error in
    /// ``GalleryItem/failure``.
    package static func render(_ plans: [@Sendable () -> GallerySectionPlan], scale: Double,
                               finished: @escaping @Sendable (Int, GallerySection) -> Void) -> [GallerySection] {
        let pass = GalleryPass(plans: plans, scale: CGFloat(scale), finished: finished)
        pass.run()
        return plans.indices.map { pass.section($0) }
    }
}

/// One scene's progress through the pass. Its variables are written under the pass's lock, and
/// read without it only once the scene's files are made.
private final class SceneWork: @unchecked Sendable {
    let section: Int
    let scene: GalleryScene
    var frames: [Pixmap?]
    var compressed: [APNG.CompressedFrame?]
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
    private let builders: [@Sendable () -> GallerySectionPlan]
    private let scale: CGFloat
    private let finished: @Sendable (Int, GallerySection) -> Void
    private let queue = WorkQueue()
    private let lock = NSLock()
    private let reportLock = NSLock()
    /// Per section, once built: its plan and its scenes that have frames (a scene without
    /// frames makes no files).
    private var plans: [GallerySectionPlan?]
    private var work: [[SceneWork]]
    private var scenesToFinish: [Int]

    init(plans: [@Sendable () -> GallerySectionPlan], scale: CGFloat, finished: @escaping @Sendable (Int, GallerySection) -> Void) {
        builders = plans
        self.scale = scale
        self.finished = finished
        self.plans = Array(repeating: nil, count: plans.count)
        work = Array(repeating: [], count: plans.count)
        scenesToFinish = Array(repeating: 0, count: plans.count)
    }

    /// Building scenes comes first, then finishing scenes already rendered, then rendering
    /// (largest scenes first).
    private static let buildPriority = Double.infinity
    private static let encodePriority = Double.greatestFiniteMagnitude

    func run() {
        for s in builders.indices {
            queue.add(priority: Self.buildPriority) { self.build(s) }
        }
        queue.run()
    }

    private func build(_ s: Int) {
        let plan = builders[s]()
        let scenes = plan.scenes.filter { !$0.frames.isEmpty }.map { SceneWork(section: s, scene: $0) }
        lock.lock()
        plans[s] = plan
        work[s] = scenes
        scenesToFinish[s] = scenes.count
        lock.unlock()
        if scenes.isEmpty { report(s) }
        for scene in scenes {
            // The SVG comes from the first frame's layers alone: it needs no pixels.
            queue.add(priority: Self.encodePriority) { self.exportSVG(scene) }
            for frame in scene.scene.frames.indices {
                queue.add(priority: scene.pixelCount) { self.render(scene, frame: frame) }
            }
        }
    }

    /// Section `s` once its scenes are finished.
    func section(_ s: Int) -> GallerySection {
        lock.lock()
        let plan = plans[s]!, scenes = work[s]
        lock.unlock()
        return GallerySection(title: plan.title, summary: plan.summary, items: scenes.map(Self.item))
    }

    private static func item(_ work: SceneWork) -> GalleryItem {
        GalleryItem(id: work.scene.id, title: work.scene.title, caption: work.scene.caption,
                    files: [work.image, work.svg].compactMap { $0 }, failure: work.error.map { String(describing: $0) })
    }

    private func render(_ work: SceneWork, frame: Int) {
        let scene = work.scene
        let pixmap = Result { () throws(LayerRenderError) in try LayerRenderer.render(scene.frames[frame], size: scene.size, scale: scale) }
        if scene.frames.count == 1 {
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
        if failed {
            finishFile(of: work) {}
            return
        }
        let frames = work.frames.map { $0! }
        let format = PNGEncoder.Format(for: frames)
        for (f, pixmap) in frames.enumerated() {
            let previous = f > 0 ? frames[f - 1] : nil
            queue.add(priority: Self.encodePriority) { self.compress(work, frame: f, pixmap: pixmap, after: previous, format: format) }
        }
    }

    private func compress(_ work: SceneWork, frame: Int, pixmap: Pixmap, after previous: Pixmap?, format: PNGEncoder.Format) {
        let compressed = Result { () throws(PNGError) in try APNG.compressedFrame(pixmap, after: previous, format: format) }
        lock.lock()
        switch compressed {
        case .success(let compressed): work.compressed[frame] = compressed
        case .failure(let error): work.error = work.error ?? APNGError.encoding(error)
        }
        // The scene lets go of the pixels once compressed; the next frame's task keeps its own
        // reference, to compare, until it has run.
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
        let section = section(s)
        reportLock.lock()
        finished(s, section)
        reportLock.unlock()
    }
}
