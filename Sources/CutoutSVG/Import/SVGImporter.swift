import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers

/// An imported SVG document: its layer tree, its size in points and what was skipped.
public struct SVGImage {
    /// The root layer: `bounds` is `(0, 0, size)`, it clips to its bounds, and its frame is
    /// at the origin.
    public var layer: Layer
    /// The document's size (`width`/`height`, else the view box's size, else 300×150).
    public var size: CGSize
    /// Everything skipped or approximated (unsupported elements, broken references, cycles…).
    public var warnings: [SVGWarning]
}

/// Reads SVG into a layer tree.
///
/// Supported: `svg` (nested too), `g`, `a`, `switch` (as a group), `path`, `rect` (`rx`, `ry`),
/// `circle`, `ellipse`, `line`, `polyline`, `polygon`, `use` (`href`/`xlink:href`), `defs`,
/// `symbol`; transform lists; `fill`, `stroke`, their opacities, `opacity`, `fill-rule`,
/// `clip-rule`, the stroke properties; `clip-path`; `mask` (luminance, converted to alpha);
/// `linearGradient`/`radialGradient` (`gradientUnits`, `spreadMethod`, `href` inheritance,
/// `gradientTransform`); `viewBox` + `preserveAspectRatio`; presentation attributes, the
/// `style` attribute and `<style>` sheets with simple selectors; every CSS colour syntax;
/// `filter` made of one `feGaussianBlur` (`Layer/blurSigma`) or a drop shadow
/// (`feDropShadow`, or the primitive chain ``SVGExporter`` writes: the layer's shadow).
///
/// Unsupported content (text, images, other filters, patterns, markers…) is skipped with a warning,
/// never an error. Errors are reserved for input that is not a readable SVG document or that
/// breaks a ``Limits`` bound; every limit is checked while reading, so time and memory stay
/// bounded whatever the input.
public enum SVGImporter {
    /// Bounds that keep hostile documents cheap.
    public struct Limits: Hashable, Sendable {
        /// Largest accepted input. Default 64 MiB.
        public var maxInputBytes: Int
        /// Largest attribute value or text run. Default 16 MiB.
        public var maxAttributeBytes: Int
        /// Deepest element nesting, and deepest layer nesting after `<use>` expansion. Default 256.
        public var maxDepth: Int
        /// Most elements in the document, and most layers produced from it. Default 250,000.
        public var maxElements: Int
        /// Numbers of larger magnitude are clamped to ±this (default 1,000,000 user units);
        /// non-finite numbers make their attribute invalid (ignored with a warning).
        public var maxCoordinate: CGFloat

        public init(maxInputBytes: Int = 64 << 20, maxAttributeBytes: Int = 16 << 20, maxDepth: Int = 256,
                    maxElements: Int = 250_000, maxCoordinate: CGFloat = 1_000_000) {
            self.maxInputBytes = maxInputBytes
            self.maxAttributeBytes = maxAttributeBytes
            self.maxDepth = maxDepth
            self.maxElements = maxElements
            self.maxCoordinate = maxCoordinate
        }

        public static let `default` = Limits()
    }

    /// Imports an SVG document.
    /// - Throws: ``SVGError`` for unreadable input or a broken limit.
    public static func importSVG(_ data: Data, limits: Limits = .default) throws(SVGError) -> SVGImage {
        let root = try XMLDocumentParser(limits: limits).parse(data)
        guard root.name == "svg" else { throw .notSVG(rootElement: root.name) }
        let builder = SVGBuilder(root: root, limits: limits)
        return try builder.build()
    }

    /// Imports an SVG document from a string.
    public static func importSVG(_ text: String, limits: Limits = .default) throws(SVGError) -> SVGImage {
        try importSVG(Data(text.utf8), limits: limits)
    }
}
