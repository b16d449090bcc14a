import SheetEngine

/// The error events of a whole run (the app's `ErrorEvents`, across
/// `reset`), with which of them an `expect_error` expected. `sheetlab test`
/// counts them, `--strict` fails a file on those no `expect_error` expected.
///
/// Invariants: `entries` follow the app's record, in the order the events
/// happened; `expected` holds positions in it; entries before `checkedUpTo`
/// have been looked at by an `expect_error`.
public struct ErrorEventLog: Sendable {
    /// The kinds that count as errors of a run (`ErrorEvents.kinds`).
    public static var kinds: [EventKind] { ErrorEvents.kinds }
    /// Entries kept beyond this many are only counted.
    public static var maximumKept: Int { ErrorEvents.maximumKept }

    /// An error event and whether a scenario expected it.
    public struct Entry: Sendable {
        /// The event.
        public var event: Event
        /// Its index (1-based) on the timeline of the app it happened in.
        public var index: Int
        /// Whether an `expect_error` matched it.
        public var expected = false
    }

    /// What the app recorded.
    var recorded = ErrorEvents()
    /// Positions in `recorded.kept` an `expect_error` matched.
    var expected: Set<Int> = []
    /// Entries before this one were looked at by an `expect_error`.
    var checkedUpTo = 0

    public init() {}

    /// The error events, oldest first (the first `maximumKept`).
    public var entries: [Entry] {
        recorded.kept.enumerated().map { Entry(event: $1.event, index: $1.index, expected: expected.contains($0)) }
    }
    /// How many error events happened, kept or not.
    public var count: Int { recorded.count }

    /// How many error events no `expect_error` expected (those not kept included).
    public var unexpectedCount: Int { count - expected.count }

    /// The error events no `expect_error` expected, among those kept.
    public var unexpected: [Entry] { entries.filter { !$0.expected } }

    /// `expect_error(filter)`: the error events since the previous call
    /// (or the start) that match, now marked expected. The next call looks
    /// only at later events.
    /// - Returns: the entries that matched, and every error event it looked at.
    mutating func expect(_ filter: EventFilter) -> (matched: [Entry], window: [Entry]) {
        let all = entries
        let window = Array(all[checkedUpTo...])
        var matched: [Entry] = []
        for i in checkedUpTo..<all.count where filter.matches(all[i].event, index: all[i].index) {
            expected.insert(i)
            var entry = all[i]
            entry.expected = true
            matched.append(entry)
        }
        checkedUpTo = all.count
        return (matched, window)
    }

    /// Error event details are cut to this many characters in summaries.
    public static let maximumDetail = 160

    /// What a list of error events shows in a report: `no error event`, or
    /// each as `time ms kind: detail`, separated by `; `.
    public static func summary(_ entries: [Entry]) -> String {
        guard !entries.isEmpty else { return "no error event" }
        let count = entries.count == 1 ? "1 error event" : "\(entries.count) error events"
        return count + ": " + entries.map(\.summary).joined(separator: "; ")
    }
}

extension ErrorEventLog.Entry {
    /// `1200 ms policyError: queue.lua:3: boom (hook 'request' fell back to stock)`,
    /// the detail cut to `ErrorEventLog.maximumDetail` characters.
    public var summary: String {
        let detail = event.detail
        let cut =
            detail.count > ErrorEventLog.maximumDetail
            ? String(detail.prefix(ErrorEventLog.maximumDetail)) + "..." : detail
        return "\(event.time) ms \(event.kind.rawValue): \(cut)"
    }
}
