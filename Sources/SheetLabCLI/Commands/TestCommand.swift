import LuaRuntime
import SheetEngine
import SheetScripting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `sheetlab test [PATH]...`: runs every scenario under the paths.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test", summary: "Run every *.lua scenario under the paths (default: examples).",
        positionalUsage: "[PATH]...", maxPositionals: nil,
        options: ScriptOptions.specs + [
            OptionSpec("--verbose", short: "-v", help: "Also print what each scenario prints.")
        ],
        discussion: """
            Each scenario runs in a fresh engine and Lua state. Folders named 'policies' are skipped:
            they hold policy files, not scenarios. Prints one line per file, explains failures
            (file:line, expected vs seen) and ends with 'N passed, N failed'.
            Exit codes: 0 all passed, 1 an expectation failed, 3 a scenario stopped on a script error.
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let paths = args.positionals.isEmpty ? ["examples"] : args.positionals
        let profile: Profile
        let policies: [String]
        let limits: LuaLimits
        var files: [String] = []
        do throws(UsageError) {
            (profile, policies, limits) = try ScriptOptions.parse(args, command: "test")
            for p in paths { files += try scenarios(under: p) }
        } catch {
            return RunCommand.usage(error, out)
        }
        let verbose = args.flag("--verbose")
        var passed = 0
        var failed = 0
        var sawScriptError = false
        for file in files {
            let runner = ScenarioRunner(profile: profile, policies: policies, limits: limits) { text in
                if verbose { out.line("    | \(text)") }
            }
            let result: ScenarioResult
            do {
                result = try runner.run(path: file)
            } catch {
                out.line(out.styled("ERROR", .red) + " \(file): \(error)")
                failed += 1
                sawScriptError = true
                continue
            }
            let checks = result.session.expectationCount
            if result.passed {
                passed += 1
                out.line(out.styled("PASS", .green) + " \(file) (\(checks) expectation\(checks == 1 ? "" : "s"))")
                continue
            }
            failed += 1
            if let e = result.error {
                sawScriptError = true
                out.line(out.styled("ERROR", .red) + " \(file)")
                out.line("    \(e)")
            } else {
                out.line(
                    out.styled("FAIL", .red) + " \(file) (\(result.failures.count) of \(checks) expectations failed)")
            }
            for f in result.failures {
                out.line(
                    "    " + "\(f)".split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
                )
            }
        }
        out.line("\(passed) passed, \(failed) failed")
        if sawScriptError { return .scriptError }
        return failed == 0 ? .ok : .failed
    }

    /// Scenario files: the path itself, or every `*.lua` below it outside `policies` folders, sorted.
    static func scenarios(under path: String) throws(UsageError) -> [String] {
        guard let kind = FileSystem.kind(at: path) else {
            throw UsageError("no such file or folder: \(path)", command: "test")
        }
        guard kind == .directory else { return [path] }
        let entries = FileSystem.files(under: path)
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return entries.filter { entry in
            entry.hasSuffix(".lua") && !entry.split(separator: "/").dropLast().contains("policies")
        }.sorted().map { "\(base)/\($0)" }
    }
}
