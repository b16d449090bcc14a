import SheetEngine
import SheetJSON
import SheetServer

/// `sheetlab bugs [NAME]`: the catalogue of known sheet bugs
/// (`examples/bugs/`, docs/bugs.md), each with the iOS versions it affects,
/// computed by running its scenario on every profile; with a name, one bug
/// with its source, the profiles it shows on and its workaround.
enum BugsCommand {
    static let spec = CommandSpec(
        name: "bugs", summary: "List known sheet bugs with the iOS versions each affects, found by running them.",
        positionalUsage: "[NAME]", maxPositionals: 1,
        options: [
            FormatOption.spec(
                formats,
                "text (default), json (the bugs, or the one named, as one JSON object) or markdown (the table "
                    + "of docs/bugs.md).")
        ],
        discussion: """
            Each bug reported in the field (an FB number, an issue, a release note) is a scenario in
            examples/bugs/NAME.lua. Its header says what goes wrong, its source, the versions the source
            names and the workaround; the versions it affects are not written down but found: the
            scenario runs on every profile (as 'sheetlab run --profiles all' does), and the bug shows where
            its expectations whose message starts with 'NAME: ' hold. A workaround (a policy, or a change
            in the scenario) is checked on every profile by the expectations starting 'workaround: '.
            The scenarios are read from this checkout, or away from one from the files built into the
            binary. NAME may also be the scenario's file name or path. Exit status 1 when a workaround fails
            somewhere (a failed expectation); 3 when a scenario's header is not a bug's or a scenario stops
            with an error; 4 when the catalogue cannot be read.
            """)

    static let formats = ["text", "json", "markdown"]

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let format: String
        do throws(UsageError) {
            format = try FormatOption.value(args, command: "bugs", choices: formats, fallback: "text")
        } catch {
            return RunCommand.usage(error, out)
        }
        guard let (root, temporary) = BugCatalogue.locate(executable: CommandLine.arguments[0]) else {
            out.error("sheetlab bugs: no SheetLab checkout here and the built-in scenarios could not be written")
            return .ioError
        }
        defer { if temporary { BugCatalogue.remove(root) } }
        let catalogue: BugCatalogue
        do { catalogue = try BugCatalogue(root: root) } catch {
            out.error("sheetlab bugs: \(TerminalText.escape(error.description))")
            if case .header = error { return .scriptError }  // a scenario whose header is not a bug's
            return .ioError
        }
        let profiles = Profile.allNames.map { try! Profile.named($0) }  // every listed name resolves
        var chosen = catalogue.bugs
        if let name = args.positionals.first {
            guard let bug = catalogue.bug(named: name) else {
                let names = catalogue.bugs.map(\.name)
                return RunCommand.usage(
                    UsageError(
                        "unknown bug '\(TerminalText.escape(name))'; expected one of \(names.joined(separator: ", "))"
                            + NameSuggestion.hint(for: name, in: names), command: "bugs"), out)
            }
            chosen = [bug]
        }
        let runs = chosen.map { catalogue.run($0, on: profiles) }
        let problems = runs.flatMap(\.problems)
        let code = runs.map(\.exitCode).max { $0.rawValue < $1.rawValue } ?? .ok
        switch format {
        case "json":
            let object: JSON =
                args.positionals.isEmpty
                ? [
                    "profiles": .array(profiles.map { .string($0.name) }),
                    "bugs": .array(runs.map(\.json)),
                    "problems": .array(problems.map(JSON.string)),
                    "exit_code": .int(Int(code.rawValue)),
                ] : runs[0].json
            out.write(object.text + "\n")
        case "markdown":
            out.write(markdown(runs))
        default:
            if args.positionals.isEmpty {
                list(runs, profiles: profiles, checkout: temporary ? nil : root, out)
            } else {
                show(runs[0], checkout: temporary ? nil : root, out)
            }
        }
        for line in problems { out.error("error: " + TerminalText.escape(line)) }
        return code
    }

    /// A file of the checkout as a person here would write it (relative
    /// when it is close), or with `(in a checkout)` when the scenarios are
    /// the binary's own (`checkout` nil: nothing to point at).
    static func shown(_ file: String, checkout: String?) -> String {
        guard let checkout else { return file + " (in a checkout)" }
        return ProjectOptions.shown(checkout + "/" + file)
    }

    /// The table: one bug a line.
    /// - Parameter checkout: the checkout the scenarios are read from; nil for the binary's own.
    static func list(_ runs: [BugRuns], profiles: [Profile], checkout: String?, _ out: Output) {
        out.line(
            "\(runs.count) known sheet bugs (\(BugCatalogue.folder)), each run on the \(profiles.count) profiles:")
        out.line()
        var rows = [["bug", "iOS versions it shows on", "profiles", "rules", "workaround"]]
        for r in runs {
            rows.append([
                r.bug.name, r.versionSpan, "\(r.affected.count)", r.bug.rules.joined(separator: ", "), r.workaroundKind,
            ])
        }
        ProfilesCommand.table(rows, out)
        out.line()
        out.line("'sheetlab bugs NAME' shows one with its source and workaround; the runs side by side:")
        out.line("sheetlab run --profiles all " + shown(BugCatalogue.folder + "/NAME.lua", checkout: checkout))
    }

    /// One bug: its title, source, where it shows and its workaround.
    static func show(_ r: BugRuns, checkout: String?, _ out: Output) {
        out.line(out.styled(r.bug.name, .bold) + ": " + r.bug.title)
        out.line()
        var rows = [
            ["scenario", checkout == nil ? r.bug.scenario + " (built in)" : shown(r.bug.scenario, checkout: checkout)],
            ["source", r.bug.source],
            ["reported", r.bug.reported],
            ["shows on", r.summary],
            ["not on", r.unaffected.isEmpty ? "-" : ProfileSetSummary.describe(r.unaffected, among: r.profiles)],
            ["rules", r.bug.rules.joined(separator: ", ")],
            ["workaround", r.bug.workaround],
        ]
        if let policy = r.bug.workaroundPolicyPath {
            rows.append(["policy", checkout == nil ? policy + " (built in)" : shown(policy, checkout: checkout)])
        }
        if r.hasWorkaroundCheck {
            rows.append([
                "checked",
                r.workaroundFails.isEmpty
                    ? "the workaround holds on every profile"
                    : "the workaround fails on \(ProfileSetSummary.describe(r.workaroundFails, among: r.profiles))",
            ])
        }
        for row in rows { out.line("  " + row[0].padded(to: 12) + row[1]) }
        out.line()
        out.line(
            "The runs side by side: sheetlab run --profiles all " + shown(r.bug.scenario, checkout: checkout)
        )
    }

    /// The catalogue as a Markdown table, as docs/bugs.md has it (a test keeps the two equal).
    static func markdown(_ runs: [BugRuns]) -> String {
        func cell(_ s: String) -> String { s.replacing("|", with: "\\|") }
        var lines = [
            "| Bug | What goes wrong | Shows on (the engine's runs) | Reported | Source | Workaround |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for r in runs {
            var workaround = cell(r.bug.workaround)
            if let policy = r.bug.workaroundPolicyPath { workaround += ": [policy](../\(policy))" }
            let cells = [
                "[\(r.bug.name)](../\(r.bug.scenario))",
                cell(r.bug.title.prefix(1).uppercased() + r.bug.title.dropFirst()), cell(r.summary),
                cell(r.bug.reported),
                cell(r.bug.source), workaround,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension BugRuns {
    /// The table's word for the workaround: `policy` (a policy file),
    /// `scenario` (a change the scenario makes and checks), `none`.
    var workaroundKind: String {
        bug.workaroundPolicy != nil ? "policy" : hasWorkaroundCheck ? "scenario" : "none"
    }

    /// One bug as JSON, keys sorted.
    var json: JSON {
        [
            "name": .string(bug.name),
            "scenario": .string(bug.scenario),
            "title": .string(bug.title),
            "source": .string(bug.source),
            "reported": .string(bug.reported),
            "rules": .array(bug.rules.map(JSON.string)),
            "versions": .array(versions.map(JSON.string)),
            "affected": .array(affected.map { .string($0.name) }),
            "affected_summary": .string(summary),
            "workaround": .string(bug.workaround),
            "workaround_policy": bug.workaroundPolicyPath.map(JSON.string) ?? .null,
            "workaround_checked": .bool(hasWorkaroundCheck),
            "workaround_fails": .array(workaroundFails.map { .string($0.name) }),
            "errors": .array(
                errors.map {
                    ["message": .string($0.message), "profiles": .array($0.profiles.map { .string($0.name) })]
                }
            ),
        ]
    }
}
