import SheetEngine
import SheetScripting

/// A command line that does not fit its subcommand: exit code 2.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and what was expected, in one sentence.
    public var message: String
    /// The subcommand, for pointing at its `--help`.
    public var command: String?

    /// An error saying `message`, about `command`.
    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}

/// The arguments of one subcommand, parsed.
public struct ParsedArguments: Sendable, Equatable {
    /// Values given for each option, in order; flags map to `[""]` per use.
    public var options: [String: [String]] = [:]
    /// Arguments that are not options, in order.
    public var positionals: [String] = []
    /// Whether `-h` or `--help` was given.
    public var wantsHelp = false
    /// The project the command works in (`.sheetlab.lua`), found by `sheetLabMain`; nil outside one.
    public var project: Project?

    /// The last value given for an option.
    public func value(_ name: String) -> String? { options[name]?.last }

    /// Every value given for a repeatable option.
    public func values(_ name: String) -> [String] { options[name] ?? [] }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { options[name] != nil }

    /// An option's value as a whole number, if given.
    /// - Throws: `UsageError` when it is not a whole number in `range`.
    public func integer(_ name: String, in range: ClosedRange<Int>, command: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(
                "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'",
                command: command)
        }
        return n
    }
}

/// Parses `args` (the words after the subcommand) against `spec`.
///
/// Accepts `--name value`, `--name=value`, short aliases, flags, options
/// whose value may be left out (`--record`, `--record all`), and `--` to
/// end options. `-h`/`--help` anywhere asks for help.
/// - Throws: `UsageError` for an unknown option, a missing value, a flag
///   given a value, a second value for a non-repeatable option, or the wrong
///   number of positional arguments.
public func parseArguments(_ args: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var i = 0
    var optionsEnded = false
    func option(named word: String) -> OptionSpec? {
        spec.options.first { $0.name == word || ($0.short != nil && $0.short == word) }
    }
    while i < args.count {
        let word = args[i]
        i += 1
        if optionsEnded || !word.hasPrefix("-") || word == "-" {
            parsed.positionals.append(word)
            continue
        }
        if word == "--" {
            optionsEnded = true
            continue
        }
        if word == "-h" || word == "--help" {
            parsed.wantsHelp = true
            continue
        }
        var name = word
        var inline: String?
        if let eq = word.firstIndex(of: "="), word.hasPrefix("--") {
            name = String(word[..<eq])
            inline = String(word[word.index(after: eq)...])
        }
        if let reason = spec.withheld[name] {
            throw UsageError("\(name) is not an option of 'sheetlab \(spec.name)': \(reason)", command: spec.name)
        }
        guard let o = option(named: name) else {
            let known = spec.options.map(\.name).joined(separator: ", ")
            throw UsageError(
                "unknown option '\(name)' for 'sheetlab \(spec.name)'"
                    + (known.isEmpty ? "; it takes no options" : "; expected one of \(known)")
                    + NameSuggestion.hint(for: name, in: spec.options.map(\.name)),
                command: spec.name)
        }
        let value: String
        if o.takesValue {
            if let inline {
                value = inline
            } else if let optional = o.optionalValue {
                if i < args.count, optional.choices.contains(args[i]) {
                    value = args[i]
                    i += 1
                } else {
                    value = optional.default
                }
            } else if i < args.count {
                value = args[i]
                i += 1
            } else {
                throw UsageError("option \(o.name) needs a value (\(o.valueName!))", command: spec.name)
            }
        } else {
            if inline != nil { throw UsageError("option \(o.name) takes no value", command: spec.name) }
            value = ""
        }
        if !o.repeatable, parsed.options[o.name] != nil {
            throw UsageError("option \(o.name) given more than once", command: spec.name)
        }
        parsed.options[o.name, default: []].append(value)
    }
    if parsed.wantsHelp { return parsed }
    if parsed.positionals.count < spec.minPositionals {
        throw UsageError(
            "'sheetlab \(spec.name)' needs \(spec.positionalUsage.isEmpty ? "an argument" : spec.positionalUsage)",
            command: spec.name)
    }
    if let max = spec.maxPositionals, parsed.positionals.count > max {
        let extra = parsed.positionals[max]
        throw UsageError(
            max == 0
                ? "'sheetlab \(spec.name)' takes no arguments, got '\(extra)'"
                : "unexpected argument '\(extra)'; usage: \(spec.usage)",
            command: spec.name)
    }
    return parsed
}
