import Foundation

/// Why an SVG document could not be imported. Each case names the place (a 1-based line
/// of the input where there is one) and the reason.
public enum SVGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input is larger than ``SVGImporter/Limits/maxInputBytes``.
    case inputTooLarge(bytes: Int, limit: Int)
    /// An attribute value or text run is longer than ``SVGImporter/Limits/maxAttributeBytes``.
    case attributeTooLarge(line: Int, name: String, limit: Int)
    /// Elements are nested deeper than ``SVGImporter/Limits/maxDepth``.
    case nestingTooDeep(line: Int, limit: Int)
    /// More elements, CSS rules or produced layers than ``SVGImporter/Limits/maxElements``; the
    /// line is that of the element read or built (or the `<style>` read) when the limit was
    /// passed.
    case tooManyElements(line: Int, limit: Int)
    /// More visits (elements reached, again through each reference, and CSS rules tested)
    /// than ``SVGImporter/Limits/maxVisits``; the line is that of the element visited (or
    /// styled) when the limit was passed.
    case tooManyVisits(line: Int, limit: Int)
    /// More attribute bytes read (again for content reached through each reference) than
    /// ``SVGImporter/Limits/maxAttributeBytesRead``; the line is that of the element whose
    /// attributes passed the limit.
    case tooManyAttributeBytes(line: Int, limit: Int)
    /// More attributes in the document than ``SVGImporter/Limits/maxAttributes``.
    case tooManyAttributes(line: Int, limit: Int)
    /// The document declares an external entity (`SYSTEM`/`PUBLIC`) or a parameter entity
    /// (`%`): neither is ever read. Internal general entities are accepted.
    case entityDeclarationRefused(line: Int)
    /// Expanding internal entities produced more than
    /// ``SVGImporter/Limits/maxEntityExpansionBytes`` (each reference also counts one byte):
    /// the "billion laughs" attack and its relatives.
    case entityExpansionTooLarge(line: Int, limit: Int)
    /// Entities refer to entities more than ``SVGImporter/Limits/maxEntityDepth`` levels deep.
    case entityNestingTooDeep(line: Int, limit: Int)
    /// The input is not well-formed XML (or not valid in its encoding).
    case malformedXML(line: Int, reason: String)
    /// The XML declaration names an encoding the importer does not read (it reads UTF-8,
    /// UTF-16 and the single-byte encodings listed at ``SVGImporter``). The name is cut to
    /// 40 characters.
    case unsupportedEncoding(name: String)
    /// The root element is not `<svg>`.
    case notSVG(rootElement: String)
    /// The input is gzip-compressed (`.svgz`) but does not inflate: corrupt or truncated data,
    /// or more than ``SVGImporter/Limits/maxInputBytes`` once inflated.
    case unreadableCompressedInput(reason: String)

    public var description: String {
        switch self {
        case .inputTooLarge(let b, let l): return "SVG input has \(b) bytes; the limit is \(l)"
        case .attributeTooLarge(let line, let n, let l): return "line \(line): '\(n)' is longer than \(l) bytes"
        case .nestingTooDeep(let line, let l): return "line \(line): elements nested deeper than \(l) levels"
        case .tooManyElements(let line, let l): return "line \(line): more than \(l) elements, CSS rules or generated layers"
        case .tooManyAttributes(let line, let l): return "line \(line): more than \(l) attributes in the document"
        case .tooManyAttributeBytes(let line, let l):
            return "line \(line): more than \(l) bytes of attributes read (content reached again through use, clip-path, mask, filter or gradient href counts each time)"
        case .tooManyVisits(let line, let l):
            return "line \(line): more than \(l) element visits or CSS rule tests (content reached again through use, clip-path, mask, filter or gradient href counts each time)"
        case .entityDeclarationRefused(let line): return "line \(line): external and parameter entity declarations are not accepted"
        case .entityExpansionTooLarge(let line, let l): return "line \(line): entity expansion exceeds \(l) bytes"
        case .entityNestingTooDeep(let line, let l): return "line \(line): entities nested deeper than \(l) levels"
        case .malformedXML(let line, let r): return "line \(line): malformed XML: \(r)"
        case .unsupportedEncoding(let name):
            return "line 1: the encoding '\(name)' is not supported (UTF-8, UTF-16, US-ASCII, ISO-8859-1, ISO-8859-2, Windows-1250 to -1254 and Macintosh are)"
        case .notSVG(let r): return "root element is <\(r)>, not <svg>"
        case .unreadableCompressedInput(let r): return "compressed SVG (gzip) cannot be inflated: \(r)"
        }
    }
}

/// Something in an SVG document that was skipped or approximated during import; the import
/// still succeeds.
public struct SVGWarning: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the element concerned (0 when unknown).
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
