import Testing

@testable import SheetRendering

/// The character grid never writes past its width, wide characters included.
@Suite struct CharGridTests {
    @Test func grid_neverGrowsPastItsWidth() {
        var grid = CharGrid(columns: 10, rows: 2)
        grid.write("表示中表示中", row: 0, column: 3)
        grid.write("abcdefghijklmnop", row: 1, column: -2)
        grid.put("表", row: 1, column: 9)
        for line in grid.text.split(separator: "\n") { #expect(TerminalWidth.of(line) <= 10) }
        #expect(grid.text.split(separator: "\n") == ["   表示中…", "cdefghijk…"])
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
