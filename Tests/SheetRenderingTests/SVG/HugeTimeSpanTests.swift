import SheetEngine
import Testing

@testable import SheetRendering

/// Issue 32, item 2: a huge time span drawn to scale (a transition running
/// for the whole virtual clock) draws a bounded axis, without a trap.
@Suite struct HugeTimeSpanTests {
    @Test(arguments: [SheetApp.maximumTime, 1 << 40, 123_456_789_012])
    func aTransitionOverAHugeSpan_drawsAtMostTheMostTicks(end: Int) {
        let layout = TimeLayout(times: [0, end], needs: [[], []], extraTimes: [end], busy: [0...end], x0: 0)
        let ticks = layout.ticks
        #expect(ticks.count <= TimeLayout.maximumTicks)
        #expect(ticks.count >= 2, "still an axis")
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.time < $1.time })
    }

    @Test func thePicture_ofAHugeSpan_isBounded() {
        let events = [
            Event(time: 0, kind: .presenting, presenter: "root", modifier: "sheet", phase: .presenting),
            Event(
                time: SheetApp.maximumTime, kind: .presented, presenter: "root", modifier: "sheet", phase: .presented),
        ]
        let svg = TimelineSVG(title: "huge", profile: nil).render(events, endTime: SheetApp.maximumTime)
        #expect(svg.utf8.count < 2 << 20, "\(svg.utf8.count) bytes")
    }

    @Test func tickCount_countsMultiples_inEachStretch() {
        #expect(TimeLayout.tickCount([(0, 10)], step: 5) == 3)
        #expect(TimeLayout.tickCount([(1, 4), (6, 9)], step: 5) == 0)
        #expect(TimeLayout.tickCount([(-10, -1)], step: 5) == 2)
        #expect(TimeLayout.floorDivision(-1, 5) == -1 && TimeLayout.ceilingDivision(-1, 5) == 0)
    }
}
