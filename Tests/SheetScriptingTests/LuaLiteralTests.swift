import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// What counterexamples and saved sessions write reads back as the same value.
@Suite struct LuaLiteralTests {
    @Test(arguments: [
        Value.none, .bool(true), .int(-7), .double(78.25), .string("a\"b\\c\nd\u{1}2\u{7F}表示中"),
        .record(["id": 0, "title": "A", "end": "keyword key", "日本": "non-ASCII key", "two words": .list([1, 2])]),
        .list([.record(["id": "x"]), .string("")]),
    ])
    func literal_readsBackAsTheSameValue(value: Value) throws {
        let lua = try LuaRuntime()
        let chunk = try lua.load(source: "return " + LuaLiteral.render(value), chunkName: "=literal")
        let back = try ValueBridge.value(try lua.call(chunk).first ?? .nil)
        #expect(back == value)
    }

    @Test func names_areASCIIAndNotKeywords() {
        #expect(LuaSyntax.isName("selectedItem"))
        #expect(!LuaSyntax.isName("end"))
        #expect(!LuaSyntax.isName("日本"))
        #expect(!LuaSyntax.isName("2x"))
        #expect(LuaLiteral.key("two words") == "[\"two words\"]")
    }

    /// A comment holding text a script chose stays a comment: the chunk of
    /// comment lines compiles to nothing, whatever the text holds.
    @Test(arguments: [
        "calm\nexpect(true) do return end\n--", "cr\rexpect(true)", "crlf\r\nerror('x')", "\u{1B}[2K\u{0}",
    ])
    func comment_cannotBecomeCode(text: String) throws {
        let lines = LuaSyntax.comment(text, prefix: "-- ")
        #expect(lines.allSatisfy { $0.hasPrefix("-- ") && !$0.contains("\r") && !$0.contains("\n") })
        let lua = try LuaRuntime()
        let chunk = try lua.load(source: lines.joined(separator: "\n") + "\nreturn 42", chunkName: "=comment")
        #expect(try lua.call(chunk).first == .integer(42))
    }

    @Test func escapingControls_keepsTextOnOneLine() {
        #expect(LuaSyntax.escapingControls("one\ntwo") == "one\\ntwo")
        #expect(LuaSyntax.escapingControls("plain 日本") == "plain 日本")
        #expect(LuaSyntax.escapingControls("\u{1B}1") == "\\0271")
    }
}
