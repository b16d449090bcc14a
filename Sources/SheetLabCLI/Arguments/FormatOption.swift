import SheetEngine
import SheetScripting

/// `--format`, the one spelling of "print the report as ..." on `run`,
/// `test`, `check` and `profiles`; the older spellings (`run --timeline`,
/// `--json`, `check --coverage json`) stay as aliases.
enum FormatOption {
    /// The option, with its choices in the help line.
    static func spec(_ choices: [String], _ help: String) -> OptionSpec {
        OptionSpec("--format", value: "FORMAT", help: help).choosing(choices)
    }

    /// The format asked for by `--format` or an older spelling (`alias`
    /// gives its value, nil when not given); `fallback` when neither.
    /// - Throws: `UsageError` when the value is not one of `choices`, or the two disagree.
    static func value(
        _ args: ParsedArguments, command: String, choices: [String], alias: (name: String, value: String?)? = nil,
        fallback: String
    ) throws(UsageError) -> String {
        let given = args.value("--format")
        if let alias, let old = alias.value, let given, old != given {
            throw UsageError(
                "--format \(given) and \(alias.name) (its older spelling) disagree; give one", command: command)
        }
        let name = given ?? alias?.value ?? fallback
        guard choices.contains(name) else {
            let flag = given != nil ? "--format" : alias?.name ?? "--format"
            throw UsageError(
                "\(flag) expects \(list(choices)), got '\(TerminalText.escape(name))'"
                    + NameSuggestion.hint(for: name, in: choices), command: command)
        }
        return name
    }

    /// `text, json or svg`.
    static func list(_ choices: [String]) -> String {
        choices.count < 2 ? choices.joined() : choices.dropLast().joined(separator: ", ") + " or " + choices.last!
    }
}
