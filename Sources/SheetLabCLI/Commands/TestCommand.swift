import LuaRuntime
import SheetEngine
import SheetRendering
import SheetScripting
import SheetServer

/// `sheetlab test [PATH]...`: runs every scenario under the paths.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test", summary: "Run every *.lua scenario under the paths (default: the project's, or examples).",
        positionalUsage: "[PATH]...", maxPositionals: nil,
        options: ScriptOptions.specs + [
            OptionSpec(
                "--strict",
                help: "Fail a file on any error event (policy, content, action error) no expect_error expected."),
            OptionSpec("--no-strict", help: "Not --strict, when the project file sets strict = true."),
            OptionSpec(
                "--format", value: "FORMAT",
                help:
                    "text (default), junit (JUnit XML), json (one object per line and file), tap (TAP 14), github (text with GitHub Actions annotations) or html (a player of the failed files' runs)."
            ).choosing(TestReport.Format.allCases.map(\.rawValue)),
            OptionSpec("--verbose", short: "-v", help: "Also print what each scenario prints."),
            OptionSpec(
                "--record", value: "MODE", choices: TimelineSnapshot.RecordMode.allCases.map(\.rawValue),
                default: TimelineSnapshot.RecordMode.missing.rawValue,
                help: "Write each scenario's timeline to NAME.timeline: missing (default), all, or failed."),
            OptionSpec(
                "--watch", help: "Run again whenever a scenario or a policy they load changes, until Ctrl-C."),
            OptionSpec(
                "--filter", value: "PATTERN", repeatable: true, short: "-k",
                help: "Run only the files whose path contains PATTERN or matches it as a glob (repeatable: any)."),
            OptionSpec("--fail-fast", short: "-x", help: "Stop after the first file that fails or stops on an error."),
            OptionSpec(
                "--last-failed",
                help: "Run only the files that failed last time in this project (all when none did)."),
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
            Snapshots: a scenario's text timeline (every part, no colour) is compared with NAME.timeline
            next to it, when that file exists; a difference fails the file with a unified diff.
            --record writes them: missing (the default: those not there yet), all (every one, to
            re-record after a change on purpose: sheetlab test --record all examples), or failed
            (those missing or different). A scenario with the comment line '-- no timeline snapshot'
            is neither compared nor recorded.
            --watch runs the files again whenever one of them, a policy they load or a folder given
            changes (a policy that no longer loads is replaced by its last good version, with its error).
            Text prints one line per file, explains failures (file:line, expected vs seen) and ends
            with 'N passed, N failed' (', N skipped' when files were skipped); github is the same text
            with a workflow annotation after each failing file (::error file=F,line=N,title=T::message,
            one per failed expectation). html is one self-contained page, the player of docs/player.md,
            of every file that failed or stopped on an error (each file a run labelled with its path, its
            expectations marked on the time axis): sheetlab test --format html > failures.html.
            junit, json, tap and html are written when every file has run;
            print() output then goes to standard error (-v). JUnit testcases have the line of their
            first failure (line=), the suite its timestamp and hostname; JSON failures have file and line.
            Selection: --filter keeps the files whose path contains PATTERN, or matches it as a glob
            (seeds/*, 'B0?_*'); --fail-fast stops at the first failure; --last-failed runs the files that
            failed when the project last ran them (remembered in ROOT/\(Project.stateFolder)/last-failed, which
            .gitignore should cover; 'sheetlab init' writes one that does), or every file when none failed.
            In a project (.sheetlab.lua, docs/project.md) PATH defaults to its 'test' setting, and its
            'strict' and 'format' settings apply unless --strict, --no-strict or --format is given.
            Exit codes: 0 all passed, 1 a file failed, 2 usage error (also: the paths hold no
            scenario, or none matches --filter), 3 a scenario stopped on a script error, 4 a file could not be read.
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let paths = ProjectOptions.testPaths(args)
        var pass = Pass(paths: paths)
        do throws(UsageError) {
            pass.configuration = try ScriptOptions.configuration(args, command: "test")
            let name = try FormatOption.value(
                args, command: "test", choices: TestReport.Format.allCases.map(\.rawValue),
                fallback: args.project?.format ?? "text")
            pass.format = TestReport.Format(rawValue: name)!  // one of the choices
            if let mode = args.value("--record") {
                guard let m = TimelineSnapshot.RecordMode(rawValue: mode) else {
                    throw UsageError(
                        "--record expects \(TimelineSnapshot.RecordMode.allCases.map(\.rawValue).joined(separator: ", ")), got '\(mode)'",
                        command: "test")
                }
                pass.record = m
            }
            if args.positionals.isEmpty, args.project == nil, FileSystem.kind(at: paths[0]) == nil {
                throw UsageError(
                    "no PATH given, and neither a project (.sheetlab.lua here or above) nor an examples folder here; "
                        + "give scenario files or folders, or make a project with 'sheetlab init'",
                    command: "test")
            }
            _ = try ScenarioFiles(paths)
        } catch {
            return RunCommand.usage(error, out)
        }
        pass.verbose = args.flag("--verbose")
        pass.strict = ProjectOptions.strict(args)
        pass.filters = args.values("--filter")
        pass.failFast = args.flag("--fail-fast")
        if let project = args.project { pass.remembered = LastFailed(project: project) }
        if args.flag("--last-failed") {
            guard let store = pass.remembered else {
                return RunCommand.usage(
                    UsageError(
                        "--last-failed remembers per project; there is no \(Project.fileName) here or above (sheetlab init makes one)",
                        command: "test"), out)
            }
            pass.onlyFiles = store.load()
            if pass.onlyFiles!.isEmpty {
                out.error("note: no failures remembered from the last run; running every file")
                pass.onlyFiles = nil
            }
        }
        guard args.flag("--watch") else { return pass.once(out).code }
        let loop = WatchLoop(command: "test", out: out, limits: pass.configuration.limits)
        return loop.run { prepare in
            var watched: [String] = []
            _ = pass.once(out, prepare: prepare) { session in
                loop.remember(session)
                watched += PolicyFallback.files(of: session)
            }
            // The folders too: a scenario added or removed changes them.
            let files = (try? ScenarioFiles(paths))?.found.map(\.path) ?? []
            return paths + files.map { PathName.directory(of: $0) } + files + pass.configuration.policyFiles + watched
        }
    }

    /// One run of every file, as the options ask.
    struct Pass {
        var paths: [String]
        /// The profile, `--policy` files and limits of every scenario.
        var configuration = SessionConfiguration()
        var format = TestReport.Format.text
        var record: TimelineSnapshot.RecordMode?
        var verbose = false
        var strict = false
        /// `--filter`: patterns a file's path must match one of.
        var filters: [String] = []
        /// `--fail-fast`.
        var failFast = false
        /// `--last-failed`: the real paths to run, nil for all.
        var onlyFiles: Set<String>?
        /// Where failures are remembered (in a project).
        var remembered: LastFailed?

        /// Runs every file and writes the report.
        /// - Parameters:
        ///   - prepare: called with each session before anything runs in it.
        ///   - ran: called with each session once its scenario has run.
        func once(
            _ out: Output, prepare: @escaping (Session) -> Void = { _ in }, ran: (Session) -> Void = { _ in }
        ) -> (code: ExitCode, report: TestReport) {
            let files: ScenarioFiles
            do throws(UsageError) {
                files = try ScenarioFiles(paths)
            } catch {
                return (RunCommand.usage(error, out), TestReport())
            }
            let streaming = format == .text || format == .github
            for note in files.notes { out.error("note: " + TerminalText.escape(note)) }
            var report = TestReport()
            let selected = files.found.filter { found in
                TestFilter.matches(found.path, filters)
                    && (onlyFiles.map { $0.contains(LastFailed.key(found.path)) } ?? true)
            }
            if selected.isEmpty && !files.found.isEmpty && !(filters.isEmpty && onlyFiles == nil) {
                let what = filters.isEmpty ? "--last-failed" : "--filter " + filters.joined(separator: ", ")
                out.error(
                    "sheetlab test: no scenario in \(paths.map { TerminalText.escape($0) }.joined(separator: ", ")) matches \(TerminalText.escape(what))"
                )
                return (.usage, report)
            }
            for (index, found) in selected.enumerated() {
                let outcome: TestOutcome
                switch found {
                case .notAFile(let path, let what):
                    outcome = TestOutcome(notAFile: path, what: what)
                case .scenario(let path):
                    outcome = run(path, out, streaming: streaming, prepare: prepare, ran: ran)
                }
                report.append(outcome)
                if streaming {
                    out.write(outcome.text(colour: out) + (format == .github ? outcome.githubAnnotations : ""))
                    out.flush()
                }
                if failFast, outcome.status == .failed || outcome.status == .error {
                    let left = selected.count - index - 1
                    if left > 0 { out.error("note: stopped at the first failure (--fail-fast); \(left) not run") }
                    break
                }
            }
            remembered?.save(
                ran: report.outcomes.map(\.path),
                failed: report.outcomes.filter { $0.status == .failed || $0.status == .error }.map(\.path))
            guard report.ranAny else {
                out.error(
                    "sheetlab test: no scenario in \(paths.map { TerminalText.escape($0) }.joined(separator: ", ")) "
                        + "(scenarios are *.lua files outside folders named 'policies' that are not policy files)")
                return (.usage, report)
            }
            if streaming {
                out.line(report.summary)
            } else {
                out.write(report.render(format))
            }
            return (report.exitCode, report)
        }

        /// Runs one scenario and compares (or records) its timeline.
        func run(
            _ path: String, _ out: Output, streaming: Bool, prepare: @escaping (Session) -> Void,
            ran: (Session) -> Void
        ) -> TestOutcome {
            var runner = ScenarioRunner(configuration) { text in
                guard verbose else { return }
                let line = "    | " + TerminalText.escape(text, indent: "    | ")
                if streaming { out.line(line) } else { out.error(line) }
            }
            runner.prepare = prepare
            let result: ScenarioResult
            do {
                result = try runner.run(path: path)
            } catch {
                return TestOutcome(path: path, error: error)
            }
            ran(result.session)
            guard result.error == nil, !result.isPolicyFile else {
                return withRun(TestOutcome(result, strict: strict), result)
            }
            let snapshot = TimelineSnapshot.check(
                timeline: TimelineText().render(parts: result.session.app.parts), scenario: path,
                source: (try? SourceFile.read(path, maximumBytes: configuration.limits.maximumSourceBytes))
                    .map { String(decoding: $0, as: UTF8.self) } ?? "", mode: record)
            return withRun(TestOutcome(result, strict: strict, snapshot: snapshot), result)
        }

        /// With `--format html`, a failed file keeps its run for the player.
        func withRun(_ outcome: TestOutcome, _ result: ScenarioResult) -> TestOutcome {
            guard format == .html, outcome.status == .failed || outcome.status == .error, !result.isPolicyFile else {
                return outcome
            }
            var outcome = outcome
            outcome.run = TimelineHTML.Run(
                label: TerminalText.escape(result.path), parts: result.session.app.parts,
                expectations: TimelineOutput.expectations(result.session))
            return outcome
        }
    }
}
