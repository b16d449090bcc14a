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
    /// A request hook that asks for another request and then burns its
    /// budget; the item's id counts the hooks that ran.
    static let chainingPolicy = """
        local n = 0
        return {
          request = function(ctx)
            n = n + 1
            set("ContentView.item", { id = n })
            while true do end
          end,
        }
        """

    static let limits = LuaLimits(memory: 16 << 20, callBudgetMilliseconds: 20, scriptBudgetMilliseconds: 300)

    /// The most hooks a step can run: each one that the call budget stopped
    /// spent 20 ms of the step's 300, and the step's budget stops the last.
    /// Both budgets are CPU time of the same thread, measured by the same
    /// watchdog, so this bound holds however slow or loaded the machine is
    /// (a bound on wall time did not). Without the shared budget the chain
    /// runs to the engine's 10,000 chained updates.
    static let mostHooks = limits.scriptBudgetMilliseconds / limits.callBudgetMilliseconds + 1

    /// How many hooks ran (the id the last one set).
    func hooksRun(_ s: Session) throws -> Int {
        guard case .record(let item) = try s.get("ContentView.item"), case .int(let id)? = item["id"] else { return -1 }
        return id
    }

    @Test func aChainOfHooksInOneStep_stopsAtTheScriptBudget() throws {
        let s = try itemSheetSession(limits: Self.limits)
        try s.loadPolicy(source: Self.chainingPolicy, name: "chain.lua")
        try s.set("ContentView.item", .record(["id": 0]))
        let hooks = try hooksRun(s)
        #expect((2...Self.mostHooks).contains(hooks), "\(hooks) hooks ran in one step")
        let errors = s.app.timeline.events.filter { $0.kind == .policyError }
        #expect(errors.count >= hooks, "the calls after the budget was spent failed and fell back to stock")
        #expect(errors.allSatisfy { $0.detail.contains("budget exceeded") })
        #expect(s.app.stack.count == 1, "stock presented the first request")
    }

    @Test func aStepCalledFromAScenario_stillHasTheScenarioBudget() throws {
        let s = try itemSheetSession(limits: Self.limits)
        try s.loadPolicy(source: Self.chainingPolicy, name: "chain.lua")
        #expect(throws: LuaError.self) { try s.evaluate(#"set("ContentView.item", { id = 0 }) while true do end"#) }
        let hooks = try hooksRun(s)
        #expect((1...Self.mostHooks).contains(hooks), "\(hooks) hooks ran in the scenario's step")
    }
}
