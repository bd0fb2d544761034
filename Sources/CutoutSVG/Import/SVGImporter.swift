import Foundation
import CutoutGeometry
import CutoutRaster
import CutoutLayers
import CutoutText

/// An imported SVG document: its layer tree, its size in points and what was skipped.
public struct SVGImage {
    /// The root layer: `bounds` is `(0, 0, size)`, it clips to its bounds, and its frame is
    /// at the origin.
    public var layer: Layer
    /// The document's size: `width` × `height`; one of them missing (or a percentage) takes
    /// the view box's aspect ratio, both the view box's size. Without a view box, a missing
    /// or percentage side makes the size the far corner (from the origin) of the content's
    /// bounding box (the geometry of every shape, hidden ones included, with the
    /// outlines of the strokes), as resvg does; 100 × 100 when there is no content. A zero or negative side gives an empty size
    /// (SVG: such a document is not rendered).
    public var size: CGSize
    /// Everything skipped or approximated (unsupported elements, broken references, cycles…).
    public var warnings: [SVGWarning]
}

/// Reads SVG into a layer tree.
///
/// Supported: `svg` (nested too), `g`, `a` (a group), `switch` (its first child whose
/// conditions pass), `path`, `rect` (`rx`, `ry`), `circle`, `ellipse`, `line`, `polyline`,
/// `polygon`, `use` (`href`/`xlink:href`; its `width`/`height` size a `<svg>` it shows), `defs`, `symbol`, `image` (PNG, JPEG, GIF,
/// lossless WebP: a layer with ``Layer/contents``, or an SVG or gzip-compressed SVG document imported within
/// this one's limits, from a `data:` URI or from a file the caller granted with ``FileAccess``;
/// never a URL; `image-rendering`); lengths in `em`/`ex` of the element's font size; CSS
/// `background-color` on the root (painting the view box); XML namespaces (SVG's by any prefix, elements of other
/// namespaces skipped); transform lists
/// in SVG's and CSS's syntax (units such as `deg`, `px`; `translateX`…) and `transform-origin`;
/// conditional processing (`systemLanguage` against the user language `en`,
/// `requiredFeatures`, `requiredExtensions`, as resvg); `fill`, `stroke`, their opacities,
/// `opacity`, `fill-rule`, `clip-rule`, the stroke properties (dash lengths and offset in any
/// unit or percent), `vector-effect: non-scaling-stroke` (``ShapeLayer/hasNonScalingStroke``);
/// `clip-path`; `mask` (luminance, converted to alpha); `linearGradient`/`radialGradient`
/// (`gradientUnits`, `spreadMethod`, `href` inheritance, `gradientTransform`, the focal point
/// and radius `fx`/`fy`/`fr` as a two-point conical gradient, a focal point outside the circle
/// painting the cone as resvg does); `pattern` as fill or stroke (`patternUnits`,
/// `patternContentUnits`, `viewBox`, `preserveAspectRatio`, `patternTransform`, `href`
/// inheritance, nested patterns; a `PatternLayer`); markers (`marker-start`, `marker-mid`,
/// `marker-end`, the CSS `marker` shorthand, `markerUnits`, `orient`, `refX`/`refY`,
/// `viewBox`, `markerWidth`/`markerHeight`, `overflow`, `context-fill`/`context-stroke`,
/// bounded by ``Limits/maxMarkers``); `viewBox` +
/// `preserveAspectRatio`; presentation attributes, the `style` attribute and `<style>` sheets
/// with the CSS cascade (specificity, order, `!important`) and selectors made of types, `*`,
/// classes, ids, attribute tests, `:first-child` and the descendant, child, `+` and `~`
/// combinators; every CSS colour syntax; `paint-order` (stroke below or above the fill);
/// `mix-blend-mode` (`Layer/blendMode`) and `isolation` (`Layer/isolatesBlending`); a
/// DOCTYPE's internal entities (text replacement, their text parsed as content where they
/// are referenced in content, so it may hold elements; bounded by ``Limits/maxEntityDepth``
/// and ``Limits/maxEntityExpansionBytes``; external and parameter entities are refused);
/// documents in UTF-8, in UTF-16 with a byte order mark, or in a single-byte encoding named
/// by the XML declaration (US-ASCII, ISO-8859-1, ISO-8859-2, Windows-1250 to Windows-1254,
/// Macintosh; others are refused with ``SVGError/unsupportedEncoding(name:)``);
/// `filter` as `Layer/filters`: `url(#id)` lists of `<filter>` graphs (`feFlood`, `feOffset`,
/// `feGaussianBlur`, `feColorMatrix`, `feBlend`, `feComposite`, `feMerge`, `feDropShadow`,
/// `feComponentTransfer`, `feMorphology`, `feConvolveMatrix`, `feTile`, `feDisplacementMap`,
/// `feImage` of an element or of a picture as for `image`) and
/// the CSS filter functions (see `SVGBuilder.applyFilter` for invalid and unsupported input);
/// `text`/`tspan`/`tref`/`textPath` (`x`, `y`, `dx`, `dy`, `rotate`, `startOffset`,
/// `text-anchor`, `font-family`, `font-size`, `font-weight`, `font-style`, `letter-spacing`,
/// `word-spacing`, `text-decoration`, `kerning`, `xml:space`), drawn as glyph outlines from
/// the fonts of a ``FontCatalog``, also inside `clipPath` and `pattern`.
///
/// Unsupported content (filter primitives outside ``Filter``, images that are URLs, files not
/// granted or other formats…) is skipped with a warning, never an error. Errors are reserved for input
/// that is not a readable SVG document or that breaks a ``Limits`` bound; every limit is
/// checked while reading, so time and memory stay bounded whatever the input.
public enum SVGImporter {
    /// Bounds that keep hostile documents cheap.
    public struct Limits: Hashable, Sendable {
        /// Largest accepted input. Default 64 MiB.
        public var maxInputBytes: Int
        /// Largest attribute value or text run. Default 16 MiB.
        public var maxAttributeBytes: Int
        /// Deepest element nesting, and the deepest chain of nesting and references while layers
        /// are built: each `<use>`, `clip-path`, `mask`, `filter` and gradient `href` followed
        /// counts one level more than the element that names it, and mask or clip content
        /// continues from there. Default 256.
        ///
        /// Past this depth the chain is cut with a warning: content reached only past it is not
        /// drawn, an element whose clip path or mask lies past it is clipped away entirely (not
        /// drawn unclipped), a filter past it is ignored and a gradient keeps the attributes and
        /// stops found before the cut. Building therefore never recurses deeper than this.
        public var maxDepth: Int
        /// Most elements in the document, most CSS rules (one per selector of a list) in its
        /// style sheets, and most layers produced from it. Default 250,000.
        public var maxElements: Int
        /// Most visits while layers are built: every element reached counts, again each time
        /// it is reached through `<use>`, `clip-path`, `mask`, `filter` or a gradient `href`
        /// (non-rendering ones such as `<desc>` included), and so does every CSS rule tested
        /// against an element. Bounds the work of documents that reuse content many times, which
        /// the element and layer counts alone do not. Default 1,000,000.
        public var maxVisits: Int
        /// Most attributes in the document. Each costs far more memory than its few bytes of
        /// input, so this bounds what a document of short attributes (`a="" b=""…`) can
        /// take. Default 2,000,000.
        public var maxAttributes: Int
        /// Most attribute bytes read while layers are built: every element visited (see
        /// ``maxVisits``) counts the length of its attribute values, again each time it is
        /// reached. Path data and transforms are parsed once per element, but their bytes
        /// still count each time, which also bounds the geometry a document can produce by
        /// reuse. Default 256 MiB (four times the largest input).
        public var maxAttributeBytesRead: Int
        /// Numbers of larger magnitude are clamped to ±this (default 1,000,000 user units);
        /// non-finite numbers make their attribute invalid (ignored with a warning).
        public var maxCoordinate: CGFloat
        /// Most bytes that expanding the DOCTYPE's internal entities may produce in the whole
        /// document, each reference expanded counting one more (so entities expanding to
        /// nothing still cost). Real files (Illustrator's namespace entities) need a few
        /// kilobytes. Default 1 MiB.
        public var maxEntityExpansionBytes: Int
        /// Deepest chain of entities whose text refers to another entity. Default 8.
        public var maxEntityDepth: Int
        /// Most markers (`marker-start`/`-mid`/`-end` instances) drawn in the document; the
        /// rest are skipped with a warning. Default 10,000.
        public var maxMarkers: Int = 10_000
        /// Most bytes read from files for `<image>` and `feImage` in the whole import, each
        /// file counted once (see ``FileAccess``); each file is also at most
        /// ``maxInputBytes``. Files past it are skipped with a warning. Default 256 MiB.
        public var maxFileBytesRead: Int = 256 << 20

        public init(maxInputBytes: Int = 64 << 20, maxAttributeBytes: Int = 16 << 20, maxDepth: Int = 256,
                    maxElements: Int = 250_000, maxCoordinate: CGFloat = 1_000_000, maxVisits: Int = 1_000_000,
                    maxAttributeBytesRead: Int = 256 << 20, maxAttributes: Int = 2_000_000,
                    maxEntityExpansionBytes: Int = 1 << 20, maxEntityDepth: Int = 8) {
            self.maxEntityExpansionBytes = maxEntityExpansionBytes
            self.maxEntityDepth = maxEntityDepth
            self.maxInputBytes = maxInputBytes
            self.maxAttributeBytes = maxAttributeBytes
            self.maxDepth = maxDepth
            self.maxElements = maxElements
            self.maxCoordinate = maxCoordinate
            self.maxVisits = maxVisits
            self.maxAttributeBytesRead = maxAttributeBytesRead
            self.maxAttributes = maxAttributes
        }

        public static let `default` = Limits()
    }

    /// Imports an SVG document.
    /// - Throws: ``SVGError`` for unreadable input or a broken limit.
    /// `fonts` is where `<text>` looks for its families (default: the bundled font only, so
    /// documents render the same on every machine).
    /// `files` grants `<image>` the files it may read (default none: only `data:` URIs are
    /// drawn); see ``FileAccess``. Compressed documents (gzip, `.svgz`) are inflated first,
    /// to at most ``Limits/maxInputBytes``.
    public static func importSVG(_ data: Data, limits: Limits = .default, fonts: FontCatalog = .standard,
                                 files: FileAccess? = nil) throws(SVGError) -> SVGImage {
        let root = try XMLDocumentParser(limits: limits).parse(try inflatedIfCompressed(data, limits: limits))
        guard root.name == "svg" else { throw .notSVG(rootElement: root.name) }
        let loader = files.map { SVGResourceLoader(access: $0, limits: limits) }
        return try SVGBuilder(root: root, limits: limits, fonts: fonts, loader: loader, baseDirectory: files?.baseDirectory).build()
    }

    /// Imports an SVG document from a string.
    public static func importSVG(_ text: String, limits: Limits = .default, fonts: FontCatalog = .standard,
                                 files: FileAccess? = nil) throws(SVGError) -> SVGImage {
        try importSVG(Data(text.utf8), limits: limits, fonts: fonts, files: files)
    }

    /// `data` inflated when it is gzip-compressed (`.svgz`), else `data` itself.
    static func inflatedIfCompressed(_ data: Data, limits: Limits) throws(SVGError) -> Data {
        guard Gzip.isGzip(data.prefix(2)) else { return data }
        do throws(Gzip.Failure) {
            return Data(try Gzip.decompress([UInt8](data), maxCount: limits.maxInputBytes))
        } catch {
            throw .unreadableCompressedInput(reason: error.description)
        }
    }
}
