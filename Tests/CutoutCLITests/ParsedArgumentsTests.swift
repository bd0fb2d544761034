import Testing
@testable import cutout

@Suite struct ParsedArgumentsTests {
    static let spec = CommandSpec(
        name: "demo",
        abstract: "A command for the tests.",
        arguments: [.init(name: "input", help: "The file.", required: true)],
        options: [
            .init(long: "output", short: "o", valueName: "output", required: true, help: "The result."),
            .init(long: "width", valueName: "width", help: "A number."),
            .init(long: "count", valueName: "count", help: "A whole number."),
            .init(long: "font-dir", valueName: "dir", repeatable: true, help: "Repeatable."),
            .init(long: "json", help: "A flag."),
        ]
    )

    func parse(_ arguments: [String]) throws -> ParsedArguments {
        try ParsedArguments(arguments, spec: Self.spec)
    }

    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch let error as UsageError {
            #expect(error.command == "demo" && error.usage == Self.spec.usage)
            return error.description
        } catch {
            Issue.record("not a usage error: \(error)")
            return nil
        }
    }

    @Test func readsEveryFormOfOption() throws {
        let a = try parse(["in.svg", "--output", "a.png", "--width=-5", "--font-dir", "x", "--font-dir=y", "--json", "--count", "3"])
        #expect(a.positionals == ["in.svg"])
        #expect(a.string("output") == "a.png")
        #expect(try a.double("width") == -5)
        #expect(try a.int("count") == 3)
        #expect(a.strings("font-dir") == ["x", "y"])
        #expect(a.flag("json"))
        let b = try parse(["-oa.png", "in.svg", "-o", "b.png"])
        #expect(b.string("output") == "b.png", "a single-valued option keeps the last value")
        #expect(!b.flag("json") && b.strings("font-dir").isEmpty)
        #expect(try b.double("width") == nil)
        let c = try parse(["-o=c.png", "--width", "-0.5", "--", "--json"])
        #expect(c.string("output") == "c.png")
        #expect(try c.double("width") == -0.5, "a value is the next argument whatever it looks like")
        #expect(c.positionals == ["--json"] && !c.flag("json"), "after --, everything is positional")
        #expect(try parse(["-", "-o", "x"]).positionals == ["-"])
    }

    @Test func namesWhatDoesNotFit() {
        #expect(usageError(["in", "-o", "x", "--bogus"]) == "Unknown option '--bogus'")
        #expect(usageError(["in", "-o", "x", "-q"]) == "Unknown option '-q'")
        #expect(usageError(["in", "-o"]) == "Missing value for '--output <output>'")
        #expect(usageError(["in", "-o", "x", "--json=yes"]) == "The flag '--json' takes no value")
        #expect(usageError(["in", "extra", "-o", "x"]) == "Unexpected argument 'extra'")
        #expect(usageError(["-o", "x"]) == "Missing expected argument '<input>'")
        #expect(usageError(["in"]) == "Missing expected argument '--output <output>'")
        #expect(usageError(["in", "-o", "x", "--width", "wide"]) == nil, "values are read when asked for")
        let wide = try? parse(["in", "-o", "x", "--width", "wide", "--count", "2.5"])
        #expect(throws: UsageError.self) { try wide?.double("width") }
        #expect(throws: UsageError.self) { try wide?.int("count") }
        do {
            _ = try wide?.double("width")
        } catch {
            #expect(error.description == "The value 'wide' is invalid for '--width <width>'")
        }
    }

    @Test func helpComesBeforeAnyError() throws {
        for arguments in [["--help"], ["-h"], ["--bogus", "--help"], ["in", "extra", "-h"]] {
            #expect(throws: HelpRequest.self) { try parse(arguments) }
        }
        #expect(usageError(["in", "-o", "x", "--", "--help"]) == "Unexpected argument '--help'", "after --, --help is an argument")
    }

    @Test func helpTextListsEverythingWithinEightyColumns() {
        for command in Cutout.commands {
            let spec = command.spec
            let text = spec.helpText
            #expect(text.hasPrefix("OVERVIEW: "))
            for option in spec.options + [CommandSpec.help] { #expect(text.contains(option.synopsis), "\(spec.name): \(option.long)") }
            for argument in spec.arguments { #expect(text.contains("<\(argument.name)>")) }
            for line in text.split(separator: "\n") {
                let longestWord = line.split(separator: " ").map(\.count).max() ?? 0
                #expect(line.count <= 80 || longestWord > 54, "\(spec.name): \(line)")
            }
        }
        #expect(CommandSpec.row("--x", "help") == "  --x                     help\n")
        #expect(CommandSpec.row("--a-long-option <a-long-value>", "help") == "  --a-long-option <a-long-value>\n                          help\n")
        #expect(Self.spec.usage == "cutout demo <input> --output <output> [--width <width>] [--count <count>] [--font-dir <dir> ...] [--json]")
    }

    @Test func theToolDispatchesAndPointsToHelp() {
        let root = runCutout(["--help"])
        #expect(root.exitCode == 0 && root.message.contains("COMMANDS:"))
        #expect(runCutout(["help"]).message == root.message)
        let render = runCutout(["help", "render"])
        #expect(render.exitCode == 0 && render.message == RenderCommand.spec.helpText)
        #expect(runCutout(["render", "--help"]).message == render.message)
        let unknown = runCutout(["frob"])
        #expect(unknown.exitCode == 64)
        #expect(unknown.message.hasPrefix("Error: Unknown command 'frob'\nUsage: cutout <command>"))
        #expect(unknown.message.hasSuffix("See 'cutout --help' for more information."))
        #expect(runCutout(["help", "frob"]).exitCode == 64)
        let bad = runCutout(["gallery", "--bogus"])
        #expect(bad.message == "Error: Unknown option '--bogus'\nUsage: \(GalleryCommand.spec.usage)\n  See 'cutout gallery --help' for more information.")
    }
}
