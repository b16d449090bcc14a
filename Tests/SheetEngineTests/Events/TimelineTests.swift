import Testing

@testable import SheetEngine

/// Reading the timeline from a mark cannot trap, whatever the mark
/// (`timeline(1000)` in a script used to stop the process).
@Suite struct TimelineTests {
    @Test(arguments: [(-5, 3), (0, 3), (1, 2), (3, 0), (4, 0), (Int.max, 0)])
    func eventsSince_anyMark(mark: Int, expected: Int) {
        var timeline = Timeline()
        for t in 0..<3 { timeline.append(Event(time: t, kind: .set)) }
        #expect(timeline.events(since: mark).count == expected)
    }
}
