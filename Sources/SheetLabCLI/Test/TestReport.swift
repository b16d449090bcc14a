import SheetJSON
import SheetRendering
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `sheetlab test` found over all its files: the outcomes, the counts,
/// the exit code, and the report in the format asked for (text as each
/// file finishes; JUnit XML, JSON lines or TAP when all have run).
struct TestReport {
    /// The report formats of `--format`.
    enum Format: String, CaseIterable {
        /// One line per file and the plain closing line `N passed, N failed`.
        case text
        /// JUnit XML: one testcase per file, for CI tools.
        case junit
        /// JSON lines: one object per file.
        case json
        /// TAP version 14: one test point per file.
        case tap
        /// The text report, with a GitHub Actions workflow annotation
        /// (`::error file=F,line=N::message`) for each failure.
        case github
        /// One HTML player (docs/player.md) of every file that failed or
        /// stopped on an error, side by side, each with its expectations
        /// marked passed or failed on the time axis.
        case html
    }

    /// When the run began: JUnit's `timestamp`.
    var started = Date()

    private(set) var outcomes: [TestOutcome] = []

    mutating func append(_ outcome: TestOutcome) { outcomes.append(outcome) }

    func count(_ status: TestOutcome.Status) -> Int { outcomes.filter { $0.status == status }.count }

    /// Files that failed or stopped on an error: what `N failed` counts.
    var failedCount: Int { count(.failed) + count(.error) }

    /// Whether any file was a scenario (run, whatever its verdict).
    var ranAny: Bool { outcomes.contains { $0.status != .skipped } }

    /// `26 passed, 1 failed`, then `, 2 skipped` when files were skipped.
    var summary: String {
        let skipped = count(.skipped)
        return "\(count(.passed)) passed, \(failedCount) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }

    /// 4 if a file could not be read, else 3 if a script error stopped
    /// one, else 1 if one failed, else 0.
    var exitCode: ExitCode {
        if outcomes.contains(where: \.isIOError) { return .ioError }
        if outcomes.contains(where: { $0.status == .error }) { return .scriptError }
        return failedCount > 0 ? .failed : .ok
    }

    /// The whole report in a format that is written at the end.
    func render(_ format: Format) -> String {
        switch format {
        case .text: return outcomes.map { $0.text(colour: nil) }.joined() + summary + "\n"
        case .junit: return junit
        case .json: return jsonLines
        case .tap: return tap
        case .github: return outcomes.map { $0.text(colour: nil) + $0.githubAnnotations }.joined() + summary + "\n"
        case .html: return html
        }
    }

    /// The player of the failed files' runs: each file one run, labelled
    /// with its path; the page's title gives the summary. A file that could
    /// not run (a policy failed to load) has no run to show.
    var html: String {
        let runs = outcomes.compactMap(\.run)
        let title = "sheetlab test: " + summary + (runs.isEmpty ? "" : " (the failed files' runs)")
        return TimelineHTML(title: title).render(runs: runs)
    }
}
