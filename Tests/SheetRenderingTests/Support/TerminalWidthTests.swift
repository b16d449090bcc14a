import Testing

@testable import SheetRendering

/// Column counting and the character grid that keep pictures inside 80 columns.
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

    @Test func grid_neverGrowsPastItsWidth() {
        var grid = CharGrid(columns: 10, rows: 2)
        grid.write("表示中表示中", row: 0, column: 3)
        grid.write("abcdefghijklmnop", row: 1, column: -2 + 2)
        grid.put("表", row: 1, column: 9)
        for line in grid.text.split(separator: "\n") { #expect(TerminalWidth.of(line) <= 10) }
        #expect(grid.text.split(separator: "\n").first == "   表示中…")
    }

    @Test func grid_overwritingHalfAWideCharacter_blanksTheOtherHalf() {
        var grid = CharGrid(columns: 6, rows: 1)
        grid.write("表示", row: 0, column: 0)
        grid.put("x", row: 0, column: 1)
        #expect(grid.text == " x示")
        grid.put("y", row: 0, column: 2)
        #expect(grid.text == " xy")
    }
}
