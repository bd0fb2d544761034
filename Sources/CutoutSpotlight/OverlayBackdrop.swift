import CutoutLayers
import CutoutRaster
import Foundation

/// The blurred picture of what is behind the overlay (``OverlayStyle/blurRadius``).
///
/// Convention: a blur radius `r` in points is a Gaussian of sigma
/// ``Layer/shadowSigma(forRadius:)`` (r / 2) points, which is `r / 2 × scale` pixels of the
/// snapshot. A backdrop blur samples the screen, and the screen does not end in transparency:
/// the snapshot's edge pixels are repeated outward before blurring, so the borders keep their
/// colour and opacity instead of fading out (which would let the sharp content show through).
public enum OverlayBackdrop {
    /// `snapshot` (what is behind the overlay, covering its bounds) blurred for a radius of
    /// `radius` points. A radius that is not positive and finite returns the snapshot unchanged.
    ///
    /// Complexity: O(pixels) for any radius, plus a border of ⌈3σ⌉ pixels on every side.
    public static func blurred(_ snapshot: Pixmap, radius: CGFloat) -> Pixmap {
        let scale = snapshot.scale.isFinite && snapshot.scale > 0 ? snapshot.scale : 1
        let sigma = Layer.shadowSigma(forRadius: radius) * scale
        guard sigma > 0, snapshot.width > 0, snapshot.height > 0 else { return snapshot }
        let pad = Pixmap.gaussianBlurOutset(sigma: sigma)
        let w = snapshot.width, h = snapshot.height
        // The size is checked before the border's pixels are made, so a snapshot too big to pad
        // never allocates them.
        guard (try? Pixmap.validate(width: w + 2 * pad, height: h + 2 * pad)) != nil,
              let padded = try? Pixmap(width: w + 2 * pad, height: h + 2 * pad, scale: scale,
                                       data: clampedBorder(snapshot, pad: pad)) else {
            // Too big to pad: blur in place, edges fading (still a blur, never a crash).
            return snapshot.gaussianBlurred(sigma: sigma)
        }
        let blurred = padded.gaussianBlurred(sigma: sigma)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let row = w * 4, paddedRow = (w + 2 * pad) * 4
        for y in 0..<h {
            let from = (y + pad) * paddedRow + pad * 4
            out.replaceSubrange(y * row..<(y + 1) * row, with: blurred.data[from..<from + row])
        }
        return (try? Pixmap(width: w, height: h, scale: scale, data: out)) ?? snapshot
    }

    /// The snapshot's pixels grown by `pad` on every side, each new pixel a copy of the nearest
    /// edge pixel.
    private static func clampedBorder(_ p: Pixmap, pad: Int) -> [UInt8] {
        let w = p.width, h = p.height, pw = w + 2 * pad
        var data = [UInt8](repeating: 0, count: pw * (h + 2 * pad) * 4)
        // Whole rows through pointers: a debug build runs per-byte subscripts as calls.
        data.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: PremultipliedRGBA8.self).baseAddress!
            p.data.withUnsafeBytes { src in
                let pixels = src.bindMemory(to: PremultipliedRGBA8.self).baseAddress!
                for y in 0..<(h + 2 * pad) {
                    let source = pixels + min(max(y - pad, 0), h - 1) * w
                    let row = out + y * pw
                    row.update(repeating: source[0], count: pad)
                    (row + pad).update(from: source, count: w)
                    (row + pad + w).update(repeating: source[w - 1], count: pad)
                }
            }
        }
        return data
    }
}
