import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// Faults while a request is held (P01): a hook that fails on its Nth call,
/// a reload in the middle of a transition, the memory cap or the budget
/// reached inside a hook. In every case the held request survives and opens
/// when the sheet has closed, and the timeline says what happened.
/// (`PolicyFailureTests` covers the faults themselves.)
@Suite struct HeldRequestFaultTests {
    /// Holds every request made while something is shown; `dismissed` runs `body`.
    static func queueWithDismissed(_ body: String) -> String {
        """
        local calls = 0
        return {
          request = function(ctx) if ctx.phase ~= nil then return "queue" end end,
          dismissed = function(ctx)
            calls = calls + 1
            \(body)
          end,
        }
        """
    }

    /// Shows item `id`, swipes it down, and asks for item `id + 1` while it closes.
    func round(_ s: Session, _ id: Int) throws {
        if s.app.stack.isEmpty { try s.set("item", .record(["id": .int(id)])) }
        try s.advance(500)
        try s.swipe()
        try s.advance(100)
        try s.set("item", .record(["id": .int(id + 1)]))
        #expect(s.app.state().held.map(\.item) == [.record(["id": .int(id + 1)])], "round \(id): held")
        try s.advance(150)  // the swipe's transition ends: dismissed
    }

    func policyErrors(_ s: Session) -> [String] {
        s.app.timeline.events.filter { $0.kind == .policyError }.map(\.detail)
    }

    func presented(_ s: Session) -> [String] {
        s.app.timeline.events.filter { $0.kind == .presenting }.compactMap(\.item)
    }

    @Test(arguments: [1, 2, 3])
    func dismissedFailingOnItsNthCall_stillOpensEveryHeldRequest(n: Int) throws {
        let path = temporaryPolicy(
            Self.queueWithDismissed("if calls == \(n) then error('fails on call ' .. calls) end"))
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        for id in 0..<3 { try round(s, id) }
        #expect(presented(s) == ["0", "1", "2", "3"], "each held request opened in its turn")
        #expect(s.app.state().held.isEmpty)
        #expect(policyErrors(s) == ["\(path):6: fails on call \(n) (hook 'dismissed' fell back to stock)"])
        #expect(!s.app.timeline.events.contains { $0.kind == .requestLost })
    }

    @Test func requestFailingWhileOneIsHeld_keepsTheHeldOne() throws {
        let path = temporaryPolicy(
            """
            local calls = 0
            return { request = function(ctx)
              calls = calls + 1
              if calls == 3 then error('third request fails') end
              if ctx.phase ~= nil and ctx.held == 0 then return "queue" end
              if ctx.phase ~= nil then return "drop" end
            end }
            """)
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        try s.set("item", .record(["id": 0]))  // call 1: stock
        try s.advance(500)
        try s.swipe()
        try s.set("item", .record(["id": 1]))  // call 2: held
        try s.set("item", .record(["id": 2]))  // call 3 fails: stock, lost at the write-back (B03)
        #expect(s.app.state().held.map(\.item) == [.record(["id": 1])], "the failure did not touch what is held")
        try s.advance(250)
        #expect(s.app.stack.last?.itemID == "1", "the held request opened")
        #expect(policyErrors(s).count == 1)
        #expect(policyErrors(s).first?.contains("\(path):4: third request fails") == true)
        #expect(
            s.app.timeline.events.contains { $0.kind == .requestLost && $0.item == "2" },
            "the timeline says item 2 was lost")
    }

    @Test(arguments: [
        "return { request = function(ctx) if ctx.phase ~= nil then return 'queue' end end }", "return {}",
    ])
    func reloadDuringTheDismissTransition_keepsTheHeldRequest(replacement: String) throws {
        let path = temporaryPolicy(Self.queueWithDismissed(""))
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        try s.set("item", .record(["id": 0]))
        try s.advance(500)
        try s.swipe()
        try s.set("item", .record(["id": 1]))  // held by the first version
        try replacement.write(toFile: path, atomically: true, encoding: .utf8)
        try s.loadPolicy(path: path)  // reloaded while the sheet is still closing
        #expect(s.policies.count == 1)
        #expect(s.app.state().held.map(\.item) == [.record(["id": 1])])
        try s.advance(250)
        #expect(s.app.stack.last?.itemID == "1", "the engine holds requests, not the policy: it opened")
        let kinds = s.app.timeline.events.filter { $0.item == "1" }.map(\.kind)
        #expect(kinds == [.request, .queued, .presenting], "the timeline tells the story")
    }

    @Test func brokenReloadDuringTheTransition_keepsThePolicyAndTheHeldRequest() throws {
        let path = temporaryPolicy(Self.queueWithDismissed(""))
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        try s.set("item", .record(["id": 0]))
        try s.advance(500)
        try s.swipe()
        try s.set("item", .record(["id": 1]))
        try "return { request = function(ctx) return 'queue' end".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: LuaError.self) { try s.loadPolicy(path: path) }
        try s.advance(100)
        try s.set("item", .record(["id": 2]))  // the last good version still queues
        #expect(s.app.state().held.map(\.item) == [.record(["id": 1]), .record(["id": 2])])
        try s.advance(150)
        #expect(s.app.stack.last?.itemID == "1")
        try s.swipe()  // during the present transition: refused; the rest waits
        try s.advance(500)
        try s.swipe()
        try s.advance(250)
        #expect(presented(s) == ["0", "1", "2"])
    }

    /// Both point at the line that reached the limit (for memory, Lua runs
    /// no message handler: the runtime records where the allocation was
    /// refused). (The memory case has a long budget, so that the cap comes
    /// first even under a sanitizer.)
    @Test(arguments: [
        ("memory", "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end", 6, "not enough memory", 5_000),
        ("budget", "while true do end", 6, "budget exceeded", 30),
    ])
    func dismissedReachingALimit_whileARequestIsHeld_stillOpensIt(
        limit: String, body: String, line: Int, message: String, budget: Int
    ) throws {
        let s = try itemSheetSession(limits: LuaLimits(memory: 4 << 20, callBudgetMilliseconds: budget))
        let path = temporaryPolicy(Self.queueWithDismissed(body))
        try s.loadPolicy(path: path)
        try round(s, 0)
        #expect(s.app.stack.last?.itemID == "1", "\(limit): stock presented the held request")
        #expect(s.app.state().held.isEmpty)
        let errors = policyErrors(s)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("\(path):\(line): ") == true, "\(errors)")
        #expect(errors.first?.contains(message) == true)
        try round(s, 1)  // the runtime is usable again after the limit
        #expect(s.app.stack.last?.itemID == "2")
    }
}
