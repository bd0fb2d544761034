import Foundation
import CutoutGeometry
import CutoutRaster

/// Places a layer's `contents` image: `contentsRect` picks the part of the image,
/// `contentsGravity` places it in the bounds, and `contentsCenter` (with a resize gravity)
/// makes a nine-slice whose corners keep their size (image pixels ÷ `contentsScale`) while the
/// centre stretches. When the bounds are too small for two opposite corners, both shrink in
/// proportion.
package struct ContentsDrawing {
    package let layer: Layer
    package let image: Pixmap

    package init(layer: Layer, image: Pixmap) {
        self.layer = layer
        self.image = image
    }

    /// The part of the image in pixels, or nil when empty.
    var sourceRect: CGRect? {
        let cr = layer.contentsRect.standardized
        guard cr.minX.isFinite, cr.minY.isFinite, cr.width.isFinite, cr.height.isFinite else { return nil }
        let w = CGFloat(image.width), h = CGFloat(image.height)
        let r = CGRect(x: cr.minX * w, y: cr.minY * h, width: cr.width * w, height: cr.height * h)
        return r.width > 0 && r.height > 0 ? r : nil
    }

    var scale: CGFloat { layer.contentsScale.isFinite && layer.contentsScale > 0 ? layer.contentsScale : 1 }

    /// Where the (sub)image goes in the layer's coordinates.
    func destination(natural: CGSize) -> CGRect {
        let b = layer.bounds
        func sized(_ s: CGSize) -> CGRect {
            CGRect(x: b.midX - s.width / 2, y: b.midY - s.height / 2, width: s.width, height: s.height)
        }
        switch layer.contentsGravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            let sx = b.width / natural.width, sy = b.height / natural.height
            let k = layer.contentsGravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return sized(CGSize(width: natural.width * k, height: natural.height * k))
        case .center: return sized(natural)
        // Core Animation: "bottom" always means minimum y, "top" maximum y.
        case .top: return CGRect(x: b.midX - natural.width / 2, y: b.maxY - natural.height, width: natural.width, height: natural.height)
        case .bottom: return CGRect(x: b.midX - natural.width / 2, y: b.minY, width: natural.width, height: natural.height)
        case .left: return CGRect(x: b.minX, y: b.midY - natural.height / 2, width: natural.width, height: natural.height)
        case .right: return CGRect(x: b.maxX - natural.width, y: b.midY - natural.height / 2, width: natural.width, height: natural.height)
        case .topLeft: return CGRect(x: b.minX, y: b.maxY - natural.height, width: natural.width, height: natural.height)
        case .topRight: return CGRect(x: b.maxX - natural.width, y: b.maxY - natural.height, width: natural.width, height: natural.height)
        case .bottomLeft: return CGRect(x: b.minX, y: b.minY, width: natural.width, height: natural.height)
        case .bottomRight: return CGRect(x: b.maxX - natural.width, y: b.minY, width: natural.width, height: natural.height)
        }
    }

    /// The pieces to draw: image pixels `src` stretched over `dest` (layer coordinates), one
    /// piece normally, nine for a nine-slice. Empty when nothing is drawn.
    package var pieces: [(src: CGRect, dest: CGRect)] {
        guard let src = sourceRect else { return [] }
        let natural = CGSize(width: src.width / scale, height: src.height / scale)
        let dest = destination(natural: natural)
        guard dest.width > 0, dest.height > 0, dest.width.isFinite, dest.height.isFinite else { return [] }
        let cc = layer.contentsCenter.standardized
        let isResize = layer.contentsGravity == .resize || layer.contentsGravity == .resizeAspect || layer.contentsGravity == .resizeAspectFill
        if isResize, cc != CGRect(x: 0, y: 0, width: 1, height: 1), cc.minX.isFinite, cc.width.isFinite, cc.minY.isFinite, cc.height.isFinite {
            return nineSlice(src: src, dest: dest, center: cc)
        }
        return [(src, dest)]
    }

    func draw(in ctx: inout DrawingContext) {
        for piece in pieces { drawPart(piece.src, into: piece.dest, in: &ctx) }
    }

    /// Where the whole image goes so that the pixels `src` land on `dest`, or nil when empty.
    package func wholeImageRect(src: CGRect, dest: CGRect) -> CGRect? {
        guard src.width > 0, src.height > 0, dest.width > 0, dest.height > 0 else { return nil }
        let kx = dest.width / src.width, ky = dest.height / src.height
        return CGRect(x: dest.minX - src.minX * kx, y: dest.minY - src.minY * ky,
                      width: CGFloat(image.width) * kx, height: CGFloat(image.height) * ky)
    }

    /// Draws the pixels `src` of the image stretched over `dest`: the whole image is drawn
    /// scaled so that `src` lands on `dest`, through a clip to `dest`.
    func drawPart(_ src: CGRect, into dest: CGRect, in ctx: inout DrawingContext) {
        guard let whole = wholeImageRect(src: src, dest: dest) else { return }
        ctx.saveGState()
        ctx.clip(to: Path(rect: dest), using: .winding)
        ctx.draw(image, in: whole, interpolation: interpolation(src: src, dest: dest, ctm: ctx.ctm))
        ctx.restoreGState()
    }

    /// The layer's magnification filter where `src` covers more device pixels than it has
    /// (by area), its minification filter otherwise.
    func interpolation(src: CGRect, dest: CGRect, ctm: Transform) -> Interpolation {
        let deviceArea = abs(ctm.a * ctm.d - ctm.b * ctm.c) * dest.width * dest.height
        let filter = deviceArea >= src.width * src.height ? layer.magnificationFilter : layer.minificationFilter
        return filter == .nearest ? .nearest : .bilinear
    }

    func nineSlice(src: CGRect, dest: CGRect, center cc: CGRect) -> [(src: CGRect, dest: CGRect)] {
        let c = CGRect(x: min(max(cc.minX, 0), 1), y: min(max(cc.minY, 0), 1),
                       width: min(max(cc.width, 0), 1), height: min(max(cc.height, 0), 1))
        // Source cuts in image pixels.
        let sx = [src.minX, src.minX + c.minX * src.width, src.minX + min(c.maxX, 1) * src.width, src.maxX]
        let sy = [src.minY, src.minY + c.minY * src.height, src.minY + min(c.maxY, 1) * src.height, src.maxY]
        // Destination: fixed corners (pixels ÷ contentsScale), shrunk together if they do not fit.
        var left = (sx[1] - sx[0]) / scale, right = (sx[3] - sx[2]) / scale
        var top = (sy[1] - sy[0]) / scale, bottom = (sy[3] - sy[2]) / scale
        if left + right > dest.width, left + right > 0 {
            let k = dest.width / (left + right); left *= k; right *= k
        }
        if top + bottom > dest.height, top + bottom > 0 {
            let k = dest.height / (top + bottom); top *= k; bottom *= k
        }
        let dx = [dest.minX, dest.minX + left, dest.maxX - right, dest.maxX]
        let dy = [dest.minY, dest.minY + top, dest.maxY - bottom, dest.maxY]
        var out: [(src: CGRect, dest: CGRect)] = []
        for j in 0..<3 {
            for i in 0..<3 {
                let s = CGRect(x: sx[i], y: sy[j], width: sx[i + 1] - sx[i], height: sy[j + 1] - sy[j])
                let d = CGRect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j])
                out.append((s, d))
            }
        }
        return out
    }
}
