import Testing

@testable import SheetLabCLI

/// `TerminalText.escape`: text a script controls cannot drive the terminal.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain text, 表示中", "plain text, 表示中"),
        ("\u{1B}[2K\rPASS", "\\27[2K\\13PASS"),
        ("\u{1B}1", "\\0271"),
        ("bell\u{07}", "bell\\7"),
        ("del\u{7F}", "del\\127"),
        ("csi\u{9B}2J", "csi\\u{9B}2J"),
        ("rtl\u{202E}txt", "rtl\\u{202E}txt"),
        ("tab\tstays", "tab\tstays"),
        ("a\r\nb", "a\nb"),
        ("nul\u{0}", "nul\\0"),
    ])
    func controlCharacters_becomeLuaEscapes(text: String, shown: String) {
        #expect(TerminalText.escape(text) == shown)
    }

    @Test func newlines_areKept_andIndented() {
        #expect(TerminalText.escape("one\ntwo\n", indent: "    ") == "one\n    two\n    ")
    }

    @Test func noOutput_holdsAnEscapeCharacter() {
        let hostile = (0..<0x100).map { String(UnicodeScalar(UInt8($0))) }.joined()
        let shown = TerminalText.escape(hostile)
        #expect(!shown.unicodeScalars.contains { TerminalText.needsEscape($0) })
        #expect(!shown.contains("\u{1B}"))
    }

    @Test(arguments: [
        ("b\nPASS fake.lua", "b\\nPASS fake.lua"),
        ("a\r\nb", "a\\nb"),
        ("\u{1B}[2K", "\\27[2K"),
        ("plain", "plain"),
    ])
    func line_keepsANameOnItsLine(text: String, shown: String) {
        #expect(TerminalText.line(text) == shown)
        #expect(!TerminalText.line(text).contains("\n"))
    }

    /// Appending each escape to a `String.UnicodeScalarView` copied the
    /// whole view: 400,000 escape characters took 30 s. A million now take
    /// milliseconds; the time limit only stops a regression from hanging.
    @Test(.timeLimit(.minutes(1))) func escaping_isLinear() {
        let text = String(repeating: "\u{1B}", count: 1_000_000)
        #expect(TerminalText.escape(text).utf8.count == 3_000_000)
        #expect(TerminalText.line(text + "\n").utf8.count == 3_000_002)
    }
}
