import LuaRuntime
import SheetEngine
import SheetScripting

/// `sheetlab test [PATH]...`: runs every scenario under the paths.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test", summary: "Run every *.lua scenario under the paths (default: examples).",
        positionalUsage: "[PATH]...", maxPositionals: nil,
        options: ScriptOptions.specs + [
            OptionSpec(
                "--strict",
                help: "Fail a file on any error event (policy, content, action error) no expect_error expected."),
            OptionSpec(
                "--format", value: "FORMAT",
                help: "text (default), junit (JUnit XML), json (one object per line and file) or tap (TAP 14)."),
            OptionSpec("--verbose", short: "-v", help: "Also print what each scenario prints."),
        ],
        discussion: """
            Each scenario runs in a fresh engine and Lua state. Folders named 'policies' are skipped:
            they hold policy files, not scenarios; a policy file given elsewhere (a chunk that returns
            a table of hooks and checks nothing) is skipped with a note, and so is a path that is not
            a regular file (a FIFO or a device is never opened). A folder reached again through a
            symbolic link is not walked twice; a link back into the walk is reported as a cycle.
            Verdicts: a file passes when every expectation held and at least one was checked ("no
            expectation was checked" fails it). Each line counts the error events of the run
            (policyError, contentError, actionError, limitReached, across reset()); with --strict, one that no
            expect_error{...} expected fails the file, listed with its time, kind and detail.
            Text prints one line per file, explains failures (file:line, expected vs seen) and ends
            with 'N passed, N failed' (', N skipped' when files were skipped). junit, json and tap
            are written when every file has run; print() output then goes to standard error (-v).
            Exit codes: 0 all passed, 1 a file failed, 2 usage error (also: the paths hold no
            scenario), 3 a scenario stopped on a script error, 4 a file could not be read.
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let paths = args.positionals.isEmpty ? ["examples"] : args.positionals
        let profile: Profile
        let policies: [String]
        let limits: LuaLimits
        let engineLimits: EngineLimits
        let format: TestReport.Format
        let files: ScenarioFiles
        do throws(UsageError) {
            (profile, policies, limits) = try ScriptOptions.parse(args, command: "test")
            engineLimits = try ScriptOptions.engineLimits(args, command: "test")
            let name = args.value("--format") ?? "text"
            guard let f = TestReport.Format(rawValue: name) else {
                throw UsageError(
                    "--format expects \(TestReport.Format.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'",
                    command: "test")
            }
            format = f
            files = try ScenarioFiles(paths)
        } catch {
            return RunCommand.usage(error, out)
        }
        let verbose = args.flag("--verbose")
        let strict = args.flag("--strict")
        let streaming = format == .text
        for note in files.notes { out.error("note: " + TerminalText.escape(note)) }

        var report = TestReport()
        for found in files.found {
            let outcome: TestOutcome
            switch found {
            case .notAFile(let path, let what):
                outcome = TestOutcome(notAFile: path, what: what)
            case .scenario(let path):
                var runner = ScenarioRunner(profile: profile, policies: policies, limits: limits) { text in
                    guard verbose else { return }
                    let line = "    | " + TerminalText.escape(text, indent: "    | ")
                    if streaming { out.line(line) } else { out.error(line) }
                }
                runner.engineLimits = engineLimits
                do {
                    outcome = TestOutcome(try runner.run(path: path), strict: strict)
                } catch {
                    outcome = TestOutcome(path: path, error: error)
                }
            }
            report.append(outcome)
            if streaming {
                out.write(outcome.text(colour: out))
                out.flush()
            }
        }
        guard report.ranAny else {
            out.error(
                "sheetlab test: no scenario in \(paths.map { TerminalText.escape($0) }.joined(separator: ", ")) "
                    + "(scenarios are *.lua files outside folders named 'policies' that are not policy files)")
            return .usage
        }
        if streaming {
            out.line(report.summary)
        } else {
            out.write(report.render(format))
        }
        return report.exitCode
    }
}
