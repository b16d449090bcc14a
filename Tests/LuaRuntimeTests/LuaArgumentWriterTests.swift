import Testing

@testable import LuaRuntime

/// The fast call path: arguments pushed and results read in place.
@Suite struct LuaArgumentWriterTests {
    @Test func hookShapedCall_pushesAContext_andReadsAString() throws {
        let lua = try makeRuntime()
        let policy = try lua.call(
            try lua.load(
                source: """
                    return { request = function(ctx)
                      if ctx.queue_length > 1 and ctx.interactive then return 'queue' end
                      return 'present', ctx.presenter, #ctx.detents
                    end }
                    """, chunkName: "policy.lua"))
        let hook = try #require(policy.first?.tableValue?["request"].functionValue)
        for length in [0, 2] {
            let decision = try lua.call(
                hook,
                arguments: { args throws(LuaError) in
                    try args.pushTable(readOnly: true, fieldCapacity: 4) { ctx throws(LuaError) in
                        ctx.set("presenter", "root")
                        ctx.set("queue_length", length)
                        ctx.set("interactive", true)
                        ctx.set("height", 44.5)
                        try ctx.setTable("detents", arrayCapacity: 2) { detents throws(LuaError) in
                            try detents.append("medium")
                            try detents.append("large")
                        }
                    }
                },
                results: { results in
                    [results.string(at: 0), results.string(at: 1), results.integer(at: 2).map(String.init)]
                })
            #expect(decision == (length > 1 ? ["queue", nil, nil] : ["present", "root", "2"]))
        }
    }

    /// Calls `hook` with a read-only context `{held = 1, item = {id = 3}}`;
    /// its answer as a string.
    func callWithContext(_ lua: LuaRuntime, _ hook: LuaFunction) throws -> String? {
        try lua.call(
            hook,
            arguments: { args throws(LuaError) in
                try args.pushTable(readOnly: true, fieldCapacity: 2) { ctx throws(LuaError) in
                    ctx.set("held", 1)
                    try ctx.setTable("item", fieldCapacity: 1) { item throws(LuaError) in item.set("id", 3) }
                }
            },
            results: { results in results.string(at: 0) })
    }

    /// A view's metatable fields read nil: the data table is not a metatable
    /// that `ctx.__index` would hand out for writing.
    @Test func readOnlyContext_keepsItsData_outOfReach() throws {
        let lua = try makeRuntime()
        let hook = try lua.load(
            source: """
                local ctx = ...
                local data = ctx.__index or ctx.item.__index
                if data then data.held = 42 end
                return tostring(ctx.__index) .. ' ' .. tostring(ctx.item.__index) .. ' ' .. ctx.held
                """, chunkName: "hook.lua")
        let answer = try callWithContext(lua, hook)
        #expect(answer == "nil nil 1")
    }

    /// `pairs` over a view hands the script the view as its state, not the
    /// data behind it (it did: `local _, data = pairs(ctx)` could write a
    /// read-only context, and `pairs(string)` the string library).
    @Test func pairsOverAView_givesNoWayToItsData() throws {
        let lua = try makeRuntime()
        let hook = try lua.load(
            source: """
                local ctx = ...
                local seen = {}
                for _, t in ipairs({ ctx, ctx.item, string }) do
                  local _, state = pairs(t)
                  seen[#seen + 1] = tostring(rawequal(state, t))
                  pcall(function() state.held = 42; state.id = 42; state.format = nil end)
                end
                local n = 0
                for k in pairs(ctx) do n = n + 1 end
                return table.concat(seen, ' ') .. ' ' .. ctx.held .. ' ' .. ctx.item.id .. ' '
                  .. type(string.format) .. ' ' .. n
                """, chunkName: "hook.lua")
        let answer = try callWithContext(lua, hook)
        #expect(answer == "true true true 1 3 function 2")
    }

    /// A field set from a choice holds the word, from this runtime's
    /// registry or, for another runtime's choices, as a string.
    @Test func choiceFields_holdTheirWord() throws {
        let lua = try makeRuntime()
        let mine = lua.choices(["sheet", "popover"])
        let theirs = try makeRuntime().choices(["presented"])
        let hook = try lua.load(source: "local ctx = ... return ctx.kind .. ' ' .. ctx.phase", chunkName: "hook.lua")
        let answer = try lua.call(
            hook,
            arguments: { args throws(LuaError) in
                try args.pushTable(readOnly: true, fieldCapacity: 2) { ctx throws(LuaError) in
                    ctx.set("kind", choice: 1, of: mine)
                    ctx.set("phase", choice: 0, of: theirs)
                }
            },
            results: { results in results.string(at: 0) })
        #expect(answer == "popover presented")
    }

    @Test func results_readInPlace() throws {
        let lua = try makeRuntime()
        let chunk = try lua.load(source: "return 'text', 7, 2.5, false, nil, {1}", chunkName: "r")
        try lua.call(chunk, arguments: { _ in }) { results throws(LuaError) in
            #expect(results.count == 6)
            #expect(results.string(at: 0) == "text")
            #expect(results.string(at: 1) == nil)
            #expect(results.integer(at: 1) == 7)
            #expect(results.integer(at: 2) == nil)
            #expect(results.number(at: 2) == 2.5)
            #expect(results.isTruthy(at: 3) == false)
            #expect(results.isNil(at: 4))
            #expect(results.isNil(at: 99))
            #expect(results.typeName(at: 5) == "table")
            #expect(results.typeName(at: 6) == "no value")
            #expect(try results.value(at: 5) == [1])
        }
    }

    @Test func readOnlyWriter_refusesMetamethodNames() throws {
        let lua = try makeRuntime()
        let chunk = try lua.load(source: "return ...", chunkName: "r")
        #expect(throws: LuaError(.badValue, "a read-only table cannot have the field '__index'")) {
            try lua.call(
                chunk,
                arguments: { args throws(LuaError) in
                    try args.pushTable(readOnly: true) { (t: inout LuaTableWriter) throws(LuaError) in
                        t.set("__index", 1)
                    }
                }, results: { _ in })
        }
        expectUsable(lua)
    }

    @Test func manyArguments_growTheStack() throws {
        let lua = try makeRuntime()
        let chunk = try lua.load(source: "return select('#', ...), select(500, ...)", chunkName: "r")
        let results = try lua.call(
            chunk, arguments: { (args: inout LuaArgumentWriter) throws(LuaError) in for i in 1...500 { args.push(i) } },
            results: { (results: LuaResults) throws(LuaError) in try results.values() })
        #expect(results == [500, 500])
    }

    @Test func errorInTheArgumentsClosure_leavesTheStackBalanced() throws {
        let lua = try makeRuntime()
        let chunk = try lua.load(source: "return 1", chunkName: "r")
        let top = lua.main.top
        for _ in 0..<100 {
            #expect(throws: LuaError.self) {
                try lua.call(
                    chunk,
                    arguments: { args throws(LuaError) in
                        args.push(1)
                        throw LuaError("stop")
                    }, results: { _ in })
            }
        }
        #expect(lua.main.top == top)
        expectUsable(lua)
    }
}
