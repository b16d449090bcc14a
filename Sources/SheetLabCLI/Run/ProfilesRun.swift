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
        var runs: [RunOutcome] = []
        for profile in profiles {
            // print() goes to standard error, marked with its profile: standard output holds the comparison.
            var configuration = setup.configuration
            configuration.profile = profile
            configuration.pinsProfile = true
            var runner = ScenarioRunner(configuration) { text in
                out.error("[\(profile.name)] " + TerminalText.escape(text, indent: "    "))
            }
            let events = EventCounter()
            runner.prepare = { events.watch($0) }
            let result: ScenarioResult
            do {
                result = try runner.run(path: setup.path)
            } catch {
                // A --policy file that does not load fails the same way on every profile.
                out.error("error: " + TerminalText.escape(error.description, indent: "    "))
                return error.kind == .io ? .ioError : .scriptError
            }
            runs.append(RunOutcome(profile: profile, result: result, events: events))
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
        var runs: [RunOutcome] = []
        var drawn: [TimelineHTML.Run] = []
        for profile in profiles {
            var configuration = setup.configuration
            configuration.profile = profile
            configuration.pinsProfile = true
            var runner = ScenarioRunner(configuration) { text in
                out.error("[\(profile.name)] " + TerminalText.escape(text, indent: "    "))
            }
            let events = EventCounter()
            runner.prepare = { events.watch($0) }
            let result: ScenarioResult
            do {
                result = try runner.run(path: setup.path)
            } catch {
                out.error("error: " + TerminalText.escape(error.description, indent: "    "))
                return error.kind == .io ? .ioError : .scriptError
            }
            runs.append(RunOutcome(profile: profile, result: result, events: events))
            drawn.append(
                TimelineHTML.Run(
                    label: profile.name, parts: result.session.app.parts,
                    expectations: TimelineOutput.expectations(result.session)))
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
}
