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
    static var serverSpecs: [OptionSpec] { specs.filter { $0.name != SessionSetting.engineMemory.flag } }

    /// Why `serve` and `mcp` refuse `--engine-memory` (`CommandSpec.withheld`).
    static func serverWithheld(cappedBy setting: String) -> [String: String] {
        [
            SessionSetting.engineMemory.flag:
                "what the engine holds for a session's scripts (state values, the timeline) is capped at its Lua "
                + "memory, \(setting); raise that instead"
        ]
    }

    /// The session every scenario of the command starts from: the profile,
    /// the `--policy` files, the limits (`SessionSetting.all`) and where
    /// scripts may read policies from: their own folder, the `--policy`
    /// files, the positional paths (`sheetlab test DIR`'s folders too), each
    /// `--allow-path`, `more`, and in a project its root and `policy_paths`.
    /// A flag wins over the project's setting (`--policy` replaces its
    /// `policies`; `--allow-path` adds to its folders).
    /// - Parameter allowing: more files the command was given (`check
    ///   --scenario`): they may be read as the `--policy` files may.
    /// - Throws: `UsageError` for an unknown profile, a missing policy file or a bad number.
    static func configuration(_ args: ParsedArguments, command: String, allowing more: [String] = [])
        throws(UsageError) -> SessionConfiguration
    {
        var configuration = SessionConfiguration()
        let project = args.project
        if let name = args.value("--profile") ?? project?.profile {
            do { configuration.profile = try Profile.named(name) } catch {
                throw UsageError(ProfileNames.describe(error), command: command)
            }
        }
        let flagged = args.values("--policy")
        let policies = flagged.isEmpty ? (project?.policies ?? []).map(ProjectOptions.shown) : flagged
        for p in policies where !FileManager.default.fileExists(atPath: p) {
            throw UsageError("no such policy file: \(p)", command: command)
        }
        configuration.policies = policies.map { .file($0) }
        for setting in SessionSetting.all {
            if let n = try args.integer(setting.flag, in: setting.range, command: command)
                ?? project?.limits[setting.name]
            {
                setting.set(n, in: &configuration)
            }
        }
        configuration.allowedPolicyRoots =
            args.values("--allow-path") + policies + args.positionals + more + (project?.policyRoots ?? [])
        return configuration
    }

    /// Checks that a file named on the command line exists and is a file.
    /// - Parameter role: what the file is for, in messages: `scenario`,
    ///   `policy`, `set-up scenario (--scenario)`, `properties (--properties)`.
    static func requireFile(_ path: String, role: String = "scenario", command: String) throws(UsageError) {
        guard let kind = FileSystem.kind(at: path) else {
            throw UsageError("no such file: \(path) (expected a \(role) .lua file)", command: command)
        }
        if kind == .directory {
            throw UsageError("\(path) is a folder; 'sheetlab \(command)' expects a \(role) file", command: command)
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
