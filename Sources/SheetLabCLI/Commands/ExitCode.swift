/// What `sheetlab` returns to the shell.
public enum ExitCode: Int32, Sendable {
    /// Everything went as expected.
    case ok = 0
    /// An expectation or a check failed.
    case failed = 1
    /// The command line was wrong: an unknown flag, a missing file.
    case usage = 2
    /// A script failed: syntax, runtime error, or a limit (file:line is printed).
    case scriptError = 3
}
