import Testing

@testable import SheetEngine

/// The clock cannot be pushed into integer overflow by a hostile script
/// (`advance(math.maxinteger)` twice used to trap).
@Suite struct ClockLimitTests {
    @Test func advancePastTheMaximumTime_isAnError_andTheClockStays() throws {
        let app = SheetApp()
        try app.advance(by: 1_000)
        #expect(throws: EngineError.self) { try app.advance(by: Int.max) }
        #expect(app.now == 1_000)
        try app.advance(by: SheetApp.maximumTime - 1_000)
        #expect(app.now == SheetApp.maximumTime)
        #expect(throws: EngineError.self) { try app.advance(by: 1) }
        try app.advance(by: 0)
    }
}
