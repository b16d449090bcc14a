import Testing

@testable import LuaRuntime

/// Values copied out of Lua are counted as the trees they become
/// (`LuaCopyLimit`), and the call they are copied for can stop the copy:
/// a small Lua value whose tables are shared cannot become a huge Swift
/// value, nor a copy run past its call's budget.
@Suite struct LuaCopyLimitTests {
    /// `levels` doublings of one table: `levels` tables in Lua, 2^levels leaves as a tree.
    static func bomb(_ levels: Int) -> String {
        "local t = {} for i = 1, \(levels) do t = {t, t} end"
    }

    /// The memory cap is to stop these, not the budget: one far away.
    static let farBudget = 10_000

    @Test func sharedTables_asAResult_stopAtTheCap_withTheLimitNamed() throws {
        let lua = try makeRuntime(budget: Self.farBudget, memory: 4 << 20)
        let error = expectError(lua, Self.bomb(20) + " return t", .memory, "value too large")
        #expect(error?.limit == .valueSize(bytes: 4 << 20))
        #expect(
            error?.message
                == "value too large: copied out of Lua it takes more than 4 MiB, the memory limit (raise it with --memory); a table or string that appears in it several times counts each time"
        )
        expectUsable(lua)
    }

    @Test func sharedString_countsEachTimeItAppears() throws {
        let lua = try makeRuntime(budget: Self.farBudget, memory: 16 << 20)
        let source = "local s = ('x'):rep(1 << 20) local t = {} for i = 1, 100 do t[i] = s end return t"
        expectError(lua, source, .memory, "value too large")
        expectUsable(lua)
    }

    @Test func sharedTables_asAHostFunctionArgument_areABadArgument() throws {
        let lua = try makeRuntime(budget: Self.farBudget, memory: 4 << 20)
        try lua.register("take") { args throws(LuaError) in
            _ = try args.value(1)
            return []
        }
        let results = try run(lua, Self.bomb(20) + " return pcall(take, t)")
        #expect(results.first == false)
        #expect(
            results.last?.stringValue?.hasPrefix(
                "bad argument #1 to 'take' (value too large: copied out of Lua it takes more than 4 MiB")
                == true, "\(results)")
        expectUsable(lua)
    }

    @Test func aSmallerLimit_isNamedInTheMessage() throws {
        let lua = try makeRuntime(budget: Self.farBudget)
        let chunk = try lua.load(source: "return {('x'):rep(4096)}", chunkName: "test.lua")
        let limit = LuaCopyLimit(bytes: 1024, name: "the response limit", setting: "--max-response")
        #expect(throws: LuaError.self) { try lua.call(chunk, resultLimit: limit) }
        do {
            _ = try lua.call(chunk, resultLimit: limit)
        } catch {
            #expect(error.kind == .memory)
            #expect(error.limit == .valueSize(bytes: 1024))
            #expect(
                error.message.hasPrefix(
                    "value too large: copied out of Lua it takes more than 1 KiB, the response limit (raise it with --max-response)"
                ))
        }
    }

    /// A value that shares nothing copies within the room it takes in Lua:
    /// the estimate never refuses what the state could hold as a tree.
    @Test(arguments: [
        "for i = 1, 100000 do v[i] = i end",
        "for i = 1, 20000 do v[i] = {id = i} end",
        "for i = 1, 20000 do v[i] = {id = i, title = 'title ' .. i, done = i % 2 == 0} end",
        "for i = 1, 5000 do v[i] = ('%d'):format(i):rep(40) end",
        "for i = 1, 20000 do v[i] = {{i}, {i, {i}}} end",
        "for i = 1, 20000 do v['key number ' .. i] = i end",
    ])
    func unsharedValue_copiesWithinWhatItTakesInLua(build: String) throws {
        let lua = try makeRuntime(budget: Self.farBudget, memory: 64 << 20)
        let globals = lua.makeEnvironment()
        try lua.call(try lua.load(source: "v = {}", chunkName: "make.lua", in: globals))
        lua.collectGarbage()
        let before = lua.memoryInUse
        try lua.call(try lua.load(source: build, chunkName: "build.lua", in: globals), budgetMilliseconds: 10_000)
        lua.collectGarbage()
        let taken = lua.memoryInUse - before
        let read = try lua.load(source: "return v", chunkName: "read.lua", in: globals)
        let copy = try lua.call(
            read, budgetMilliseconds: Self.farBudget,
            resultLimit: LuaCopyLimit(bytes: taken, name: "its size", setting: ""))
        #expect(copy.first?.tableValue != nil)
    }

    @Test func theCallsBudget_stopsCopyingItsResult() throws {
        // A cap far above the copy, so only the budget can stop it.
        let lua = try makeRuntime(memory: 1 << 30)
        let chunk = try lua.load(source: Self.bomb(21) + " return t", chunkName: "test.lua")
        do {
            let results = try lua.call(chunk, budgetMilliseconds: 20)
            Issue.record("expected the budget to stop the copy, got \(results.count) results")
        } catch {
            #expect(error.kind == .budget, "\(error)")
            #expect(error.limit == .budget(milliseconds: 20), "\(error)")
        }
        expectUsable(lua)
    }

    @Test func anInterrupt_stopsCopyingAResult() throws {
        let lua = try makeRuntime(memory: 1 << 30)
        let chunk = try lua.load(source: Self.bomb(18) + " return t", chunkName: "test.lua")
        do {
            let value = try lua.call(
                chunk, arguments: { _ in },
                results: { (r: LuaResults) throws(LuaError) in
                    lua.interrupt()  // the call's level is still open while its results are read
                    return try r.value(at: 0)
                })
            Issue.record("expected the interrupt to stop the copy, got \(value.typeName)")
        } catch {
            #expect(error.kind == .interrupted, "\(error)")
        }
        expectUsable(lua)
    }

    @Test func theCallersBudget_stopsCopyingAHostFunctionsArgument() throws {
        let lua = try makeRuntime(memory: 1 << 30)
        var seen: LuaError.Kind?
        try lua.register("take") { args throws(LuaError) in
            do throws(LuaError) {
                _ = try args.value(1)
            } catch {
                seen = error.kind
                throw error
            }
            return []
        }
        let chunk = try lua.load(source: Self.bomb(21) + " take(t)", chunkName: "test.lua")
        do {
            try lua.call(chunk, budgetMilliseconds: 20)
            Issue.record("expected the budget to stop the copy")
        } catch {
            #expect(error.kind == .budget, "\(error)")
        }
        #expect(seen == .budget)
        expectUsable(lua)
    }

    @Test func aResultReadInTime_isUnaffectedByALaterTrip() throws {
        // The hot path reads a short string in place and ends the call: the
        // level kept open for it is closed, and the next call starts clean.
        let lua = try makeRuntime()
        let chunk = try lua.load(source: "return 'present'", chunkName: "test.lua")
        for _ in 0..<1000 {
            let text = try lua.call(chunk, arguments: { _ in }, results: { $0.string(at: 0) })
            #expect(text == "present")
        }
        #expect(lua.handle.depth == 0)
    }
}
