/// The events of a run, in order.
///
/// Appending is amortised O(1), so the per-event cost does not grow with the
/// timeline's length. When `retains` is false only the count is kept (for
/// exhaustive exploration, where nobody reads the history).
public struct Timeline: Sendable {
    /// The events kept, oldest first.
    public private(set) var events = EventLog()
    /// How many events were appended, retained or not.
    public private(set) var count = 0
    /// Whether events are kept.
    public var retains = true

    /// An empty timeline that keeps its events, or only counts them.
    public init(retains: Bool = true) { self.retains = retains }

    /// Appends an event; it is kept when the timeline retains events, or when `keep` says so.
    mutating func append(_ event: consuming Event, keep: Bool = false) {
        count += 1
        if retains || keep { events.append(consume event) }
    }

    /// Events appended since `count` was `mark`; none when `mark` is at or
    /// past the end, all when it is 0 or negative. Events recent enough to
    /// lie in one chunk of the log are not copied.
    public func events(since mark: Int) -> ArraySlice<Event> {
        let dropped = count - events.count
        return events.suffix(from: min(events.count, max(0, mark - dropped)))
    }

    /// The timeline as text, one event per line.
    public var text: String {
        events.map(\.description).joined(separator: "\n")
    }
}
