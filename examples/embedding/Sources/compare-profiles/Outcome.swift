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
        let runner = ScenarioRunner(profile: profile, printHandler: { _ in })
        let result: ScenarioResult
        do {
            result = try runner.run(path: path)
        } catch {
            return Outcome(verdict: .error, problems: ["\(error)"], finalStack: [], warnings: 0)
        }
        let state: AppState = result.session.app.state()
        let timeline: [Event] = Array(result.session.timeline())
        let verdict: Verdict = result.error != nil ? .error : (result.passed ? .pass : .fail)
        return Outcome(
            verdict: verdict,
            problems: result.failures.map { "\($0)".split(separator: "\n").joined(separator: " ") }
                + (result.error.map { ["\($0)"] } ?? []),
            finalStack: state.presentations.map { "\($0.presenter):\($0.phase.rawValue)" },
            warnings: timeline.filter { $0.severity == .warning }.count)
    }

    /// The table cell: `pass  2w  ContentView:presented`.
    var cell: String {
        let stack = finalStack.isEmpty ? "-" : finalStack.joined(separator: ">")
        return "\(verdict.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0))\(warnings)w  \(stack)"
    }
}
