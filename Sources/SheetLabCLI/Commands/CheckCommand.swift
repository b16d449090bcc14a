import LuaRuntime
import SheetEngine
import SheetScripting
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
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
            OptionSpec(
                "--time-limit", value: "SECONDS",
                help: "Stop exploring after this much wall time and print what was explored (default 60)."),
        ] + ScriptOptions.specs.filter { $0.name != "--policy" },
        discussion: """
            With no POLICY, checks stock SwiftUI behaviour. Steps: writes to every presentation
            binding, swipes, dismiss actions, drags released on each detent or flung down,
            rotation, and waits that end just before, at and just after the next transition.
            Invariants: \(Invariant.allCases.map(\.rawValue).joined(separator: ", ")) (all but
            no-request-lost by default; policies claim more with invariants = { "no-request-lost" }
            and may declare their own as Lua functions).
            A violation is shrunk and printed as a scenario that 'sheetlab run' replays to the
            same failure. At the time limit, or on Ctrl-C, it stops at the next step and prints what
            it explored (a second Ctrl-C quits at once).
            Exit codes: 0 no violation, 1 a violation, 2 usage error, 3 script error, 4 a file could
            not be read or --out could not be written (the counterexample is printed instead),
            5 the time limit was reached before exploring everything (no violation in what was
            explored), 130 interrupted by Ctrl-C (after the summary).

            Example: sheetlab check examples/policies/queue.lua --depth 8
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let policies = args.positionals
        let profile: Profile
        var invariants: [Invariant] = []
        let limits: LuaLimits
        let engineLimits: EngineLimits
        let depth: Int
        let runs: Int?
        let seed: Int
        let timeLimit: Int
        do throws(UsageError) {
            // Policies are positional here; the profile and limits are the shared options.
            (profile, _, limits) = try ScriptOptions.parse(args, command: "check")
            engineLimits = try ScriptOptions.engineLimits(args, command: "check")
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
            timeLimit = try args.integer("--time-limit", in: 1...604_800, command: "check") ?? 60
        } catch {
            return RunCommand.usage(error, out)
        }

        let setup: String
        let setupName: String
        let session: Session
        do {
            // Threads the session starts (the runtime's watchdog) leave Ctrl-C to the main thread.
            session = try InterruptWatcher.withInterruptsBlocked {
                try Session(profile: profile, limits: limits, engineLimits: engineLimits)
            }
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
        } catch let error as LuaError {
            out.error("error: " + TerminalText.escape(error.description, indent: "    "))
            return error.kind == .io ? .ioError : .scriptError
        } catch {
            out.error("sheetlab check: \(TerminalText.escape(describe(error)))")
            return .ioError
        }

        let checker = Checker(session: session, invariants: invariants)
        let interrupts = InterruptCount()
        InterruptWatcher.install {
            // The first Ctrl-C stops at the next step; a second one quits at once.
            if interrupts.add() > 1 { _exit(ExitCode.interrupted.rawValue) }
        }
        let deadline = ContinuousClock.now + .seconds(timeLimit)
        checker.shouldStop = {
            if interrupts.count > 0 { return .interrupted }
            return ContinuousClock.now >= deadline ? .timeLimit : nil
        }
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
            switch report.stopped {
            case .timeLimit:
                out.line(
                    out.styled("stopped: time limit reached", .yellow)
                        + " (\(timeLimit) s; --time-limit raises it): no violation in what was explored")
                return .incomplete
            case .interrupted:
                out.line(out.styled("stopped: interrupted", .yellow) + " (Ctrl-C): no violation in what was explored")
                return .interrupted
            case nil:
                out.line(out.styled("no violation", .green))
                return .ok
            }
        }
        out.line(
            out.styled("VIOLATION", .red)
                + " \(TerminalText.escape(v.invariant)) after \(v.steps.count) steps: "
                + TerminalText.escape(v.message, indent: "    "))
        let scenario = Counterexample.scenario(v, setup: setup, profile: profile.name, policies: policies)
        if let file = args.value("--out") {
            do {
                try OutputFile.write(scenario, to: file)
                let flags = PolicyAccess.allowPathFlags(forPolicies: policies, scenario: file)
                out.line("counterexample written to \(file); replay it with: sheetlab run \(file)\(flags)")
                return .failed
            } catch {
                out.error("sheetlab check: \(error)")
                out.line("counterexample (not written to \(file); save it and replay with: sheetlab run FILE):")
                out.line()
                out.write(TerminalText.escape(scenario))
                return .ioError
            }
        }
        out.line("counterexample (save it and replay with: sheetlab run FILE):")
        out.line()
        out.write(TerminalText.escape(scenario))
        return .failed
    }
}

/// How many times Ctrl-C was pressed, shared between the signal watcher's
/// thread and the checker's loop.
final class InterruptCount: Sendable {
    private let value = Atomic<Int>(0)

    /// Counts one more; returns the new count.
    func add() -> Int { value.add(1, ordering: .relaxed).newValue }

    var count: Int { value.load(ordering: .relaxed) }
}
