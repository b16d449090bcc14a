import Testing

@testable import LuaRuntime

/// Answers read as one of a fixed set of words (`LuaChoices`), without a Swift String.
@Suite struct LuaChoicesTests {
    static let long = String(repeating: "long-answer-", count: 5)

    /// Calls `source`'s function with `argument` and reads its first result as a choice.
    func answer(_ lua: LuaRuntime, _ hook: LuaFunction, _ argument: Int, _ choices: LuaChoices) throws -> Int? {
        try lua.call(hook, arguments: { $0.push(argument) }, results: { $0.choice(at: 0, in: choices) })
    }

    @Test func choice_isThePositionOfTheWord_orNil() throws {
        let lua = try makeRuntime()
        let hook = try #require(
            try lua.call(
                try lua.load(
                    source: """
                        local long = string.rep("long-answer-", 5)
                        return function(i)
                          local answers = { "present", "queue", "dro" .. "p", long, "other", 7, nil, true }
                          return answers[i]
                        end
                        """, chunkName: "answers.lua")
            ).first?.functionValue)
        let choices = lua.choices(["present", "queue", "drop", Self.long])
        #expect(choices.words.count == 4)
        #expect(try answer(lua, hook, 1, choices) == 0)
        #expect(try answer(lua, hook, 2, choices) == 1)
        #expect(try answer(lua, hook, 3, choices) == 2)  // built at run time: the same interned string
        #expect(try answer(lua, hook, 4, choices) == 3)  // longer than Lua interns: compared by its bytes
        #expect(try answer(lua, hook, 5, choices) == nil)
        #expect(try answer(lua, hook, 6, choices) == nil)  // a number is not converted
        #expect(try answer(lua, hook, 7, choices) == nil)
        #expect(try answer(lua, hook, 8, choices) == nil)
        // Past the results.
        let none = try lua.call(
            hook, arguments: { $0.push(1) },
            results: { $0.choice(at: 1, in: choices) ?? $0.choice(at: -1, in: choices) })
        #expect(none == nil)
    }

    @Test func choices_surviveCollections_andWorkAcrossRuntimes() throws {
        let lua = try makeRuntime()
        let other = try makeRuntime()
        let hook = try #require(
            try lua.call(
                try lua.load(source: "return function(i) return i == 1 and 'queue' or 'present' end", chunkName: "h")
            )
            .first?.functionValue)
        let mine = lua.choices(["present", "queue"])
        let theirs = other.choices(["present", "queue"])
        for _ in 0..<3 {
            lua.collectGarbage()
            #expect(try answer(lua, hook, 1, mine) == 1)
            #expect(try answer(lua, hook, 2, mine) == 0)
            // Another runtime's strings are other objects: the bytes decide.
            #expect(try answer(lua, hook, 1, theirs) == 1)
        }
    }

    @Test func droppedChoices_releaseTheirAnchor() throws {
        let lua = try makeRuntime()
        func round() {
            for _ in 0..<200 { _ = lua.choices(["a-word-of-some-length", "another-word-of-length"]) }
            lua.collectGarbage()  // releases the dropped anchors first
        }
        round()  // the registry grows to hold 200 references once
        let before = lua.memoryInUse
        for _ in 0..<5 { round() }
        #expect(lua.memoryInUse - before < 512)
    }
}
