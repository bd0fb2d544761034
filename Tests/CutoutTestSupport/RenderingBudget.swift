import CutoutGeometry
import CutoutRaster
import Foundation

/// The work a layer render may do, derived from its canvas, the layers it drew and the images
/// the scene built itself, for the robustness tests that fuzz hostile layer trees (instead of
/// wall-clock limits, which flake under load and prove nothing about complexity).
///
/// The renderer's documented bounds it rests on: every offscreen buffer (group, mask, shadow
/// source, blur result) is cut to the canvas, so each is at most S × S pixels for a canvas
/// side S (the larger of width and height); a blur's sigma is clamped to
/// ``Pixmap/maximumBlurSigma``, so a line grows by at most R = 3σ samples on each side.
/// Per layer drawn:
/// - at most 4 offscreen buffers (group, mask, shadow source, blur): `allocatedPixels`
///   ≤ S² · (1 + 4L), the canvas included;
/// - at most 8 fills (background, border, contents, fill, stroke, shadow, mask, clip), each
///   within one buffer: `fillRegionPixels` ≤ 8 L S²;
/// - at most 2 blurs (shadow and layer blur), each 3 box passes along each axis over at most
///   S lines of at most S + 2R samples: `blurSamples` ≤ 12 L S (S + 2R).
/// An image the scene builds itself (a soft hole mask, a spot image) of w × h pixels adds its
/// allocation, 4 fills of its size and one blur of its own size.
package struct RenderingBudget {
    /// The larger side of the canvas, in pixels.
    package var side: Int
    /// Sizes (pixels) of the images the scene built itself before or while rendering.
    package var images: [(width: Int, height: Int)]

    package init(canvasWidth: Int, canvasHeight: Int, images: [(width: Int, height: Int)] = []) {
        side = max(canvasWidth, canvasHeight, 1)
        self.images = images
    }

    /// How far a clamped blur grows a line on each side.
    static let reach = Pixmap.gaussianBlurOutset(sigma: Pixmap.maximumBlurSigma)

    /// A description of every count of `work` over its budget; empty when all are within.
    package func overruns(_ work: WorkMeter) -> [String] {
        let layers = max(work[.layersDrawn], 1)
        let s = side, r = Self.reach
        let imagePixels = images.reduce(0) { $0 + $1.width * $1.height }
        let imageBlur = images.reduce(0) { n, image in
            let longer = max(image.width, image.height)
            return n + 6 * longer * (longer + 2 * r)
        }
        let budgets: [(WorkMeter.Work, Int)] = [
            (.allocatedPixels, s * s * (1 + 4 * layers) + imagePixels),
            (.fillRegionPixels, 8 * layers * s * s + 4 * imagePixels),
            (.blurSamples, 12 * layers * s * (s + 2 * r) + imageBlur),
        ]
        return budgets.compactMap { kind, budget in
            work[kind] <= budget ? nil : "\(kind): \(work[kind]) over the budget of \(budget) (\(layers) layers, canvas side \(s))"
        }
    }
}
