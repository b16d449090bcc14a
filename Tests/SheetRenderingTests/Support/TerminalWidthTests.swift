import Testing

@testable import SheetRendering

/// Column counting that keeps pictures inside 80 columns.
@Suite struct TerminalWidthTests {
    @Test(arguments: [
        ("abc", 3), ("表示中", 6), ("ｱｲ", 2), ("👋", 2), ("e\u{301}", 1), ("─│╭", 3), ("\u{1B}", 0), ("", 0),
    ])
    func columns(_ text: String, _ expected: Int) {
        #expect(TerminalWidth.of(text) == expected)
    }

    @Test func truncate_cutsByColumnsWithAnEllipsis() {
        #expect(TerminalWidth.truncate("abcdef", to: 6) == "abcdef")
        #expect(TerminalWidth.truncate("abcdef", to: 4) == "abc…")
        #expect(TerminalWidth.truncate("表示中です", to: 6) == "表示…")
        #expect(TerminalWidth.of(TerminalWidth.truncate("表示中です", to: 5)) <= 5)
        #expect(TerminalWidth.truncate("abc", to: 0) == "")
    }
}

extension TerminalWidthTests {
    @Test func wrap_breaksAtSpaces_indentsContinuations_andStops() {
        #expect(TerminalWidth.wrap("short", columns: 10) == ["short"])
        #expect(TerminalWidth.wrap("one two three four", columns: 10) == ["one two", "three four"])
        #expect(TerminalWidth.wrap("one two three four", columns: 10, indent: 2) == ["one two", "  three", "  four"])
        #expect(TerminalWidth.wrap("abcdefghijklmnop", columns: 6) == ["abcdef", "ghijkl", "mnop"])
        #expect(TerminalWidth.wrap("表示中表示中", columns: 5) == ["表示", "中表", "示中"])
        #expect(TerminalWidth.wrap("a b c d e f g h", columns: 3, maxLines: 2) == ["a b", "c …"])
        for line in TerminalWidth.wrap(String(repeating: "表 x ", count: 40), columns: 11, indent: 4, maxLines: 5) {
            #expect(TerminalWidth.of(line) <= 11)
        }
    }
}
