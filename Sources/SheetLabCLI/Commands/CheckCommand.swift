import LuaRuntime
import SheetCheck
import SheetEngine
import SheetScripting
import SheetServer
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
        name: "check", summary: "Explore user actions and waits to find sequences that break invariants or properties.",
        positionalUsage: "[POLICY]...", maxPositionals: nil,
        options: [
            OptionSpec(
                "--scenario", value: "FILE",
                help: "Start from this scenario's set-up (default: seed 000's one-sheet app)."),
            OptionSpec("--depth", value: "N", help: "Steps per sequence (default 6)."),
            OptionSpec("--runs", value: "N", help: "Random mode: this many random sequences instead of all of them."),
            OptionSpec("--seed", value: "S", help: "Random mode's seed (default 1)."),
            OptionSpec(
                "--simulate",
                help:
                    "Random mode as TLC's simulation: check the state of every step from each state of a run, not only the one taken (needs --runs)."
            ),
            OptionSpec(
                "--invariant", value: "NAME", repeatable: true,
                help: "Also check this built-in invariant (e.g. no-request-lost)."),
            OptionSpec(
                "--property", value: "NAME", repeatable: true,
                help: "Check this built-in liveness property (\(Property.builtInNames.joined(separator: ", ")))."),
            OptionSpec(
                "--properties", value: "FILE", repeatable: true,
                help: "Check the liveness properties this Lua file returns ({ name = always(...) })."),
            OptionSpec("--items", value: "N", help: "Item ids written into item bindings: 0 to N-1 (default 2)."),
            OptionSpec(
                "--symmetry", help: "Count states that differ only by a renaming of item ids once (invariants only)."),
            OptionSpec(
                "--no-reduction",
                help:
                    "Take every step in exhaustive mode (by default, sleep sets skip steps independent of one taken before; same states and verdicts)."
            ),
            OptionSpec("--jobs", value: "N", help: "Explore on N threads (default: the number of cores)."),
            OptionSpec(
                "--coverage", value: "FORMAT", choices: ["text", "json"], default: "text",
                help: "Report the rules, event kinds, phases, decisions and detents reached and not reached."),
            FormatOption.spec(
                ["text", "json", "html"],
                "text or json: the coverage report (--format json is --coverage json); html: --trace html."),
            OptionSpec(
                "--emit-suite", value: "DIR",
                help: "Write scenarios to DIR that reach, by the shortest steps found, all that was reached."),
            OptionSpec(
                "--trace", value: "FORMAT",
                help:
                    "Also write the counterexample's states: json (ITF), text, diff (only what changed), or html (its run in the player)."
            ).choosing(["json", "text", "diff", "html"]),
            OptionSpec("--trace-out", value: "F", help: "Write the trace to F (default: standard output)."),
            OptionSpec("--out", value: "F", help: "Write the counterexample scenario to F."),
            OptionSpec(
                "--progress", value: "SECONDS",
                help: "Off a terminal, a progress line to standard error this often (default 5; 0: none)."),
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
            Liveness properties (--property, --properties, or a policy's properties table) are
            checked over every run, under fairness on time passing, with the oscillation guard off;
            a violation is a lasso (a prefix, then a cycle that repeats forever), and a property is
            inconclusive when the depth bound cut paths where it could still break.
            A violation is shrunk and printed as a scenario that 'sheetlab run' replays to the
            same failure. --trace html (or --format html) writes its run as the player of
            docs/player.md (to --trace-out F, else standard output), the violation marked as a
            failed expectation where it broke. At the time limit, or on Ctrl-C, it stops at the next step and prints what
            it explored (a second Ctrl-C quits at once).
            Exit codes: 0 no violation, 1 a violation, 2 usage error, 3 script error, 4 a file could
            not be read or --out could not be written (the counterexample is printed instead),
            5 the time limit was reached before exploring everything, or a property is inconclusive
            (no violation in what was explored), 130 interrupted by Ctrl-C (after the summary).

            Example: sheetlab check examples/policies/queue.lua --depth 8 --coverage
            """)

    /// What the command line asks for.
    struct Request {
        /// The profile, the policies to check (the positionals), the limits
        /// and the `--scenario` set-up.
        var configuration: SessionConfiguration
        /// The policy files checked.
        var policies: [String] { configuration.policyFiles }
        var invariants: [Invariant] = []
        var builtInProperties: [Property] = []
        var propertyFiles: [String] = []
        var depth = 6
        var runs: Int?
        var seed = 1
        var items = 2
        var jobs = 1
        var timeLimit = 60
        var progress = 5.0
        var coverage: String?
        var suite: String?
        var trace: String?
        var symmetry = false
        /// Sleep sets off (`Checker.reduces`).
        var noReduction = false
        /// Random mode checks every step's state from each state of a run (`Checker.simulates`).
        var simulates = false
    }

    static func parse(_ args: ParsedArguments) throws(UsageError) -> Request {
        let setup = args.value("--scenario")
        var configuration = try ScriptOptions.configuration(
            args, command: "check", allowing: [setup].compactMap { $0 } + args.values("--properties"))
        // The policies checked: those given, else the project's `policies` (configuration gave them).
        if !args.positionals.isEmpty || args.project?.policies == nil {
            configuration.policies = args.positionals.map { .file($0) }
        }
        configuration.setup = setup.map { .file($0) }
        var r = Request(configuration: configuration)
        for p in args.positionals { try ScriptOptions.requireFile(p, role: "policy", command: "check") }
        if let setup { try ScriptOptions.requireFile(setup, role: "set-up scenario (--scenario)", command: "check") }
        for p in args.values("--properties") {
            try ScriptOptions.requireFile(p, role: "properties (--properties)", command: "check")
        }
        for name in args.values("--invariant") {
            guard let inv = Invariant(rawValue: name) else {
                throw UsageError(
                    "unknown invariant '\(name)'; expected one of \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))"
                        + NameSuggestion.hint(for: name, in: Invariant.allCases.map(\.rawValue)),
                    command: "check")
            }
            r.invariants.append(inv)
        }
        for name in args.values("--property") {
            guard let p = Property.builtIn(named: name) else {
                throw UsageError(
                    "unknown property '\(name)'; expected one of \(Property.builtInNames.joined(separator: ", ")) (or --properties FILE)"
                        + NameSuggestion.hint(for: name, in: Property.builtInNames),
                    command: "check")
            }
            r.builtInProperties.append(p)
        }
        r.propertyFiles = args.values("--properties")
        r.depth = try args.integer("--depth", in: 1...64, command: "check") ?? 6
        r.runs = try args.integer("--runs", in: 1...100_000_000, command: "check")
        r.seed = try args.integer("--seed", in: 0...Int.max, command: "check") ?? 1
        if args.value("--seed") != nil, r.runs == nil {
            throw UsageError(
                "--seed chooses random mode's sequences; give --runs N too (without it, check explores every sequence)",
                command: "check")
        }
        r.simulates = args.flag("--simulate")
        if r.simulates, r.runs == nil {
            throw UsageError(
                "--simulate is random mode's: give --runs N too (exhaustive mode checks every state already)",
                command: "check")
        }
        r.items = try args.integer("--items", in: 1...16, command: "check") ?? 2
        r.jobs =
            try args.integer("--jobs", in: 1...256, command: "check")
            ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        r.timeLimit = try args.integer("--time-limit", in: 1...604_800, command: "check") ?? 60
        if let text = args.value("--progress") {
            guard let s = Double(text), s >= 0, s <= 3600 else {
                throw UsageError("--progress expects seconds from 0 to 3600, got '\(text)'", command: "check")
            }
            r.progress = s
        }
        // --format html is the counterexample's player: --trace html.
        let htmlFormat = args.value("--format") == "html"
        if htmlFormat, let t = args.value("--trace"), t != "html" {
            throw UsageError("--format html is --trace html; it cannot go with --trace \(t)", command: "check")
        }
        if args.value("--coverage") != nil || (args.value("--format") != nil && !htmlFormat) {
            // --format json is the coverage report as JSON: --coverage json's newer spelling.
            r.coverage = try FormatOption.value(
                args, command: "check", choices: ["text", "json"],
                alias: (
                    "--coverage",
                    args.value("--format") != nil && args.value("--coverage") == "text" ? nil : args.value("--coverage")
                ),
                fallback: "text")
        }
        if htmlFormat { r.trace = "html" }
        r.suite = args.value("--emit-suite")
        r.symmetry = args.flag("--symmetry")
        r.noReduction = args.flag("--no-reduction")
        if let t = args.value("--trace") {
            guard ["json", "text", "diff", "html"].contains(t) else {
                throw UsageError("--trace takes json, text, diff or html, got '\(t)'", command: "check")
            }
            r.trace = t
        }
        if args.value("--trace-out") != nil, r.trace == nil {
            throw UsageError("--trace-out needs --trace FORMAT", command: "check")
        }
        let liveness = !r.builtInProperties.isEmpty || !r.propertyFiles.isEmpty
        if r.runs != nil, liveness {
            throw UsageError(
                "liveness properties need exhaustive mode (a cycle is found in the graph of all states): leave out --runs",
                command: "check")
        }
        if r.runs != nil, r.suite != nil || r.coverage != nil {
            throw UsageError(
                "--coverage and --emit-suite report an exhaustive exploration: leave out --runs", command: "check")
        }
        return r
    }

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let request: Request
        do throws(UsageError) { request = try parse(args) } catch { return RunCommand.usage(error, out) }
        if let dir = request.suite, let problem = CheckOutput.suiteFolderProblem(dir) {
            out.error("sheetlab check: " + problem)  // before exploring, not after
            return .ioError
        }

        let setup: CheckSetup
        let session: Session
        var properties = request.builtInProperties
        do {
            setup = try CheckSetup(request.configuration)
            // Threads a session starts (the runtime's watchdog) leave Ctrl-C to the main thread.
            session = try InterruptWatcher.withInterruptsBlocked { () throws(LuaError) in try setup.makeSession() }
            properties += try loadProperties(request, session: session)
        } catch let error as LuaError {
            out.error("error: " + TerminalText.escape(error.description, indent: "    "))
            return error.kind == .io ? .ioError : .scriptError
        } catch let error as UsageError {
            return RunCommand.usage(error, out)
        } catch {
            out.error("sheetlab check: \(TerminalText.escape(describe(error)))")
            return .ioError
        }

        let checker = Checker(host: session, invariants: request.invariants)
        checker.itemIDs = Array(0..<request.items)
        checker.jobs = request.jobs
        checker.makeHost = {
            try InterruptWatcher.withInterruptsBlocked { () throws(LuaError) in try setup.makeSession() }
        }
        checker.symmetry = request.symmetry
        checker.reduces = !request.noReduction
        checker.simulates = request.simulates
        checker.properties = properties
        checker.recordsCoverage = request.coverage != nil || request.suite != nil
        if let refusal = checker.refusal {
            return RunCommand.usage(UsageError(refusal, command: "check"), out)
        }
        let interrupts = InterruptCount()
        InterruptWatcher.install {
            // The first Ctrl-C stops at the next step; a second one quits at once.
            if interrupts.add() > 1 { _exit(ExitCode.interrupted.rawValue) }
        }
        let deadline = ContinuousClock.now + .seconds(request.timeLimit)
        checker.shouldStop = {
            if interrupts.count > 0 { return .interrupted }
            return ContinuousClock.now >= deadline ? .timeLimit : nil
        }
        let policies = request.configuration.policyFiles
        let names = policies.isEmpty ? "stock behaviour" : policies.joined(separator: ", ")
        out.line(
            "checking \(TerminalText.line(names)) on \(checker.profile.name) from \(TerminalText.line(setup.description))"
        )
        out.line("invariants: \(TerminalText.line(checker.invariantNames.joined(separator: ", ")))")
        if !properties.isEmpty {
            let shown = TerminalText.line(properties.map(\.name).joined(separator: ", "))
            out.line("properties: \(shown) (oscillation guard off, as liveness is checked)")
        }
        out.flush()
        installProgress(checker, request: request, out: out)
        let report =
            request.runs.map { checker.random(runs: $0, depth: request.depth, seed: UInt64(request.seed)) }
            ?? checker.exhaustive(depth: request.depth)
        if out.terminalErr { FileSystem.writeStandardError("\r\u{1B}[K") }
        return CheckOutput(
            request: request, args: args, out: out, checker: checker, report: report, setup: setup.text,
            properties: properties
        ).print()
    }

    /// The properties of `--properties` files and of the policies' `properties` tables.
    static func loadProperties(_ request: Request, session: Session) throws -> [Property] {
        let reader = PropertyReader(session: session)
        var out: [Property] = []
        for file in request.propertyFiles { out += try reader.properties(file: file) }
        out += try reader.policyProperties()
        var seen: Set<String> = []
        for p in out where !seen.insert(p.name).inserted {
            throw UsageError("two properties are named '\(p.name)'", command: "check")
        }
        for p in request.builtInProperties where !seen.insert(p.name).inserted {
            throw UsageError("two properties are named '\(p.name)'", command: "check")
        }
        return out
    }

    /// The progress line: on a terminal, one line kept up to date; off one,
    /// a line every `--progress` seconds.
    static func installProgress(_ checker: Checker, request: Request, out: Output) {
        let random = request.runs != nil
        func line(_ r: CheckReport) -> String {
            let secs = max(r.seconds, 1e-9)
            let rate = random ? "\(Int(Double(r.steps) / secs)) steps/s" : "\(Int(Double(r.states) / secs)) states/s"
            let runs = r.runsDone.map { "\($0) of \(request.runs ?? $0) runs, " } ?? ""
            return runs + "\(r.states) states, \(r.steps) steps, depth \(r.depthReached), \(rate)"
        }
        if out.terminalErr {
            checker.progressInterval = 0.2
            checker.progress = { r in FileSystem.writeStandardError("\r  \(line(r))   ") }
        } else if request.progress > 0 {
            checker.progressInterval = request.progress
            checker.progress = { r in
                FileSystem.writeStandardError("sheetlab check: \(line(r)) after \(Int(r.seconds)) s\n")
            }
        }
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
