import SheetCheck
import SheetEngine
import SheetScripting
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `sheetlab check` prints and writes once exploring is done: the
/// summary, the verdicts, coverage, the emitted suite, the counterexample
/// and its trace, and the exit code they come to.
struct CheckOutput {
    let request: CheckCommand.Request
    let args: ParsedArguments
    let out: Output
    let checker: Checker
    let report: CheckReport
    let setup: String
    let properties: [Property]

    func print() -> ExitCode {
        if let error = report.error {
            out.error("sheetlab check: " + TerminalText.escape(error.description))
            return .scriptError
        }
        summary()
        var code = ExitCode.ok
        if let v = report.violation {
            out.line(
                out.styled("VIOLATION", .red)
                    + " \(TerminalText.line(v.invariant)) after \(v.steps.count) steps: "
                    + TerminalText.escape(v.message, indent: "    "))
            if !properties.isEmpty { out.line("properties: not checked (an invariant broke first)") }
            let scenario = Counterexample.scenario(
                v, setup: setup, profile: checker.profile.name, policies: request.policies)
            code = counterexample(
                scenario, steps: v.steps, loop: nil, liveness: false, message: v.message,
                what: "invariant \(v.invariant)")
        } else {
            code = verdicts()
        }
        if let format = request.coverage, let coverage = report.coverage {
            if format == "json" { out.line(coverage.json) } else { out.line(TerminalText.escape(coverage.text)) }
        }
        if let dir = request.suite, let coverage = report.coverage, report.violation == nil {
            let suiteCode = emitSuite(coverage, to: dir)
            if suiteCode != .ok, code == .ok { code = suiteCode }
        }
        return code
    }

    private func summary() {
        let secs = max(report.seconds, 1e-9)
        let seconds = Double(Int((report.seconds * 100).rounded())) / 100
        let steps = Int(Double(report.steps) / secs)
        let events = Int(Double(report.events) / secs)
        let jobs = "\(report.jobs) job\(report.jobs == 1 ? "" : "s")"
        if let runs = request.runs {
            out.line(
                (request.simulates ? "simulation" : "random")
                    + ", \(runs) runs of \(request.depth) steps from seed \(request.seed): \(report.states) states, "
                    + "\(report.steps) steps, \(report.events) events in \(seconds) s "
                    + "(\(steps) steps/s, \(events) events/s, \(jobs))")
        } else {
            let without = report.statesWithoutSymmetry.map { " (standing for \($0) without symmetry)" } ?? ""
            out.line(
                "exhaustive to depth \(request.depth): \(report.states) states\(without), \(report.steps) steps, "
                    + "\(report.events) events in \(seconds) s "
                    + "(\(Int(Double(report.states) / secs)) states/s, \(steps) steps/s, \(events) events/s, \(jobs))")
            if let line = report.reductionLine { out.line(line) }
        }
    }

    /// The properties' verdicts, the first violation's counterexample, and
    /// the exit code: 1 for a violation, 5 (or 130) for a stop or an
    /// inconclusive property, else 0.
    private func verdicts() -> ExitCode {
        var code = ExitCode.ok
        var firstLasso: (String, Lasso)?
        for r in report.properties {
            switch r.verdict {
            case .holds:
                out.line("property \(TerminalText.line(r.name)): " + out.styled("holds", .green))
            case .violated(let lasso):
                out.line(
                    "property \(TerminalText.line(r.name)): " + out.styled("VIOLATED", .red) + " "
                        + TerminalText.escape(lasso.message, indent: "    "))
                if firstLasso == nil { firstLasso = (r.name, lasso) }
            case .inconclusive(let why):
                out.line(
                    "property \(TerminalText.line(r.name)): " + out.styled("inconclusive", .yellow) + ": "
                        + TerminalText.escape(why))
                if code == .ok { code = .incomplete }
            case .error(let why):
                out.line(
                    "property \(TerminalText.line(r.name)): error: "
                        + TerminalText.escape(why.description, indent: "    "))
                code = .scriptError
            }
        }
        if let (name, lasso) = firstLasso {
            let scenario = Counterexample.scenario(
                lasso, property: name, setup: setup, profile: checker.profile.name, policies: request.policies)
            return counterexample(
                scenario, steps: lasso.prefix + lasso.cycle, loop: lasso.prefix.count, liveness: true,
                message: lasso.message, what: "property \(name)")
        }
        switch report.stopped {
        case .timeLimit:
            out.line(
                out.styled("stopped: time limit reached", .yellow)
                    + " (\(request.timeLimit) s; --time-limit raises it): no violation in what was explored")
            return .incomplete
        case .interrupted:
            out.line(out.styled("stopped: interrupted", .yellow) + " (Ctrl-C): no violation in what was explored")
            return .interrupted
        case nil:
            if code == .ok { out.line(out.styled("no violation", .green)) }
            return code
        }
    }

    /// Writes or prints a counterexample scenario, and its trace when asked.
    /// - Parameter what: what broke, for the player: `invariant NAME` or `property NAME`.
    private func counterexample(
        _ scenario: String, steps: [CheckAction], loop: Int?, liveness: Bool, message: String, what: String
    ) -> ExitCode {
        var code = ExitCode.failed
        if let file = args.value("--out") {
            do {
                try OutputFile.write(scenario, to: file)
                let flags = PolicyAccess.allowPathFlags(forPolicies: request.policies, scenario: file)
                out.line("counterexample written to \(file); replay it with: sheetlab run \(file)\(flags)")
            } catch {
                out.error("sheetlab check: \(error)")
                out.line("counterexample (not written to \(file); save it and replay with: sheetlab run FILE):")
                out.line()
                out.write(TerminalText.escape(scenario))
                code = .ioError
            }
        } else {
            out.line("counterexample (save it and replay with: sheetlab run FILE):")
            out.line()
            out.write(TerminalText.escape(scenario))
        }
        if let format = request.trace,
            let text = traceText(format, steps: steps, loop: loop, liveness: liveness, message: message, what: what)
        {
            if let file = args.value("--trace-out") {
                do {
                    try OutputFile.write(text, to: file)
                    out.line("trace written to \(file)")
                } catch {
                    out.error("sheetlab check: \(error)")
                    code = .ioError
                }
            } else {
                out.line()
                out.write(format == "json" || format == "html" ? text : TerminalText.escape(text))
            }
        }
        return code
    }

    /// The counterexample's trace in a `--trace` format: ITF JSON, text,
    /// diff, or its run in the HTML player (`CounterexamplePlayer`).
    private func traceText(
        _ format: String, steps: [CheckAction], loop: Int?, liveness: Bool, message: String, what: String
    ) -> String? {
        if format == "html" {
            return CounterexamplePlayer.html(
                checker, steps: steps, liveness: liveness, what: what, message: message, policies: request.policies)
        }
        guard let trace = checker.trace(of: steps, loop: loop, liveness: liveness, description: message) else {
            return nil
        }
        return format == "json" ? trace.itf(source: "sheetlab check") : trace.text(onlyChanges: format == "diff")
    }

    /// Why `--emit-suite DIR` cannot be written, told before exploring:
    /// `--emit-suite needs a folder; F is a file` when something other than
    /// a folder is at DIR or at the nearest path above it that exists; nil
    /// when that is a folder.
    static func suiteFolderProblem(_ dir: String) -> String? {
        var path = dir
        while FileSystem.node(at: path) == nil, PathName.directory(of: path) != path {
            path = PathName.directory(of: path)
        }
        guard let node = FileSystem.node(at: path), node.type != .directory else { return nil }
        let what = node.type == .regular ? "a file" : node.type.description
        return "--emit-suite needs a folder; \(TerminalText.escape(path)) is \(what)"
    }

    /// Writes the suite's files into `dir` (made if missing).
    private func emitSuite(_ coverage: Coverage, to dir: String) -> ExitCode {
        let files: [CoverageSuite.File]
        do {
            files = try CoverageSuite.files(
                coverage, setup: setup, profile: checker.profile.name, policies: request.policies,
                guardOff: !properties.isEmpty)
        } catch {
            out.error("sheetlab check: cannot make the suite: " + TerminalText.escape(error.description))
            return .scriptError
        }
        do throws(OutputFile.WriteError) {
            try OutputFile.makeFolder(dir)
            for f in files { try OutputFile.write(f.text, to: dir + "/" + f.name) }
        } catch {
            out.error("sheetlab check: " + TerminalText.escape(error.description))  // cannot write PATH: reason
            return .ioError
        }
        let flags = PolicyAccess.allowPathFlags(forPolicies: request.policies, scenario: dir + "/x.lua")
        out.line(
            "suite: \(files.count) scenario\(files.count == 1 ? "" : "s") written to \(dir), reaching what the exploration reached; "
                + "run them with: sheetlab test \(dir)\(flags)")
        return .ok
    }
}
