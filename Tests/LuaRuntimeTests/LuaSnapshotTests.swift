import Testing

@testable import LuaRuntime

/// Read-only tables kept in slots and passed again (`LuaSnapshots`).
@Suite struct LuaSnapshotTests {
    /// `seen(ctx)`: whether `ctx.item` is the table the previous call got,
    /// its id, and whether assigning to it fails.
    static let hook = """
        local previous
        return function(ctx)
          local same = rawequal(previous, ctx.item)
          previous = ctx.item
          local refused = not pcall(function() ctx.item.id = 0 end)
          return tostring(same) .. ' ' .. ctx.item.id .. ' ' .. tostring(refused)
        end
        """

    func call(_ lua: LuaRuntime, _ hook: LuaFunction, _ write: (inout LuaTableWriter) throws(LuaError) -> Void)
        throws -> String?
    {
        try lua.call(
            hook, arguments: { args throws(LuaError) in try args.pushTable(readOnly: true, fieldCapacity: 1, write) },
            results: { $0.string(at: 0) })
    }

    @Test func aKeptSnapshot_passedAgain_isTheSameReadOnlyTable() throws {
        let lua = try makeRuntime()
        let hook = try #require(
            try lua.call(try lua.load(source: Self.hook, chunkName: "hook.lua")).first?.functionValue)
        let slots = lua.snapshots(capacity: 2)
        var kept: [Bool] = []
        func keep(_ id: Int) -> (inout LuaTableWriter) throws(LuaError) -> Void {
            { (t: inout LuaTableWriter) throws(LuaError) in
                kept.append(
                    try t.setSnapshot("item", keepingIn: slots, at: 2, fieldCapacity: 1) {
                        (t: inout LuaTableWriter) throws(LuaError) in t.set("id", id)
                    })
            }
        }
        let again = { (t: inout LuaTableWriter) throws(LuaError) in try t.set("item", snapshotIn: slots, at: 2) }
        #expect(try call(lua, hook, keep(7)) == "false 7 true")
        #expect(try call(lua, hook, again) == "true 7 true")
        // Replaced, the slot gives the new table.
        #expect(try call(lua, hook, keep(8)) == "false 8 true")
        #expect(try call(lua, hook, again) == "true 8 true")
        #expect(kept == [true, true])
    }

    @Test func aPlainTable_keepsNothing_andCannotTakeASnapshot() throws {
        let lua = try makeRuntime()
        let echo = try lua.load(source: "local t = ... t.item.id = t.item.id + 1 return t.item.id", chunkName: "echo")
        let slots = lua.snapshots(capacity: 1)
        var kept: Bool?
        let answer = try lua.call(
            echo,
            arguments: { args throws(LuaError) in
                try args.pushTable(fieldCapacity: 1) { (t: inout LuaTableWriter) throws(LuaError) in
                    kept = try t.setSnapshot("item", keepingIn: slots, at: 1) {
                        (t: inout LuaTableWriter) throws(LuaError) in
                        t.set("id", 1)
                    }
                }
            }, results: { $0.integer(at: 0) })
        #expect(answer == 2 && kept == false, "a plain table's copy is the script's to change")
        #expect(throws: LuaError(.badValue, "a snapshot can be set only in a read-only table")) {
            try lua.call(
                echo,
                arguments: { args throws(LuaError) in
                    try args.pushTable { (t: inout LuaTableWriter) throws(LuaError) in
                        try t.set("item", snapshotIn: slots, at: 1)
                    }
                }, results: { _ in })
        }
    }

    @Test func slotsOfAnotherRuntime_orOutOfRange_areRefused() throws {
        let lua = try makeRuntime()
        let other = try makeRuntime().snapshots(capacity: 1)
        let slots = lua.snapshots(capacity: 1)
        let identity = try lua.load(source: "return ...", chunkName: "id")
        for (using, slot, message) in [
            (other, 1, "snapshots of another Lua runtime"), (slots, 2, "snapshot slot 2 is not in 1...1"),
        ] {
            #expect(throws: LuaError(.badValue, message)) {
                try lua.call(
                    identity,
                    arguments: { args throws(LuaError) in
                        try args.pushTable(readOnly: true) { (t: inout LuaTableWriter) throws(LuaError) in
                            try t.set("item", snapshotIn: using, at: slot)
                        }
                    }, results: { _ in })
            }
        }
    }
}
