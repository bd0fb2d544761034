import Foundation
import Testing
@testable import cutout

@Suite struct CommandLineTests {
    @Test func rootCommandListsItsSubcommands() {
        let names = Cutout.configuration.subcommands.map { $0.configuration.commandName }
        #expect(Set(names.compactMap { $0 }) == ["gallery", "render", "bench"])
    }

    @Test func galleryRejectsAnAbsurdScale() {
        #expect(throws: (any Error).self) { try GalleryCommand.parse(["--scale", "nan"]) }
        #expect(throws: (any Error).self) { try GalleryCommand.parse(["--scale", "1000"]) }
    }
}
