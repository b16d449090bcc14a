import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// What embedders and `sheetlab serve` add to the session: policies from
/// strings, subscriptions that survive `reset`, view declarations as values.
@Suite struct SessionEmbeddingTests {
    static let queueSource = """
        return {
          request = function(ctx)
            if ctx.phase == nil then return nil end
            if ctx.held > 0 then return "drop" end
            return "queue"
          end,
        }
        """

    /// Seed 000's impatient reopen; returns the kinds of the warnings and decisions.
    func reopenWhileDismissing(_ s: Session) throws -> [EventKind] {
        try s.set("item", .record(["id": 0]))
        try s.advance(500)
        try s.swipe()
        try s.advance(100)
        try s.set("item", .record(["id": 1]))
        try s.advance(150)
        return s.app.timeline.events.map(\.kind).filter { [.requestLost, .queued].contains($0) }
    }

    @Test func policyFromSource_behavesAsTheSameFile() throws {
        let fromFile = try itemSheetSession()
        try fromFile.loadPolicy(path: repoPath("examples/policies/queue.lua"))
        let fromString = try itemSheetSession()
        #expect(try fromString.loadPolicy(source: Self.queueSource, name: "queue.lua") == "queue.lua")
        #expect(try reopenWhileDismissing(fromFile) == [.queued])
        #expect(try reopenWhileDismissing(fromString) == [.queued])
        #expect(fromString.app.stack.last?.itemID == "1", "re-presented")
    }

    @Test func policyFromSource_reloadReplaces_andAFailedLoadKeepsTheLastGood() throws {
        let s = try itemSheetSession()
        try s.loadPolicy(source: "return {}", name: "p.lua")
        try s.loadPolicy(source: Self.queueSource, name: "p.lua")
        #expect(s.policies.count == 1)
        let error = #expect(throws: LuaError.self) {
            try s.loadPolicy(source: "return {\n  request = 42,\n}", name: "p.lua")
        }
        #expect(error?.description.hasPrefix("p.lua") == true)
        #expect(throws: LuaError.self) { try s.loadPolicy(source: "return {\n  oops(\n}", name: "bad.lua") }
        #expect(s.policies.count == 1)
        #expect(try reopenWhileDismissing(s) == [.queued])
    }

    @Test func policyFromSource_syntaxError_hasNameAndLine() throws {
        let s = try itemSheetSession()
        do {
            try s.loadPolicy(source: "return {\n  request = function(ctx)\n    return = 1\n  end }", name: "inline.lua")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.file == "inline.lua")
            #expect(error.line == 3)
        }
    }

    @Test func subscription_seesEveryEvent_andSurvivesReset() throws {
        let s = try itemSheetSession()
        var seen: [EventKind] = []
        let token = s.subscribe { seen.append($0.kind) }
        try s.set("item", .record(["id": 0]))
        #expect(seen == s.app.timeline.events.map(\.kind))
        try s.reset()
        seen = []
        try s.evaluate("view { name = 'V', state = { flag = false } }")
        try s.set("flag", true)
        #expect(!seen.isEmpty)
        #expect(seen == s.app.timeline.events.map(\.kind))
        s.unsubscribe(token)
        try s.set("flag", false)
        #expect(seen.count < s.app.timeline.events.count)
    }

    @Test func viewSpec_readsADeclarationTable_asViewDoes() throws {
        let s = try Session()
        let content = try #require(try s.evaluate("return function(c) return 'item ' .. c.item.id end").first)
        let declaration: LuaValue = .table(
            LuaTable(fields: [
                "name": "ContentView", "state": ["item"],
                "modifiers": [.table(LuaTable(fields: ["kind": "sheet", "item": "item", "content": content]))],
            ]))
        let (spec, parent) = try s.viewSpec(declaration: declaration)
        #expect(spec.name == "ContentView")
        #expect(parent == nil)
        try s.addView(spec, parent: parent)
        try s.set("item", .record(["id": 7]))
        #expect(s.app.stack.last?.text == "item 7")
        let typo: LuaValue = .table(LuaTable(fields: ["name": "V", "stat": ["x"]]))
        #expect(throws: LuaError.self) { try s.viewSpec(declaration: typo) }
    }
}
