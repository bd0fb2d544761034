import Foundation

/// An open transparency layer: its own pixels plus what it needs to be composited back.
struct TransparencyLayer {
    var pixmap: Pixmap
    /// The global alpha at the time the layer began: the group opacity.
    let alpha: CGFloat
    /// The clip at the time the layer began; the layer is composited through it.
    let clip: ClipState
    /// How many graphics states were saved before the layer began.
    let stackDepth: Int
}

extension DrawingContext {
    /// Starts a transparency layer (as `CGContext.beginTransparencyLayer`): following drawing
    /// goes to a transparent offscreen buffer, and ``endTransparencyLayer()`` composites it
    /// as one group with the global alpha that was current here. Inside the layer the global
    /// alpha starts at 1; the graphics state is saved and restored around the layer.
    public mutating func beginTransparencyLayer() {
        let base = layers.last?.pixmap ?? pixmap
        guard let buffer = try? Pixmap(width: base.width, height: base.height, scale: base.scale) else { return }
        let layer = TransparencyLayer(pixmap: buffer, alpha: gstate.alpha, clip: gstate.clip,
                                      stackDepth: stateStack.count)
        saveGState()
        layers.append(layer)
        gstate.alpha = 1
    }

    /// Composites the innermost open transparency layer onto what lies below it (source-over,
    /// with the layer's group alpha, through the clip in force when it began) and restores the
    /// graphics state. Does nothing when no layer is open.
    public mutating func endTransparencyLayer() {
        guard let layer = layers.popLast() else { return }
        stateStack.removeSubrange(layer.stackDepth + 1..<max(layer.stackDepth + 1, stateStack.count))
        if let s = stateStack.popLast() { gstate = s }
        let area = layer.clip.bounds
        guard !area.isEmpty, layer.alpha > 0 else { return }
        let alpha256 = UInt32((layer.alpha * 256).rounded())
        let clip = layer.clip
        layer.pixmap.data.withUnsafeBufferPointer { srcBytes in
            srcBytes.withMemoryRebound(to: UInt32.self) { src in
                withTarget { dst, _, rowPixels in
                    for y in area.minY..<area.maxY {
                        let row = y * rowPixels
                        for x in area.minX..<area.maxX {
                            var s = src[row + x]
                            if s == 0 { continue }
                            var f = alpha256
                            if clip.mask != nil {
                                f = (f &* PackedPixel.scale256(UInt32(clip.coverage(x: x, y: y)))) >> 8
                            }
                            if f < 256 { s = PackedPixel.scale(s, f) }
                            dst[row + x] = PackedPixel.sourceOver(s, dst[row + x])
                        }
                    }
                }
            }
        }
    }

    /// Draws `body` as one group: a transparency layer with `alpha` as its opacity.
    public mutating func drawTransparencyLayer(alpha: CGFloat = 1, _ body: (inout DrawingContext) -> Void) {
        saveGState()
        setAlpha(alpha * gstate.alpha)
        beginTransparencyLayer()
        body(&self)
        endTransparencyLayer()
        restoreGState()
    }
}
