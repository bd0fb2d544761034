import Foundation

/// Finds fonts by family list, weight and style, as CSS font matching does.
///
/// Sources, searched in this order for a family name: files and folders the caller adds
/// (``addFile(_:)``, ``addDirectory(_:)``; `cutout render --font-file/--font-dir`), then the
/// bundled DejaVu Sans (Book and Bold, always present), then — only when the catalog is made
/// with `includeSystemFonts` — the system's folders (Linux: `/usr/share/fonts`,
/// `/usr/local/share/fonts`, `~/.fonts`, `~/.local/share/fonts`; Apple platforms:
/// `/System/Library/Fonts`, `/Library/Fonts`, `~/Library/Fonts`).
///
/// Matching (``font(families:weight:italic:)``): the first family in the list that some
/// source holds wins. CSS generic families map to lists of common families, and every
/// generic ends with the bundled font, so `sans-serif`, `serif`, `monospace` and `system-ui`
/// always match something. Within a family the style comes first (italic or oblique when
/// asked, else upright; the other when only that exists), then the weight by CSS's rule
/// (for 400: 400, 500, lighter, heavier; for 500: 500, 400, lighter, heavier; below 400:
/// lighter then heavier; above 500: heavier then lighter). Fallback when no family matches:
/// the bundled DejaVu Sans at the nearest weight. No bold or oblique is synthesised.
///
/// Files that are not fonts, or fail to load, are skipped. Scanning reads each file's names
/// and lets it go; the fonts a match returns are cached, so the same face is the same
/// ``Font`` (and shares its outline cache).
public struct FontCatalog: Sendable {
    /// What the catalog knows of one face without keeping it loaded.
    public struct Face: Hashable, Sendable {
        /// The file holding the face.
        public var url: URL
        /// The face's index in a collection file (0 otherwise).
        public var index: Int
        /// Family name as the font states it.
        public var family: String
        /// Style name, e.g. "Bold Oblique".
        public var style: String
        /// CSS weight, 1...1000.
        public var weight: Int
        /// Whether the face is italic or oblique.
        public var isItalic: Bool
    }

    /// Faces in search order: added sources, bundled, system.
    public private(set) var faces: [Face] = []
    private var added: [Face] = []
    private var bundled: [Face] = []
    private var system: [Face] = []

    /// Font files (and folders scanned) at most: a guard against huge or looping trees.
    public static let maxFiles = 20_000
    /// Largest font file read, in bytes.
    public static let maxFileSize = 64 << 20

    /// A catalog of the bundled fonts, plus the system's when `includeSystemFonts` is set.
    /// Tests and the gallery use the default, so they never depend on the machine.
    public init(includeSystemFonts: Bool = false) {
        bundled = Self.bundledURLs.flatMap { Self.scanFile($0) }
        if includeSystemFonts {
            var budget = Self.maxFiles
            system = Self.systemDirectories.flatMap { Self.scanDirectory($0, budget: &budget) }
        }
        rebuild()
    }

    /// The catalog with only the bundled fonts, shared.
    public static let standard = FontCatalog()

    /// The bundled default face (DejaVu Sans Book), always loadable.
    public static var defaultFont: Font { standard.font(families: ["sans-serif"]) }

    /// Adds one font file (all members of a collection); returns how many faces it held.
    @discardableResult
    public mutating func addFile(_ url: URL) -> Int {
        let found = Self.scanFile(url)
        added += found
        rebuild()
        return found.count
    }

    /// Adds every font file under `url`, recursively; returns how many faces it held.
    @discardableResult
    public mutating func addDirectory(_ url: URL) -> Int {
        var budget = Self.maxFiles
        let found = Self.scanDirectory(url, budget: &budget)
        added += found
        rebuild()
        return found.count
    }

    private mutating func rebuild() { faces = added + bundled + system }

    /// The families a CSS generic family tries, in order; nil for a non-generic name.
    public static func genericFamilies(_ name: String) -> [String]? {
        switch name.lowercased() {
        case "sans-serif": return ["DejaVu Sans", "Helvetica Neue", "Helvetica", "Arial", "Liberation Sans", "Noto Sans"]
        case "serif": return ["DejaVu Serif", "Times New Roman", "Times", "Liberation Serif", "Noto Serif", "DejaVu Sans"]
        case "monospace": return ["DejaVu Sans Mono", "Menlo", "Courier New", "Liberation Mono", "Noto Sans Mono", "DejaVu Sans"]
        case "system-ui", "-apple-system", "ui-sans-serif":
            return ["SF Pro Text", "SF Pro", "System Font", "Cantarell", "Ubuntu", "Noto Sans", "DejaVu Sans"]
        default: return nil
        }
    }

    /// The best face for the family list, weight and style, loaded (see the type's rules).
    /// Complexity: linear in the number of faces, plus loading the chosen file once.
    public func font(families: [String], weight: Int = 400, italic: Bool = false) -> Font {
        for family in families {
            let names = Self.genericFamilies(family) ?? [family]
            for name in names {
                let candidates = faces.filter { $0.family.caseInsensitiveCompare(name) == .orderedSame }
                if let best = Self.bestMatch(candidates, weight: weight, italic: italic), let font = FontCache.shared.font(best) {
                    return font
                }
            }
        }
        let fallback = Self.bestMatch(bundled, weight: weight, italic: italic)
        return fallback.flatMap { FontCache.shared.font($0) } ?? FontCache.shared.bundledFont
    }

    /// CSS font-style then font-weight matching among the faces of one family.
    static func bestMatch(_ faces: [Face], weight: Int, italic: Bool) -> Face? {
        guard !faces.isEmpty else { return nil }
        let styled = faces.filter { $0.isItalic == italic }
        let pool = styled.isEmpty ? faces : styled
        let w = min(max(weight, 1), 1000)
        func rank(_ f: Face) -> (Int, Int) {
            let d = f.weight - w
            if d == 0 { return (0, 0) }
            switch w {
            case 400...500:
                if d > 0, f.weight <= 500 { return (1, d) }
                return d < 0 ? (2, -d) : (3, d)
            case ..<400: return d < 0 ? (1, -d) : (2, d)
            default: return d > 0 ? (1, d) : (2, -d)
            }
        }
        return pool.min { rank($0) < rank($1) }
    }

    // MARK: Scanning

    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// The files of the bundled faces (DejaVu Sans Book and Bold), in the package's resources.
    public static var bundledURLs: [URL] {
        ["DejaVuSans", "DejaVuSans-Bold"].compactMap {
            Bundle.module.url(forResource: $0, withExtension: "ttf", subdirectory: "Fonts")
                ?? Bundle.module.url(forResource: $0, withExtension: "ttf")
        }
    }

    static var systemDirectories: [URL] {
        let home = FileManager.default.homeDirectoryForCurrentUser
        #if canImport(Darwin)
        return [URL(fileURLWithPath: "/System/Library/Fonts"), URL(fileURLWithPath: "/Library/Fonts"),
                home.appendingPathComponent("Library/Fonts")]
        #else
        return [URL(fileURLWithPath: "/usr/share/fonts"), URL(fileURLWithPath: "/usr/local/share/fonts"),
                home.appendingPathComponent(".fonts"), home.appendingPathComponent(".local/share/fonts")]
        #endif
    }

    static func scanDirectory(_ url: URL, budget: inout Int) -> [Face] {
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return [] }
        var out: [Face] = []
        for case let file as URL in walker {
            budget -= 1
            if budget < 0 { break }
            if fontExtensions.contains(file.pathExtension.lowercased()) { out += scanFile(file) }
        }
        return out
    }

    static func scanFile(_ url: URL) -> [Face] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = attributes[.size] as? Int, size <= maxFileSize,
              let data = try? Data(contentsOf: url, options: .alwaysMapped),
              let fonts = try? Font.fonts(in: data) else { return [] }
        return fonts.enumerated().map { i, font in
            Face(url: url, index: i, family: font.familyName, style: font.styleName, weight: font.weight, isItalic: font.isItalic)
        }
    }
}

/// Loaded fonts by file and index, shared by every catalog.
final class FontCache: @unchecked Sendable {
    static let shared = FontCache()
    private let lock = NSLock()
    private var fonts: [String: Font] = [:]

    private static func key(_ url: URL, _ index: Int) -> String { url.standardizedFileURL.path + "#\(index)" }

    func store(_ font: Font, url: URL, index: Int) {
        lock.lock(); defer { lock.unlock() }
        if fonts[Self.key(url, index)] == nil { fonts[Self.key(url, index)] = font }
    }

    func font(_ face: FontCatalog.Face) -> Font? {
        lock.lock()
        if let f = fonts[Self.key(face.url, face.index)] { lock.unlock(); return f }
        lock.unlock()
        guard let f = try? Font(contentsOf: face.url, index: face.index) else { return nil }
        store(f, url: face.url, index: face.index)
        return font(face)
    }

    /// The bundled Book face; the package cannot work without its resource, so its absence traps.
    var bundledFont: Font {
        guard let url = FontCatalog.bundledURLs.first, let face = FontCatalog.scanFile(url).first, let font = font(face) else {
            preconditionFailure("the bundled DejaVu Sans resource is missing from the CutoutText bundle")
        }
        return font
    }
}
