import LuaRuntime
import SheetEngine
import SheetScripting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `sheetlab check POLICY...`: finds event sequences that break a policy.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", summary: "Explore user actions and waits to find sequences that break invariants.",
        positionalUsage: "[POLICY]...", maxPositionals: nil,
        options: [
            OptionSpec(
                "--scenario", value: "FILE",
                help: "Start from this scenario's set-up (default: seed 000's one-sheet app)."),
            OptionSpec("--depth", value: "N", help: "Steps per sequence (default 6; exhaustive mode)."),
            OptionSpec("--runs", value: "N", help: "Random mode: this many random sequences instead of all of them."),
            OptionSpec("--seed", value: "S", help: "Random mode's seed (default 1)."),
            OptionSpec(
                "--invariant", value: "NAME", repeatable: true,
                help: "Also check this built-in invariant (e.g. no-request-lost)."),
            OptionSpec("--out", value: "F", help: "Write the counterexample scenario to F."),
        ] + ScriptOptions.specs.filter { $0.name != "--policy" },
        discussion: """
            With no POLICY, checks stock SwiftUI behaviour. Steps: writes to every presentation
            binding, swipes, dismiss actions, drags released on each detent or flung down,
            rotation, and waits that end just before, at and just after the next transition.
            Invariants: \(Invariant.allCases.map(\.rawValue).joined(separator: ", ")) (all but
            no-request-lost by default; policies claim more with invariants = { "no-request-lost" }
            and may declare their own as Lua functions).
            A violation is shrunk and printed as a scenario that 'sheetlab run' replays to the
            same failure. Exit codes: 0 no violation, 1 a violation, 2 usage error, 3 script error.

            Example: sheetlab check examples/policies/queue.lua --depth 8
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let policies = args.positionals
        let profile: Profile
        var invariants: [Invariant] = []
        let limits: LuaLimits
        let depth: Int
        let runs: Int?
        let seed: Int
        do throws(UsageError) {
            // Policies are positional here; the profile and limits are the shared options.
            (profile, _, limits) = try ScriptOptions.parse(args, command: "check")
            for p in policies + [args.value("--scenario")].compactMap({ $0 }) {
                try ScriptOptions.requireFile(p, command: "check")
            }
            for name in args.values("--invariant") {
                guard let inv = Invariant(rawValue: name) else {
                    throw UsageError(
                        "unknown invariant '\(name)'; expected one of \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))",
                        command: "check")
                }
                invariants.append(inv)
            }
            depth = try args.integer("--depth", in: 1...64, command: "check") ?? 6
            runs = try args.integer("--runs", in: 1...100_000_000, command: "check")
            seed = try args.integer("--seed", in: 0...Int.max, command: "check") ?? 1
        } catch {
            return RunCommand.usage(error, out)
        }

        let setup: String
        let setupName: String
        let session: Session
        do {
            session = try Session(profile: profile, limits: limits)
            session.printHandler = { _ in }
            for p in policies { try session.loadPolicy(path: p) }
            if let file = args.value("--scenario") {
                let bytes = try SourceFile.read(
                    file, maximumBytes: limits.maximumSourceBytes, raiseHint: limits.settingNames.maximumSource)
                setup = String(decoding: bytes, as: UTF8.self)
                setupName = file
                session.baseDirectory = PathName.directory(of: file)
                try session.evaluate(setup, chunkName: "@" + file)
            } else {
                setup = Counterexample.defaultSetup
                setupName = "the default set-up (seed 000's one-sheet app)"
                try session.evaluate(setup, chunkName: "=setup")
            }
        } catch  where error.kind == .io {  // a --scenario or --policy file that cannot be read
            out.error("sheetlab check: \(error)")
            return .usage
        } catch {
            out.error("error: \(error)")
            return .scriptError
        }

        let checker = Checker(session: session, invariants: invariants)
        let names = policies.isEmpty ? "stock behaviour" : policies.joined(separator: ", ")
        out.line("checking \(names) on \(profile.name) from \(setupName)")
        out.line("invariants: \(checker.invariantNames.joined(separator: ", "))")
        out.flush()
        if out.colorErr {
            checker.progress = { r in
                let rate = r.seconds > 0 ? Int(Double(r.states) / r.seconds) : 0
                FileSystem.writeStandardError(
                    "\r  \(r.states) states, \(r.steps) steps, depth \(r.depthReached), \(rate) states/s   ")
            }
        }
        let report =
            runs.map { checker.random(runs: $0, depth: depth, seed: UInt64(seed)) } ?? checker.exhaustive(depth: depth)
        if out.colorErr { FileSystem.writeStandardError("\r\u{1B}[K") }

        let mode =
            runs.map { "random, \($0) runs of \(depth) steps from seed \(seed)" } ?? "exhaustive to depth \(depth)"
        let secs = max(report.seconds, 1e-9)
        let seconds = Double(Int((report.seconds * 100).rounded())) / 100
        let statesPerSecond = Int(Double(report.states) / secs)
        let eventsPerSecond = Int(Double(report.events) / secs)
        out.line(
            "\(mode): \(report.states) states, \(report.steps) steps, \(report.events) events in \(seconds) s "
                + "(\(statesPerSecond) states/s, \(eventsPerSecond) events/s)")
        guard let v = report.violation else {
            out.line(out.styled("no violation", .green))
            return .ok
        }
        out.line(out.styled("VIOLATION", .red) + " \(v.invariant) after \(v.steps.count) steps: \(v.message)")
        let scenario = Counterexample.scenario(v, setup: setup, profile: profile.name, policies: policies)
        if let file = args.value("--out") {
            do {
                try scenario.write(toFile: file, atomically: true, encoding: .utf8)
                let flags = PolicyAccess.allowPathFlags(forPolicies: policies, scenario: file)
                out.line("counterexample written to \(file); replay it with: sheetlab run \(file)\(flags)")
            } catch {
                out.error("sheetlab check: cannot write \(file): \(describe(error))")
            }
        } else {
            out.line("counterexample (save it and replay with: sheetlab run FILE):")
            out.line()
            out.write(scenario)
        }
        return .failed
    }
}
