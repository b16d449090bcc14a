import LuaRuntime

/// A scenario's recorded timeline: `NAME.timeline` next to `NAME.lua`,
/// the text timeline of its whole run (every part, no colour), which
/// `sheetlab test` compares with each run, failing with a unified diff when
/// they differ. `--record` writes it, in the modes of swift-snapshot-testing:
/// `missing` (the files not there yet), `all`, or `failed` (those missing
/// or different). A scenario whose comments hold the line
/// `-- no timeline snapshot` is never compared or recorded.
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

    /// Compares the run's timeline with the recorded one, or records it.
    /// - Parameters:
    ///   - timeline: the run's text timeline.
    ///   - scenario: the scenario's path.
    ///   - source: the scenario's source (for the opt-out line).
    ///   - mode: what `--record` asked for; nil compares only.
    static func check(timeline: String, scenario: String, source: String, mode: RecordMode?) -> Result {
        if optsOut(source) { return .optedOut }
        let file = path(for: scenario)
        let recorded = FileSystem.kind(at: file) == nil ? nil : try? FileSystem.readText(file)
        let diff = recorded.flatMap {
            UnifiedDiff.lines(from: $0, to: timeline, oldName: file, newName: "\(scenario) (this run)")
        }
        let record: Bool
        switch mode {
        case nil: record = false
        case .missing?: record = recorded == nil
        case .all?: record = true
        case .failed?: record = recorded == nil || diff != nil
        }
        if record {
            do {
                try OutputFile.write(timeline, to: file)
            } catch {
                return .failedToWrite("cannot write \(file): \(error.reason)")
            }
            return .recorded(replacing: recorded != nil)
        }
        guard recorded != nil else { return .none }
        return diff.map { .differs(diff: $0) } ?? .matched
    }
}
