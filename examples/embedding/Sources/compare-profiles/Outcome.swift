import SheetLab

/// What one scenario gave under one profile: plain values, so that it can
/// leave the task that ran the scenario (a `Session` cannot).
struct Outcome: Sendable {
    enum Verdict: String, Sendable {
        case pass, fail, error
    }

    var verdict: Verdict
    /// Failed expectations, or the script error, one line each.
    var problems: [String]
    /// The modal stack at the end, bottom first: `ContentView:presented`.
    var finalStack: [String]
    /// Warning events on the timeline (a lost request, an ignored modifier, ...).
    var warnings: Int

    /// Runs `path` in a fresh session on `profile` and keeps what the table shows.
    static func run(_ path: String, on profile: Profile) -> Outcome {
        let configuration = SessionConfiguration(profile: profile)
        do {
            return Outcome(try configuration.runScenario(path: path))
        } catch {
            // A script error: what ran before it still counts for the stack and the warnings.
            var outcome =
                error.outcome.map(Outcome.init) ?? Outcome(verdict: .error, problems: [], finalStack: [], warnings: 0)
            outcome.verdict = .error
            outcome.problems.append("\(error)")
            return outcome
        }
    }

    /// The table cell: `pass  2w  ContentView:presented`.
    var cell: String {
        let stack = finalStack.isEmpty ? "-" : finalStack.joined(separator: ">")
        return "\(verdict.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0))\(warnings)w  \(stack)"
    }
}

extension Outcome {
    /// What the table shows of a scenario's outcome.
    init(_ outcome: ScenarioOutcome) {
        self.init(
            verdict: outcome.passed ? .pass : .fail,
            problems: outcome.failures.map { "\($0)".split(separator: "\n").joined(separator: " ") },
            finalStack: outcome.state.presentations.map { "\($0.presenter):\($0.phase.rawValue)" },
            warnings: outcome.timeline.filter { $0.severity == .warning }.count)
    }
}
