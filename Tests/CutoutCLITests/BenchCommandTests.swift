import CutoutRaster
import Foundation
import Testing
@testable import cutout

/// `cutout bench --scenes DIR` with hostile scene files: each is refused with a message naming
/// the file (and the item and field where there is one), or runs in bounded time.
@Suite struct BenchCommandTests {
    static let validItem = ##"{"op": "fill", "path": "M1 1 L7 1 L4 7 Z", "fill": "#ff0000", "fillRule": "nonzero"}"##

    static func scene(width: String = "8", height: String = "8", name: String = "\"t\"", items: String = "[\(validItem)]") -> String {
        ##"{"name": \##(name), "width": \##(width), "height": \##(height), "items": \##(items)}"##
    }

    func bench(_ json: String, file: String = "t.json", extra: [String] = []) throws -> (CommandOutcome, TemporaryFolder) {
        let tmp = try TemporaryFolder()
        try tmp.write(file, json)
        let name = String(file.dropLast(5))
        return (runCutout(["bench", name, "--scenes", tmp.url.path, "--frames", "1"] + extra), tmp)
    }

    @Test func aValidSceneRunsAndWritesItsPNG() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("t.json", Self.scene())
        let outcome = runCutout(["bench", "t", "--scenes", tmp.url.path, "--frames", "1", "--png", tmp.path("png")])
        #expect(outcome.succeeded, "\(outcome.message)")
        #expect(FileManager.default.fileExists(atPath: tmp.path("png/t.png")))
    }

    /// A bowtie's two triangles wind in opposite senses and cross inside pixel (3, 3), whose mean
    /// winding cancels (0) while half of it is covered: `--exact-overlaps` must change it.
    @Test func exactOverlapsFlagReachesTheContext() throws {
        let bowtie = ##"{"op": "fill", "path": "M0 0 L7 7 L7 0 L0 7 Z", "fill": "#ff0000", "fillRule": "nonzero"}"##
        let tmp = try TemporaryFolder()
        try tmp.write("t.json", Self.scene(items: "[\(bowtie)]"))
        var frames: [[UInt8]] = []
        for extra in [[], ["--exact-overlaps"]] {
            let outcome = runCutout(["bench", "t", "--scenes", tmp.url.path, "--frames", "1", "--png", tmp.path("png")] + extra)
            #expect(outcome.succeeded, "\(outcome.message)")
            frames.append(try Pixmap(pngData: Data(contentsOf: tmp.url.appendingPathComponent("png/t.png"))).data)
        }
        #expect(frames[0] != frames[1])
    }

    @Test(arguments: [
        (##"{"name": "t", "width": 8, "hei"##, "invalid JSON"),
        ("", "invalid JSON"),
        // Where and why, not Foundation's "not in the correct format".
        ("{\"name\": \"t\",\n \"items\": [1,,2]}", "line 2, column 14: Invalid value"),
        (##"{"name": "t", "width": 1e400}"##, "1e400 is not representable"),
        (##"{"name": "t", "width": true, "height": 8, "items": []}"##, "\"width\"/\"height\""),
        (##"{"name": "t", "width": 8, "height": 8, "items": [{"op": "clear"}, 5]}"##, "item 1: not an object"),
        ("[1, 2]", "top level is not an object"),
        (##"{"width": 8, "height": 8, "items": []}"##, "missing string \"name\""),
        (##"{"name": 5, "width": 8, "height": 8, "items": []}"##, "missing string \"name\""),
        (##"{"name": "t", "width": "8", "height": 8, "items": []}"##, "\"width\"/\"height\""),
        (##"{"name": "t", "width": 8.5, "height": 8, "items": []}"##, "\"width\"/\"height\""),
        (##"{"name": "t", "width": 0, "height": 8, "items": []}"##, "\"width\"/\"height\""),
        (##"{"name": "t", "width": -8, "height": 8, "items": []}"##, "\"width\"/\"height\""),
        (##"{"name": "t", "width": 1e300, "height": 8, "items": []}"##, "\"width\"/\"height\""),
        (##"{"name": "t", "width": 32768, "height": 32768, "items": []}"##, "pixels in all"),
        (##"{"name": "t", "width": 8, "height": 8}"##, "\"items\""),
        (##"{"name": "t", "width": 8, "height": 8, "items": [1]}"##, "item 0: not an object"),
        (##"{"name": "../escape", "width": 8, "height": 8, "items": []}"##, "plain file name"),
        (##"{"name": "", "width": 8, "height": 8, "items": []}"##, "plain file name"),
    ])
    func malformedDocumentsNameTheFileAndTheField(json: String, reason: String) throws {
        let (outcome, tmp) = try bench(json, extra: ["--png", "png"])
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains(tmp.path("t.json")), "names the file: \(outcome.message)")
        #expect(outcome.message.contains(reason), "\(outcome.message)")
    }

    @Test(arguments: [
        (##"{"fill": "#ff0000"}"##, "missing string \"op\""),
        (##"{"op": "explode"}"##, "unknown op"),
        (##"{"op": "fill", "path": 5, "fill": "#ff0000", "fillRule": "nonzero"}"##, "missing string \"path\""),
        (##"{"op": "fill", "path": "M0 0 L NaN 0 Z", "fill": "#ff0000", "fillRule": "nonzero"}"##, "offset 7"),
        (##"{"op": "fill", "path": "M0 0 L1e999 0 Z", "fill": "#ff0000", "fillRule": "nonzero"}"##, "\"path\""),
        (##"{"op": "fill", "path": "M0 0 L1 0 Z", "fill": "red", "fillRule": "nonzero"}"##, "\"fill\" is not #rrggbb"),
        (##"{"op": "fill", "path": "M0 0 L1 0 Z", "fill": "#ff0000", "fillRule": "sideways"}"##, "unknown fillRule"),
        (##"{"op": "background", "color": "#000000", "alpha": "1"}"##, "missing number \"alpha\""),
        (##"{"op": "stroke", "path": "M0 0 L1 1", "stroke": "#000000", "strokeWidth": 1, "lineCap": "flat", "lineJoin": "round", "miterLimit": 4}"##, "unknown \"lineCap\""),
        (##"{"op": "stroke", "path": "M0 0 L1 1", "stroke": "#000000", "lineCap": "round", "lineJoin": "round", "miterLimit": 4}"##, "missing number \"strokeWidth\""),
        (##"{"op": "linearGradientRect", "rect": [0, 0, 8], "p0": [0, 0], "p1": [8, 0], "stops": [{"offset": 0, "color": "#000000", "alpha": 1}]}"##, "\"rect\""),
        (##"{"op": "linearGradientRect", "rect": [0, 0, 8, 8], "p0": [0], "p1": [8, 0], "stops": [{"offset": 0, "color": "#000000", "alpha": 1}]}"##, "\"p0\""),
        (##"{"op": "linearGradientRect", "rect": [0, 0, 8, 8], "p0": [0, 0], "p1": [8, 0], "stops": []}"##, "\"stops\""),
        (##"{"op": "shadowFill", "path": "M0 0 L4 4 L0 4 Z", "fill": "#ff0000", "shadowColor": "#000000", "shadowAlpha": 1, "sigma": 1e300, "dx": 0, "dy": 0}"##, "\"sigma\" must be in"),
        (##"{"op": "shadowFill", "path": "M0 0 L4 4 L0 4 Z", "fill": "#ff0000", "shadowColor": "#000000", "shadowAlpha": 1, "sigma": -1, "dx": 0, "dy": 0}"##, "\"sigma\" must be in"),
    ])
    func malformedItemsNameTheFileTheItemAndTheField(item: String, reason: String) throws {
        let (outcome, tmp) = try bench(Self.scene(items: "[\(Self.validItem), \(item)]"))
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains(tmp.path("t.json")) && outcome.message.contains("item 1"), "\(outcome.message)")
        #expect(outcome.message.contains(reason), "\(outcome.message)")
    }

    /// Values that are legal but extreme render in bounded time: huge coordinates, strokes,
    /// shadow offsets and shadow boxes cost no more than the canvas.
    @Test(arguments: [
        ##"{"op": "fill", "path": "M0 0 L1e300 0 L0 1e300 Z", "fill": "#ff0000", "fillRule": "evenodd"}"##,
        ##"{"op": "fill", "path": "M-1e300 -1e300 L1e-300 1e-300 L1e300 -1e300 Z", "fill": "#ff0000", "fillRule": "nonzero"}"##,
        ##"{"op": "stroke", "path": "M0 0 L5 5", "stroke": "#ff0000", "strokeWidth": 1e300, "lineCap": "round", "lineJoin": "round", "miterLimit": 4}"##,
        ##"{"op": "stroke", "path": "M0 0 L1e300 5 L0 1e-300", "stroke": "#ff0000", "strokeWidth": 2, "lineCap": "square", "lineJoin": "miter", "miterLimit": 1e300}"##,
        ##"{"op": "fillMinusStroke", "path": "M0 0 L8 0 L8 8 Z", "fill": "#ff0000", "strokePath": "M0 0 L1e300 1e300", "strokeWidth": 1e300, "lineCap": "butt", "lineJoin": "bevel"}"##,
        ##"{"op": "shadowFill", "path": "M0 0 L1e6 1e6 L0 1e6 Z", "fill": "#ff0000", "shadowColor": "#000000", "shadowAlpha": 1, "sigma": 20, "dx": 0, "dy": 0}"##,
        ##"{"op": "shadowFill", "path": "M0 0 L4 4 L0 4 Z", "fill": "#ff0000", "shadowColor": "#000000", "shadowAlpha": 1, "sigma": 2, "dx": 1e300, "dy": -1e300}"##,
        ##"{"op": "linearGradientRect", "rect": [-1e300, 0, 1e300, 1e300], "p0": [0, 0], "p1": [0, 0], "stops": [{"offset": 1e300, "color": "#000000", "alpha": -5}]}"##,
        ##"{"op": "background", "color": "#123456", "alpha": 1e300}"##,
    ])
    func extremeButLegalItemsRender(item: String) throws {
        let (outcome, _) = try bench(Self.scene(items: "[\(item)]"))
        #expect(outcome.succeeded, "\(outcome.message)")
    }

    /// A path of a million vertices is parsed and filled (no limit is needed: the work is
    /// linear in the input). One frame only, not the command's warm-up ones, to stay quick.
    @Test func aMillionVertexPathLoadsAndRenders() throws {
        // The vertices repeat every 16 (both coordinates depend on i mod 16): one period of
        // " L\(i % 16) \((i * 7) % 16)", repeated, instead of a million interpolations.
        let period = (0..<16).map { (i: Int) -> String in " L\(i) \((i * 7) % 16)" }.joined()
        let d = "M0 0" + String(repeating: period, count: 1_000_000 / 16)
        let item = ##"{"op": "fill", "path": "\##(d) Z", "fill": "#ff0000", "fillRule": "evenodd"}"##
        let tmp = try TemporaryFolder()
        let file = try tmp.write("big.json", Self.scene(width: "16", height: "16", items: "[\(item)]"))
        let scene = try BenchScene.load(from: URL(fileURLWithPath: file))
        guard case .fill(let path, _, _) = try #require(scene.ops.first) else { Issue.record("not a fill"); return }
        #expect(path.elements.count == 1_000_002)
        var context = try DrawingContext(width: 16, height: 16)
        BenchRenderer(scene: scene).render(into: &context)
        #expect(context.pixmap.data.contains { $0 != 0 })
    }

    /// `union` and `list` read no scene file, so a scene folder that cannot be found does not
    /// stop them (one frame of each: about 1.4 s in a debug build, nearly all of it union's).
    @Test func builtInScenesRunWithoutASceneFolder() throws {
        let tmp = try TemporaryFolder()
        let outcome = runCutout(["bench", "union", "list", "--scenes", tmp.path("nowhere"), "--frames", "1", "--json"])
        #expect(outcome.succeeded, "\(outcome.message)")
    }

    @Test func missingScenesAndFoldersAreNamed() throws {
        let tmp = try TemporaryFolder()
        let noFolder = runCutout(["bench", "--scenes", tmp.path("nowhere")])
        #expect(noFolder.exitCode != 0 && noFolder.message.contains("nowhere"))
        let noScene = runCutout(["bench", "ghost", "--scenes", tmp.url.path, "--frames", "1"])
        #expect(noScene.exitCode != 0 && noScene.message.contains("ghost.json") && noScene.message.contains("cannot read"), "\(noScene.message)")
        try tmp.write("t.json", Self.scene())
        let badPNG = runCutout(["bench", "t", "--scenes", tmp.url.path, "--frames", "1", "--png", "/dev/null/png"])
        #expect(badPNG.exitCode != 0 && badPNG.message.contains("/dev/null/png") && badPNG.message.contains("Not a directory"), "\(badPNG.message)")
        #expect(runCutout(["bench", "--frames", "0", "--scenes", tmp.url.path]).exitCode == 64)
    }
}
