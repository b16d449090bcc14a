import Testing

@testable import LuaRuntime

@Suite struct HostFunctionTests {
    @Test func hostFunction_receivesArguments_andReturnsResults() throws {
        let lua = try makeRuntime()
        try lua.register("add") { args throws(LuaError) in
            [.integer(try args.integer(1) + args.integer(2)), .string(LuaString(args.functionName))]
        }
        #expect(try run(lua, "return add(40, 2)") == [42, "add"])
    }

    struct ArgumentCase: Sendable, CustomTestStringConvertible {
        let call: String
        let message: String
        var testDescription: String { call }
    }

    static let argumentErrors: [ArgumentCase] = [
        ArgumentCase(call: "present()", message: "bad argument #1 to 'present' (table expected, got no value)"),
        ArgumentCase(call: "present(nil)", message: "bad argument #1 to 'present' (table expected, got nil)"),
        ArgumentCase(call: "present({}, 'x')", message: "bad argument #2 to 'present' (number expected, got string)"),
        ArgumentCase(
            call: "present({}, 1.5)", message: "bad argument #2 to 'present' (number has no integer representation)"),
        ArgumentCase(call: "present({}, 1, {})", message: "bad argument #3 to 'present' (string expected, got table)"),
        ArgumentCase(
            call: "present({}, 1, 's', 1)", message: "bad argument #4 to 'present' (function expected, got number)"),
        ArgumentCase(
            call: "local t = {} t.t = t present(t)",
            message: "bad argument #1 to 'present' (table contains a cycle (at t))"),
        ArgumentCase(call: "present({[1.5] = true})", message: "bad argument #1 to 'present' (table has the key 1.5"),
        ArgumentCase(
            call: "present({coroutine.create(print)})",
            message: "bad argument #1 to 'present' (cannot convert a thread to a Swift value (at [1]))"),
    ]

    func runtimeWithPresent() throws -> LuaRuntime {
        let lua = try makeRuntime()
        try lua.register("present") { args throws(LuaError) in
            _ = try args.table(1)
            _ = try args.optionalInteger(2)
            _ = try args.optionalString(3)
            _ = try args.optionalFunction(4)
            return []
        }
        return lua
    }

    @Test(arguments: argumentErrors)
    func badArgument_readsLikeLua_withTheCallersPosition(case: ArgumentCase) throws {
        let lua = try runtimeWithPresent()
        let error = expectError(lua, "local x = 1\n" + `case`.call, .runtime, `case`.message)
        #expect(error?.file == "test.lua")
        #expect(error?.line == 2)
        expectUsable(lua)
    }

    @Test func argumentAccessors_followLuaConversions() throws {
        let lua = try makeRuntime()
        var seen: [String] = []
        try lua.register("probe") { args throws(LuaError) in
            seen = [
                try args.string(1), String(try args.integer(2)), String(try args.number(3)), String(args.boolean(4)),
                String(args.boolean(5)), args.typeName(6), args.typeName(9), String(args.count),
                String(try args.optionalString(6) == nil),
            ]
            return []
        }
        _ = try run(lua, "probe(12, '34', '2.5', nil, 0, nil)")
        #expect(seen == ["12", "34", "2.5", "false", "true", "nil", "no value", "6", "true"])
    }

    @Test func callerLocation_isTheCallingLuaLine() throws {
        let lua = try makeRuntime()
        var location: LuaLocation?
        try lua.register("expect") { args throws(LuaError) in
            location = args.callerLocation
            return []
        }
        let chunk = try lua.load(source: "local a = 1\n\nexpect(a == 1)", chunkName: "scenarios/first.lua")
        _ = try lua.call(chunk)
        #expect(location == LuaLocation(file: "scenarios/first.lua", line: 3))
    }

    @Test func thrownError_getsTheCallersPosition_andCanBeCaughtByPcall() throws {
        let lua = try makeRuntime()
        try lua.register("fail") { _ throws(LuaError) in throw LuaError("expected 2, got 3") }
        #expect(try run(lua, "return pcall(function() fail() end)") == [false, "test.lua:1: expected 2, got 3"])
        let error = expectError(lua, "local x\nfail()", .runtime, "expected 2, got 3")
        #expect(error?.line == 2)
        #expect(error?.message == "expected 2, got 3")
    }

    @Test func thrownErrorWithAPosition_keepsIt() throws {
        let lua = try makeRuntime()
        try lua.register("fail") { _ throws(LuaError) in
            throw LuaError(.runtime, "hook 'request' returned \"enqeue\"", file: "policies/queue.lua", line: 12)
        }
        let error = expectError(lua, "fail()", .runtime, "")
        #expect(error?.description == "policies/queue.lua:12: hook 'request' returned \"enqeue\"")
    }

    /// A longjmp through Swift frames would skip this deinit (and every defer).
    @Test func errorRaisedForAHostFunction_unwindsNoSwiftFrames() throws {
        final class Tracker {
            nonisolated(unsafe) static var live = 0
            init() { Tracker.live += 1 }
            deinit { Tracker.live -= 1 }
        }
        let lua = try makeRuntime()
        var deferred = 0
        try lua.register("fail") { args throws(LuaError) in
            let tracker = Tracker()
            defer { deferred += 1 }
            _ = tracker
            _ = try args.table(1)
            return []
        }
        for _ in 0..<100 {
            #expect(try run(lua, "return pcall(fail, 1)").first == false)
        }
        #expect(deferred == 100)
        #expect(Tracker.live == 0)
    }

    @Test func hostGlobals_areReadOnly_toScripts() throws {
        let lua = try makeRuntime()
        try lua.setGlobal("config", LuaValue.table(LuaTable(fields: ["name": "demo"], readOnly: true)))
        expectError(lua, "config = {}", .runtime, "cannot assign to read-only global 'config'")
        expectError(lua, "config.name = 'x'", .runtime, "cannot assign to field 'name' of a read-only table")
        #expect(try run(lua, "return config.name") == ["demo"])
    }

    @Test func hostLibrary_isAReadOnlyTable() throws {
        let lua = try makeRuntime()
        try lua.register("present", in: "sheet") { _ throws(LuaError) in ["presented"] }
        try lua.setGlobal("version", 3, in: "sheet")
        #expect(try run(lua, "return sheet.present(), sheet.version") == ["presented", 3])
        expectError(lua, "sheet.present = nil", .runtime, "read-only")
        #expect(throws: LuaError.self) { try lua.register("bad", in: "string") { _ throws(LuaError) in [] } }
    }

    @Test func hostFunction_canCallBackIntoLua() throws {
        let lua = try makeRuntime()
        try lua.register("twice") { [unowned lua] args throws(LuaError) in
            let function = try args.function(1)
            let first = try lua.call(function, [1])
            let second = try lua.call(function, first)
            return second
        }
        #expect(try run(lua, "return twice(function(x) return x * 10 end)") == [100])
    }

    @Test func hostFunctionCalledFromACoroutine_callsBackOnThatCoroutine() throws {
        let lua = try makeRuntime()
        try lua.register("callback") { [unowned lua] args throws(LuaError) in
            try lua.call(try args.function(1))
        }
        let results = try run(
            lua,
            """
            local co
            co = coroutine.create(function()
              return callback(function() local thread, isMain = coroutine.running() return thread == co, isMain end)
            end)
            return coroutine.resume(co)
            """)
        #expect(results == [true, true, false])
    }

    @Test func nestedCallsDeeperThanTheLimit_failCleanly() throws {
        let lua = try makeRuntime()
        try lua.register("recurse") { [unowned lua] args throws(LuaError) in
            try lua.call(try args.function(1), [.function(try args.function(1))])
        }
        let error = expectError(
            lua, "local function f(self) return recurse(self) end return recurse(f)", .runtime, "too many nested calls")
        #expect(error != nil)
        expectUsable(lua)
    }

    @Test func hostFunctionResults_thatCannotCross_areAnError() throws {
        let lua = try makeRuntime()
        try lua.register("bad") { _ throws(LuaError) in [.table(LuaTable(array: [1, nil, 3]))] }
        expectError(lua, "return bad()", .runtime, "array element 2 is nil")
    }
}
