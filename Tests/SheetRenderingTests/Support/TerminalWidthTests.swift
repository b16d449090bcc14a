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
