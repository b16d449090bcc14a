/// A fixed-size grid of terminal cells to draw text pictures on.
///
/// Invariant: every row is exactly `columns` cells; a wide character takes
/// its cell and the next, which holds `nil` (a continuation). Writing never
/// goes past the grid, so no rendered line is wider than `columns`.
struct CharGrid {
    let columns: Int
    private(set) var cells: [[Character?]]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        cells = Array(repeating: Array(repeating: " ", count: self.columns), count: max(0, rows))
    }

    var rows: Int { cells.count }

    /// Adds blank rows at the bottom.
    mutating func addRows(_ n: Int) {
        for _ in 0..<max(0, n) { cells.append(Array(repeating: " ", count: columns)) }
    }

    /// Puts one character at a cell, clipped to the grid; a wide character
    /// that does not fit is left out.
    mutating func put(_ c: Character, row: Int, column: Int) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        let w = TerminalWidth.of(c)
        guard w > 0 else { return }
        guard column + w <= columns else { return }
        clearCell(row: row, column: column)
        if w == 2 { clearCell(row: row, column: column + 1) }
        cells[row][column] = c
        if w == 2 { cells[row][column + 1] = nil }
    }

    /// Blanks a cell, and the other half of a wide character it cuts through.
    private mutating func clearCell(row: Int, column: Int) {
        if cells[row][column] == nil, column > 0 {
            cells[row][column - 1] = " "
        } else if let c = cells[row][column], TerminalWidth.of(c) == 2, column + 1 < columns {
            cells[row][column + 1] = " "
        }
        cells[row][column] = " "
    }

    /// Writes text from a cell, at most `width` columns (to the grid's edge
    /// by default), cut with `…` when longer.
    /// - Returns: the columns written.
    @discardableResult
    mutating func write(_ text: String, row: Int, column: Int, width: Int? = nil) -> Int {
        let room = min(width ?? columns - column, columns - column)
        guard room > 0 else { return 0 }
        let fitted = TerminalWidth.truncate(TerminalWidth.printable(text), to: room)
        var col = column
        for c in fitted {
            put(c, row: row, column: col)
            col += TerminalWidth.of(c)
        }
        return col - column
    }

    /// Fills a rectangle with one (narrow) character.
    mutating func fill(_ c: Character, top: Int, left: Int, bottom: Int, right: Int) {
        guard top <= bottom, left <= right else { return }
        for r in top...bottom {
            for col in left...right { put(c, row: r, column: col) }
        }
    }

    /// The grid as text, trailing spaces trimmed, lines joined with newlines.
    var text: String {
        cells.map { row in
            var line = ""
            for c in row { if let c { line.append(c) } }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
