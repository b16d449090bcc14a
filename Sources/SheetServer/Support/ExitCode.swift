import SheetScripting

/// What `sheetlab` returns to the shell, and what serve's and mcp's
/// `run_scenario` report as a scenario's `exit_status`.
public enum ExitCode: Int32, Sendable {
    /// Everything went as expected.
    case ok = 0
    /// An expectation or a check failed.
    case failed = 1
    /// The command line was wrong: an unknown flag, a missing file, paths that hold no scenario.
    case usage = 2
    /// A script failed: syntax, runtime error, or a limit (file:line is printed).
    case scriptError = 3
    /// A file could not be read or written (`cannot write PATH: No such file or directory`).
    case ioError = 4
    /// `sheetlab check` reached its time limit before exploring everything; it
    /// found no violation in what it explored.
    case incomplete = 5
    /// Stopped by Ctrl-C (SIGINT), after printing what it had (128 + SIGINT).
    case interrupted = 130
}

extension ExitCode {
    /// The code a scenario's result asks for, as `sheetlab run` and `test`
    /// exit with it: 4 when its file could not be read, 3 for another script
    /// error, 1 for a failed expectation, else 0.
    package init(_ result: ScenarioResult) {
        if let e = result.error {
            self = e.kind == .io ? .ioError : .scriptError
        } else {
            self = result.failures.isEmpty ? .ok : .failed
        }
    }
}
