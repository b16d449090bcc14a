import Testing

@testable import LuaRuntime

/// The per-call budget: a watchdog trips the call, the count hook then stops
/// it on every instruction, so nothing in the script can catch it.
@Suite struct BudgetTests {
    /// Loops hidden everywhere a script can hide one.
    static let endlessLoops: [(name: String, source: String)] = [
        ("plain loop", "while true do end"),
        ("numeric for", "for i = 1, math.maxinteger do end"),
        ("in pcall", "pcall(function() while true do end end) return 'caught'"),
        ("pcall in a loop", "while true do pcall(function() while true do end end) end"),
        ("in xpcall", "xpcall(function() while true do end end, function(m) return m end) return 'caught'"),
        ("in xpcall handler", "xpcall(error, function() while true do end end) return 'caught'"),
        (
            "error handler retries",
            "local function f() return xpcall(function() while true do end end, f) end return f()"
        ),
        (
            "in coroutine.resume",
            "local co = coroutine.create(function() while true do end end) return coroutine.resume(co)"
        ),
        ("in coroutine.wrap", "return coroutine.wrap(function() while true do end end)()"),
        (
            "resume in pcall",
            "pcall(coroutine.resume, coroutine.create(function() while true do end end)) return 'caught'"
        ),
        (
            "nested coroutines",
            "return coroutine.wrap(function() return coroutine.wrap(function() while true do end end)() end)()"
        ),
        (
            "yielding loop",
            "local co = coroutine.wrap(function() while true do coroutine.yield() end end) while true do co() end"
        ),
        ("in __close", "do local x <close> = setmetatable({}, {__close = function() while true do end end}) end"),
        (
            "in coroutine.close",
            """
            local co = coroutine.create(function() local x <close> = setmetatable({}, {__close = function() while true do end end}) coroutine.yield() end)
            coroutine.resume(co) return coroutine.close(co)
            """
        ),
        ("in __index", "local t = setmetatable({}, {__index = function() while true do end end}) return t.x"),
        ("in __tostring of an error", "error(setmetatable({}, {__tostring = function() while true do end end}))"),
        (
            "in tostring in pcall",
            "pcall(tostring, setmetatable({}, {__tostring = function() while true do end end})) return 1"
        ),
        ("in a sort comparator", "table.sort({3, 2, 1}, function() while true do end end)"),
        ("in a gsub function", "return ('abc'):gsub('.', function() while true do end end)"),
        ("in a load reader", "return load(function() while true do end end)"),
        ("recursion with pcall", "local function f() pcall(f) pcall(f) end f()"),
        ("string building", "local s = '' while true do s = s .. 'x' if #s > 1000 then s = '' end end"),
    ]

    @Test(arguments: endlessLoops.map(\.source))
    func endlessLoop_isStoppedByTheBudget_andTheRuntimeStaysUsable(source: String) throws {
        let lua = try makeRuntime()
        let error = expectError(lua, source, .budget, "budget exceeded")
        #expect(error?.message == "budget exceeded: a call's CPU budget of 50 ms was used up (raise it with --budget)")
        expectUsable(lua)
    }

    /// C loops the count hook cannot see; the guarded library versions poll the budget.
    static let endlessCLoops: [String] = [
        "return string.rep('a', 5000):find('.-.-.-.-.-.-.-.-.-b')",
        "return string.rep('a', 5000):match('(.-)(.-)(.-)(.-)(.-)(.-)b')",
        "return string.rep('a', 3000):gsub('.-.-.-.-.-.-b', '')",
        "for m in string.rep('a', 3000):gmatch('.-.-.-.-.-.-b') do end",
        "return string.rep('a', 1 << 22):find(string.rep('a', 1 << 21) .. 'b', 1, true)",
        "table.insert(setmetatable({}, {__len = function() return math.maxinteger - 1 end}), 1, 'x')",
        "table.remove(setmetatable({}, {__len = function() return math.maxinteger - 1 end}), 1)",
        "table.move({}, 1, math.maxinteger - 1, 2)",
        "table.move({}, 1, 1 << 60, 1, {})",
        "local u = setmetatable({}, {__index = table.concat}) return table.concat(u, '', 1, 1 << 60)",
        """
        local t = setmetatable({}, {__len = function() return (1 << 31) - 2 end, __index = type, __newindex = rawequal})
        table.sort(t)
        """,
        "return load(os.time)",
    ]

    @Test(arguments: endlessCLoops)
    func endlessCLoop_isStoppedByTheGuard(source: String) throws {
        let lua = try makeRuntime()
        let error = expectError(lua, source, .budget, "budget exceeded")
        #expect(error?.message == "budget exceeded: a call's CPU budget of 50 ms was used up (raise it with --budget)")
        expectUsable(lua)
    }

    @Test func repOfEmptyStrings_returnsAtOnce() throws {
        let lua = try makeRuntime()
        #expect(
            try run(lua, "return string.rep('', math.maxinteger), ('x'):rep(0), ('ab'):rep(3, ',')") == [
                "", "", "ab,ab,ab",
            ])
    }

    @Test func budgetError_pointsAtTheLoop() throws {
        let lua = try makeRuntime()
        let error = expectError(lua, "local n = 0\nwhile true do\n  n = n + 1\nend", .budget, "budget exceeded")
        #expect(error?.file == "test.lua")
        #expect((2...3).contains(error?.line ?? 0))
        #expect(error?.traceback?.contains("test.lua") == true)
    }

    /// The watchdog stops the script wherever it spends the time; a pcall
    /// that catches the error lets it raise again at the next statement,
    /// but the error names the loop.
    @Test(arguments: [
        (
            "a loop in a __close handler",
            """
            local ok = pcall(function()
              local x <close> = setmetatable({}, {__close = function()
                while true do end
              end})
            end)
            local after = 1
            """
        ),
        (
            "a loop in a pcall",
            """
            pcall(function()
              local n = 0
              while true do n = n + 1 end
            end)
            local after = 1
            """
        ),
        (
            "a loop in a coroutine's __close handler, closed in a pcall",
            """
            local co = coroutine.create(function()
              local x <close> = setmetatable({}, {__close = function()
                while true do end
              end})
              coroutine.yield()
            end)
            coroutine.resume(co) pcall(coroutine.close, co)
            local after = 1
            """
        ),
    ])
    func budgetError_caughtAndRaisedAgain_pointsAtTheLoop(_ name: String, source: String) throws {
        let lua = try makeRuntime()
        let error = expectError(lua, source, .budget, "budget exceeded")
        #expect(error?.file == "test.lua" && error?.line == 3, "\(name): \(String(describing: error))")
    }

    @Test func scriptBudgetError_namesTheScriptBudget_andItsFlag() throws {
        let lua = try LuaRuntime(limits: LuaLimits(callBudgetMilliseconds: 20, scriptBudgetMilliseconds: 60))
        let chunk = try lua.load(source: "while true do end", chunkName: "scenario.lua")
        do {
            _ = try lua.call(chunk, budgetMilliseconds: lua.limits.scriptBudgetMilliseconds)
            Issue.record("expected a budget error")
        } catch {
            #expect(
                error.description
                    == "scenario.lua:1: budget exceeded: the script's CPU budget of 60 ms was used up (raise it with --script-budget)"
            )
            #expect(error.limit == .scriptBudget(milliseconds: 60))
        }
    }

    @Test func callWithinBudget_succeeds() throws {
        let lua = try makeRuntime()
        #expect(try run(lua, "local n = 0 for i = 1, 1e5 do n = n + i end return n") == [5_000_050_000])
    }

    @Test func budgetOverride_allowsLongerWork() throws {
        let lua = try makeRuntime(budget: 5)
        let work = "local n = 0 for i = 1, 3e7 do n = n + i end return 'done'"
        expectError(lua, work, .budget, "budget exceeded")
        #expect(try run(lua, work, budget: 20_000) == ["done"])
    }

    @Test func manyCallsInARow_afterABudgetError_areNotTripped() throws {
        let lua = try makeRuntime()
        expectError(lua, "while true do end", .budget, "budget exceeded")
        let chunk = try lua.load(source: "local n = 0 for i = 1, 1000 do n = n + i end return n", chunkName: "=work")
        for _ in 0..<2000 {
            #expect(try lua.call(chunk) == [500_500])
        }
    }

    // MARK: Nested calls

    /// `inner(f, budget)` calls f from Swift as a nested level; returns its
    /// result or the error's message.
    func runtimeWithInnerCalls(outerBudget: Int) throws -> LuaRuntime {
        let lua = try makeRuntime(budget: outerBudget)
        try lua.register("inner") { [unowned lua] args throws(LuaError) in
            let function = try args.function(1)
            let budget = try args.optionalInteger(2)
            do throws(LuaError) {
                return try lua.call(function, budgetMilliseconds: budget)
            } catch  where error.kind == .budget {
                return ["inner failed: \(error.message)"]
            }
        }
        return lua
    }

    @Test func innerLevelTripped_failsOnlyTheInnerCall() throws {
        let lua = try runtimeWithInnerCalls(outerBudget: 20_000)
        let results = try run(lua, "local r = inner(function() while true do end end, 50) return r, 'outer went on'")
        #expect(results == ["inner failed: budget exceeded: a CPU budget of 50 ms was used up", "outer went on"])
        expectUsable(lua)
    }

    @Test func outerLevelTripped_stopsTheInnerCall_andFailsTheOuterWhenControlReturns() throws {
        let lua = try runtimeWithInnerCalls(outerBudget: 50)
        let error = expectError(
            lua, "local r = inner(function() while true do end end, 20000) return 'outer survived', r", .budget,
            "budget exceeded")
        #expect(error?.message == "budget exceeded: a call's CPU budget of 50 ms was used up (raise it with --budget)")
        expectUsable(lua)
    }

    @Test func innerCall_thatRaises_isAnOrdinaryErrorForTheOuterScript() throws {
        let lua = try makeRuntime()
        try lua.register("inner") { [unowned lua] args throws(LuaError) in
            try lua.call(try args.function(1))
        }
        let results = try run(lua, "return pcall(inner, function() error('inner boom') end)")
        #expect(results.first == false)
        #expect(results.last?.stringValue?.contains("inner boom") == true)
    }

    // MARK: Finalizers

    @Test func gcMetamethods_areRefused() throws {
        let lua = try makeRuntime()
        expectError(
            lua, "setmetatable({}, {__gc = function() while true do end end}) collectgarbage()", .runtime,
            "__gc metamethods are not allowed")
        expectUsable(lua)
    }

    @Test func gcFieldAddedAfterSetmetatable_isNeverCalled() throws {
        let lua = try makeRuntime()
        let results = try run(
            lua,
            """
            local called = false
            local mt = {}
            setmetatable({}, mt)
            mt.__gc = function() called = true while true do end end
            collectgarbage() collectgarbage()
            return called
            """)
        #expect(results == [false])
        expectUsable(lua)
    }
}
