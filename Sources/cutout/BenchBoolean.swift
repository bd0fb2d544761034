import CutoutGeometry
import Foundation

/// The `union` bench scene: 1,000 rounded rectangles on a 1024 × 1024 pt area, from a
/// splitmix64 generator seeded with 0x5EED. Per rectangle, in this order of draws (each draw
/// u = top 53 bits / 2^53 in [0, 1)): width = 20 + 100u, height = 20 + 100u,
/// x = (1024 − width)·u, y = (1024 − height)·u, corner radius = min(16, width/2, height/2)·u.
/// scripts/bench_pathops_union.py builds the same scene for skia-pathops.
func booleanUnionBenchScene(count: Int = 1_000, seed: UInt64 = 0x5EED) -> Path {
    var state = seed
    func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / 9_007_199_254_740_992
    }
    var scene = Path()
    for _ in 0..<count {
        let w = 20 + 100 * unit(), h = 20 + 100 * unit()
        let x = (1024 - w) * unit(), y = (1024 - h) * unit()
        let r = min(16, w / 2, h / 2) * unit()
        scene.addRoundedRect(in: CGRect(x: x, y: y, width: w, height: h), cornerWidth: r, cornerHeight: r)
    }
    return scene
}

/// Times the union of the bench scene `frames` times (at least once) and returns the
/// milliseconds of each run. All rectangles go through one n-ary pass
/// (`normalized(using: .winding)`, the union of every subpath), as a pairwise fold would
/// redo the growing result a thousand times.
func runBooleanUnionBench(frames: Int) -> [Double] {
    let scene = booleanUnionBenchScene()
    var times: [Double] = []
    for _ in 0..<max(frames, 1) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = scene.normalized(using: .winding)
        let end = DispatchTime.now().uptimeNanoseconds
        precondition(!result.isEmpty, "the union of a non-empty scene is not empty")
        times.append(Double(end - start) / 1e6)
    }
    return times
}
