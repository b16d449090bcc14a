import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// A failing hook falls back to stock for that one decision, the error is
/// on the timeline with file:line, and nothing held is lost.
@Suite struct PolicyFailureTests {
    func firstPolicyError(_ session: Session) -> String? {
        session.app.timeline.events.first { $0.kind == .policyError }?.detail
    }

    /// Opens item 0 and swipes it down; the sheet is dismissing afterwards.
    func openAndSwipe(_ s: Session) throws {
        try s.set("item", .record(["id": 0]))
        try s.advance(500)
        try s.swipe()
        try s.advance(100)
    }

    @Test func hookRaisingAnError_fallsBackToStock_withFileAndLine() throws {
        let path = temporaryPolicy("return {\n  request = function(ctx)\n    error('boom')\n  end,\n}\n")
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        try s.set("item", .record(["id": 0]))
        #expect(firstPolicyError(s)?.hasPrefix("\(path):3: boom") == true)
        #expect(s.app.stack.last?.itemID == "0", "stock presented it")
    }

    @Test func hookReturningAnInvalidDecision_isAClearError() throws {
        let path = temporaryPolicy(
            "return {\n  request = function(ctx)\n    return 'enqeue'\n  end,\n}\n", name: "queue.lua")
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        try s.set("item", .record(["id": 0]))
        let message = try #require(firstPolicyError(s))
        #expect(
            message.contains(
                "queue.lua:2: hook 'request' returned \"enqeue\"; expected one of present, queue, drop, replace"))
    }

    @Test(arguments: [
        ("return 42", "hook 'request' returned 42"),
        ("return {}", "hook 'request' returned {}"),
        ("return true", "hook 'request' returned true"),
    ])
    func wrongReturnTypes_areReported(body: String, message: String) throws {
        let s = try itemSheetSession()
        try s.loadPolicy(path: temporaryPolicy("return { request = function(ctx) \(body) end }"))
        try s.set("item", .record(["id": 0]))
        #expect(firstPolicyError(s)?.contains(message) == true)
        #expect(s.app.stack.count == 1)
    }

    @Test func hookRunningPastItsBudget_isStopped_andFallsBack() throws {
        var limits = LuaLimits()
        limits.callBudgetMilliseconds = 50
        let s = try itemSheetSession(limits: limits)
        let path = temporaryPolicy("return { request = function(ctx)\n  while true do pcall(function() end) end\nend }")
        try s.loadPolicy(path: path)
        try s.set("item", .record(["id": 0]))
        let message = try #require(firstPolicyError(s))
        #expect(message.hasPrefix("\(path):2:"))
        #expect(message.contains("budget"))
        #expect(s.app.stack.count == 1, "stock presented it")
    }

    @Test func hookBlowingTheMemoryCap_fallsBack() throws {
        var limits = LuaLimits()
        limits.memory = 4 << 20
        // Far from the cap (90 ms of CPU under ASan), so that the cap, not the
        // budget, stops the hook however slow the machine is.
        limits.callBudgetMilliseconds = 60_000
        let s = try itemSheetSession(limits: limits)
        try s.loadPolicy(
            path: temporaryPolicy(
                "return { request = function(ctx) local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end end }"))
        try s.set("item", .record(["id": 0]))
        #expect(firstPolicyError(s) != nil)
        #expect(s.app.stack.count == 1)
    }

    @Test func hookFailingOnItsSecondCall_keepsTheHeldRequest() throws {
        let path = temporaryPolicy(
            """
            local calls = 0
            return {
              request = function(ctx)
                calls = calls + 1
                if calls == 2 then error("second call fails") end
                if ctx.phase ~= nil then return "queue" end
              end,
            }
            """)
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        try openAndSwipe(s)  // call 1: free, stock
        try s.set("item", .record(["id": 1]))  // call 2 fails: stock (lost at the end, B03)
        #expect(firstPolicyError(s)?.contains("second call fails") == true)
        try s.advance(150)
        try openAndSwipe(s)  // call 3: free
        try s.set("item", .record(["id": 2]))  // call 4: queued
        #expect(s.app.state().held.map(\.item) == [.record(["id": 2])])
        try s.advance(150)
        #expect(s.app.stack.last?.itemID == "2", "the held request survived and opened")
    }

    @Test func reloadingABrokenFile_keepsTheLastGoodPolicy() throws {
        let path = temporaryPolicy(try String(contentsOfFile: repoPath("examples/policies/queue.lua"), encoding: .utf8))
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        try "return { request = function(ctx) return 'queue' end".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try s.loadPolicy(path: path)
        } throws: { error in
            guard let e = error as? LuaError else { return false }
            return e.kind == .syntax && e.file == path && e.line != nil
        }
        try "return { requets = function() end }".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try s.loadPolicy(path: path)
        } throws: { error in
            "\(error)".contains("unknown hook 'requets'; expected one of request, dismissed")
        }
        #expect(s.policies.count == 1)
        try openAndSwipe(s)
        try s.set("item", .record(["id": 1]))
        #expect(s.app.timeline.events.last?.kind == .queued, "the queue policy still decides")
    }

    @Test func reloadingAGoodFile_replacesThePolicy() throws {
        let path = temporaryPolicy("return { request = function(ctx) return 'drop' end }")
        let s = try itemSheetSession()
        try s.loadPolicy(path: path)
        try "return { request = function(ctx) return nil end }".write(toFile: path, atomically: true, encoding: .utf8)
        try s.loadPolicy(path: path)
        #expect(s.policies.count == 1)
        try s.set("item", .record(["id": 0]))
        #expect(s.app.stack.count == 1)
    }

    @Test(arguments: [
        ("return 5", "a policy must return a table of hooks, got number"),
        ("return { request = 5 }", "hook 'request' must be a function, got number"),
        ("return { detents = { bar = 44 } }", "'detents.bar' must be a function, got number"),
    ])
    func invalidPolicyFiles_areRejected(source: String, message: String) throws {
        let s = try itemSheetSession()
        #expect {
            try s.loadPolicy(path: temporaryPolicy(source))
        } throws: { error in
            "\(error)".contains(message)
        }
        #expect(s.policies.isEmpty)
    }

    @Test func contextsAreReadOnly() throws {
        let s = try itemSheetSession()
        try s.loadPolicy(path: temporaryPolicy("return { request = function(ctx)\n ctx.phase = 'x'\nend }"))
        try s.set("item", .record(["id": 0]))
        #expect(firstPolicyError(s)?.contains(":2:") == true)
    }
}

/// Content tables are checked where they are written.
@Suite struct ContentDeclarationTests {
    @Test(arguments: ["selection", "placement"])
    func detentFieldsWithoutDetents_areAnError(field: String) throws {
        let s = try Session()
        #expect {
            try s.evaluate(
                """
                view { name = "V", state = { show = false, d = "medium" },
                  modifiers = { sheet { isPresented = "show", content = { text = "x", \(field) = "d" } } } }
                """)
        } throws: { error in
            "\(error)".contains("'\(field)' belongs with presentationDetents")
        }
    }
}
