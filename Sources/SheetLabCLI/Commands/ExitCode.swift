/// What `sheetlab` returns to the shell.
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
