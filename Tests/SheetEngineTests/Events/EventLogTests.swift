import Testing

@testable import SheetEngine

/// The timeline keeps its events in chunks (`EventLog`): reading them by
/// index, from a mark and as a whole gives the events appended, in order,
/// on both sides of a chunk's end.
@Suite struct EventLogTests {
    static let size = EventLog.chunkSize

    static func log(_ n: Int) -> EventLog {
        var log = EventLog()
        for t in 0..<n { log.append(Event(time: t, kind: .set)) }
        return log
    }

    @Test(arguments: [0, 1, size - 1, size, size + 1, 3 * size + 5])
    func indexAndIteration_giveTheEventsInOrder(n: Int) {
        let log = Self.log(n)
        #expect(log.count == n)
        #expect(log.isEmpty == (n == 0))
        #expect(log.map(\.time) == Array(0..<n))
        #expect(log.last?.time == (n == 0 ? nil : n - 1))
        if n > 0 { #expect(log[n - 1].time == n - 1) }
    }

    @Test(arguments: [
        (0, 0), (5, 0), (size + 2, 0), (size + 2, size), (size + 2, size - 1), (3 * size, size + 7),
        (3 * size, 3 * size), (2 * size + 1, 2 * size),
    ])
    func suffix_fromAnyStart_isTheEventsFromThere(n: Int, start: Int) {
        let slice = Self.log(n).suffix(from: start)
        #expect(slice.map(\.time) == Array(start..<n))
    }

    @Test func timeline_markPastAChunk_readsOnlyTheNewEvents() {
        var timeline = Timeline()
        for t in 0..<(Self.size + 10) { timeline.append(Event(time: t, kind: .set)) }
        #expect(timeline.events(since: Self.size + 4).map(\.time) == Array((Self.size + 4)..<(Self.size + 10)))
        #expect(timeline.events(since: 0).count == Self.size + 10)
    }

    @Test func equality_comparesTheEvents() {
        var a = Self.log(Self.size + 1)
        let b = Self.log(Self.size + 1)
        #expect(a == b)
        a.append(Event(time: 0, kind: .set))
        #expect(a != b)
    }
}
