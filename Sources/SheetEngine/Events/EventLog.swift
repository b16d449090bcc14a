/// The events a timeline keeps, oldest first, in chunks of `chunkSize`.
///
/// Appending never moves the events already kept. An array doubles its
/// storage as it grows and copies every event at each doubling: at 216
/// bytes an event that was about 120 instructions an engine event (issue
/// 28), and twice the timeline's memory while it grew. Only the first chunk
/// grows (up to `chunkSize`, so that a short run holds no more than it
/// needs); each later one is made with room for `chunkSize` events.
/// Reading events from a mark in the last chunk copies nothing.
public struct EventLog: RandomAccessCollection, Sendable, Equatable {
    static let chunkShift = 10
    /// Events a chunk holds: 1,024 (about 216 KiB).
    static let chunkSize = 1 << chunkShift

    /// The full chunks, oldest first, and the chunk being filled: appending
    /// is a plain array's append.
    private var full: [[Event]] = []
    private var tail: [Event] = []

    public var count: Int { full.count << Self.chunkShift + tail.count }

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public var isEmpty: Bool { count == 0 }

    public subscript(position: Int) -> Event {
        precondition(position >= 0 && position < count, "event index out of range")
        let chunk = position >> Self.chunkShift
        let offset = position & (Self.chunkSize - 1)
        return chunk < full.count ? full[chunk][offset] : tail[offset]
    }

    public var last: Event? { tail.last }

    @inline(__always)
    mutating func append(_ event: consuming Event) {
        if tail.count == Self.chunkSize { startChunk() }
        tail.append(consume event)
    }

    @inline(never)
    private mutating func startChunk() {
        var next: [Event] = []
        next.reserveCapacity(Self.chunkSize)
        swap(&next, &tail)
        full.append(next)
    }

    /// The events from `start` on: the chunk's own storage when they lie in
    /// the last chunk (no copy), else a copy of them.
    func suffix(from start: Int) -> ArraySlice<Event> {
        precondition(start >= 0 && start <= count, "event index out of range")
        if start == count { return [] }
        let first = start >> Self.chunkShift
        let offset = start & (Self.chunkSize - 1)
        if first >= full.count { return tail[offset...] }
        var copy: [Event] = []
        copy.reserveCapacity(count - start)
        copy.append(contentsOf: full[first][offset...])
        for chunk in full[(first + 1)...] { copy.append(contentsOf: chunk) }
        copy.append(contentsOf: tail)
        return copy[...]
    }

    public static func == (a: EventLog, b: EventLog) -> Bool { a.elementsEqual(b) }
}
