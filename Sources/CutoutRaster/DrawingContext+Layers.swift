import Foundation

/// An open transparency layer: its own pixels plus what it needs to be composited back.
struct TransparencyLayer {
    var pixmap: Pixmap
    /// The global alpha at the time the layer began: the group opacity.
    let alpha: CGFloat
    /// The blend mode at the time the layer began: how the group composites.
    let blendMode: BlendMode
    /// The clip at the time the layer began; the layer is composited through it.
    let clip: ClipState
    /// How many graphics states were saved before the layer began.
    let stackDepth: Int
}

extension DrawingContext {
    /// Starts a transparency layer (as `CGContext.beginTransparencyLayer`): following drawing
    /// goes to a transparent offscreen buffer, and ``endTransparencyLayer()`` composites it
    /// as one group with the global alpha and blend mode that were current here. Inside the
    /// layer the global alpha starts at 1 and the blend mode at `normal`; the graphics state is saved and restored around the layer.
    public mutating func beginTransparencyLayer() {
        let base = layers.last?.pixmap ?? pixmap
        guard let buffer = try? Pixmap(width: base.width, height: base.height, scale: base.scale) else { return }
        let layer = TransparencyLayer(pixmap: buffer, alpha: gstate.alpha, blendMode: gstate.blendMode, clip: gstate.clip,
                                      stackDepth: stateStack.count)
        saveGState()
        layers.append(layer)
        gstate.alpha = 1
        gstate.blendMode = .normal
    }

    /// Composites the innermost open transparency layer onto what lies below it (with the
    /// layer's group alpha and blend mode, through the clip in force when it began) and restores the
    /// graphics state. Does nothing when no layer is open.
    public mutating func endTransparencyLayer() {
        guard let layer = layers.popLast() else { return }
        stateStack.removeSubrange(layer.stackDepth + 1..<max(layer.stackDepth + 1, stateStack.count))
        if let s = stateStack.popLast() { gstate = s }
        let area = layer.clip.bounds
        guard !area.isEmpty, layer.alpha > 0 else { return }
        if layer.blendMode != .normal {
            composite(layer, area: area)
            return
        }
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

    /// The general compositing of a layer: the blend mode's span function, with the group
    /// alpha and the clip as coverage (bounded: pixels outside the clip are untouched).
    private mutating func composite(_ layer: TransparencyLayer, area: PixelRect) {
        let cov = uniqueScratch().coverageBuffer(area.width)
        let a8 = UInt32((layer.alpha * 255).rounded())
        let clip = layer.clip, mode = layer.blendMode
        layer.pixmap.data.withUnsafeBufferPointer { srcBytes in
            srcBytes.withMemoryRebound(to: PremultipliedRGBA8.self) { src in
                withTargetPixels { dst, rowPixels in
                    for y in area.minY..<area.maxY {
                        for x in area.minX..<area.maxX {
                            let c = clip.mask == nil ? 255 : UInt32(clip.coverage(x: x, y: y))
                            cov[x - area.minX] = UInt8(PackedPixel.mul255(a8, c))
                        }
                        let o = y * rowPixels + area.minX
                        mode.blendSpan(src.baseAddress! + o, coverage: UnsafePointer(cov), into: dst + o, count: area.width)
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
