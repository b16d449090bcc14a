import Testing

@testable import LuaRuntime

@Suite struct LuaStringTests {
    @Test func equality_isByBytes_notByUnicodeEquivalence() {
        let composed = LuaString("\u{E9}")
        let decomposed = LuaString("e\u{301}")
        #expect("\u{E9}" == "e\u{301}" as String)
        #expect(composed != decomposed)
        #expect(LuaString(bytes: Array("\u{E9}".utf8)) == composed)
    }

    @Test func invalidUTF8_isKeptAsBytes() {
        let string = LuaString(bytes: [0x61, 0xFF])
        #expect(string.string == nil)
        #expect(string.bytes == [0x61, 0xFF])
        #expect(string.description == "a\u{FFFD}")
    }

    @Test func hashing_agreesWithEquality() {
        let set: Set<LuaString> = ["a", LuaString(bytes: [0x61]), "b"]
        #expect(set.count == 2)
    }
}
