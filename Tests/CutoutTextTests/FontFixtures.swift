import Foundation
@testable import CutoutText

/// The fixture fonts and the values fontTools and HarfBuzz computed for them
/// (scripts/make_font_fixtures.py).
enum FontFixtures {
    static func data(_ name: String) throws -> Data {
        let url = try require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return try Data(contentsOf: url)
    }

    struct Glyph: Decodable { let glyph: Int; let area: Double; let bounds: [Double]?; let advance: Int }
    struct Shaping: Decodable { let glyphs: [Int]; let origins: [Int]; let width: Int }
    struct Metrics: Decodable { let unitsPerEm: Int; let ascender: Int; let descender: Int; let lineGap: Int; let glyphCount: Int; let family: String; let weight: Int }
    struct Expected: Decodable { let glyphs: [String: Glyph]; let shaping: [String: Shaping]; let metrics: Metrics }

    static func expected() throws -> [String: Expected] {
        try JSONDecoder().decode([String: Expected].self, from: data("expected.json"))
    }

    static func font(_ name: String, index: Int = 0) throws -> Font { try Font(data: data(name), index: index) }
}

private func require<T>(_ v: T?) throws -> T {
    guard let v else { throw CocoaError(.fileNoSuchFile) }
    return v
}

private extension FontFixtures {
    static func `require`<T>(_ v: T?) throws -> T { try CutoutTextTests.require(v) }
}
