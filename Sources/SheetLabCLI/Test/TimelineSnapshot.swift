import LuaRuntime
import SheetScripting

/// A scenario's recorded timeline: `NAME.timeline` next to `NAME.lua`,
/// the text timeline of its whole run (every part, no colour), which
/// `sheetlab test` compares with each run, failing with a unified diff when
/// they differ. `--record` writes it, in the modes of swift-snapshot-testing:
/// `missing` (the files not there yet), `all`, or `failed` (those missing
/// or different). A scenario whose comments hold the line
/// `-- no timeline snapshot` is never compared or recorded.
///
/// A snapshot is a regular file beside its scenario, and nothing else: a
/// symbolic link (dangling or not), a FIFO, a device or a folder at its
/// name is reported (`refused`) and never read, written through or
/// replaced. It is read by `ConfinedFile` (opened without following a
/// link, its size checked before reading) and written by
/// `OutputFile.writeRegularFile` (a new file renamed over the name).
enum TimelineSnapshot {
    /// Which snapshots `--record` writes.
    enum RecordMode: String, CaseIterable {
        /// Only those not recorded yet (the default of `--record`).
        case missing
        /// Every one, replacing what was recorded.
        case all
        /// Those missing or different from this run.
        case failed
    }

    /// What comparing (or recording) one scenario's timeline gave.
    enum Result: Equatable {
        /// The run's timeline is the one recorded.
        case matched
        /// Written: the first time, or replacing what was recorded.
        case recorded(replacing: Bool)
        /// It differs from the one recorded: the unified diff's lines.
        case differs(diff: [String])
        /// It differs, by more than a diff is computed for (`UnifiedDiff.maximumSteps`).
        case tooLargeToDiff(recordedLines: Int, lines: Int)
        /// What is at the snapshot's name is not a regular file: why; it was not read or written.
        case refused(String)
        /// Nothing recorded and not recording: nothing to compare.
        case none
        /// The scenario says `-- no timeline snapshot`.
        case optedOut
        /// The file could not be written (or read): the system's reason.
        case failedToWrite(String)
    }

    /// The line that opts a scenario out.
    static let optOutLine = "-- no timeline snapshot"

    /// `examples/x.lua` -> `examples/x.timeline`.
    static func path(for scenario: String) -> String {
        (scenario.hasSuffix(".lua") ? String(scenario.dropLast(4)) : scenario) + ".timeline"
    }

    /// Whether the scenario's source opts out.
    static func optsOut(_ source: String) -> Bool {
        source.split(separator: "\n").contains { String($0).trimmed() == optOutLine }
    }

    /// The largest snapshot read.
    static let maximumBytes = 64 << 20

    /// Compares the run's timeline with the recorded one, or records it.
    /// - Parameters:
    ///   - timeline: the run's text timeline.
    ///   - scenario: the scenario's path.
    ///   - source: the scenario's source (for the opt-out line).
    ///   - mode: what `--record` asked for; nil compares only.
    ///   - maximumDiffSteps: where the diff gives up (`UnifiedDiff.maximumSteps`).
    static func check(
        timeline: String, scenario: String, source: String, mode: RecordMode?,
        maximumDiffSteps: Int = UnifiedDiff.maximumSteps
    ) -> Result {
        if optsOut(source) { return .optedOut }
        let file = path(for: scenario)
        let (recorded, problem) = read(file)
        if let problem { return problem }
        let comparison = recorded.map {
            UnifiedDiff.compare(
                $0, timeline, oldName: file, newName: "\(scenario) (this run)", maximumSteps: maximumDiffSteps)
        }
        let differs = comparison != nil && comparison != .same
        let record: Bool
        switch mode {
        case nil: record = false
        case .missing?: record = recorded == nil
        case .all?: record = true
        case .failed?: record = recorded == nil || differs
        }
        if record {
            do {
                try OutputFile.writeRegularFile(timeline, to: file)
            } catch {
                return .failedToWrite("cannot write \(file): \(error.reason)")
            }
            return .recorded(replacing: recorded != nil)
        }
        switch comparison {
        case nil: return .none
        case .same?: return .matched
        case .differs(let diff)?: return .differs(diff: diff)
        case .tooLarge(let old, let new)?: return .tooLargeToDiff(recordedLines: old, lines: new)
        }
    }

    /// The recorded timeline at `file` (nil when there is none), or why it
    /// cannot be used: only a regular file in the scenario's folder itself
    /// is read, and a link there is not followed.
    static func read(_ file: String) -> (text: String?, problem: Result?) {
        let name = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        do throws(ConfinedFile.Refusal) {
            let read = try ConfinedFile.read(
                named: name, inFolder: PathName.directory(of: file), maximumBytes: maximumBytes)
            return (String(decoding: read.bytes, as: UTF8.self), nil)
        } catch .notRegular(let kind) {
            let reason =
                "\(file) is \(kind), not a regular file: a snapshot is a regular file beside its scenario; "
                + "it was not read or written (remove it, then sheetlab test --record records one)"
            return (nil, .refused(reason))
        } catch {
            if error.isMissing { return (nil, nil) }
            return (nil, .failedToWrite("cannot read \(file): \(error.reason)"))
        }
    }
}
