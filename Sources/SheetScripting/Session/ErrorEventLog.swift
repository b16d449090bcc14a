import SheetEngine

/// The error events of a whole run: policy, content and action errors and
/// limits reached, across `reset` (each reset starts a fresh timeline, this
/// log goes on). `sheetlab test` counts them, `--strict` fails a file on
/// those no `expect_error` expected.
///
/// Invariants: `entries` are in the order the events happened, at most
/// `maximumKept` of them (`count` goes on counting past that); entries
/// before `checkedUpTo` have been looked at by an `expect_error`.
public struct ErrorEventLog: Sendable {
    /// The kinds that count as errors of a run: a hook, a content closure
    /// or app code failed (or reached a limit) and the engine fell back.
    public static let kinds: [EventKind] = [.policyError, .contentError, .actionError, .limitReached]

    /// An error event and whether a scenario expected it.
    public struct Entry: Sendable {
        /// The event.
        public var event: Event
        /// Its index (1-based) on the timeline of the app it happened in.
        public var index: Int
        /// Whether an `expect_error` matched it.
        public var expected = false
    }

    /// Entries kept beyond this many are only counted.
    public static let maximumKept = 1_000

    /// The error events, oldest first (the first `maximumKept`).
    public private(set) var entries: [Entry] = []
    /// How many error events happened, kept or not.
    public private(set) var count = 0
    /// Entries before this one were looked at by an `expect_error`.
    private var checkedUpTo = 0

    public init() {}

    /// How many error events no `expect_error` expected (those not kept included).
    public var unexpectedCount: Int { count - entries.filter(\.expected).count }

    /// The error events no `expect_error` expected, among those kept.
    public var unexpected: [Entry] { entries.filter { !$0.expected } }

    /// Records `event` if it is an error event.
    /// - Parameters:
    ///   - event: an event the app just emitted.
    ///   - index: its index on its app's timeline.
    mutating func record(_ event: Event, index: Int) {
        guard Self.kinds.contains(event.kind) else { return }
        count += 1
        if entries.count < Self.maximumKept { entries.append(Entry(event: event, index: index)) }
    }

    /// `expect_error(filter)`: the error events since the previous call
    /// (or the start) that match, now marked expected. The next call looks
    /// only at later events.
    /// - Returns: the entries that matched, and every error event it looked at.
    mutating func expect(_ filter: EventFilter) -> (matched: [Entry], window: [Entry]) {
        let window = Array(entries[checkedUpTo...])
        var matched: [Entry] = []
        for i in checkedUpTo..<entries.count where filter.matches(entries[i].event, index: entries[i].index) {
            entries[i].expected = true
            matched.append(entries[i])
        }
        checkedUpTo = entries.count
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
