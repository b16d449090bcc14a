import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// A Lua value whose tables are shared is a tree of 2^n values on the Swift
/// side: every door that copies one out of Lua (`set()`, a hook's answer,
/// content, `evaluate`) refuses it at the memory limit of the side that
/// keeps it, or stops it with the running call's budget, and the session
/// goes on.
@Suite struct SharedTableTests {
    /// 30 doublings of one table: 30 tables in Lua, 2^30 leaves as a tree.
    static let bomb = "local t = {} for i = 1, 30 do t = {t, t} end"

    /// The memory limits are to stop the copies, not the budget: one far
    /// away, unless a test is about the budget.
    func session(memory: Int = 4 << 20, engineMemory: Int = 256 << 20, budget: Int = 10_000) throws -> Session {
        let limits = LuaLimits(memory: memory, callBudgetMilliseconds: budget, scriptBudgetMilliseconds: 60_000)
        let session = try Session(limits: limits, engineLimits: EngineLimits(memoryBytes: engineMemory))
        session.printHandler = { _ in }
        try session.evaluate(
            """
            view { name = "V", state = { x = 0, item = false },
              modifiers = { sheet { item = "item", content = "sheet" } } }
            """)
        return session
    }

    func expectUsable(_ session: Session, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try session.evaluate("set('V.x', {1, {2, 3}})")
            #expect(try session.get("V.x") == .list([1, .list([2, 3])]), sourceLocation: sourceLocation)
        } catch {
            Issue.record("session unusable: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func set_refusesTheBomb_namingTheMemoryLimit() throws {
        let s = try session()
        do {
            try s.evaluate(Self.bomb + "\nset('V.x', t)", chunkName: "bomb.lua")
            Issue.record("expected set() to refuse the value")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "bomb.lua:2: bad argument #2 to 'set' (value too large: copied out of Lua it takes more than 4 MiB, the memory limit (raise it with --memory)"
                ), "\(error)")
        }
        #expect(try s.get("V.x") == 0)
        expectUsable(s)
    }

    @Test func set_namesTheEngineLimit_whenItIsTheSmaller() throws {
        let s = try session(memory: 8 << 20, engineMemory: 4 << 20)
        do {
            try s.evaluate(Self.bomb + "\nset('V.x', t)", chunkName: "bomb.lua")
            Issue.record("expected set() to refuse the value")
        } catch {
            #expect(
                error.message.contains(
                    "more than 4 MiB, the engine memory limit (raise it with --engine-memory)"), "\(error)")
        }
        expectUsable(s)
    }

    @Test func set_ofAValueThatSharesNothing_isKept() throws {
        let s = try session()
        try s.evaluate("local t = {} for i = 1, 1000 do t[i] = {id = i} end set('V.x', t)")
        guard case .list(let items) = try s.get("V.x") else {
            Issue.record("not a list")
            return
        }
        #expect(items.count == 1000)
    }

    @Test func requestHookAnsweringTheBomb_fallsBackToStock() throws {
        let s = try session()
        try s.loadPolicy(source: "return { request = function(ctx) \(Self.bomb) return t end }", name: "bomb.lua")
        try s.set("V.item", .record(["id": 1]))
        let error = try #require(s.app.timeline.events.first { $0.kind == .policyError })
        #expect(error.detail.contains("value too large"), "\(error.detail)")
        #expect(s.app.stack.last?.itemID == "1", "stock presented it")
        expectUsable(s)
    }

    @Test func requestHookAnsweringTheBomb_isStoppedByTheHooksBudget() throws {
        // A cap far above what the copy reaches in the budget: only the hook's budget can stop it.
        let s = try session(memory: 1 << 30, budget: 30)
        try s.loadPolicy(source: "return { request = function(ctx) \(Self.bomb) return t end }", name: "bomb.lua")
        try s.set("V.item", .record(["id": 1]))
        let error = try #require(s.app.timeline.events.first { $0.kind == .policyError })
        #expect(
            error.detail.contains("budget exceeded: a call's CPU budget of 30 ms was used up (raise it with --budget)"),
            "\(error.detail)")
        #expect(s.app.stack.last?.itemID == "1", "stock presented it")
        expectUsable(s)
    }

    @Test func contentReturningTheBomb_isAContentError() throws {
        let s = try session()
        try s.evaluate(
            """
            view { name = "W", state = { open = false },
              modifiers = { sheet { isPresented = "open", content = function() \(Self.bomb) return t end } } }
            set("W.open", true)
            """)
        let error = try #require(s.app.timeline.events.first { $0.kind == .contentError })
        #expect(error.detail.contains("value too large"), "\(error.detail)")
        expectUsable(s)
    }

    @Test func dismissedHookWritingTheBomb_isAnInvalidAnswer() throws {
        let s = try session()
        try s.loadPolicy(
            source: "return { dismissed = function(ctx) \(Self.bomb) return { set = { x = t } } end }",
            name: "bomb.lua")
        try s.set("V.item", .record(["id": 1]))
        try s.advance(600)
        try s.dismiss()
        try s.advance(600)
        let error = try #require(s.app.timeline.events.first { $0.kind == .policyError })
        #expect(error.detail.contains("value too large"), "\(error.detail)")
        #expect(try s.get("V.x") == 0)
        expectUsable(s)
    }

    @Test func evaluate_refusesTheBombAsItsResult_withTheLimitItWasGiven() throws {
        let s = try session()
        let limit = LuaCopyLimit(bytes: 1 << 20, name: "the response limit", setting: "--max-response")
        do {
            try s.evaluate(Self.bomb + " return t", resultLimit: limit)
            Issue.record("expected the result to be refused")
        } catch {
            #expect(error.kind == .memory)
            #expect(error.limit == .valueSize(bytes: 1 << 20))
            #expect(error.message.contains("the response limit (raise it with --max-response)"), "\(error)")
        }
        expectUsable(s)
    }

    @Test func evaluate_ofTheBomb_isStoppedByItsScriptBudget() throws {
        let limits = LuaLimits(memory: 1 << 30, callBudgetMilliseconds: 100, scriptBudgetMilliseconds: 30)
        let s = try Session(limits: limits)
        do {
            try s.evaluate(Self.bomb + " return t")
            Issue.record("expected the budget to stop the copy")
        } catch {
            #expect(error.kind == .budget, "\(error)")
            #expect(error.limit == .scriptBudget(milliseconds: 30), "\(error)")
        }
    }
}
