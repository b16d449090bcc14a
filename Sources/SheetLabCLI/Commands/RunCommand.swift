import LuaRuntime
import SheetEngine
import SheetScripting

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
            OptionSpec("--timeline", value: "FORMAT", help: "text (default), json (one event per line) or svg."),
            OptionSpec("--out", value: "F", help: "Write the timeline to F instead of standard output."),
        ],
        discussion: """
            The scenario's own profile() call wins over --profile. print() in the scenario writes to
            standard output (standard error when a JSON timeline goes to standard output).
            Exit codes: 0 ok, 1 an expectation failed, 2 usage error, 3 script error (file:line printed).

            Example: sheetlab run examples/seeds/seed000_lost_reopen.lua --policy examples/policies/queue.lua
            """)

    enum Format: String { case text, json, svg }

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let path = args.positionals[0]
        let format: Format
        let profile: Profile
        let policies: [String]
        let limits: LuaLimits
        do throws(UsageError) {
            try ScriptOptions.requireFile(path, command: "run")
            (profile, policies, limits) = try ScriptOptions.parse(args, command: "run")
            guard let f = Format(rawValue: args.value("--timeline") ?? "text") else {
                throw UsageError(
                    "--timeline expects text, json or svg, got '\(args.value("--timeline")!)'", command: "run")
            }
            format = f
        } catch {
            return usage(error, out)
        }
        let toStdout = args.value("--out") == nil
        let printToStderr = toStdout && format == .json
        let runner = ScenarioRunner(profile: profile, policies: policies, limits: limits) { text in
            if printToStderr { out.error(text) } else { out.line(text) }
        }
        let result: ScenarioResult
        do {
            result = try runner.run(path: path)
        } catch {
            out.error("error: \(error)")
            return .scriptError
        }
        let rendered = TimelineOutput.render(result.session, format: format, color: toStdout && out.colorOut)
        if let file = args.value("--out") {
            do {
                try rendered.write(toFile: file, atomically: true, encoding: .utf8)
            } catch {
                out.error("sheetlab run: cannot write \(file): \(describe(error))")
                return .usage
            }
        } else {
            out.write(rendered)
        }
        ScenarioReport.problems(result, out)
        return ScenarioReport.exitCode(result)
    }

    static func usage(_ error: UsageError, _ out: Output) -> ExitCode {
        out.error("sheetlab \(error.command ?? "run"): \(error.message)")
        out.error("Run 'sheetlab \(error.command ?? "run") --help' for usage.")
        return .usage
    }
}
