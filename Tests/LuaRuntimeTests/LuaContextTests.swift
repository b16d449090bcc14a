import Testing

@testable import LuaRuntime

/// A context kept across calls and updated in place (`LuaContext`): each
/// call's view reads it during that call only.
@Suite struct LuaContextTests {
    /// `read(ctx)`: the context's fields in order, with whether writing fails;
    /// it keeps the view, which `stale()` reads after the call.
    static let source = """
        local kept
        local function fields(t)
          local names = {}
          for k, v in pairs(t) do names[#names + 1] = k .. '=' .. tostring(v) end
          table.sort(names)
          return table.concat(names, ' ')
        end
        return function(ctx)
          kept = ctx
          local refused = not pcall(function() ctx.a = 0 end)
          return fields(ctx) .. (refused and ' (read-only)' or ' (WRITABLE)')
            .. (ctx.__index == nil and '' or ' (__index shown)')
        end, function()
          return kept.a
        end, function(how)
          if how == 'pairs' then return pairs(kept) end
          if how == 'len' then return #kept end
          if how == 'view' then return kept end
          return rawget(kept, 'a'), getmetatable(kept)
        end
        """

    struct Fixture {
        let lua: LuaRuntime
        let read: LuaFunction
        let stale: LuaFunction
        let other: LuaFunction
        let context: LuaContext

        init() throws {
            lua = try makeRuntime()
            let results = try lua.call(try lua.load(source: LuaContextTests.source, chunkName: "context.lua"))
            read = try #require(results[0].functionValue)
            stale = try #require(results[1].functionValue)
            other = try #require(results[2].functionValue)
            context = lua.context(fieldCapacity: 4)
        }

        /// Calls `read` with the context updated by `update`, then ends its call.
        func call(_ update: (inout LuaTableWriter) throws(LuaError) -> Void) throws -> String? {
            defer { lua.endCall(of: context) }
            return try lua.call(
                read, arguments: { args throws(LuaError) in try args.pushView(of: context, update) },
                results: { $0.string(at: 0) })
        }
    }

    @Test func aView_readsTheFieldsLeftAndChanged_inPlace() throws {
        let f = try Fixture()
        #expect(
            try f.call { (t: inout LuaTableWriter) throws(LuaError) in
                t.set("a", 1)
                t.set("b", "x")
            } == "a=1 b=x (read-only)")
        // Only what changes is set; what is not set stays; setNil removes.
        #expect(try f.call { (t: inout LuaTableWriter) throws(LuaError) in t.set("a", 2) } == "a=2 b=x (read-only)")
        #expect(try f.call { (t: inout LuaTableWriter) throws(LuaError) in t.setNil("b") } == "a=2 (read-only)")
        #expect(f.context.isInCall == false)
    }

    @Test func aViewKeptByTheScript_raisesWhenReadAfterItsCall() throws {
        let f = try Fixture()
        _ = try f.call { (t: inout LuaTableWriter) throws(LuaError) in t.set("a", 1) }
        for (function, arguments) in [(f.stale, [] as [LuaValue]), (f.other, ["pairs"]), (f.other, ["len"])] {
            let error = #expect(throws: LuaError.self) { try f.lua.call(function, arguments) }
            #expect(error?.message.contains("a hook's context can be read only during its call") == true)
            #expect(error?.file == "context.lua")
        }
        // Passed back to Swift after its call, it converts to an empty table.
        #expect(try f.lua.call(f.other, ["view"]).first?.tableValue?.fields.isEmpty == true)
        // Raw access and the metatable show nothing either way.
        #expect(try f.lua.call(f.other, ["raw"]) == [.nil, .boolean(false)])
        // A later call's view reads; the kept one still does not.
        #expect(try f.call { (t: inout LuaTableWriter) throws(LuaError) in t.set("a", 5) } == "a=5 (read-only)")
        #expect(throws: LuaError.self) { try f.lua.call(f.stale, []) }
    }

    @Test func aNewView_endsTheLastOne_evenIfItsCallWasNotEnded() throws {
        let f = try Fixture()
        // As if ending the call had failed (the stack could not grow).
        _ = try f.lua.call(
            f.read,
            arguments: { args throws(LuaError) in
                try args.pushView(of: f.context) { (t: inout LuaTableWriter) throws(LuaError) in t.set("a", 1) }
            }, results: { $0.string(at: 0) })
        #expect(try f.lua.call(f.stale, []) == [.integer(1)])
        f.context.inCall = false
        // The next call's view is the only one that reads.
        let kept = try f.lua.call(f.other, ["view"])
        #expect(try f.call { (t: inout LuaTableWriter) throws(LuaError) in t.set("a", 2) } == "a=2 (read-only)")
        #expect(kept.count == 1)
        let error = #expect(throws: LuaError.self) { try f.lua.call(f.stale, []) }
        #expect(error?.message.contains("a hook's context can be read only during its call") == true)
    }

    @Test func aViewConvertedToASwiftValue_duringItsCall_isItsData() throws {
        let f = try Fixture()
        let echo = try f.lua.load(source: "return ...", chunkName: "echo.lua")
        defer { f.lua.endCall(of: f.context) }
        let value = try f.lua.call(
            echo,
            arguments: { args throws(LuaError) in
                try args.pushView(of: f.context) { (t: inout LuaTableWriter) throws(LuaError) in t.set("a", 3) }
            }, results: { (r: LuaResults) throws(LuaError) in try r.value(at: 0) })
        #expect(value.tableValue?["a"] == LuaValue.integer(3))
    }

    @Test func aContextInACall_orOfAnotherRuntime_isRefused() throws {
        let f = try Fixture()
        let nested = try f.lua.load(source: "return ...", chunkName: "nested.lua")
        let error = #expect(throws: LuaError.self) {
            try f.lua.call(
                nested,
                arguments: { args throws(LuaError) in
                    try args.pushView(of: f.context) { (_: inout LuaTableWriter) throws(LuaError) in }
                    try args.pushView(of: f.context) { (_: inout LuaTableWriter) throws(LuaError) in }
                }, results: { $0.count })
        }
        #expect(error?.message == "the context is in a call already")
        f.lua.endCall(of: f.context)
        let other = try makeRuntime().context(fieldCapacity: 1)
        #expect(throws: LuaError.self) {
            try f.lua.call(
                nested,
                arguments: { args throws(LuaError) in
                    try args.pushView(of: other) { (_: inout LuaTableWriter) throws(LuaError) in }
                }, results: { $0.count })
        }
    }

    @Test func aRefusedField_failsTheCall_andLeavesNoViewReading() throws {
        let f = try Fixture()
        #expect(throws: LuaError.self) {
            try f.call { (t: inout LuaTableWriter) throws(LuaError) in t.set("__index", 1) }
        }
        #expect(f.context.isInCall == false)
    }
}
