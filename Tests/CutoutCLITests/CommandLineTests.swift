import Foundation
import Testing
import CutoutRaster
import CutoutSVG
@testable import cutout

@Suite struct CommandLineTests {
    @Test func rootCommandListsItsSubcommands() {
        #expect(Cutout.commands.map { $0.spec.name } == ["gallery", "render", "bench"])
        let help = runCutout([])
        #expect(help.exitCode == 0)
        for name in ["gallery", "render", "bench"] { #expect(help.message.contains("\n  \(name) ")) }
    }

    @Test func galleryRejectsAnAbsurdScale() {
        for scale in ["nan", "1000", "0.5", "two"] {
            let outcome = runCutout(["gallery", "--scale", scale, "-o", "/dev/null/never"])
            #expect(outcome.exitCode == 64, "\(scale): \(outcome.message)")
        }
    }

    @Test func galleryNamesAnOutputThatCannotBeAFolder() throws {
        let tmp = try TemporaryFolder()
        let file = try tmp.write("taken", "not a folder")
        let taken = runCutout(["gallery", "-o", file])
        #expect(taken.exitCode != 0)
        #expect(taken.message.contains(file) && taken.message.contains("File exists"))
        let impossible = runCutout(["gallery", "-o", "/dev/null/gallery"])
        #expect(impossible.exitCode != 0)
        #expect(impossible.message.contains("/dev/null/gallery") && impossible.message.contains("Not a directory"))
    }
}

@Suite struct RenderCommandTests {
    @Test func rendersASmallDocumentToPNGAndSVG() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("in.svg", smallSVG)
        let png = runCutout(["render", input, "-o", tmp.path("out.png"), "--width", "40"])
        #expect(png.succeeded, "\(png.message)")
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.path("out.png")))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let svg = runCutout(["render", input, "-o", tmp.path("out.svg")])
        #expect(svg.succeeded, "\(svg.message)")
        #expect(try String(contentsOfFile: tmp.path("out.svg"), encoding: .utf8).contains("<svg"))
    }

    @Test func aMissingInputIsNamed() throws {
        let tmp = try TemporaryFolder()
        let missing = tmp.path("missing.svg")
        let outcome = runCutout(["render", missing, "-o", tmp.path("out.png")])
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains(missing) && outcome.message.contains("No such file"))
        #expect(!FileManager.default.fileExists(atPath: tmp.path("out.png")))
    }

    @Test func aFolderAsInputIsNamed() throws {
        let tmp = try TemporaryFolder()
        let outcome = runCutout(["render", tmp.url.path, "-o", tmp.path("out.png")])
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains(tmp.url.path) && outcome.message.contains("folder"))
    }

    @Test(arguments: [
        ("", "no root element"),
        ("<svg><rect", "unterminated <rect>"),
        ("<svg width='10' height='10'><g></svg>", "unexpected </svg>"),
        ("<html/>", "not <svg>"),
        ("<!DOCTYPE svg [<!ENTITY a SYSTEM 'file:///etc/passwd'>]><svg/>", "entity"),
        ("\u{FF}\u{FE}<svg/>", "text outside the root element"),
    ])
    func malformedSVGNamesTheFileAndTheReason(text: String, reason: String) throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("bad.svg", text)
        let outcome = runCutout(["render", input, "-o", tmp.path("out.png")])
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains(input), "\(outcome.message)")
        #expect(outcome.message.contains(reason), "\(outcome.message)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path("out.png")))
    }

    /// A zero or negative width or height draws nothing: without an output size there is no
    /// image to make; with one, the image is empty (transparent; a warning on standard error
    /// says why).
    @Test func aDocumentWithoutAreaIsRefusedOrDrawnEmpty() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("flat.svg", "<svg width='0' height='10'/>")
        let outcome = runCutout(["render", input, "-o", tmp.path("out.png")])
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains("empty size"))
        let negative = try tmp.write("negative.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='-5' height='-10'><rect width='8' height='8'/></svg>")
        let sized = runCutout(["render", negative, "-o", tmp.path("empty.png"), "--width", "6", "--height", "4"])
        #expect(sized.exitCode == 0, "\(sized.message)")
        let png = try Pixmap(pngData: Data(contentsOf: URL(fileURLWithPath: tmp.path("empty.png"))))
        #expect(png.width == 6 && png.height == 4)
        #expect(png.data.allSatisfy { $0 == 0 })
    }

    @Test func unwritableOutputsAreNamedWithTheSystemReason() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("in.svg", smallSVG)
        try FileManager.default.createDirectory(atPath: tmp.path("folder.png"), withIntermediateDirectories: false)
        let folder = runCutout(["render", input, "-o", tmp.path("folder.png")])
        #expect(folder.exitCode != 0)
        #expect(folder.message.contains("folder.png") && folder.message.contains("Is a directory"), "\(folder.message)")
        for output in ["/dev/null/x.png", "/dev/null/x.svg"] {
            let outcome = runCutout(["render", input, "-o", output])
            #expect(outcome.exitCode != 0)
            #expect(outcome.message.contains(output) && outcome.message.contains("Not a directory"), "\(outcome.message)")
        }
    }

    /// A write that fails part of the way (here the file size limit, as a full disk would)
    /// leaves the file that was there, and no partial or temporary file beside it. Run as a
    /// child process, since the limit applies to the whole process.
    @Test func aFailedWriteLeavesThePreviousFile() throws {
        let exe = try #require(builtCutoutExecutable())
        let tmp = try TemporaryFolder()
        // Noise does not compress: the PNG is far above the 10 KiB limit.
        let input = try tmp.write("noise.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">
              <filter id="n"><feTurbulence baseFrequency="0.9" numOctaves="3"/></filter>
              <rect width="300" height="300" filter="url(#n)"/>
            </svg>
            """)
        let previous = try tmp.write("out.png", "the previous picture")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Ignoring SIGXFSZ makes the oversized write fail with EFBIG instead of killing cutout.
        shell.arguments = ["-c", "trap '' XFSZ; ulimit -f 20; exec \"$0\" render \"$1\" -o \"$2\"", exe.path, input, previous]
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 1)
        #expect(try String(contentsOfFile: previous, encoding: .utf8) == "the previous picture")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path).sorted() == ["noise.svg", "out.png"])
    }

    /// Option values that must be refused when parsing, before any file is read.
    @Test(arguments: [
        ["--width", "0"], ["--width=-5"], ["--width", "-5"], ["--width", "nan"], ["--width", "inf"],
        ["--height", "-0"], ["--scale", "0"], ["--scale", "nan"], ["--width", "abc"],
    ])
    func absurdOptionValuesAreUsageErrors(options: [String]) throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("in.svg", smallSVG)
        let outcome = runCutout(["render", input, "-o", tmp.path("out.png")] + options)
        #expect(outcome.exitCode == 64, "EX_USAGE for \(options): \(outcome.message)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path("out.png")))
    }

    @Test func scaleIsRefusedForSVGOutputAndOtherExtensions() {
        #expect(runCutout(["render", "a.svg", "-o", "b.svg", "--scale", "2"]).exitCode == 64)
        #expect(runCutout(["render", "a.svg", "-o", "b.jpg"]).exitCode == 64)
    }

    /// Sizes beyond the pixmap limits are refused before anything is allocated: these would
    /// need 4·10¹⁸ bytes and more if they were not.
    @Test(arguments: [
        ["--width", "1e9"], ["--height", "1e9"], ["--width", "40000", "--height", "1"],
        ["--width", "20000", "--height", "20000"], ["--scale", "1e9"], ["--width", "1e30", "--height", "1", "--scale", "1e300"],
    ])
    func enormousPNGSizesAreRefusedBeforeAllocating(options: [String]) throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("in.svg", smallSVG)
        let outcome = runCutout(["render", input, "-o", tmp.path("out.png")] + options)
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains("32768"), "states the limit: \(outcome.message)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path("out.png")))
    }

    /// A document whose own size is beyond the pixmap limits, rendered at its natural size.
    @Test func aHugeDocumentIsRefusedBeforeAllocating() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("huge.svg", "<svg xmlns='http://www.w3.org/2000/svg' width='1e9' height='1e9'><rect width='10' height='10'/></svg>")
        let outcome = runCutout(["render", input, "-o", tmp.path("out.png")])
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains(input) && outcome.message.contains("32768"), "\(outcome.message)")
        // The same document scaled down by --width renders.
        #expect(runCutout(["render", input, "-o", tmp.path("small.png"), "--width", "16"]).succeeded)
    }

    @Test func aDerivedSideThatOverflowsIsRefused() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("tall.svg", "<svg width='10' height='100'/>")
        let outcome = runCutout(["render", input, "-o", tmp.path("out.svg"), "--width", "1e308"])
        #expect(outcome.exitCode != 0)
        #expect(outcome.message.contains("finite"), "\(outcome.message)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path("out.svg")))
    }

    /// Cutout's importer clamps numbers beyond its largest coordinate, so an SVG larger than
    /// that would not read back as written: it is refused before anything is written, and one
    /// at the limit reads back at its size.
    @Test func svgSizesBeyondTheImportersCoordinateLimitAreRefused() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("in.svg", smallSVG)
        for options in [["--width", "1e300"], ["--height", "1000001"], ["--width", "10", "--height", "2e6"]] {
            let outcome = runCutout(["render", input, "-o", tmp.path("out.svg")] + options)
            #expect(outcome.exitCode == 1, "\(options): \(outcome.message)")
            #expect(outcome.message.contains(tmp.path("out.svg")) && outcome.message.contains("exceeds 1000000 points per side"), "\(outcome.message)")
            #expect(!FileManager.default.fileExists(atPath: tmp.path("out.svg")))
        }
        #expect(runCutout(["render", input, "-o", tmp.path("out.svg"), "--width", "1e300"]).message.contains("1e+300×5e+299"))
        let atLimit = runCutout(["render", input, "-o", tmp.path("out.svg"), "--width", "1e6"])
        #expect(atLimit.succeeded, "\(atLimit.message)")
        let back = try SVGImporter.importSVG(Data(contentsOf: URL(fileURLWithPath: tmp.path("out.svg"))))
        #expect(back.size == CGSize(width: 1e6, height: 5e5))
    }

    /// Tiny sizes round up to one pixel rather than failing (pixel size = points × scale,
    /// rounded up).
    @Test func tinySizesRoundUpToOnePixel() throws {
        let tmp = try TemporaryFolder()
        let input = try tmp.write("in.svg", smallSVG)
        let outcome = runCutout(["render", input, "-o", tmp.path("out.png"), "--width", "1e-3", "--height", "1e-3"])
        #expect(outcome.succeeded, "\(outcome.message)")
    }

    /// The real executable: errors go to standard error (nothing on standard output) with a
    /// non-zero status.
    @Test func theExecutableReportsErrorsOnStandardError() throws {
        let exe = try #require(builtCutoutExecutable(), "the cutout executable is built beside the tests")
        let tmp = try TemporaryFolder()
        let input = try tmp.write("bad.svg", "<svg><rect")
        for (arguments, status) in [(["render", input, "-o", tmp.path("o.png")], Int32(1)),
                                    (["render", input, "-o", tmp.path("o.png"), "--width", "nan"], Int32(64))] {
            let process = Process()
            process.executableURL = exe
            process.arguments = arguments
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == status, "\(arguments): \(stderr)")
            #expect(stderr.hasPrefix("Error: "), "\(stderr)")
            #expect(stdout.isEmpty)
        }
    }
}
