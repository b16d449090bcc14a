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
        // Where the script was, which limit, and the flag that raises it.
        #expect(
            error?.description
                == "test.lua:1: not enough memory: the memory limit of 8 MiB was reached (raise it with --memory)")
        #expect(error?.limit == .memory(bytes: 8 << 20))
        #expect(lua.memoryInUse < 2 << 20)
        expectUsable(lua)
    }

    /// Deep recursion grows the Lua stack: with the default cap the memory
    /// limit comes before Lua's stack limit of 1,000,000 slots.
    @Test func deepRecursion_reachesTheMemoryCap_atTheRecursiveCall() throws {
        let lua = try makeRuntime(budget: 10_000)
        let error = expectError(lua, "local x = 1\nlocal function f() return f() + 1 end\nf()", .memory, "")
        #expect(
            error?.description
                == "test.lua:2: not enough memory: the memory limit of 16 MiB was reached (raise it with --memory)")
        expectUsable(lua)
    }

    @Test func memoryError_whileLoadingAChunk_namesTheChunk() throws {
        let lua = try makeRuntime(memory: 1 << 20)
        let source = "return {" + String(repeating: "'abcdefgh',", count: 200_000) + "}"
        #expect {
            _ = try lua.load(source: source, chunkName: "big.lua")
        } throws: { error in
            (error as? LuaError)?.description
                == "big.lua: not enough memory: the memory limit of 1 MiB was reached (raise it with --memory)"
        }
    }

    @Test func memoryErrorInsidePcall_isCaughtByTheScript() throws {
        let lua = try makeRuntime(memory: 4 << 20)
        #expect(
            try run(lua, "local ok, e = pcall(string.rep, 'x', 8 << 20) return ok, e") == [false, "not enough memory"])
    }

    @Test func hostValues_areNeverRefusedWhilePushed_soTheLuaAPICannotRaiseIntoSwift() throws {
        let lua = try makeRuntime(memory: 2 << 20)
        let identity = try lua.load(source: "return ...", chunkName: "id")
        let big = LuaValue.table(LuaTable(array: (0..<50_000).map { .integer($0) }))
        let results = try lua.call(identity, [big])
        #expect(results == [big])
        #expect(throws: LuaError.self) { try run(lua, "local t = {} for i = 1, 1e6 do t[i] = i end") }
    }

    /// A host function's results are allocated in host mode (never refused
    /// while Swift pushes them) but are the script's once returned: a script
    /// that keeps them reaches the cap, not hundreds of MiB past it.
    @Test(arguments: [
        ("a table kept in a growing table", "local keep = {} for i = 1, 1e6 do keep[i] = make() end"),
        // Preallocated slots take the results without allocating anything more.
        (
            "results kept in preallocated slots",
            "local keep = {" + String(repeating: "false,", count: 100_000)
                + "} for i = 1, #keep do keep[i] = make() end"
        ),
    ])
    func keptHostResults_countAgainstTheCap(_ name: String, source: String) throws {
        let cap = 8 << 20
        let lua = try makeRuntime(budget: 20_000, memory: cap)
        try lua.register("make") { _ throws(LuaError) in
            [.table(LuaTable(array: (0..<500).map { .string(LuaString("value \($0) of a host result")) }))]
        }
        let chunk = try lua.load(source: source, chunkName: "keep.lua")
        lua.resetMemoryPeak()
        do {
            _ = try lua.call(chunk, budgetMilliseconds: 20_000)
            Issue.record("\(name): expected a memory error")
        } catch {
            #expect(error.kind == .memory, "\(name): \(error)")
            #expect(error.file == "keep.lua" && error.line == 1, "\(name): \(error)")
        }
        // One result is about 30 KiB: the state stops within a few of them.
        #expect(lua.memoryPeak < cap + (1 << 20), "\(name): peak \(lua.memoryPeak >> 10) KiB")
        expectUsable(lua)
    }

    @Test func oneHugeHostResult_isRefusedWhilePushed_notBuiltWhole() throws {
        let cap = 4 << 20
        let lua = try makeRuntime(memory: cap)
        let huge = LuaValue.table(LuaTable(array: (0..<2_000_000).map { .integer($0) }))
        try lua.register("huge") { _ throws(LuaError) in [huge] }
        lua.resetMemoryPeak()
        let error = expectError(lua, "local t = huge()", .memory, "not enough memory")
        #expect(error?.line == 1)
        #expect(lua.memoryPeak < cap + (1 << 20), "peak \(lua.memoryPeak >> 10) KiB")
        expectUsable(lua)
    }

    @Test func hostResultsOverTheCap_areCatchableByPcall_likeAnyMemoryError() throws {
        let lua = try makeRuntime(memory: 2 << 20)
        let big = LuaValue.string(LuaString(String(repeating: "x", count: 3 << 20)))
        try lua.register("make") { _ throws(LuaError) in [big] }
        #expect(try run(lua, "local ok, e = pcall(make) return ok, e") == [false, "not enough memory"])
    }

    /// Arguments are the script's too (a hook may keep its context): a call
    /// that would start over the cap fails before it runs, with no position.
    @Test func argumentsTheHostPushed_overTheCap_failTheCallBeforeItRuns() throws {
        let lua = try makeRuntime(memory: 2 << 20)
        let count = try lua.load(source: "return #(...)", chunkName: "count.lua")
        let big = LuaValue.table(LuaTable(array: (0..<200_000).map { .integer($0) }))
        do {
            let results = try lua.call(count, [big])
            Issue.record("expected a memory error, got \(results)")
        } catch {
            #expect(error.kind == .memory && error.file == nil, "\(error)")
        }
        expectUsable(lua)
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
