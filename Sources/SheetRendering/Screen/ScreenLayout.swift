import SheetEngine

/// Works out and draws one `ScreenPicture`.
///
/// Grid coordinates: line 0 is the header, line 1 the top of the outline;
/// screen row `r` is grid row `r + 2` and screen column `c` grid column
/// `c + 1`. The notes (what each presentation is) go to the right of the
/// outline when at least `minPanel` columns are left, otherwise under it.
struct ScreenLayout {
    let state: AppState
    let profile: Profile
    let columns: Int
    /// Screen size inside the outline, in cells.
    let rows: Int
    let cols: Int
    let notesBeside: Bool
    var grid: CharGrid

    static let minPanel = 30
    /// About how tall the whole picture may get when notes go under the device.
    static let maxLines = 30
    /// A form sheet's width in points where the device gives none (iPad).
    static let formSheetWidth = 540.0

    init(state: AppState, profile: Profile, columns: Int, screenRows: Int) {
        self.state = state
        self.profile = profile
        self.columns = columns
        let device = profile.layout(state.orientation)
        let aspect = device.height > 0 && device.width > 0 ? device.width / device.height : 0.5
        func cols(for rows: Int) -> Int { max(8, Int((Double(rows) * 2 * aspect).rounded())) }
        var rows = screenRows
        var c = cols(for: rows)
        var beside = columns - (c + 2) - 1 >= Self.minPanel
        if !beside {
            // Notes go under the device: leave room for them.
            let noteLines = 2 + 4 * state.presentations.count + state.held.count
            rows = min(rows, max(8, Self.maxLines - 3 - noteLines))
            c = cols(for: rows)
            if c > columns - 2 {
                c = columns - 2
                rows = max(4, Int((Double(c) / (2 * aspect)).rounded()))
            }
            beside = false
        }
        self.rows = rows
        self.cols = c
        self.notesBeside = beside
        grid = CharGrid(columns: columns, rows: rows + 3)
    }

    var device: DeviceLayout { profile.layout(state.orientation) }

    /// A presentation's box on the screen, in screen cells.
    struct Box {
        var top: Int
        var left: Int
        var right: Int
        /// Bottom row, or nil when attached to the bottom edge (no border drawn).
        var bottom: Int?
    }

    mutating func draw() -> String {
        let header =
            "\(profile.device.displayName), iOS \(profile.os.version), \(state.orientation.rawValue) "
            + "(\(Int(device.width)) x \(Int(device.height)) pt), \(state.time) ms"
        grid.write(header, row: 0, column: 0)
        drawOutline()
        var notes: [(row: Int, lines: [String])] = []
        notes.append(drawRoot())
        let boxes = self.boxes()
        for (i, p) in state.presentations.enumerated() {
            drawPresentation(p, box: boxes[i], number: i + 1)
            notes.append((boxes[i].top + 2, describe(p, number: i + 1)))
        }
        if state.presentations.isEmpty {
            notes.append((rows / 2 + 2, ["nothing presented"]))
        }
        for h in state.held {
            notes.append((Int.max, ["held: \(h.presenter).\(h.modifier) \(h.item) since \(h.since) ms"]))
        }
        placeNotes(notes)
        return grid.text
    }

    // MARK: Device and root

    mutating func drawOutline() {
        let right = cols + 1
        grid.put("╭", row: 1, column: 0)
        grid.put("╮", row: 1, column: right)
        grid.put("╰", row: rows + 2, column: 0)
        grid.put("╯", row: rows + 2, column: right)
        for c in 1...cols {
            grid.put("─", row: 1, column: c)
            grid.put("─", row: rows + 2, column: c)
        }
        for r in 2..<(rows + 2) {
            grid.put("│", row: r, column: 0)
            grid.put("│", row: r, column: right)
        }
    }

    /// The root views' names under the status bar, and their state below.
    mutating func drawRoot() -> (row: Int, lines: [String]) {
        let roots = state.views.filter { $0.parent == nil && $0.level == 0 }
        let row = min(rows - 1, Int(device.safeArea.top / device.height * Double(rows)))
        let names = roots.map(\.name).joined(separator: ", ")
        grid.write(names.isEmpty ? "(no views)" : names, row: row + 2, column: 2, width: cols - 2)
        let slots = roots.first?.state ?? []
        for (i, slot) in slots.enumerated() where row + 1 + i < rows {
            grid.write("\(slot.name) = \(slot.value)", row: row + 3 + i, column: 2, width: cols - 2)
        }
        var lines = ["\(names.isEmpty ? "no root view" : names) (root)"]
        if !slots.isEmpty { lines.append("  " + slots.map { "\($0.name) = \($0.value)" }.joined(separator: "; ")) }
        return (row + 2, lines)
    }

    // MARK: Presentations

    /// Where each presentation goes, bottom of the stack first.
    func boxes() -> [Box] {
        let stack = state.presentations
        var out: [Box] = []
        for (i, p) in stack.enumerated() {
            let above = stack.count - 1 - i
            let heightRows = Int((p.height / device.height * Double(rows)).rounded())
            switch p.style {
            case .fullScreen:
                out.append(Box(top: 0, left: 0, right: cols - 1, bottom: rows - 1))
            case .formSheet, .popover:
                let h = min(rows, max(3, heightRows))
                let widthPoints = min(Self.formSheetWidth, device.width * 0.9)
                let w = min(cols, max(8, Int((widthPoints / device.width * Double(cols)).rounded())))
                var top = (rows - h) / 2
                let left = (cols - w) / 2
                // A form sheet over a form sheet sits a row lower so the one under it shows.
                if i > 0, stack[i - 1].style == .formSheet, let below = out.last, below.top >= top, top + h < rows {
                    top = below.top + 1
                }
                let inset = min(above, 2)
                out.append(Box(top: top, left: left + inset, right: left + w - 1 - inset, bottom: top + h - 1))
            case .sheet:
                var h = min(rows, max(2, heightRows))
                // A sheet over a sheet sits a row lower so the one under it shows.
                if let below = out.last, i > 0, stack[i - 1].style == .sheet, below.bottom == nil {
                    h = min(h, max(2, rows - below.top - 1))
                }
                let inset = min(above, 2)
                out.append(Box(top: rows - h, left: inset, right: cols - 1 - inset, bottom: nil))
            }
        }
        return out
    }

    mutating func drawPresentation(_ p: PresentationState, box: Box, number: Int) {
        let moving = p.phase != .presented
        let horizontal: Character = moving ? "┄" : "─"
        let vertical: Character = moving ? "┆" : "│"
        let bottom = box.bottom ?? rows - 1
        let (top, left, right) = (box.top + 2, box.left + 1, box.right + 1)
        let last = bottom + 2
        grid.fill(" ", top: top, left: left, bottom: last, right: right)
        for c in left...right { grid.put(horizontal, row: top, column: c) }
        grid.put("╭", row: top, column: left)
        grid.put("╮", row: top, column: right)
        if top < last {
            for r in (top + 1)...last {
                grid.put(vertical, row: r, column: left)
                grid.put(vertical, row: r, column: right)
            }
        }
        if box.bottom != nil, top < last {
            for c in left...right { grid.put(horizontal, row: last, column: c) }
            grid.put("╰", row: last, column: left)
            grid.put("╯", row: last, column: right)
        }
        let inner = right - left - 1
        let arrow = p.phase == .presenting ? " ↑" : p.phase == .dismissing ? " ↓" : ""
        grid.write(" [\(number)]\(arrow) \(p.presenter) ", row: top, column: left + 1, width: inner)
        var lines = [p.text.isEmpty ? p.modifier : p.text]
        if let id = p.itemID { lines.append("item=\(id)") }
        lines.append((p.detent ?? p.style.rawValue) + " \(Int(p.height.rounded())) pt")
        if moving { lines.append(p.phase.rawValue) }
        let end = box.bottom == nil ? last : last - 1
        for (i, line) in lines.enumerated() where top + 1 + i <= end {
            grid.write(line, row: top + 1 + i, column: left + 1, width: inner)
        }
    }

    /// Lines saying what a presentation is and where it is in its lifecycle.
    func describe(_ p: PresentationState, number: Int) -> [String] {
        var first = "[\(number)] \(p.presenter).\(p.modifier)"
        if let id = p.itemID { first += " item=\(id)" }
        let phase: String
        switch p.phase {
        case .presenting: phase = "↑ presenting" + (p.phaseEnds.map { " until \($0) ms" } ?? "")
        case .dismissing: phase = "↓ dismissing" + (p.phaseEnds.map { " until \($0) ms" } ?? "")
        case .presented: phase = "presented"
        }
        let size = "\(Int(p.height.rounded())) of \(Int(device.height)) pt"
        var lines = [first, "  \(phase), \(p.style.rawValue)", "  " + (p.detent.map { "\($0): " } ?? "") + size]
        if !p.text.isEmpty { lines.append("  shows \"\(p.text)\"") }
        return lines
    }

    // MARK: Notes

    /// Writes the notes beside the device at their rows (pushed down to
    /// avoid overlap), or under it.
    mutating func placeNotes(_ notes: [(row: Int, lines: [String])]) {
        if notesBeside {
            let left = cols + 3
            var next = 0
            for note in notes.sorted(by: { $0.row < $1.row }) {
                let wanted = note.row == Int.max ? max(next, rows + 3) : note.row
                var row = max(wanted, next)
                for (i, line) in note.lines.enumerated() {
                    if row >= grid.rows { grid.addRows(row - grid.rows + 1) }
                    let mark = i == 0 && note.row != Int.max ? (row == wanted ? "◀ " : "· ") : "  "
                    grid.write(mark + line, row: row, column: left)
                    row += 1
                }
                next = row
            }
        } else {
            var row = grid.rows
            for note in notes {
                for line in note.lines {
                    grid.addRows(1)
                    grid.write(line, row: row, column: 0)
                    row += 1
                }
            }
        }
    }
}
