import Foundation

/// Why a font file, or one of its glyphs, could not be read.
///
/// Every malformed or hostile input ends in one of these cases: the reader checks each offset
/// and count against the bytes it has and bounds every recursion and loop, so no font file
/// crashes or hangs the process.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read from disk.
    case unreadable(path: String)
    /// The data does not start like an OpenType, TrueType or collection file.
    case notAFont
    /// A table the font needs is absent.
    case missingTable(String)
    /// A read went past the end of a table (or of the file, for `"file"`).
    case truncated(table: String)
    /// A table's content breaks the format (a bad version, count or offset).
    case invalidTable(String, reason: String)
    /// A collection was asked for a font it does not hold.
    case fontIndexOutOfRange(index: Int, count: Int)
    /// A glyph id at or past the font's glyph count.
    case glyphOutOfRange(Int)
    /// A composite glyph nests deeper than ``FontLimits/maxCompositeDepth`` (a cycle looks like this).
    case compositeTooDeep(glyph: Int)
    /// A glyph program or outline needs more work than the limits allow.
    case limitExceeded(String)
    /// A CFF Type 2 charstring is malformed.
    case invalidCharstring(glyph: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path): return "cannot read the font file \(path)"
        case .notAFont: return "not an OpenType, TrueType or font collection file"
        case .missingTable(let tag): return "the font has no '\(tag)' table"
        case .truncated(let table): return "the '\(table)' table is truncated"
        case .invalidTable(let tag, let reason): return "the '\(tag)' table is invalid: \(reason)"
        case .fontIndexOutOfRange(let i, let n): return "font index \(i) is out of range: the collection holds \(n) fonts"
        case .glyphOutOfRange(let g): return "glyph \(g) is out of range"
        case .compositeTooDeep(let g): return "composite glyph \(g) nests too deeply (or refers to itself)"
        case .limitExceeded(let what): return "font limit exceeded: \(what)"
        case .invalidCharstring(let g, let reason): return "the charstring of glyph \(g) is invalid: \(reason)"
        }
    }
}

/// The bounds the font reader enforces so hostile files stay cheap.
public enum FontLimits {
    /// Deepest nesting of TrueType composite glyphs (FreeType and HarfBuzz allow a similar few levels).
    public static let maxCompositeDepth = 8
    /// Most components expanded for one composite glyph, all levels together.
    public static let maxCompositeComponents = 4_096
    /// Most operators one Type 2 charstring may execute, subroutines included.
    public static let maxCharstringOperations = 100_000
    /// Deepest subroutine nesting in a Type 2 charstring (the CFF specification's limit).
    public static let maxSubroutineDepth = 10
    /// Largest Type 2 argument stack (the CFF specification's limit).
    public static let maxCharstringStack = 48
}
