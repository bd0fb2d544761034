import Foundation
import Testing

/// One image decoder's fixtures, written by its `scripts/make_<format>_fixtures.py`: files in
/// `Fixtures/<folder>/` and a `manifest.txt` naming each reference image with its size
/// (`name width height` per line), whose expected pixels are in `<name>.rgba`.
struct DecoderFixtures {
    let folder: String

    func data(_ name: String, _ ext: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures/\(folder)"))
        return try Data(contentsOf: url)
    }

    /// The manifest's entries; empty when it is missing, which the suites' count checks catch.
    var manifest: [(name: String, width: Int, height: Int)] {
        guard let url = Bundle.module.url(forResource: "manifest", withExtension: "txt", subdirectory: "Fixtures/\(folder)"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 3, let w = Int(f[1]), let h = Int(f[2]) else { return nil }
            return (String(f[0]), w, h)
        }
    }
}
