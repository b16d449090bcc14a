import LuaRuntime
import SheetEngine
import SheetJSON
import SheetRendering
import SheetScripting
import SheetServer

/// `sheetlab run FILE --profiles all|A,B,...`: runs the scenario once per
/// profile, each in a fresh session pinned to that profile
/// (`SessionConfiguration.pinsProfile`), and prints how the outcomes differ.
enum ProfilesRun {
    /// What the runs share: the scenario, its policies and limits.
    struct Setup {
        var path: String
        /// The `--policy` files and limits; each run pins its own profile.
        var configuration: SessionConfiguration
    }

    /// Runs `setup.path` on every profile and prints the comparison (text,
    /// or one JSON object with `json`) to standard output, which profiles
    /// failed to standard error.
    /// - Returns: the most serious exit code of the runs.
    static func run(_ setup: Setup, on profiles: [Profile], json: Bool, _ out: Output) -> ExitCode {
        let runs: [RunOutcome]
        switch runAll(setup, on: profiles, out) {
        case .success(let done): runs = done.map(\.outcome)
        case .failure(let failed): return failed.code
        }
        let comparison = ProfileComparison(path: setup.path, runs: runs)
        if json {
            out.write(comparison.json.text + "\n")
        } else {
            out.write(comparison.text { out.styled($0, .bold) })
        }
        for line in comparison.problemLines { out.error(line) }
        return comparison.exitCode
    }

    /// `--profiles ... --format html`: every profile's run in one player,
    /// side by side on one time scale, to `file` or standard output; the
    /// exit code and the problems as the comparison gives them.
    static func player(_ setup: Setup, on profiles: [Profile], to file: String?, _ out: Output) -> ExitCode {
        let done: [(outcome: RunOutcome, result: ScenarioResult)]
        switch runAll(setup, on: profiles, out) {
        case .success(let runs): done = runs
        case .failure(let failed): return failed.code
        }
        let runs = done.map(\.outcome)
        let drawn = done.map {
            TimelineHTML.Run(
                label: $0.outcome.profile.name, parts: $0.result.session.app.parts,
                expectations: TimelineOutput.expectations($0.result.session))
        }
        let html = TimelineHTML(title: TerminalText.escape(setup.path)).render(runs: drawn)
        if let file {
            do {
                try OutputFile.write(html, to: file)
            } catch {
                out.error("sheetlab run: \(error)")
                return .ioError
            }
        } else {
            out.write(html)
        }
        let comparison = ProfileComparison(path: setup.path, runs: runs)
        for line in comparison.problemLines { out.error(line) }
        return comparison.exitCode
    }

    /// Runs `setup.path` on every profile, each in a fresh session pinned to
    /// it; `print()` goes to standard error, marked with its profile
    /// (standard output holds the comparison).
    /// - Returns: each run, or the exit code when a `--policy` file does not
    ///   load (it fails the same way on every profile).
    private static func runAll(_ setup: Setup, on profiles: [Profile], _ out: Output)
        -> Result<[(outcome: RunOutcome, result: ScenarioResult)], FailedRun>
    {
        var runs: [(outcome: RunOutcome, result: ScenarioResult)] = []
        for profile in profiles {
            var configuration = setup.configuration
            configuration.profile = profile
            configuration.pinsProfile = true
            var runner = ScenarioRunner(configuration) { text in
                out.error("[\(profile.name)] " + TerminalText.escape(text, indent: "    "))
            }
            let events = EventCounter()
            runner.prepare = { events.watch($0) }
            do {
                let result = try runner.run(path: setup.path)
                runs.append((RunOutcome(profile: profile, result: result, events: events), result))
            } catch {
                out.error("error: " + TerminalText.escape(error.description, indent: "    "))
                return .failure(FailedRun(code: error.kind == .io ? .ioError : .scriptError))
            }
        }
        return .success(runs)
    }

    /// A run that could not start: its exit code.
    private struct FailedRun: Error { var code: ExitCode }
}
