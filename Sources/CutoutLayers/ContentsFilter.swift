/// How a layer's contents are sampled when drawn larger or smaller than their pixels
/// (`CALayerContentsFilter`; the raw values are Core Animation's).
public enum ContentsFilter: String, Hashable, Sendable, CaseIterable {
    /// Bilinear filtering between the four nearest pixels (default).
    case linear
    /// The nearest pixel: scaled-up pictures stay blocky (SVG's `image-rendering: optimizeSpeed`
    /// and CSS's `pixelated`).
    case nearest
}
