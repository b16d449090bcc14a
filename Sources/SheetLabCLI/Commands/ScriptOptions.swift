import LuaRuntime
import SheetEngine
import SheetScripting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Options every script-running command shares: profile, policies, limits.
enum ScriptOptions {
    static let specs = [
        OptionSpec(
            "--policy", value: "P", repeatable: true,
            help: "Load a Lua policy file before the scenario (repeatable; consulted in order)."),
        OptionSpec(
            "--profile", value: "NAME",
            help: "Device and OS, e.g. iphonese-ios16 (default \(Profile.defaultName); see 'sheetlab profiles')."),
        OptionSpec("--budget", value: "MS", help: "CPU budget of one hook call in milliseconds (default 100)."),
        OptionSpec(
            "--script-budget", value: "MS", help: "CPU budget of a whole scenario in milliseconds (default 10000)."),
        OptionSpec("--memory", value: "MIB", help: "Memory cap of the Lua state in MiB (default 16)."),
        OptionSpec(
            "--allow-path", value: "DIR", repeatable: true,
            help:
                "Let policy() read policy files from DIR and below too (repeatable; by default only the scenario's folder and the paths given)."
        ),
        OptionSpec("--max-source", value: "MIB", help: "Largest Lua source file to load, in MiB (default 1)."),
        OptionSpec(
            "--engine-memory", value: "MIB",
            help: "What the app may hold for scripts (state values and the timeline), in MiB (default 256)."),
    ]

    /// What the app may hold and do, as the options ask (`--engine-memory`).
    /// - Throws: `UsageError` for a bad number.
    static func engineLimits(_ args: ParsedArguments, command: String) throws(UsageError) -> EngineLimits {
        var limits = EngineLimits()
        if let mib = try args.integer("--engine-memory", in: 1...65_536, command: command) {
            limits.memoryBytes = mib << 20
        }
        return limits
    }

    /// The profile, policy paths and limits the options ask for.
    /// - Throws: `UsageError` for an unknown profile, a missing policy file or a bad number.
    static func parse(_ args: ParsedArguments, command: String) throws(UsageError) -> (Profile, [String], LuaLimits) {
        var profile = Profile.default
        if let name = args.value("--profile") {
            do { profile = try Profile.named(name) } catch { throw UsageError("\(error)", command: command) }
        }
        let policies = args.values("--policy")
        for p in policies where !FileManager.default.fileExists(atPath: p) {
            throw UsageError("no such policy file: \(p)", command: command)
        }
        var limits = LuaLimits()
        if let ms = try args.integer("--budget", in: 1...600_000, command: command) {
            limits.callBudgetMilliseconds = ms
        }
        if let ms = try args.integer("--script-budget", in: 1...3_600_000, command: command) {
            limits.scriptBudgetMilliseconds = ms
        }
        if let mib = try args.integer("--memory", in: 1...4096, command: command) { limits.memory = mib << 20 }
        if let mib = try args.integer("--max-source", in: 1...1024, command: command) {
            limits.maximumSourceBytes = mib << 20
        }
        // Scripts may read policies from their own folder and the paths given
        // here (`sheetlab test DIR`'s folders too), and nowhere else.
        limits.allowedPaths = args.values("--allow-path") + policies + args.positionals
        return (profile, policies, limits)
    }

    /// Checks that a scenario file exists and is a file.
    static func requireFile(_ path: String, command: String) throws(UsageError) {
        guard let kind = FileSystem.kind(at: path) else {
            throw UsageError("no such file: \(path) (expected a scenario .lua file)", command: command)
        }
        if kind == .directory {
            throw UsageError("\(path) is a folder; 'sheetlab \(command)' expects a scenario file", command: command)
        }
    }
}

/// Printing what a scenario gave.
enum ScenarioReport {
    /// Writes failures and the error to standard error, control characters escaped.
    static func problems(_ result: ScenarioResult, _ out: Output) {
        for f in result.failures {
            out.error(out.styled("FAIL", .red, stderr: true) + " " + TerminalText.escape(f.description, indent: "    "))
        }
        if let e = result.error {
            out.error(
                out.styled("error", .red, stderr: true) + ": " + TerminalText.escape(e.description, indent: "    "))
            if let tb = e.traceback, !tb.isEmpty { out.error(TerminalText.escape(tb)) }
        }
    }

    /// The exit code a scenario's result asks for: 4 when its file could
    /// not be read, 3 for another script error, 1 for a failed expectation.
    static func exitCode(_ result: ScenarioResult) -> ExitCode {
        if let e = result.error { return e.kind == .io ? .ioError : .scriptError }
        return result.failures.isEmpty ? .ok : .failed
    }
}
