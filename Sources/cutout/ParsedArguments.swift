/// A command line that does not fit its command: `cutout` prints it with the command's usage
/// on standard error and exits with status 64 (`EX_USAGE`).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    /// The usage line printed after the message.
    var usage: String
    /// The command whose `--help` the message points to (nil: the tool's own).
    var command: String?

    init(_ description: String, for spec: CommandSpec) {
        self.init(description, usage: spec.usage, command: spec.name)
    }

    init(_ description: String, usage: String, command: String?) {
        self.description = description
        self.usage = usage
        self.command = command
    }
}

/// `--help`, `-h` or `cutout help`: `cutout` prints `text` on standard output and exits with
/// status 0.
struct HelpRequest: Error {
    var text: String
}

/// The options and positional arguments of one command line, checked against a
/// ``CommandSpec``.
///
/// Guarantees, once made: every option is one the command declares; every single-valued
/// option has one value (the last given); each required argument and option is present;
/// there are no more positional arguments than the command takes. Everything after `--` is
/// positional. An option's value is the next argument whatever it looks like (`--width -5`
/// gives -5, which the command then refuses), or follows `=` (`--width=-5`, `-o=out.png`).
struct ParsedArguments {
    let spec: CommandSpec
    private var values: [String: [String]] = [:]
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []

    /// - Throws: ``HelpRequest`` when `-h` or `--help` comes before any `--`; otherwise
    ///   ``UsageError`` naming the first argument that does not fit.
    init(_ arguments: [String], spec: CommandSpec) throws {
        self.spec = spec
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") { throw HelpRequest(text: spec.helpText) }
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let isLong = argument.hasPrefix("--")
            let body = argument.dropFirst(isLong ? 2 : 1)
            let name = body.prefix { $0 != "=" }
            var inline = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
            var option = spec.option(named: name, short: !isLong)
            if option == nil, !isLong, let first = name.first, let short = spec.option(named: Substring(String(first)), short: true), !short.isFlag {
                // `-oout.png`: a short option with its value attached.
                option = short
                inline = String(body.dropFirst())
            }
            guard let option else {
                throw UsageError("Unknown option '\(argument)'", for: spec)
            }
            if option.isFlag {
                guard inline == nil else { throw UsageError("The flag '--\(option.long)' takes no value", for: spec) }
                values[option.long] = [""]
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.synopsis)'", for: spec)
            }
            if option.repeatable {
                values[option.long, default: []].append(value)
            } else {
                values[option.long] = [value]
            }
        }
        let takesAll = spec.arguments.last?.variadic == true
        if !takesAll && positionals.count > spec.arguments.count {
            throw UsageError("Unexpected argument '\(positionals[spec.arguments.count])'", for: spec)
        }
        for (position, argument) in spec.arguments.enumerated() where argument.required && positionals.count <= position {
            throw UsageError("Missing expected argument '\(argument.synopsis)'", for: spec)
        }
        for option in spec.options where option.required && values[option.long] == nil {
            throw UsageError("Missing expected argument '\(option.synopsis)'", for: spec)
        }
    }

    /// The value of the option `long` (the last one given), or nil.
    func string(_ long: String) -> String? { values[long]?.last }

    /// Every value given to the repeatable option `long`, in order.
    func strings(_ long: String) -> [String] { values[long] ?? [] }

    /// Whether the flag `long` was given.
    func flag(_ long: String) -> Bool { values[long] != nil }

    /// The option's value as a number, as Swift reads one (`1e9`, `nan` and `inf` included:
    /// the command says which it accepts).
    func double(_ long: String) throws(UsageError) -> Double? {
        try string(long).map { text throws(UsageError) in
            guard let value = Double(text) else { throw invalid(text, long) }
            return value
        }
    }

    /// The option's value as a whole number.
    func int(_ long: String) throws(UsageError) -> Int? {
        try string(long).map { text throws(UsageError) in
            guard let value = Int(text) else { throw invalid(text, long) }
            return value
        }
    }

    private func invalid(_ text: String, _ long: String) -> UsageError {
        let synopsis = spec.option(named: Substring(long), short: false)?.synopsis ?? "--\(long)"
        return UsageError("The value '\(text)' is invalid for '\(synopsis)'", for: spec)
    }
}
