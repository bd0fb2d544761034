import Foundation

/// The character encoding of an XML document, turned into the UTF-8 the parser reads.
///
/// A document is UTF-8 unless it starts with a UTF-16 byte order mark or its XML declaration
/// (`<?xml version="1.0" encoding="Windows-1251"?>`) names another encoding. Besides UTF-8
/// and UTF-16, the single-byte encodings Foundation decodes on every platform are accepted:
/// US-ASCII, ISO-8859-1 (Latin-1), ISO-8859-2, Windows-1250 to Windows-1254 and Macintosh
/// (Mac OS Roman). Any other name is refused with ``SVGError/unsupportedEncoding(name:)``
/// rather than read as UTF-8, which would garble text silently.
enum XMLEncoding {
    /// `data` as UTF-8 bytes (a UTF-8 byte order mark is kept; the parser skips it).
    static func utf8(_ data: Data) throws(SVGError) -> [UInt8] {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: data, encoding: .utf16) else {
                throw .malformedXML(line: 1, reason: "invalid UTF-16")
            }
            return Array(text.utf8)
        }
        guard let name = declaredEncoding(data) else { return [UInt8](data) }
        let key = name.lowercased()
        if key == "utf-8" || key == "utf8" { return [UInt8](data) }
        guard let encoding = singleByte[key] else { throw .unsupportedEncoding(name: String(name.prefix(40))) }
        // Every byte decodes in these encodings (bytes they leave undefined are dropped), so
        // this fails only for ASCII given bytes above 0x7F.
        guard let text = String(data: data, encoding: encoding) else {
            throw .malformedXML(line: 1, reason: "the document is not valid \(name)")
        }
        return Array(text.utf8)
    }

    /// The single-byte encodings accepted, by their IANA names and common aliases (lowercase).
    static let singleByte: [String: String.Encoding] = [
        "us-ascii": .ascii, "ascii": .ascii,
        "iso-8859-1": .isoLatin1, "iso_8859-1": .isoLatin1, "latin1": .isoLatin1, "l1": .isoLatin1,
        "iso-8859-2": .isoLatin2, "iso_8859-2": .isoLatin2, "latin2": .isoLatin2, "l2": .isoLatin2,
        "windows-1250": .windowsCP1250, "cp1250": .windowsCP1250,
        "windows-1251": .windowsCP1251, "cp1251": .windowsCP1251,
        "windows-1252": .windowsCP1252, "cp1252": .windowsCP1252,
        "windows-1253": .windowsCP1253, "cp1253": .windowsCP1253,
        "windows-1254": .windowsCP1254, "cp1254": .windowsCP1254,
        "macintosh": .macOSRoman, "mac": .macOSRoman, "macroman": .macOSRoman,
    ]

    /// The `encoding` of an XML declaration at the very start of the document (after a UTF-8
    /// byte order mark), nil when there is none. The declaration is ASCII in every encoding
    /// accepted, so it is read before decoding; only its first 256 bytes are looked at.
    static func declaredEncoding(_ data: Data) -> String? {
        var bytes = [UInt8](data.prefix(259))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard bytes.starts(with: Array("<?xml".utf8)), bytes.count > 5,
              bytes[5] == 0x20 || bytes[5] == 0x09 || bytes[5] == 0x0A || bytes[5] == 0x0D else { return nil }
        let end = (0..<bytes.count - 1).first { bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">") } ?? bytes.count
        let declaration = String(decoding: bytes[..<end], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }
}
