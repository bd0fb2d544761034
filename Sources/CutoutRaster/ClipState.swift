import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform

/// An 8-bit coverage mask over a pixel rectangle: how much of each pixel the clip lets through.
struct ClipMask: Hashable, Sendable {
    let bounds: PixelRect
    var coverage: [UInt8]
}

/// The current clip: a pixel rectangle, and a coverage mask only when the clip is not a
/// pixel-aligned rectangle (so the common case costs nothing per pixel).
struct ClipState: Hashable, Sendable {
    /// Pixels outside are clipped away. Always inside the target.
    var bounds: PixelRect
    /// When present, it covers at least ``bounds`` and scales coverage inside it.
    var mask: ClipMask?

    /// Rasterises the rasteriser's stored contours into `blitter`, through this clip.
    func rasterize<B: SpanBlitter>(_ raster: Rasterizer, rule: FillRule, through blitter: B) {
        if let mask {
            mask.coverage.withUnsafeBufferPointer { m in
                var masked = ClipMaskBlitter(inner: blitter, mask: m.baseAddress!, originX: mask.bounds.minX,
                                             originY: mask.bounds.minY, rowBytes: mask.bounds.width)
                raster.rasterize(clip: bounds, rule: rule, into: &masked)
            }
        } else {
            var b = blitter
            raster.rasterize(clip: bounds, rule: rule, into: &b)
        }
    }

    /// Like ``rasterize(_:rule:through:)`` on up to `threads` threads, with one blitter per
    /// thread (`blitter(worker)`, made on the calling thread before any starts).
    func rasterize<B: SpanBlitter>(_ raster: Rasterizer, rule: FillRule, threads: Int, through blitter: (Int) -> B) {
        if threads <= 1 { return rasterize(raster, rule: rule, through: blitter(0)) }
        if let mask {
            mask.coverage.withUnsafeBufferPointer { m in
                raster.rasterize(clip: bounds, rule: rule, threads: threads) { worker in
                    ClipMaskBlitter(inner: blitter(worker), mask: m.baseAddress!, originX: mask.bounds.minX,
                                    originY: mask.bounds.minY, rowBytes: mask.bounds.width)
                }
            }
        } else {
            raster.rasterize(clip: bounds, rule: rule, threads: threads, makeBlitter: blitter)
        }
    }

    /// The clip's coverage at a device pixel (0 outside ``bounds``).
    func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.minX, x < bounds.maxX, y >= bounds.minY, y < bounds.maxY else { return 0 }
        guard let mask else { return 255 }
        return mask.coverage[(y - mask.bounds.minY) * mask.bounds.width + (x - mask.bounds.minX)]
    }

    /// This clip intersected with a coverage mask `newMask` covering `newBounds`.
    func intersecting(mask newMask: [UInt8], bounds newBounds: PixelRect) -> ClipState {
        var m = newMask
        if let old = mask {
            let w = newBounds.width
            for y in newBounds.minY..<newBounds.maxY {
                let oldRow = (y - old.bounds.minY) * old.bounds.width - old.bounds.minX
                let newRow = (y - newBounds.minY) * w - newBounds.minX
                for x in newBounds.minX..<newBounds.maxX {
                    let a = UInt32(m[newRow + x])
                    if a != 0 { m[newRow + x] = UInt8(PackedPixel.mul255(a, UInt32(old.coverage[oldRow + x]))) }
                }
            }
        }
        return ClipState(bounds: newBounds, mask: ClipMask(bounds: newBounds, coverage: m))
    }

    /// The device rectangle `path` fills when, after `transform`, it is exactly an
    /// axis-aligned rectangle with whole-pixel corners; otherwise `nil`.
    static func pixelAlignedRect(_ path: Path, transform: Transform) -> PixelRect? {
        var pts: [CGPoint] = []
        for (i, e) in path.elements.enumerated() {
            switch e {
            case .moveTo(let p): if i != 0 { return nil }; pts.append(p.applying(transform))
            case .lineTo(let p): pts.append(p.applying(transform))
            case .closeSubpath: if i != path.elements.count - 1 { return nil }
            default: return nil
            }
            if pts.count > 5 { return nil }
        }
        if pts.count == 5 && pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return nil }
        for p in pts {
            guard p.x.isFinite, p.y.isFinite, p.x == p.x.rounded(), p.y == p.y.rounded(),
                  abs(p.x) < 1e9, abs(p.y) < 1e9 else { return nil }
        }
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            let c = pts[(i + 2) % 4]
            // Alternate horizontal and vertical sides.
            guard (a.x == b.x && b.y == c.y) || (a.y == b.y && b.x == c.x) else { return nil }
        }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return PixelRect(minX: Int(xs.min()!), minY: Int(ys.min()!), maxX: Int(xs.max()!), maxY: Int(ys.max()!))
    }
}

extension DrawingContext {
    /// Intersects the clip with the inside of `path` under `rule` (as `CGContext.clip(using:)`
    /// after adding a path). A pixel-aligned rectangle only shrinks the clip bounds; any other
    /// shape keeps an anti-aliased 8-bit coverage mask.
    public mutating func clip(to path: Path, using rule: FillRule = .winding) {
        let old = gstate.clip
        guard !old.bounds.isEmpty else { return }
        if let r = ClipState.pixelAlignedRect(path, transform: gstate.ctm) {
            gstate.clip.bounds = old.bounds.intersection(r)
            return
        }
        let raster = uniqueScratch().rasterizer
        raster.setPath(path, transform: gstate.ctm, cull: old.bounds)
        // Nothing outside the path's box can be inside the new clip.
        let area = old.bounds.intersection(raster.pixelBounds)
        guard !area.isEmpty else { gstate.clip.bounds = .empty; return }
        var m = [UInt8](repeating: 0, count: area.width * area.height)
        m.withUnsafeMutableBufferPointer { buf in
            var b = CoverageMaskBlitter(mask: buf.baseAddress!, originX: area.minX, originY: area.minY,
                                        rowBytes: area.width)
            raster.rasterize(clip: area, rule: rule, into: &b)
        }
        gstate.clip = old.intersecting(mask: m, bounds: area)
    }

    /// Intersects the clip with the alpha channel of `mask`, stretched over `rect` in user
    /// space (as `CGContext.clip(to:mask:)` with an alpha mask); outside `rect` everything is
    /// clipped away. The mask is sampled bilinearly at pixel centres.
    public mutating func clip(toMask mask: Pixmap, in rect: CGRect) {
        let old = gstate.clip
        let r = rect.standardized
        guard !old.bounds.isEmpty, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite,
              r.width > 0, r.height > 0, let inv = gstate.ctm.inverted() else {
            gstate.clip.bounds = .empty
            return
        }
        let area = PixelRect(covering: r.applying(gstate.ctm), within: old.bounds)
        guard !area.isEmpty else { gstate.clip.bounds = .empty; return }
        let toImage = inv.concatenating(Transform(translationX: -r.minX, y: -r.minY))
            .concatenating(Transform(scaleX: CGFloat(mask.width) / r.width, y: CGFloat(mask.height) / r.height))
        var m = [UInt8](repeating: 0, count: area.width * area.height)
        let sampler = ImageSampler(image: mask, toImage: toImage, interpolation: .bilinear)
        mask.data.withUnsafeBufferPointer { src in
            for y in area.minY..<area.maxY {
                for x in area.minX..<area.maxX {
                    let p = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5).applying(toImage)
                    guard p.x >= 0, p.y >= 0, p.x <= CGFloat(mask.width), p.y <= CGFloat(mask.height) else { continue }
                    m[(y - area.minY) * area.width + (x - area.minX)] =
                        UInt8(truncatingIfNeeded: sampler.sample(src.baseAddress!, Double(p.x), Double(p.y)) >> 24)
                }
            }
        }
        gstate.clip = old.intersecting(mask: m, bounds: area)
    }

    /// The current clip's bounding box in user space.
    public var clipBoundingBox: CGRect {
        let b = gstate.clip.bounds
        guard !b.isEmpty, let inv = gstate.ctm.inverted() else { return .null }
        return CGRect(x: b.minX, y: b.minY, width: b.width, height: b.height).applying(inv)
    }
}
