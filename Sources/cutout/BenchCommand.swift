import Foundation
import CutoutRaster

/// `cutout bench`: renders the anchor benchmark scenes with Cutout's rasteriser and times
/// them the way `shared/anchors/bench_anchors.py` times the reference engines.
struct BenchCommand: CutoutCommand {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Time the anchor benchmark scenes (render only, clearing included).",
        discussion: "Scenes are the JSON files exported by shared/anchors/scenes.py. Each scene is parsed and its paths built before timing; then 3 warm-up frames, then frames until about 2 s have passed (at least 5, at most 2000), or exactly --frames N.",
        arguments: [.init(name: "scenes", help: "Scene names to run (default: every *.json in the scene folder). `union` times the boolean union of 1,000 rounded rects (geometry, no pixels); `list` scrolls a 1,000-cell list whose cells cut holes, frame by frame at 1170×2532. `layout-100`, `layout-1m`, `layout-seed-100k` and `carousel-<style>-100`/`-1m` time collection layouts (no pixels); `layouts` runs them all. `text`, `text-layout` and `text-outlines` time text (layout and render of 60 lines at 1170×2532, layout alone, decoding every glyph of the bundled font).", required: false, variadic: true)],
        options: [
            .init(long: "frames", valueName: "frames", help: "Timed frames per scene (default: until ~2 s, 5...2000 frames)."),
            .init(long: "json", help: "Print one JSON object per scene and line."),
            .init(long: "threads", valueName: "threads", help: "Threads each fill may use (DrawingContext.renderingThreadCount; default 1, as the anchors run)."),
            .init(long: "exact-overlaps", help: "Resolve pixels where a shape overlaps itself exactly (DrawingContext.exactOverlapCoverage)."),
            .init(long: "png", valueName: "png", help: "Write the last frame of each scene as <scene>.png into this folder."),
            .init(long: "scenes", valueName: "scenes", help: "Folder of scene JSON files; not looked for when only built-in scenes (union, list, the layout and text scenes) run."),
        ]
    )

    var scenes: [String]
    var frames: Int?
    var json: Bool
    var threads: Int
    var exactOverlaps: Bool
    var png: String?
    var sceneDirectory: String?

    init(_ arguments: ParsedArguments) throws {
        scenes = arguments.positionals
        frames = try arguments.int("frames")
        json = arguments.flag("json")
        threads = try arguments.int("threads") ?? 1
        exactOverlaps = arguments.flag("exact-overlaps")
        png = arguments.string("png")
        sceneDirectory = arguments.string("scenes")
        if let frames, frames < 1 { throw UsageError("--frames must be at least 1", for: Self.spec) }
        if threads < 1 || threads > 64 { throw UsageError("--threads must be in 1...64", for: Self.spec) }
    }

    func run() throws {
        let layoutScenes = LayoutBench.expand(scenes)
        let fileScenes = scenes.filter { !LayoutBench.isLayoutScene($0) && !TextBench.names.contains($0) && $0 != "union" && $0 != "list" }
        let files: [URL]
        if scenes.isEmpty {
            let dir = try resolveSceneDirectory()
            let all: [String]
            do { all = try FileManager.default.contentsOfDirectory(atPath: dir.path) } catch {
                throw CommandError.file("list", dir.path, error)
            }
            files = all.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
        } else if fileScenes.isEmpty {
            // Built-in scenes only: the scene folder may be missing, as on a machine without
            // the anchor data.
            files = []
        } else {
            let dir = try resolveSceneDirectory()
            files = fileScenes.map { dir.appendingPathComponent($0.hasSuffix(".json") ? $0 : $0 + ".json") }
        }
        if let png {
            do { try FileManager.default.createDirectory(atPath: png, withIntermediateDirectories: true) } catch {
                throw CommandError.file("create the folder", png, error)
            }
        }
        if scenes.contains("union") {
            report("union", Timing(samples: runBooleanUnionBench(frames: frames ?? 5), lastFrame: nil))
        }
        if scenes.contains("list") {
            let (ms, last) = try runListHolesBench(frames: frames ?? 120)
            report("list", Timing(samples: ms, lastFrame: last))
            if let png { try CommandError.write(try last.pngData(), to: URL(fileURLWithPath: png).appendingPathComponent("list.png")) }
        }
        for name in TextBench.names where scenes.contains(name) {
            let (ms, last) = try TextBench.run(name, frames: frames)
            report(name, Timing(samples: ms, lastFrame: last))
            if let png, let last { try CommandError.write(try last.pngData(), to: URL(fileURLWithPath: png).appendingPathComponent(name + ".png")) }
        }
        for name in layoutScenes {
            report(name, Timing(samples: LayoutBench.run(name, frames: frames), lastFrame: nil))
        }
        for file in files {
            let scene = try BenchScene.load(from: file)
            let result = try time(scene)
            report(scene.name, result)
            if let png, let pixmap = result.lastFrame {
                let url = URL(fileURLWithPath: png).appendingPathComponent(scene.name + ".png")
                let data: Data
                do { data = try pixmap.pngData() } catch { throw CommandError("cannot encode '\(url.path)': \(error)") }
                try CommandError.write(data, to: url)
            }
        }
    }

    struct Timing {
        var median: Double
        var min: Double
        var max: Double
        var frames: Int
        var lastFrame: Pixmap?

        /// Median, minimum and maximum of per-frame samples (at least one).
        init(samples: [Double], lastFrame: Pixmap?) {
            let sorted = samples.sorted()
            let n = sorted.count
            median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
            min = sorted[0]
            max = sorted[n - 1]
            frames = n
            self.lastFrame = lastFrame
        }
    }

    private func time(_ scene: BenchScene) throws -> Timing {
        var ctx: DrawingContext
        do { ctx = try DrawingContext(width: scene.width, height: scene.height) } catch {
            throw CommandError("scene \(scene.name): \(error)")
        }
        ctx.renderingThreadCount = threads
        ctx.exactOverlapCoverage = exactOverlaps
        let renderer = BenchRenderer(scene: scene)
        for _ in 0..<3 { renderer.render(into: &ctx) }
        var ms: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            let t0 = clock.now
            renderer.render(into: &ctx)
            let d = clock.now - t0
            ms.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15)
            if let frames {
                if ms.count >= frames { break }
            } else if ms.count >= 2000 || (ms.count >= 5 && clock.now - start >= .seconds(2)) {
                break
            }
        }
        return Timing(samples: ms, lastFrame: ctx.pixmap)
    }

    private func report(_ name: String, _ t: Timing) {
        if json {
            let fields = "\"scene\": \"\(name)\", \"median_ms\": \(fmt(t.median)), \"min_ms\": \(fmt(t.min)), "
                + "\"max_ms\": \(fmt(t.max)), \"frames\": \(t.frames)"
            print("{" + fields + "}")
        } else {
            // Aligned for the anchor scenes' short names; longer names are kept whole.
            let padded = name + String(repeating: " ", count: max(0, 8 - name.count))
            print("\(padded) median \(fmt(t.median)) ms  (min \(fmt(t.min)), max \(fmt(t.max)), \(t.frames) frames)")
        }
        // One line per scene as each finishes, also when the output is a pipe (nil: every stream).
        fflush(nil)
    }

    /// Three decimals, or nanoseconds for frames under 10 µs (the layout scenes).
    private func fmt(_ v: Double) -> String { String(format: v < 0.01 ? "%.6f" : "%.3f", v) }

    /// `--scenes`, else `../shared/data/anchor_scenes` from the current directory (the package
    /// root), else the same path from each folder above the executable.
    private func resolveSceneDirectory() throws -> URL {
        let fm = FileManager.default
        func isDir(_ u: URL) -> Bool {
            var d: ObjCBool = false
            return fm.fileExists(atPath: u.path, isDirectory: &d) && d.boolValue
        }
        if let sceneDirectory {
            let u = URL(fileURLWithPath: sceneDirectory)
            guard isDir(u) else { throw UsageError("--scenes \(sceneDirectory): no such folder", for: Self.spec) }
            return u
        }
        let rel = "../shared/data/anchor_scenes"
        var candidates = [URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent(rel)]
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent(rel))
            dir = dir.deletingLastPathComponent()
        }
        for c in candidates where isDir(c) { return c.standardized }
        throw UsageError("no scene folder found (tried \(rel) from the current directory and above the executable); pass --scenes DIR", for: Self.spec)
    }
}
