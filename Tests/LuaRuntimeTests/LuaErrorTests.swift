import Testing

@testable import LuaRuntime

@Suite struct LuaErrorTests {
    @Test(
        arguments: [
            ("policies/queue.lua:12: boom", "policies/queue.lua", 12, "boom"),
            ("x.lua:3: a: b: c", "x.lua", 3, "a: b: c"),
            ("[string \"a:1: x\"]:4: oops", "[string \"a:1: x\"]", 4, "oops"),
            ("stdin:1: '=' expected near 'x'", "stdin", 1, "'=' expected near 'x'"),
            ("C:/dir/x.lua:9: windows", "C:/dir/x.lua", 9, "windows"),
        ] as [(String, String, Int, String)])
    func luaMessage_splitsIntoFileLineAndMessage(text: String, file: String, line: Int, message: String) {
        let error = LuaError(.runtime, luaMessage: text)
        #expect(error.file == file)
        #expect(error.line == line)
        #expect(error.message == message)
        #expect(error.description == text)
    }

    @Test(arguments: ["no position", "x.lua: not a line", "x.lua:12:no space", ":12: empty file"])
    func messageWithoutAPosition_staysWhole(text: String) {
        let error = LuaError(.runtime, luaMessage: text)
        if text.hasPrefix(":12:") {
            #expect(error.line == 12)
        } else {
            #expect(error.file == nil)
            #expect(error.message == text)
            #expect(error.description == text)
        }
    }

    @Test func fallbackPosition_isUsedWhenTheMessageHasNone() {
        let error = LuaError(.runtime, luaMessage: "(error object is a table value)", fallback: "scenario.lua:7:")
        #expect(error.description == "scenario.lua:7: (error object is a table value)")
    }

    @Test func badArgument_readsLikeLua() {
        #expect(
            LuaError.badArgument(1, to: "present", "table expected, got nil").description
                == "bad argument #1 to 'present' (table expected, got nil)")
    }

    /// The names serve's and mcp's `data.kind` and `sheetlab test`'s reports give each kind.
    @Test func kind_rawValues_areTheNamesToolsRead() {
        #expect(
            LuaError.Kind.allCases.map(\.rawValue) == [
                "syntax", "runtime", "memory", "budget", "interrupted", "badValue", "io",
            ])
    }
}
