import Dispatch
import Testing

@testable import LuaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct LuaRuntimeTests {
    // MARK: Loading

    @Test func load_andCall_returnsAllResults() throws {
        let lua = try makeRuntime()
        #expect(try run(lua, "return 1 + 2, 'x', nil, true") == [3, "x", nil, true])
    }

    @Test func syntaxError_carriesFileLineAndMessage() throws {
        let lua = try makeRuntime()
        do {
            _ = try lua.load(source: "local x = 1\nlocal = 2", chunkName: "policies/queue.lua")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.file == "policies/queue.lua")
            #expect(error.line == 2)
            #expect(error.message == "<name> expected near '='")
            #expect(error.description == "policies/queue.lua:2: <name> expected near '='")
            #expect(!error.isIncompleteInput)
        }
    }

    @Test(arguments: ["if true then", "function f(", "x = {", "return 'abc"])
    func syntaxError_atEndOfInput_isIncomplete(source: String) throws {
        let lua = try makeRuntime()
        #expect(throws: LuaError.self) { try lua.load(source: source, chunkName: "=stdin") }
        do { _ = try lua.load(source: source, chunkName: "=stdin") } catch {
            #expect(error.isIncompleteInput, "\(error)")
            #expect(error.file == "stdin")
        }
    }

    @Test func chunkNameWithEquals_isUsedAsIs() throws {
        let lua = try makeRuntime()
        let chunk = try lua.load(source: "error('boom')", chunkName: "=repl")
        #expect(throws: LuaError(.runtime, "boom", file: "repl", line: 1)) {
            do throws(LuaError) { _ = try lua.call(chunk) } catch {
                throw LuaError(error.kind, error.message, file: error.file, line: error.line)
            }
        }
    }

    @Test func loadPath_namesTheChunkAfterThePath_andSkipsAShebangLine() throws {
        let path = "/tmp/sheetlab-luaruntime-\(UInt32.random(in: 0...UInt32.max)).lua"
        let file = fopen(path, "w")!
        fputs("#!/usr/bin/env lua\nlocal x = 1\nerror('at line three')\n", file)
        fclose(file)
        defer { remove(path) }
        let lua = try makeRuntime()
        let chunk = try lua.load(path: path)
        do {
            _ = try lua.call(chunk)
            Issue.record("no error")
        } catch {
            #expect(error.file == path)
            #expect(error.line == 3)
            #expect(error.message == "at line three")
        }
    }

    @Test func loadPath_missingFile_isAnIOError() throws {
        let lua = try makeRuntime()
        do {
            _ = try lua.load(path: "/nonexistent/policy.lua")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .io)
            #expect(error.message.contains("/nonexistent/policy.lua"))
        }
    }

    @Test func binarySource_isRefused() throws {
        let lua = try makeRuntime()
        let binary = PlainLua().binaryChunk(of: "return 1")
        #expect(throws: LuaError.self) {
            _ = try lua.load(source: String(decoding: binary, as: UTF8.self), chunkName: "bin")
        }
    }

    // MARK: Runtime errors

    @Test func runtimeError_hasMessageFileLineAndTraceback() throws {
        let lua = try makeRuntime()
        let chunk = try lua.load(
            source: "local function inner()\n  local t = nil\n  return t.x\nend\nlocal r = inner()\nreturn r",
            chunkName: "ctx.lua")
        do {
            _ = try lua.call(chunk)
            Issue.record("no error")
        } catch {
            #expect(error.kind == .runtime)
            #expect(error.file == "ctx.lua")
            #expect(error.line == 3)
            #expect(error.message == "attempt to index a nil value (local 't')")
            let traceback = try #require(error.traceback)
            #expect(traceback.hasPrefix("stack traceback:"))
            #expect(traceback.contains("ctx.lua:3: in"), "\(traceback)")
            #expect(traceback.contains("ctx.lua:5: in main chunk"), "\(traceback)")
        }
    }

    @Test func errorWithTable_reportsTheInnermostLuaPosition() throws {
        let lua = try makeRuntime()
        let error = expectError(lua, "local x = 1\nerror({code = 1})", .runtime, "error object is a table value")
        #expect(error?.file == "test.lua")
        #expect(error?.line == 2)
    }

    @Test func errorObjectWithTostring_isConvertedByTheMessageHandler() throws {
        let lua = try makeRuntime()
        expectError(
            lua, "error(setmetatable({}, {__tostring = function() return 'custom error' end}))", .runtime,
            "custom error")
        expectUsable(lua)
    }

    @Test func errorObjectWhoseTostringFails_givesTheSecondError() throws {
        let lua = try makeRuntime()
        expectError(
            lua, "error(setmetatable({}, {__tostring = function() error('in tostring') end}))", .runtime, "in tostring")
        expectUsable(lua)
    }

    @Test func errorWithLevelZero_hasNoPositionInItsMessage() throws {
        let lua = try makeRuntime()
        let error = expectError(lua, "error('plain', 0)", .runtime, "plain")
        #expect(error?.message == "plain")
    }

    // MARK: Environments

    @Test func eachChunk_hasItsOwnGlobals() throws {
        let lua = try makeRuntime()
        _ = try run(lua, "shared = 1")
        #expect(try run(lua, "return shared") == [nil])
    }

    @Test func chunksInOneEnvironment_shareGlobals() throws {
        let lua = try makeRuntime()
        let environment = lua.makeEnvironment()
        _ = try lua.call(try lua.load(source: "counter = 41", chunkName: "=stdin", in: environment))
        let results = try lua.call(
            try lua.load(source: "counter = counter + 1 return counter", chunkName: "=stdin", in: environment))
        #expect(results == [42])
        #expect(try lua.global("counter", in: environment) == 42)
    }

    @Test func underscoreG_isTheChunksOwnEnvironment() throws {
        let lua = try makeRuntime()
        #expect(try run(lua, "x = 5 return _G.x, _G == _ENV, rawget(_G, 'print')") == [5, true, nil])
    }

    // MARK: print and warn

    @Test func print_goesToThePrintHandler() throws {
        let lua = try makeRuntime()
        var lines: [String] = []
        lua.printHandler = { lines.append($0) }
        _ = try run(lua, "print('a', 1, nil, 2.5, true) print()")
        #expect(lines == ["a\t1\tnil\t2.5\ttrue", ""])
    }

    @Test func print_usesTostringMetamethods() throws {
        let lua = try makeRuntime()
        var lines: [String] = []
        lua.printHandler = { lines.append($0) }
        _ = try run(lua, "print(setmetatable({}, {__tostring = function() return 'point(1, 2)' end}))")
        #expect(lines == ["point(1, 2)"])
    }

    @Test func warn_isCollected() throws {
        let lua = try makeRuntime()
        _ = try run(lua, "warn('first ', 'part') warn('@on') warn('second')")
        #expect(lua.warnings == ["first part", "second"])
        lua.clearWarnings()
        #expect(lua.warnings.isEmpty)
    }

    @Test func warnings_keepOnlyTheNewest() throws {
        let lua = try makeRuntime()
        _ = try run(lua, "for i = 1, 150 do warn('w' .. i) end")
        #expect(lua.warnings.count == LuaRuntime.maximumWarnings)
        #expect(lua.warnings.last == "w150")
    }

    // MARK: Interrupts

    @Test func interrupt_fromAnotherThread_stopsTheCall_andTheRuntimeStaysUsable() throws {
        let lua = try makeRuntime(budget: 20_000)
        let handle = lua.makeInterruptHandle()
        // Interrupts once the script runs: an interrupt after a fixed delay
        // could come before the call began on a loaded machine, and do nothing.
        let running = DispatchSemaphore(value: 0)
        try lua.register("running") { _ throws(LuaError) in
            running.signal()
            return []
        }
        // A thread of its own, not the shared pool, which the tests (this one
        // spinning in Lua) can keep busy on a 2-core machine past the budget.
        startDetachedThread {
            _ = running.wait(timeout: .now() + 60)
            handle.interrupt()
        }
        let error = expectError(lua, "running()\nlocal n = 0\nwhile true do n = n + 1 end", .interrupted, "interrupted")
        #expect(error?.file == "test.lua")
        expectUsable(lua)
    }

    /// A REPL's Ctrl-C while a hook runs: the hook stops, the host code that
    /// called it goes on (its next nested call runs), and the outer call
    /// stops at its next instruction (issue 26: a content closure failed too).
    @Test func interruptRunningCode_stopsTheNestedCall_thenTheOuterOne_notTheHostBetween() throws {
        let lua = try makeRuntime(budget: 20_000)
        let handle = lua.makeInterruptHandle()
        let running = DispatchSemaphore(value: 0)
        try lua.register("running") { _ throws(LuaError) in
            running.signal()
            return []
        }
        let spin = try lua.load(source: "running() while true do end", chunkName: "hook.lua")
        let content = try lua.load(source: "return 42", chunkName: "content.lua")
        var hookError: LuaError?
        var contentResult: [LuaValue] = []
        try lua.register("step") { _ throws(LuaError) in
            do throws(LuaError) {
                _ = try lua.call(spin)
            } catch {
                hookError = error
            }
            contentResult = try lua.call(content)
            return [.string("stepped")]
        }
        // A thread of its own, not the shared pool, which the tests (this one
        // spinning in Lua) can keep busy on a 2-core machine past the budget.
        startDetachedThread {
            _ = running.wait(timeout: .now() + 60)
            handle.interruptRunningCode()
        }
        let error = expectError(
            lua, "local r = step()\nlocal n = 0\nwhile true do n = n + 1 end", .interrupted, "interrupted")
        #expect(error?.file == "test.lua")
        #expect(hookError?.kind == .interrupted, "\(String(describing: hookError))")
        #expect(hookError?.file == "hook.lua")
        #expect(contentResult == [42])
        expectUsable(lua)
    }

    /// Ctrl-C with no nested call running stops the running call, as `interrupt()` does.
    @Test func interruptRunningCode_inTheOuterCall_stopsIt() throws {
        let lua = try makeRuntime(budget: 20_000)
        let handle = lua.makeInterruptHandle()
        let running = DispatchSemaphore(value: 0)
        try lua.register("running") { _ throws(LuaError) in
            running.signal()
            return []
        }
        // A thread of its own, not the shared pool, which the tests (this one
        // spinning in Lua) can keep busy on a 2-core machine past the budget.
        startDetachedThread {
            _ = running.wait(timeout: .now() + 60)
            handle.interruptRunningCode()
        }
        expectError(lua, "running()\nwhile true do end", .interrupted, "interrupted")
        expectUsable(lua)
        lua.makeInterruptHandle().interruptRunningCode()  // idle: nothing to stop, nothing left asked
        expectUsable(lua)
    }

    @Test func interrupt_whenIdle_doesNothing() throws {
        let lua = try makeRuntime()
        lua.interrupt()
        expectUsable(lua)
    }

    @Test func interruptHandle_outlivingItsRuntime_isHarmless() throws {
        var lua: LuaRuntime? = try makeRuntime()
        let handle = lua!.makeInterruptHandle()
        lua = nil
        handle.interrupt()
    }

    // MARK: Memory and references

    @Test func memoryInUse_isCountedAndShrinksAfterCollection() throws {
        let lua = try makeRuntime()
        let before = lua.memoryInUse
        #expect(before > 0)
        let environment = lua.makeEnvironment()
        _ = try lua.call(try lua.load(source: "big = string.rep('x', 1 << 20)", chunkName: "=m", in: environment))
        #expect(lua.memoryInUse > before + (1 << 19))
        _ = try lua.call(try lua.load(source: "big = nil", chunkName: "=m", in: environment))
        lua.collectGarbage()
        #expect(lua.memoryInUse < before + (1 << 19))
    }

    @Test func functionsDroppedBySwift_releaseTheirRegistryReferences() throws {
        let lua = try makeRuntime()
        let chunk = try lua.load(source: "return function() return 1 end", chunkName: "f")
        lua.collectGarbage()
        let baseline = lua.memoryInUse
        for _ in 0..<1000 {
            _ = try lua.call(chunk)
        }
        lua.collectGarbage()
        #expect(lua.memoryInUse < baseline + 4096)
    }

    @Test func functionOfAnotherRuntime_isABadValue() throws {
        let first = try makeRuntime()
        let second = try makeRuntime()
        let chunk = try first.load(source: "return 1", chunkName: "f")
        #expect(throws: LuaError(.badValue, "function belongs to another Lua runtime")) { try second.call(chunk) }
    }

    @Test func runtimes_areIndependent() throws {
        let first = try makeRuntime()
        let second = try makeRuntime()
        try first.setGlobal("name", "first")
        try second.setGlobal("name", "second")
        #expect(try run(first, "return name") == ["first"])
        #expect(try run(second, "return name") == ["second"])
    }

    @Test func mathRandom_isDeterministicPerRuntime() throws {
        let source = "return math.random(1, 1000000), math.random(1, 1000000)"
        #expect(try run(try makeRuntime(), source) == run(try makeRuntime(), source))
    }
}
