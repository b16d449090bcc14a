import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `sheetlab run FILE`: runs a scenario and prints its timeline.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run", summary: "Run a scenario and print its timeline.", positionalUsage: "FILE",
        minPositionals: 1, maxPositionals: 1,
        options: ScriptOptions.specs + [
            FormatOption.spec(
                ["text", "json", "svg", "html"],
                "text (default), json (one event per line), svg or html (a player); with --profiles, text, json or html."
            ),
            OptionSpec("--timeline", value: "FORMAT", help: "The older spelling of --format (text, json, svg or html).")
                .choosing(["text", "json", "svg"]),
            OptionSpec("--out", value: "F", help: "Write the timeline to F instead of standard output."),
            OptionSpec(
                "--profiles", value: "all|LIST",
                help:
                    "Run once per profile (all, or names separated by commas) and print the outcomes that differ."
            ),
            OptionSpec("--json", help: "With --profiles: the comparison as one JSON object (--format json)."),
            OptionSpec(
                "--watch",
                help: "Run again whenever the scenario or a policy it loads changes, until Ctrl-C."),
        ],
        discussion: """
            The scenario's own profile() call wins over --profile. print() in the scenario writes to
            standard output (standard error when a JSON or SVG timeline goes to standard output).
            --format is the timeline's format (text, json, svg, or html: one self-contained page that
            plays the run, docs/player.md), or with --profiles the comparison's (text or json; html
            plays every profile's run side by side); --timeline FORMAT and --json are its older
            spellings, kept as aliases. --watch with html needs --out: the file is rewritten on each
            run and an open page reloads itself (it polls F.watch.js, written beside F).
            --profiles runs the scenario once per profile, each in a fresh session, and prints the
            outcomes that differ: each expectation's pass/fail, the final presentation stack
            (presenter.modifier, style, detent, height), the top presentation's detents and the count
            of each warning and error event kind with its rule; then how many outcomes were the same
            everywhere. The compared profile wins over the scenario's profile() call (a note says so);
            its reset("name") calls are honoured. print() goes to standard error as [profile] text;
            so do the profiles that failed or stopped. The exit code is the most serious of the runs'.
            --out writes a regular file by replacing it atomically; a symbolic link, /dev/null or
            another device, or a FIFO with a reader, is written through, never replaced.
            The timeline shows every part of the run: each reset() starts a part with its profile.
            --watch runs the scenario again after the scenario or a policy it loads changes (the
            screen is cleared between runs on a terminal); a policy that no longer loads is shown
            with its error and replaced by its last good version until it loads again.
            Text the scenario controls has control characters escaped (\\27) in errors and print, made spaces in timeline lines.
            Exit codes: 0 ok, 1 an expectation failed, 2 usage error, 3 script error (file:line
            printed), 4 a file could not be read or written (cannot write F: <the system's reason>).

            Example: sheetlab run examples/seeds/seed000_stock_vs_queue.lua   (stock, then the queue policy)
                     sheetlab run examples/seeds/seed002_several_sheets.lua --policy examples/policies/queue.lua
                     sheetlab run examples/seeds/seed004_sheet_and_cover.lua --profiles iphone15-ios14.4,iphone15-ios15
            """)

    enum Format: String { case text, json, svg, html }

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        if args.value("--profiles") != nil || args.flag("--json") { return runAcrossProfiles(args, out) }
        let path = args.positionals[0]
        let format: Format
        let configuration: SessionConfiguration
        do throws(UsageError) {
            try ScriptOptions.requireFile(path, command: "run")
            configuration = try ScriptOptions.configuration(args, command: "run")
            let name = try FormatOption.value(
                args, command: "run", choices: ["text", "json", "svg", "html"],
                alias: ("--timeline", args.value("--timeline")), fallback: "text")
            format = Format(rawValue: name)!  // one of the choices
            if format == .html, args.flag("--watch"), args.value("--out") == nil {
                throw UsageError(
                    "--watch with --format html needs --out FILE: the open page reloads itself from that file",
                    command: "run")
            }
        } catch {
            return usage(error, out)
        }
        var run = Run(path: path, format: format, configuration: configuration, out: args.value("--out"))
        guard args.flag("--watch") else { return run.once(out).code }
        if format == .html { run.generation = WatchGeneration() }
        let loop = WatchLoop(command: "run", out: out, limits: configuration.limits)
        return loop.run { prepare in
            let (_, session) = run.once(out, prepare: prepare)
            if let session { loop.remember(session) }
            return [path] + configuration.policyFiles + (session.map(PolicyFallback.files) ?? [])
        }
    }

    /// One run of a scenario, as the options ask.
    struct Run {
        var path: String
        var format: Format
        /// The profile, `--policy` files and limits.
        var configuration: SessionConfiguration
        /// `--out`: the file the timeline goes to, instead of standard output.
        var out: String?
        /// `--watch` with html: how many times the file was written, for the page's reload.
        var generation: WatchGeneration?

        /// Runs the scenario, prints its timeline and what went wrong.
        /// - Parameter prepare: called with the session before anything runs in it.
        /// - Returns: the exit code, and the session when one ran.
        func once(_ output: Output, prepare: @escaping (Session) -> Void = { _ in }) -> (
            code: ExitCode, session: Session?
        ) {
            let toStdout = out == nil
            // A JSON or SVG timeline on standard output must stay parseable.
            let printToStderr = toStdout && format != .text
            var runner = ScenarioRunner(configuration) { text in
                let shown = TerminalText.escape(text)
                if printToStderr { output.error(shown) } else { output.line(shown) }
            }
            runner.prepare = prepare
            let result: ScenarioResult
            do {
                result = try runner.run(path: path)
            } catch {
                output.error("error: " + TerminalText.escape(error.description, indent: "    "))
                return (error.kind == .io ? .ioError : .scriptError, nil)
            }
            // A scenario file that could not be read ran nothing: no timeline (not even its profile line).
            let app = result.session.app
            if result.error?.kind == .io, app.timeline.count == 0, app.earlierParts.isEmpty, out == nil {
                ScenarioReport.problems(result, output)
                return (ExitCode(result), result.session)
            }
            let watch = generation.flatMap { g in out.map { g.next(for: $0) } }
            let rendered = TimelineOutput.render(
                result.session, format: format, color: toStdout && output.colorOut, title: TerminalText.escape(path),
                watch: watch)
            if let file = out {
                do {
                    try OutputFile.write(rendered, to: file)
                    // After the page, so that a reload finds the new one.
                    if let watch { try OutputFile.write(watch.scriptText, to: WatchGeneration.scriptPath(for: file)) }
                } catch {
                    output.error("sheetlab run: \(error)")
                    ScenarioReport.problems(result, output)
                    return (.ioError, result.session)
                }
            } else {
                output.write(rendered)
            }
            ScenarioReport.problems(result, output)
            return (ExitCode(result), result.session)
        }
    }

    /// `--profiles`: the comparison in place of a timeline.
    static func runAcrossProfiles(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let setup: ProfilesRun.Setup
        let profiles: [Profile]
        do throws(UsageError) {
            guard let list = args.value("--profiles") else {
                throw UsageError(
                    "--json goes with --profiles (for a JSON timeline use --timeline json)", command: "run")
            }
            for option in ["--profile", "--timeline"] where args.value(option) != nil {
                throw UsageError(
                    "\(option) does not go with --profiles, which prints a comparison, not a timeline", command: "run")
            }
            profiles = try ProfileSelection.parse(list, command: "run")
            let path = args.positionals[0]
            try ScriptOptions.requireFile(path, command: "run")
            setup = ProfilesRun.Setup(path: path, configuration: try ScriptOptions.configuration(args, command: "run"))
        } catch {
            return usage(error, out)
        }
        let format: String
        do throws(UsageError) {
            format = try FormatOption.value(
                args, command: "run", choices: ["text", "json", "html"],
                alias: ("--json", args.flag("--json") ? "json" : nil), fallback: "text")
            if args.value("--out") != nil, format != "html" {
                throw UsageError(
                    "--out does not go with --profiles, which prints a comparison, not a timeline (but --format html does)",
                    command: "run")
            }
        } catch {
            return usage(error, out)
        }
        if format == "html" { return ProfilesRun.player(setup, on: profiles, to: args.value("--out"), out) }
        return ProfilesRun.run(setup, on: profiles, json: format == "json", out)
    }

    static func usage(_ error: UsageError, _ out: Output) -> ExitCode {
        out.error("sheetlab \(error.command ?? "run"): \(TerminalText.escape(error.message))")
        out.error("Run 'sheetlab \(error.command ?? "run") --help' for usage.")
        return .usage
    }
}
