import LuaRuntime
import SheetCheck
import SheetEngine
import Testing

@testable import SheetScripting

/// A session, its Lua runtime and its app die with the last reference to
/// the session: nothing they hold (host functions, content closures, app
/// code, policies) holds the session back. They used to form cycles, so
/// every session leaked with its Lua state (the boundary fuzzer's leak check).
@Suite struct SessionLifetimeTests {
    /// Makes a session with `prepare`, drops it, and says what survived.
    func survivors(_ prepare: (Session) throws -> Void) throws -> [String] {
        weak var session: Session?
        weak var runtime: LuaRuntime?
        weak var app: SheetApp?
        try {
            let s = try Session()
            s.printHandler = { _ in }
            try prepare(s)
            (session, runtime, app) = (s, s.runtime, s.app)
        }()
        return [session.map { _ in "session" }, runtime.map { _ in "runtime" }, app.map { _ in "app" }].compactMap {
            $0
        }
    }

    static let scenario = """
        view { name = "ContentView", state = { "item", n = 0 }, reads = { "n" },
          onChange = { n = function(v) print(v) end },
          modifiers = { sheet { item = "item", onDismiss = function() set("n", 1) end,
            content = function(c) return { text = "item " .. c.item.id, onAppear = function() end,
              view = { name = "Inner", state = { flag = false },
                modifiers = { sheet { isPresented = "flag", content = "inner" } } } } end } } }
        set("item", { id = 0 })
        advance(600)
        set("Inner.flag", true)
        advance(600)
        """

    @Test func bareSession_dies() throws {
        #expect(try survivors { _ in }.isEmpty)
    }

    @Test func sessionWithViewsContentAndAppCode_dies() throws {
        #expect(try survivors { try $0.evaluate(Self.scenario) }.isEmpty)
    }

    @Test func sessionWithALuaPolicyAndANativeOne_dies() throws {
        #expect(
            try survivors { s in
                try s.loadPolicy(source: "return { request = function(ctx) return 'queue' end }", name: "q.lua")
                s.addPolicy(QueuePolicy())
                try s.evaluate(Self.scenario)
            }.isEmpty)
    }

    @Test func sessionAfterACheck_dies() throws {
        #expect(
            try survivors { s in
                try s.evaluate(Counterexample.defaultSetup)
                _ = Checker(host: s).random(runs: 5, depth: 5, seed: 1)
            }.isEmpty)
    }

    @Test func appOutlivingItsSession_reportsAppCodeErrors_withoutCrashing() throws {
        var kept: SheetApp?
        do {
            let s = try Session()
            s.printHandler = { _ in }
            try s.evaluate(Self.scenario)
            kept = s.app
        }
        let app = try #require(kept)
        try app.set(StateRef(view: "ContentView", slot: "n"), .int(5))
        try app.set(StateRef(view: "ContentView", slot: "item"), .record(["id": 1]))
        #expect(app.timeline.events.contains { $0.detail.contains("the session that declared this view is gone") })
    }
}
