import Foundation
import Testing
import CutoutGeometry
import CutoutRaster
import struct CutoutGeometry.Transform
@testable import CutoutLayers

/// Offscreen work follows the content, not the canvas or the nesting: each group, mask, shadow
/// and blur buffer is the size of what it covers, a render has a cap on live offscreen bytes,
/// and mask cycles are cut. Counted with the renderer's statistics (bytes and buffers), not time.
@Suite struct OffscreenBudgetTests {
    static let canvas = CGSize(width: 2048, height: 2048)
    static let canvasBytes = 2048 * 2048 * 4

    /// 40 nested groups of opacity 0.99 around one 4×4 rectangle on a 2048² canvas. Before:
    /// 40 canvas-sized buffers alive together (671 MB). Now each is the rectangle's box plus
    /// an anti-aliasing pixel: 6 × 6 pixels.
    @Test func nestedGroupsCostTheirContentNotTheCanvas() throws {
        let root = Layer(frame: CGRect(origin: .zero, size: Self.canvas))
        var parent = root
        for _ in 0..<40 {
            let group = Layer(frame: CGRect(x: 0, y: 0, width: 2048, height: 2048))
            group.opacity = 0.99
            parent.addSublayer(group)
            parent = group
        }
        let rect = Layer(frame: CGRect(x: 1000, y: 1000, width: 4, height: 4))
        rect.backgroundColor = .black
        parent.addSublayer(rect)
        let (px, stats) = try LayerRenderer.render(root, size: Self.canvas, scale: 1, byteLimit: nil)
        #expect(stats.buffers == 40)
        #expect(stats.peakLiveBytes <= 40 * 6 * 6 * 4, "peak \(stats.peakLiveBytes) bytes")
        #expect(stats.layersSkippedForBudget == 0)
        // 0.99^40 of opaque black is alpha 0.67 (171/255); 40 roundings to 8 bits leave 146.
        #expect(px[1001, 1001].a > 120)
        #expect(px[1005, 1001].a == 0)
    }

    /// 400 rounded, clipped 4×4 squares with opacity: before, 400 canvas-sized buffers
    /// allocated one after another (6.7 GB written); now 400 buffers of at most 6 × 6 pixels.
    @Test func manySmallGroupsCostTheirSize() throws {
        let root = Layer(frame: CGRect(origin: .zero, size: Self.canvas))
        for i in 0..<400 {
            let square = Layer(frame: CGRect(x: CGFloat(i % 20) * 100 + 10, y: CGFloat(i / 20) * 100 + 10, width: 4, height: 4))
            square.backgroundColor = .black
            square.cornerRadius = 1
            square.masksToBounds = true
            square.opacity = 0.5
            root.addSublayer(square)
        }
        let (px, stats) = try LayerRenderer.render(root, size: Self.canvas, scale: 1, byteLimit: nil)
        #expect(stats.buffers == 400)
        #expect(stats.bytesAllocated <= 400 * 6 * 6 * 4, "\(stats.bytesAllocated) bytes")
        #expect(abs(Int(px[12, 12].a) - 128) <= 1)
    }

    /// Nested groups that each cover the whole canvas cannot all be alive at once: past the
    /// cap the inner ones are skipped, and the live bytes never pass it.
    @Test func liveOffscreenBytesStayUnderTheCap() throws {
        let size = CGSize(width: 256, height: 256)
        let root = Layer(frame: CGRect(origin: .zero, size: size))
        var parent = root
        for _ in 0..<40 {
            let group = Layer(frame: root.bounds)
            group.backgroundColor = Color(white: 0.5, alpha: 0.1)
            group.opacity = 0.9
            parent.addSublayer(group)
            parent = group
        }
        let limit = 4 * 256 * 256 * 4
        let (_, stats) = try LayerRenderer.render(root, size: size, scale: 1, byteLimit: limit)
        #expect(stats.peakLiveBytes <= limit)
        #expect(stats.layersSkippedForBudget == 1)
        #expect(stats.buffers == 4)
        // The default cap is four canvases' worth, at least 64 MiB.
        #expect(LayerRenderer.offscreenByteLimit(canvasWidth: 2048, canvasHeight: 2048) == 4 * Self.canvasBytes)
        #expect(LayerRenderer.offscreenByteLimit(canvasWidth: 10, canvasHeight: 10) == 64 << 20)
    }

    /// `mask = self` and a two-layer mask cycle finish without any buffer (before: 512 nested
    /// canvas-sized buffers, one per level of the cycle); the cyclic layer does not show.
    @Test func maskCyclesAreCut() throws {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
        let a = Layer(frame: CGRect(x: 8, y: 8, width: 32, height: 32))
        a.backgroundColor = .black
        a.mask = a
        root.addSublayer(a)
        let (px, stats) = try LayerRenderer.render(root, size: root.bounds.size, scale: 1, byteLimit: nil)
        #expect(stats.buffers == 0)
        #expect(px[20, 20].a == 0)

        let b = Layer(frame: a.bounds)
        b.backgroundColor = .black
        a.mask = b
        b.mask = a
        let (px2, stats2) = try LayerRenderer.render(root, size: root.bounds.size, scale: 1, byteLimit: nil)
        #expect(stats2.buffers == 0)
        #expect(px2[20, 20].a == 0)
        // A mask is held strongly (as in Core Animation), so these cycles would outlive the
        // test: break them, or `swift test --sanitize=address` reports the layers as leaked.
        a.mask = nil
        b.mask = nil
    }

    /// A transform whose product with its ancestors' overflows skips the layer (as `Layer`
    /// documents) instead of drawing it with the parent's transform.
    @Test func overflowingTransformProductSkipsTheLayer() throws {
        let root = Layer(frame: CGRect(x: 0, y: 0, width: 32, height: 32))
        let parent = Layer(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
        parent.anchorPoint = .zero
        parent.position = .zero
        parent.transform = Transform(scaleX: 1e300, y: 1)
        let child = Layer(frame: CGRect(x: 0, y: 0, width: 1, height: 8))
        child.anchorPoint = .zero
        child.position = .zero
        child.transform = Transform(scaleX: 1e300, y: 1)
        child.backgroundColor = .black
        parent.addSublayer(child)
        root.addSublayer(parent)
        #expect(Transform(scaleX: 1e300, y: 1).isFinite)
        let px = try LayerRenderer.render(root, size: root.bounds.size, scale: 1)
        #expect(px.data.allSatisfy { $0 == 0 }, "the child was drawn with its parent's transform")
    }
}
