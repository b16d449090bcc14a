import Testing

@testable import LuaRuntime

/// Values crossing between Swift and Lua, both ways.
@Suite struct LuaValueTests {
    nonisolated(unsafe) static let roundTrips: [LuaValue] = [
        nil, true, false, 0, -7, .integer(Int.max), .integer(Int.min), 2.5, .number(-0.0), .number(1e300),
        "", "plain", "ünïcödé ✓", .string(LuaString(bytes: [0x00, 0x61, 0x00])),
        .string(LuaString(bytes: [0xFF, 0xFE, 0x41])), [1, 2, 3], ["a": 1, "b": "two"],
        .table(LuaTable(array: [1, ["x": [true]]], fields: ["nested": ["deep": ["deeper": 1]]])), [],
    ]

    @Test(arguments: roundTrips.indices)
    func value_roundTripsThroughLua(index: Int) throws {
        let value = LuaValueTests.roundTrips[index]
        let lua = try makeRuntime()
        let identity = try lua.load(source: "return ...", chunkName: "id")
        let back = try lua.call(identity, [value])
        #expect(back == [value])
        if case .number(let number) = value, case .number(let returned)? = back.first {
            #expect(number.sign == returned.sign)
        }
    }

    @Test func integersAndFloats_stayDistinct() throws {
        let lua = try makeRuntime()
        let results = try run(lua, "return 3, 3.0, 2^53, 7 // 2, 7 / 2")
        #expect(results.map(\.typeName) == ["number", "number", "number", "number", "number"])
        guard case .integer = results[0], case .number = results[1], case .number = results[2],
            case .integer(3) = results[3], case .number(3.5) = results[4]
        else {
            Issue.record("\(results)")
            return
        }
    }

    @Test func stringsWithAnyBytes_keepTheirBytesInLua() throws {
        let lua = try makeRuntime()
        try lua.setGlobal("bytes", .string(LuaString(bytes: [0, 1, 0xFF, 0x80])))
        #expect(try run(lua, "return #bytes, bytes:byte(1, -1)") == [4, 0, 1, 255, 128])
    }

    @Test func luaTable_withArrayAndFields_convertsToSwift() throws {
        let lua = try makeRuntime()
        let results = try run(lua, "return {10, 20, 30, name = 'n', flag = false, inner = {1}}")
        let table = try #require(results.first?.tableValue)
        #expect(table.array == [10, 20, 30])
        #expect(table.fields == ["name": "n", "flag": false, "inner": [1]])
    }

    @Test func functions_crossByReference() throws {
        let lua = try makeRuntime()
        let results = try run(lua, "local n = 0 return function() n = n + 1 return n end")
        let counter = try #require(results.first?.functionValue)
        #expect(try lua.call(counter) == [1])
        #expect(try lua.call(counter) == [2])
        #expect(
            try lua.call(try lua.load(source: "local f = ... return f(), f()", chunkName: "c"), [.function(counter)])
                == [3, 4])
    }

    struct BadValue: Sendable, CustomTestStringConvertible {
        let source: String
        let message: String
        var testDescription: String { source }
    }

    static let badValues: [BadValue] = [
        BadValue(source: "local t = {} t.self = t return t", message: "table contains a cycle (at self)"),
        BadValue(
            source: "local a, b = {}, {} a.b = b b.list = {a} return a",
            message: "table contains a cycle (at b.list[1])"),
        BadValue(
            source: "local t = {} for i = 1, 150 do t = {t} end return t",
            message: "table nested deeper than 100 levels"),
        BadValue(source: "return {1, nil, 3}", message: "array has a hole at index 2"),
        BadValue(
            source: "return {[1] = 'a', [3] = 'c'}", message: "table has the key 3, neither a string nor an index 1...1"
        ),
        BadValue(source: "return {[2.5] = true}", message: "table has the key 2.5"),
        BadValue(source: "return {[true] = 1}", message: "table has a boolean key"),
        BadValue(source: "return {[{}] = 1}", message: "table has a table key"),
        BadValue(source: "return coroutine.create(print)", message: "cannot convert a thread to a Swift value"),
        BadValue(
            source: "return {co = coroutine.running()}", message: "cannot convert a thread to a Swift value (at co)"),
    ]

    @Test(arguments: badValues)
    func unconvertibleResult_isABadValueError(bad: BadValue) throws {
        let lua = try makeRuntime()
        let error = expectError(lua, bad.source, .badValue, bad.message)
        #expect(error != nil)
        expectUsable(lua)
    }

    @Test func sharedSubtables_withoutCycles_convert() throws {
        let lua = try makeRuntime()
        let results = try run(lua, "local shared = {1} return {a = shared, b = shared}")
        #expect(results == [["a": [1], "b": [1]]])
    }

    @Test func swiftTable_nestedTooDeeply_isABadValue() throws {
        let lua = try makeRuntime()
        var value: LuaValue = [1]
        for _ in 0..<150 { value = [value] }
        let identity = try lua.load(source: "return ...", chunkName: "id")
        #expect(throws: LuaError(.badValue, "table nested deeper than 100 levels")) { try lua.call(identity, [value]) }
        expectUsable(lua)
    }

    @Test func swiftArray_withNil_isABadValue() throws {
        let lua = try makeRuntime()
        let identity = try lua.load(source: "return ...", chunkName: "id")
        #expect(throws: LuaError(.badValue, "array element 2 is nil")) { try lua.call(identity, [[1, nil, 3]]) }
    }

    // MARK: Read-only snapshots

    func snapshot(_ lua: LuaRuntime) throws -> LuaFunction {
        try lua.load(
            source:
                "local ctx, code = ... return load(code, '=probe', 't', {ctx = ctx, pcall = pcall, pairs = pairs, ipairs = ipairs, rawset = rawset, rawget = rawget, getmetatable = getmetatable, setmetatable = setmetatable, next = next, table = table})()",
            chunkName: "probe")
    }

    nonisolated(unsafe) static let context: LuaValue = .table(
        LuaTable(array: ["a", "b"], fields: ["presenter": "root", "count": 2, "detents": ["large"]], readOnly: true))

    @Test(
        arguments: [
            ("return ctx.presenter, ctx.count, ctx.detents[1], ctx[2], #ctx", "\"root\" | 2 | \"large\" | \"b\" | 2"),
            (
                "return pcall(function() ctx.presenter = 'x' end)",
                "false | \"probe:1: cannot assign to field 'presenter' of a read-only table\""
            ),
            (
                "return pcall(function() ctx.detents[1] = 'x' end)",
                "false | \"probe:1: cannot modify a read-only table\""
            ),
            ("return pcall(rawset, ctx, 'presenter', 'x')", "false | \"cannot modify a read-only table\""),
            ("return pcall(setmetatable, ctx, nil)", "false | \"cannot change a protected metatable\""),
            ("return getmetatable(ctx), rawget(ctx, 'presenter')", "false | nil"),
            // The data are not reachable through the view's metatable fields.
            (
                "return ctx.__index, ctx.__newindex, ctx.__pairs, ctx.__len, ctx.__metatable",
                "nil | nil | nil | nil | nil"
            ),
            ("return ctx.detents.__index, rawget(ctx.detents, 1)", "nil | nil"),
            ("local n = 0 for k, v in pairs(ctx) do n = n + 1 end return n", "5"),
            ("local s = '' for i, v in ipairs(ctx) do s = s .. v end return s", "\"ab\""),
            ("return next(ctx)", "nil"),
            ("return table.concat(ctx, ',')", "\"a,b\""),
        ] as [(String, String)])
    func readOnlySnapshot_readsLikeATable_butRefusesWrites(code: String, expected: String) throws {
        let lua = try makeRuntime()
        let results = try lua.call(try snapshot(lua), [LuaValueTests.context, .string(LuaString(code))])
        #expect(results.map(\.description).joined(separator: " | ") == expected)
    }

    @Test func readOnlySnapshot_passedBack_convertsToItsData() throws {
        let lua = try makeRuntime()
        let identity = try lua.load(source: "return ...", chunkName: "id")
        var expected = LuaValueTests.context.tableValue!
        expected.isReadOnly = false
        #expect(try lua.call(identity, [LuaValueTests.context]) == [.table(expected)])
    }

    @Test func readOnlySnapshot_refusesMetamethodNames() throws {
        let lua = try makeRuntime()
        let identity = try lua.load(source: "return ...", chunkName: "id")
        let bad = LuaValue.table(LuaTable(fields: ["__gc": 1], readOnly: true))
        #expect(throws: LuaError(.badValue, "a read-only table cannot have the field '__gc'")) {
            try lua.call(identity, [bad])
        }
    }
}
