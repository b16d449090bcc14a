import Testing

@testable import SheetEngine

/// What code makes the engine hold (state values, the timeline) has a
/// limit: past it the step finishes, one `limitReached` event says so, the
/// timeline stops growing, and later calls are refused.
@Suite struct EngineLimitTests {
    static let slot = StateRef(view: "V", slot: "s")

    @Test func bigValuesWrittenOverAndOver_stopAtTheMemoryLimit() throws {
        let app = SheetApp(limits: EngineLimits(memoryBytes: 1 << 20))
        try app.addView(ViewSpec(name: "V", state: [("s", "")]))
        let big = String(repeating: "x", count: 64 << 10)
        var refused: EngineError?
        for i in 0..<1_000 {
            do {
                try app.set(Self.slot, .string(big + String(i)))
            } catch {
                refused = error
                break
            }
        }
        #expect(
            refused?.reason
                == .limitReached(
                    "engine memory limit of 1 MiB reached (state values and timeline; raise it with --engine-memory)"))
        let cut = app.timeline.events.filter { $0.kind == .limitReached }
        #expect(cut.count == 1)
        #expect(app.timeline.events.count < 20, "the timeline stopped keeping events")
        #expect(throws: EngineError.self) { try app.advance(by: 1) }
    }

    @Test func reset_startsCountingAgain() throws {
        let app = SheetApp(limits: EngineLimits(memoryBytes: 1 << 16))
        try app.addView(ViewSpec(name: "V", state: [("s", "")]))
        _ = try? app.set(Self.slot, .string(String(repeating: "x", count: 1 << 17)))
        #expect(throws: EngineError.self) { try app.advance(by: 1) }
        try app.reset()
        try app.addView(ViewSpec(name: "V", state: [("s", "")]))
        try app.advance(by: 1)
        #expect(app.retainsEvents)
        #expect(app.timeline.events.count == 0)
    }

    @Test func overwritingAValue_releasesWhatItHeld() throws {
        let app = SheetApp(limits: EngineLimits(memoryBytes: 1 << 20))
        app.retainsEvents = false  // only state counts
        try app.addView(ViewSpec(name: "V", state: [("s", "")]))
        let big = String(repeating: "x", count: 600 << 10)
        for i in 0..<10 { try app.set(Self.slot, .string(big + String(i))) }  // one value held at a time
        #expect(app.heldBytes < 1 << 20)
    }
}
