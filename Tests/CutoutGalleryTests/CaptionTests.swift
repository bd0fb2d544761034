import Foundation
import Testing
@testable import CutoutGallery

/// Captions are read by someone who has only the README: each says what its scene shows and
/// names the public API that makes it, and none points into a document the package does not
/// ship.
@Suite struct CaptionTests {
    /// Type names of every product's public API, from the checked-in `api/*.txt`.
    static let publicTypes: Set<String> = {
        let api = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("api")
        let files = (try? FileManager.default.contentsOfDirectory(at: api, includingPropertiesForKeys: nil)) ?? []
        var names = Set<String>()
        for file in files where file.pathExtension == "txt" {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                if let name = line.split(whereSeparator: { $0 == "." || $0 == ":" }).first { names.insert(String(name)) }
            }
        }
        return names
    }()

    static func scenes() -> [GalleryScene] { HolesGallery.scenes() + SpotlightGallery.scenes() + CollectionGallery.scenes() }

    @Test func publicTypesAreKnown() {
        #expect(Self.publicTypes.isSuperset(of: ["HoleOverlay", "ShapedView", "Path", "CarouselLayout"]))
    }

    @Test func everyCaptionNamesTheAPIThatMakesIt() {
        let scenes = Self.scenes()
        #expect(scenes.count > 30)
        for scene in scenes {
            let words = Set(scene.caption.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            #expect(!words.isDisjoint(with: Self.publicTypes), "\(scene.id): \(scene.caption)")
            #expect(!scene.caption.contains("SPEC"), "\(scene.id)")
        }
    }
}
