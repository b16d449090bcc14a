import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// What a failing hook puts on the timeline is bounded: a hook raising or
/// answering a memory cap's worth of text used to put all of it on the
/// timeline with every call (20 calls: 84 MB), past the Lua state's cap.
@Suite struct PolicyOutputLimitTests {
    @Test(arguments: [
        "return ('x'):rep(1 << 22)",
        "error(('x'):rep(1 << 22))",
        "return { ('x'):rep(1 << 20), ('y'):rep(1 << 20) }",
    ])
    func aHugeErrorOrAnswer_putsAFewKilobytesOnTheTimeline(body: String) throws {
        // A long budget: building 4 MiB takes 80 ms of CPU under ASan, and a
        // budget error instead of the huge text would not test the bound.
        let s = try itemSheetSession(limits: LuaLimits(callBudgetMilliseconds: 60_000))
        try s.loadPolicy(source: "return { request = function(ctx) \(body) end }", name: "huge.lua")
        for id in 0..<5 { try s.set("item", .record(["id": .int(id)])) }
        let errors = s.app.timeline.events.filter { $0.kind == .policyError }
        #expect(errors.count == 5)
        #expect(errors.allSatisfy { $0.detail.utf8.count < LuaError.maximumMessageBytes + 200 })
    }
}
