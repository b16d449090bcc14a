/// The error events of an app's whole life, across `reset`: a hook, a
/// content closure or app code failed, or a limit stopped something, and the
/// engine went on. What `sheetlab test` counts and `--strict` fails on.
///
/// Invariants: `kept` is in the order the events happened, at most
/// `maximumKept` of them; `count` goes on counting past that.
public struct ErrorEvents: Sendable {
    /// The kinds that are error events of a run.
    public static let kinds: [EventKind] = [.policyError, .contentError, .actionError, .limitReached]
    /// Events kept beyond this many are only counted.
    public static let maximumKept = 1_000

    /// The error events, oldest first (the first `maximumKept`), each with
    /// its index (1-based) on the timeline of the part it happened in.
    public private(set) var kept: [(event: Event, index: Int)] = []
    /// How many error events happened, kept or not.
    public private(set) var count = 0

    /// None recorded yet.
    public init() {}

    mutating func record(_ event: Event, index: Int) {
        count += 1
        if kept.count < Self.maximumKept { kept.append((event, index)) }
    }
}

extension EventKind {
    /// Whether events of this kind are error events of a run (`ErrorEvents.kinds`).
    public var isRunError: Bool {
        switch self {
        case .policyError, .contentError, .actionError, .limitReached: return true
        default: return false
        }
    }
}
