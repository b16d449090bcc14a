import Foundation
import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// One engine step started from Swift (serve, check, an embedder) gives all
/// the Lua it runs one budget, the script budget. Found by the Lua boundary
/// fuzzer: a hook that writes state re-enters itself through the engine's
/// queue of pending steps up to 10,000 times, each call under its own
/// budget, so one `set` took 10,000 times the call budget.
@Suite struct StepBudgetTests {
    /// A request hook that asks for another request and then burns its budget.
    static let chainingPolicy = """
        local n = 0
        return {
          request = function(ctx)
            n = n + 1
            set("ContentView.item", { id = n })
            local t0 = os.clock()
            while os.clock() - t0 < 1 do end
          end,
        }
        """

    @Test func aChainOfHooksInOneStep_stopsAtTheScriptBudget() throws {
        let s = try itemSheetSession(
            limits: LuaLimits(memory: 16 << 20, callBudgetMilliseconds: 20, scriptBudgetMilliseconds: 300))
        try s.loadPolicy(source: Self.chainingPolicy, name: "chain.lua")
        let started = Date()
        try s.set("ContentView.item", .record(["id": 0]))
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 3, "one step took \(seconds) s")
        let errors = s.app.timeline.events.filter { $0.kind == .policyError }
        #expect(errors.count > 10, "the calls after the budget was spent failed and fell back to stock")
        #expect(errors.allSatisfy { $0.detail.contains("budget exceeded") })
        #expect(s.app.stack.count == 1, "stock presented the first request")
    }

    @Test func aStepCalledFromAScenario_stillHasTheScenarioBudget() throws {
        let s = try itemSheetSession(
            limits: LuaLimits(memory: 16 << 20, callBudgetMilliseconds: 20, scriptBudgetMilliseconds: 300))
        try s.loadPolicy(source: Self.chainingPolicy, name: "chain.lua")
        let started = Date()
        #expect(throws: LuaError.self) { try s.evaluate(#"set("ContentView.item", { id = 0 }) while true do end"#) }
        #expect(Date().timeIntervalSince(started) < 3)
    }
}
