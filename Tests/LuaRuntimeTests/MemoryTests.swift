import Testing

@testable import LuaRuntime

/// The counting allocator: a cap for script code, never a refusal for the host.
@Suite struct MemoryTests {
    @Test(arguments: [
        "return string.rep('x', 32 << 20)",
        "local t = {} for i = 1, 1e8 do t[i] = i end",
        "local t = {} for i = 1, 1e8 do t[#t + 1] = tostring(i) end",
        "local s = 'x' for i = 1, 64 do s = s .. s end",
        "return table.concat(setmetatable({}, {__index = function() return string.rep('y', 1000) end, __len = function() return 1e8 end}))",
        "local parts = {} for i = 1, 1e7 do parts[i] = {i, i} end",
        "return ('x'):rep(1e6):gsub('x', 'yyyyyyyyyy')",
    ])
    func allocationPastTheCap_isAMemoryError_andTheRuntimeRecovers(source: String) throws {
        let lua = try makeRuntime(budget: 5_000, memory: 8 << 20)
        let error = expectError(lua, source, .memory, "not enough memory")
        #expect(error?.message == "not enough memory")
        #expect(lua.memoryInUse < 2 << 20)
        expectUsable(lua)
    }

    @Test func memoryErrorInsidePcall_isCaughtByTheScript() throws {
        let lua = try makeRuntime(memory: 4 << 20)
        #expect(
            try run(lua, "local ok, e = pcall(string.rep, 'x', 8 << 20) return ok, e") == [false, "not enough memory"])
    }

    @Test func hostValues_areNeverRefused_evenPastTheCap() throws {
        let lua = try makeRuntime(memory: 1 << 20)
        let identity = try lua.load(source: "return ...", chunkName: "id")
        let big = LuaValue.table(LuaTable(array: (0..<100_000).map { .integer($0) }))
        let results = try lua.call(identity, [big])
        #expect(results == [big])
        #expect(throws: LuaError.self) { try run(lua, "local t = {} for i = 1, 1e6 do t[i] = i end") }
    }

    @Test func loadingSource_countsAgainstTheCap() throws {
        let lua = try makeRuntime(memory: 1 << 20)
        let source = "return {" + String(repeating: "'abcdefgh',", count: 200_000) + "}"
        #expect(throws: LuaError.self) { _ = try lua.load(source: source, chunkName: "big") }
        expectUsable(lua)
    }

    @Test func raisingTheCap_takesEffectAtOnce() throws {
        // A long budget: building 2 MiB takes 37 ms of CPU under ASan, too
        // close to the tests' 50 ms (the cap is what this test is about).
        let lua = try makeRuntime(budget: 60_000, memory: 1 << 20)
        expectError(lua, "return #string.rep('x', 2 << 20)", .memory, "not enough memory")
        lua.limits.memory = 8 << 20
        #expect(try run(lua, "return #string.rep('x', 2 << 20)") == [.integer(2 << 20)])
    }
}
