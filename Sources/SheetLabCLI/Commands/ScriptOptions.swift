import LuaRuntime
import SheetEngine
import SheetScripting
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Options every script-running command shares: profile, policies, limits.
/// The limits are `SessionSetting`'s table: their units, ranges and
/// defaults (from `LuaLimits()` and `EngineLimits()`) are written there once,
/// for the command line and serve's `limits` alike.
enum ScriptOptions {
    static let specs: [OptionSpec] =
        [
            OptionSpec(
                "--policy", value: "P", repeatable: true,
                help: "Load a Lua policy file before the scenario (repeatable; consulted in order)."),
            OptionSpec(
                "--profile", value: "NAME",
                help: "Device and OS, e.g. iphonese-ios16 (default \(Profile.defaultName); see 'sheetlab profiles')."),
        ] + [SessionSetting.callBudget, .scriptBudget, .memory].map(spec) + [
            OptionSpec(
                "--allow-path", value: "DIR", repeatable: true,
                help:
                    "Let policy() read policy files from DIR and below too (repeatable; by default only the scenario's folder and the paths given)."
            )
        ] + [SessionSetting.maximumSource, .engineMemory].map(spec)

    /// A setting's option, its help ending with its default.
    static func spec(_ setting: SessionSetting) -> OptionSpec {
        OptionSpec(setting.flag, value: setting.value, help: setting.helpWithDefault)
    }

    /// The options of `serve` and `mcp`: the sessions a client starts have
    /// their engine capped at their Lua cap, so `--engine-memory` is not one.
    /// A server's script budget covers each `eval`, policy load and
    /// `run_scenario` scenario, not a scenario file of the command line.
    static var serverSpecs: [OptionSpec] {
        specs.filter { $0.name != SessionSetting.engineMemory.flag }.map { option in
            guard option.name == SessionSetting.scriptBudget.flag else { return option }
            var server = option
            server.help = server.help.replacing(
                "of a whole scenario", with: "of one eval, policy load or run_scenario scenario")
            return server
        }
    }

    /// The session every scenario of the command starts from: the profile,
    /// the `--policy` files, the limits (`SessionSetting.all`) and where
    /// scripts may read policies from: their own folder, the `--policy`
    /// files, the positional paths (`sheetlab test DIR`'s folders too), each
    /// `--allow-path` and `more`.
    /// - Parameter allowing: more files the command was given (`check
    ///   --scenario`): they may be read as the `--policy` files may.
    /// - Throws: `UsageError` for an unknown profile, a missing policy file or a bad number.
    static func configuration(_ args: ParsedArguments, command: String, allowing more: [String] = [])
        throws(UsageError) -> SessionConfiguration
    {
        var configuration = SessionConfiguration()
        if let name = args.value("--profile") {
            do { configuration.profile = try Profile.named(name) } catch {
                throw UsageError("\(error)", command: command)
            }
        }
        let policies = args.values("--policy")
        for p in policies where !FileManager.default.fileExists(atPath: p) {
            throw UsageError("no such policy file: \(p)", command: command)
        }
        configuration.policies = policies.map { .file($0) }
        for setting in SessionSetting.all {
            if let n = try args.integer(setting.flag, in: setting.range, command: command) {
                setting.set(n, in: &configuration)
            }
        }
        configuration.allowedPolicyRoots = args.values("--allow-path") + policies + args.positionals + more
        return configuration
    }

    /// Checks that a scenario file exists and is a file.
    static func requireFile(_ path: String, command: String, what: String = "a scenario") throws(UsageError) {
        guard let kind = FileSystem.kind(at: path) else {
            throw UsageError("no such file: \(path) (expected \(what) .lua file)", command: command)
        }
        if kind == .directory {
            throw UsageError("\(path) is a folder; 'sheetlab \(command)' expects \(what) file", command: command)
        }
    }
}

extension SessionConfiguration {
    /// The policy files it loads, as given (the command line's `--policy`).
    var policyFiles: [String] {
        policies.compactMap { if case .file(let path) = $0 { path } else { nil } }
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

}
