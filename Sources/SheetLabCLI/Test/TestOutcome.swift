import LuaRuntime
import SheetEngine
import SheetRendering
import SheetScripting

/// What one file gave under `sheetlab test`: the verdict and everything a
/// report in any format shows. The rules that decide a verdict are here,
/// once; the formats only print.
struct TestOutcome {
    enum Status: String {
        /// Every expectation held, at least one was checked (and, with
        /// `--strict`, no unexpected error event happened).
        case passed
        /// An expectation failed, none was checked, or `--strict` saw an unexpected error event.
        case failed
        /// A script error (syntax, runtime, limit) or a file that cannot be read stopped it.
        case error
        /// Not a scenario: a policy file, or a path that is not a regular file (never opened).
        case skipped
    }

    var path: String
    var status: Status
    /// Expectations that ran.
    var expectations = 0
    /// Failed expectations.
    var failures: [ExpectationFailure] = []
    /// Why it failed besides failed expectations: `no expectation was checked`, ...
    var problems: [String] = []
    /// The error that stopped it (`status == .error`).
    var error: LuaError?
    /// Why it was skipped (`status == .skipped`).
    var skipReason: String?
    /// The run's error events (the first `ErrorEventLog.maximumKept`).
    var errorEvents: [ErrorEventLog.Entry] = []
    /// How many error events happened, and how many no `expect_error` expected.
    var errorEventCount = 0
    var unexpectedErrorEventCount = 0
    /// Whether `--strict` made the unexpected error events a failure.
    var strict = false
    /// Wall-clock time of the run.
    var milliseconds = 0.0
    /// What comparing the run's timeline with `NAME.timeline` gave (or recording it).
    var snapshot: TimelineSnapshot.Result = .none
    /// For `--format html`, a failed file's run: its parts and expectations.
    var run: TimelineHTML.Run?
    /// The snapshot's file, `NAME.timeline`.
    var snapshotPath: String { TimelineSnapshot.path(for: path) }

    /// The line of the first failure (or of the script error) in this file, for JUnit's `line`.
    var firstFailureLine: Int? {
        let mine = { (file: String?) in file.map { $0 == path || LastFailed.key($0) == LastFailed.key(path) } ?? false }
        if status == .error, let error, mine(error.file) { return error.line }
        return failures.first { mine($0.file) }?.line
    }

    static let policyFileReason = "a policy file (it returns a table of hooks), not a scenario"
    static let noExpectation = "no expectation was checked"

    /// A file skipped without opening it.
    init(notAFile path: String, what: String) {
        self.path = path
        status = .skipped
        skipReason = "\(what), not a regular file (not opened)"
    }

    /// A file whose run could not start (a `--policy` file failed to load).
    init(path: String, error: LuaError) {
        self.path = path
        status = .error
        self.error = error
    }

    /// The verdict on a run.
    /// - Parameters:
    ///   - result: what running the file gave.
    ///   - strict: whether error events no `expect_error` expected fail the file.
    ///   - snapshot: what comparing its timeline with the recorded one gave.
    init(_ result: ScenarioResult, strict: Bool, snapshot: TimelineSnapshot.Result = .none) {
        path = result.path
        expectations = result.expectations
        failures = result.failures
        errorEvents = result.errorEvents.entries
        errorEventCount = result.errorEvents.count
        unexpectedErrorEventCount = result.errorEvents.unexpectedCount
        milliseconds = result.milliseconds
        self.strict = strict
        if let e = result.error {
            status = .error
            error = e
            return
        }
        if result.isPolicyFile {
            status = .skipped
            skipReason = Self.policyFileReason
            return
        }
        if expectations == 0 { problems.append(Self.noExpectation) }
        self.snapshot = snapshot
        switch snapshot {
        case .differs:
            problems.append(
                "the timeline differs from \(TimelineSnapshot.path(for: path)) (sheetlab test --record failed records this run's)"
            )
        case .tooLargeToDiff(let recordedLines, let lines):
            problems.append(
                "the timeline differs from \(TimelineSnapshot.path(for: path)); "
                    + UnifiedDiff.tooLargeNote(oldLines: recordedLines, newLines: lines)
                    + " (sheetlab test --record failed records this run's)")
        case .failedToWrite(let reason), .refused(let reason):
            problems.append(reason)
        default:
            break
        }
        if strict, unexpectedErrorEventCount > 0 {
            let n = unexpectedErrorEventCount
            problems.append(
                "\(n) unexpected error event\(n == 1 ? "" : "s") (--strict; expect_error{...} expects one)")
        }
        status = failures.isEmpty && problems.isEmpty ? .passed : .failed
    }

    /// The error events no `expect_error` expected, among those kept.
    var unexpectedErrorEvents: [ErrorEventLog.Entry] { errorEvents.filter { !$0.expected } }

    /// Whether it stopped on a file that could not be read, or its snapshot
    /// could not be read or written (or is not a regular file).
    var isIOError: Bool {
        switch snapshot {
        case .failedToWrite, .refused: return true
        default: return error?.kind == .io
        }
    }

    /// The unified diff between the recorded timeline and this run's, when they differ.
    var snapshotDiff: [String] {
        if case .differs(let diff) = snapshot { return diff }
        return []
    }

    /// `timeline matches`, `timeline recorded`: what became of the snapshot, for the counts.
    var snapshotNote: String? {
        switch snapshot {
        case .matched: return "timeline matches"
        case .recorded(let replacing): return replacing ? "timeline re-recorded" : "timeline recorded"
        case .none, .optedOut, .differs, .tooLargeToDiff, .failedToWrite, .refused: return nil
        }
    }

    /// `5 expectations, 2 error events, 1 expected`, or `1 of 5 expectations failed`.
    var counts: String {
        var text =
            failures.isEmpty
            ? "\(expectations) expectation\(expectations == 1 ? "" : "s")"
            : "\(failures.count) of \(expectations) expectation\(expectations == 1 ? "" : "s") failed"
        if let snapshotNote { text += ", " + snapshotNote }
        if errorEventCount > 0 {
            text += ", \(errorEventCount) error event\(errorEventCount == 1 ? "" : "s")"
            let expected = errorEventCount - unexpectedErrorEventCount
            if expected == errorEventCount {
                text += errorEventCount == 1 ? ", expected" : ", all expected"
            } else if expected > 0 {
                text += ", \(expected) expected"
            }
        }
        return text
    }
}
