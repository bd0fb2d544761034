import Foundation
import CutoutGeometry

/// A glyph index in a font (`CGGlyph`).
public typealias GlyphID = UInt16

/// One face of an OpenType or TrueType font (`CTFont`/`CGFont` without a size): its names,
/// metrics, character map, advances, kerning and outlines.
///
/// Reads `.ttf`, `.otf` and `.ttc`/`.otc` collections: `cmap` formats 4 and 12, `head`,
/// `hhea`, `hmtx`, `maxp`, `OS/2`, `name`, `post`, `glyf`/`loca` (quadratic, composites),
/// `CFF ` (cubic Type 2 charstrings, subroutines, CID-keyed), `kern` and GPOS pair kerning.
/// Loading checks the table directory and every table the metrics need; glyph outlines are
/// decoded on demand (and cached), so a damaged glyph fails alone with a ``FontError``.
///
/// Out of scope: glyph substitution (GSUB ligatures, Arabic joining, Indic reordering), mark
/// positioning, hinting, variable fonts (`fvar`, CFF2), colour and bitmap glyphs.
///
/// Equality is identity of the loaded face: two loads of the same file are different fonts.
/// Thread-safe: a `Font` may be shared between threads.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    let face: FontFace

    /// Loads font number `index` of `data` (0 for a single font; a position in a collection).
    /// - Throws: ``FontError`` when the data is not a font or a required table is damaged.
    /// Complexity: linear in the size of `hmtx`, `name` and the table directory.
    public init(data: Data, index: Int = 0) throws(FontError) {
        try self.init(bytes: [UInt8](data), index: index)
    }

    /// Loads font number `index` of the file at `url`.
    public init(contentsOf url: URL, index: Int = 0) throws(FontError) {
        guard let data = try? Data(contentsOf: url) else { throw FontError.unreadable(path: url.path) }
        try self.init(data: data, index: index)
    }

    init(bytes: [UInt8], index: Int) throws(FontError) {
        let offsets = try TableDirectory.fontOffsets(in: bytes)
        guard index >= 0, index < offsets.count else { throw FontError.fontIndexOutOfRange(index: index, count: offsets.count) }
        face = try FontFace(bytes: bytes, offset: offsets[index])
    }

    /// Every font in `data`: one for a plain font file, each member of a collection.
    /// - Throws: the first member's ``FontError``.
    public static func fonts(in data: Data) throws(FontError) -> [Font] {
        let bytes = [UInt8](data)
        let offsets = try TableDirectory.fontOffsets(in: bytes)
        var out: [Font] = []
        for offset in offsets { out.append(Font(face: try FontFace(bytes: bytes, offset: offset))) }
        return out
    }

    init(face: FontFace) { self.face = face }

    public static func == (a: Font, b: Font) -> Bool { a.face === b.face }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(face)) }

    public var description: String { "Font(\(fullName.isEmpty ? postScriptName : fullName))" }

    /// The family name (typographic family when the font has one), e.g. "DejaVu Sans".
    public var familyName: String { face.names.family }
    /// The style name, e.g. "Bold Oblique".
    public var styleName: String { face.names.subfamily }
    /// The full name, e.g. "DejaVu Sans Bold".
    public var fullName: String { face.names.fullName }
    /// The PostScript name, e.g. "DejaVuSans-Bold".
    public var postScriptName: String { face.names.postScriptName }
    /// CSS weight, 1...1000 (400 regular, 700 bold), from `OS/2`.
    public var weight: Int { face.header.weight }
    /// Whether the face is italic or oblique.
    public var isItalic: Bool { face.header.isItalic }
    /// Number of glyphs.
    public var glyphCount: Int { face.header.glyphCount }
    /// Whether the outlines are cubic (`CFF `) rather than quadratic (`glyf`).
    public var hasCubicOutlines: Bool {
        if case .cff = face.outlines { return true }
        return false
    }
    /// Vertical metrics in font units.
    public var metrics: FontMetrics { face.metrics }

    /// The glyph that draws `scalar`, nil when the font has none (`.notdef`).
    /// Complexity: O(log n) in the cmap's segments.
    public func glyph(for scalar: Unicode.Scalar) -> GlyphID? {
        let g = face.cmap.glyph(for: scalar.value)
        return g == 0 || g >= glyphCount ? nil : GlyphID(g)
    }

    /// The advance width of `glyph` in font units.
    public func advance(of glyph: GlyphID) -> Int { face.hmtx.advance(Int(glyph)) }

    /// The pair kerning between `left` and `right` in font units (usually negative).
    /// Complexity: O(log n) per kerning subtable.
    public func kerning(between left: GlyphID, and right: GlyphID) -> Int { face.kerning.adjustment(Int(left), Int(right)) }

    /// Whether the font has pair kerning (GPOS or `kern`).
    public var hasKerning: Bool { !face.kerning.isEmpty }

    /// The outline of `glyph` in font units with y pointing up, the origin on the baseline.
    /// - Throws: ``FontError`` for a glyph out of range or a damaged outline.
    /// Complexity: linear in the glyph's data; cached after the first call.
    public func outline(of glyph: GlyphID) throws(FontError) -> Path {
        try face.outline(Int(glyph))
    }

    /// The outline of `glyph` at `size` points in y-down coordinates (as drawn on screen),
    /// the origin on the baseline at the glyph's left edge. A damaged glyph gives an empty path.
    public func path(for glyph: GlyphID, size: CGFloat) -> Path {
        guard let outline = try? face.outline(Int(glyph)), size.isFinite else { return Path() }
        let s = size / CGFloat(metrics.unitsPerEm)
        return outline.applying(Transform(scaleX: s, y: -s))
    }
}

/// Vertical metrics of a font, in font units (y up: descender is negative).
public struct FontMetrics: Hashable, Sendable {
    /// Font units per em.
    public var unitsPerEm: Int
    /// Distance from the baseline to the top of the line (`hhea`, or `OS/2` typo values when
    /// the font asks for them with USE_TYPO_METRICS).
    public var ascender: Int
    /// Distance from the baseline to the bottom of the line, negative below it.
    public var descender: Int
    /// Extra space between lines.
    public var lineGap: Int
    /// Height of capital letters (OS/2; 70 % of the em when the font does not say).
    public var capHeight: Int
    /// Height of lowercase x (OS/2; 50 % of the em when the font does not say).
    public var xHeight: Int
    /// Position of the underline's centre (negative below the baseline).
    public var underlinePosition: Int
    /// Thickness of the underline.
    public var underlineThickness: Int
    /// Position of the strikeout's bottom edge above the baseline.
    public var strikeoutPosition: Int
    /// Thickness of the strikeout.
    public var strikeoutThickness: Int
}

/// The parsed tables of one face, shared by every copy of a ``Font``, with its outline cache.
final class FontFace: @unchecked Sendable {
    enum Outlines: Sendable {
        case trueType(TrueTypeOutlines)
        case cff(CFFOutlines)
    }
    let header: FontHeader
    let names: FontNames
    let cmap: CharacterMap
    let hmtx: HorizontalMetrics
    let kerning: Kerning
    let outlines: Outlines
    let metrics: FontMetrics
    private let lock = NSLock()
    private var cache: [Int: Result<Path, FontError>] = [:]

    init(bytes: [UInt8], offset: Int) throws(FontError) {
        let dir = try TableDirectory(bytes: bytes, offset: offset)
        header = try FontHeader(dir)
        names = try FontNames(dir)
        cmap = try CharacterMap(dir)
        hmtx = try HorizontalMetrics(dir, header: header)
        kerning = try Kerning(dir)
        if dir.tables["glyf"] != nil {
            outlines = .trueType(try TrueTypeOutlines(dir, header: header))
        } else if dir.tables["CFF "] != nil {
            outlines = .cff(try CFFOutlines(dir, glyphCount: header.glyphCount))
        } else {
            throw FontError.missingTable("glyf")
        }
        let em = header.unitsPerEm
        metrics = FontMetrics(
            unitsPerEm: em, ascender: header.ascender, descender: header.descender, lineGap: max(header.lineGap, 0),
            capHeight: header.capHeight.flatMap { $0 > 0 ? $0 : nil } ?? em * 7 / 10,
            xHeight: header.xHeight.flatMap { $0 > 0 ? $0 : nil } ?? em / 2,
            underlinePosition: header.underlinePosition != 0 ? header.underlinePosition : -em / 10,
            underlineThickness: header.underlineThickness > 0 ? header.underlineThickness : em / 20,
            strikeoutPosition: header.strikeoutPosition.flatMap { $0 > 0 ? $0 : nil } ?? em * 22 / 100,
            strikeoutThickness: header.strikeoutThickness.flatMap { $0 > 0 ? $0 : nil } ?? em / 20)
    }

    func outline(_ glyph: Int) throws(FontError) -> Path {
        // maxp's count is the font's glyph range: a CFF table may hold more charstrings, and
        // those must not draw as glyphs (nor fill the cache with ids nobody can map to).
        guard glyph >= 0, glyph < header.glyphCount else { throw FontError.glyphOutOfRange(glyph) }
        lock.lock()
        let cached = cache[glyph]
        lock.unlock()
        let result: Result<Path, FontError>
        if let cached {
            result = cached
        } else {
            do throws(FontError) {
                switch outlines {
                case .trueType(let t): result = .success(try t.outline(glyph))
                case .cff(let c): result = .success(try c.outline(glyph))
                }
            } catch {
                result = .failure(error)
            }
            lock.lock()
            cache[glyph] = result
            lock.unlock()
        }
        return try result.get()
    }
}
