import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// What state accepts can be read back: values nest at most
/// `Value.maximumDepth` levels, and every reader (which may wrap a value in
/// tables of its own) reads the deepest of them.
@Suite struct StateDepthTests {
    func session() throws -> Session {
        let session = try Session()
        session.printHandler = { _ in }
        try session.evaluate(
            """
            view { name = "V", state = { x = 0, item = false },
              modifiers = { sheet { item = "item", content = function(c) return "item " .. c.item.id end } } }
            function nested(levels)
              local t = { id = "deep" }
              for i = 2, levels do t = { id = "deep", inner = t } end
              return t
            end
            """)
        return session
    }

    @Test func theDeepestValueStateTakes_readsBackEverywhere() throws {
        let s = try session()
        try s.evaluate("set('V.item', nested(\(Value.maximumDepth)))")
        try s.advance(600)
        #expect(s.app.stack.count == 1)
        let results = try s.evaluate(
            """
            local function depth(t) local n = 0 while type(t) == "table" do n = n + 1 t = t.inner end return n end
            return depth(get("V.item")), depth(top().item), depth(stack()[1].item),
              depth(state().views[1].state.item), #timeline() > 0
            """)
        let d = Value.maximumDepth
        #expect(results == [.integer(d), .integer(d), .integer(d), .integer(d), true])
    }

    @Test(arguments: [Value.maximumDepth + 1, 99])
    func set_ofADeeperValue_isRefused_andStateStaysReadable(levels: Int) throws {
        let s = try session()
        do {
            try s.evaluate("set('V.x', nested(\(levels)))", chunkName: "deep.lua")
            Issue.record("expected set() to refuse the value")
        } catch {
            #expect(
                error.description
                    == "deep.lua:1: bad argument #2 to 'set' (a value in state nests tables more than \(Value.maximumDepth) levels deep)"
            )
        }
        let results = try s.evaluate("return type(state()), type(stack()), top()")
        #expect(results == ["table", "table", nil])
    }

    @Test func aViewsInitialState_nestingTooDeeply_isRefused() throws {
        let s = try session()
        do {
            try s.evaluate(
                "view { name = 'W', state = { x = nested(\(Value.maximumDepth + 1)) } }", chunkName: "view.lua")
            Issue.record("expected view() to refuse the state")
        } catch {
            #expect(error.message.contains("nests tables more than \(Value.maximumDepth) levels deep"), "\(error)")
        }
    }

    @Test func aDismissedAnswerNestingTooDeeply_isAnInvalidAnswer() throws {
        let s = try session()
        try s.loadPolicy(
            source: """
                local function nested(levels)
                  local t = {} for i = 1, levels do t = {t} end return t
                end
                return { dismissed = function(ctx) return { set = { x = nested(\(Value.maximumDepth + 1)) } } end }
                """,
            name: "deep.lua")
        try s.evaluate("set('V.item', {id = 1})")
        try s.advance(600)
        try s.dismiss()
        try s.advance(600)
        let error = try #require(s.app.timeline.events.first { $0.kind == .policyError })
        #expect(error.detail.contains("hook 'dismissed' returned"), "\(error.detail)")
        #expect(try s.get("V.x") == 0)
    }

    @Test func aViewNameThatIsNotUTF8_saysSo() throws {
        let s = try session()
        do {
            try s.evaluate("view { name = '\\255', state = {} }", chunkName: "names.lua")
            Issue.record("expected view() to refuse the name")
        } catch {
            #expect(
                error.description
                    == "names.lua:1: bad argument #1 to 'view' (field 'name' of a view is not valid UTF-8)")
        }
        do {
            try s.evaluate("remove('\\255')", chunkName: "names.lua")
            Issue.record("expected remove() to refuse the name")
        } catch {
            #expect(error.description == "names.lua:1: bad argument #1 to 'remove' (string is not valid UTF-8)")
        }
    }
}
