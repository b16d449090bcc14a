import SheetEngine

/// A part where no time passes (in a run of several parts, a part whose
/// clock never leaves 0 ms): no time axis, one line per lane (more when it
/// wraps): the presenter, where its sheet ends up (`presenting → medium
/// 392 pt, inset`), then its marks and expectations side by side, in
/// order, each label whole.
extension SVGDrawing {
    static let compactLineHeight = 22.0
    static let compactRowPadding = 8.0
    static let compactGap = 14.0

    /// One thing on a compact line.
    enum CompactThing {
        case state(String)
        case mark(TimelineModel.Mark)
        case expectation(ExpectationMark, number: Int)
    }

    /// A row of a compact panel: a lane (nil for the expectations) and its things placed.
    struct CompactRow {
        var lane: TimelineModel.Lane?
        var number: Int
        var things: [(thing: CompactThing, x: Double, line: Int)]
        var lines: Int
        var height: Double { Double(lines) * SVGDrawing.compactLineHeight + SVGDrawing.compactRowPadding }
    }

    /// Where the sheet of a lane ends up, in words: its last phase, the detent it settles on, its placement.
    static func compactState(_ lane: TimelineModel.Lane) -> String? {
        guard !lane.isApp, let bar = lane.bars.last else { return nil }
        var words = bar.phase.rawValue
        if bar.open, bar.endTime > bar.startTime, bar.phase != .presented {
            words += " (to \(bar.endTime) ms)"
        }
        if let point = lane.traces.last?.last(where: { $0.label != nil }), let label = point.label {
            words += " → \(TerminalWidth.printable(label)) \(SVGWriter.number(point.height.rounded())) pt"
        }
        if lane.placements.contains(where: { $0 != SheetPlacement.edgeAttached.rawValue }) {
            words += ", " + lane.placements.joined(separator: ", ")
        }
        return words
    }

    /// The width a thing takes from its x (a mark's x is its centre: it reaches back by its half width).
    static func compactWidth(_ thing: CompactThing) -> (lead: Double, width: Double) {
        switch thing {
        case .state(let words): return (0, noteFont.width(words))
        case .mark(let m):
            return (halfWidth(m.kind), halfWidth(m.kind) + labelOffset(m.kind) + font(m.kind).width(label(m)))
        case .expectation(let e, _): return (6, 16 + expectationFont.width(e.label))
        }
    }

    /// The rows of a compact panel, wrapped to the picture's width.
    func compactRows(_ panel: Panel) -> [CompactRow] {
        var rows: [CompactRow] = []
        var number = 0
        func place(_ things: [CompactThing], lane: TimelineModel.Lane?, number: Int) {
            var out: [(CompactThing, Double, Int)] = []
            var x = Self.labelWidth
            var line = 0
            for thing in things {
                let (lead, w) = Self.compactWidth(thing)
                if x + w > width - 16, x > Self.labelWidth {
                    x = Self.labelWidth
                    line += 1
                }
                out.append((thing, x + lead, line))
                x += w + Self.compactGap
            }
            rows.append(CompactRow(lane: lane, number: number, things: out, lines: max(1, line + 1)))
        }
        if !panel.expectations.isEmpty {
            place(panel.expectations.enumerated().map { .expectation($1, number: $0 + 1) }, lane: nil, number: 0)
        }
        for lane in panel.model.lanes {
            if !lane.isApp { number += 1 }
            var things: [CompactThing] = Self.compactState(lane).map { [.state($0)] } ?? []
            things += lane.marks.filter { $0.kind != .info }.map { .mark($0) }
            place(things, lane: lane, number: number)
        }
        return rows
    }

    func compactHeight(_ panel: Panel) -> Double {
        compactRows(panel).reduce(0) { $0 + $1.height } + 6
    }

    /// The widest single thing a compact panel holds, from the left column on: the canvas is at least this wide.
    static func widestCompactItem(_ panel: Panel) -> Double {
        guard panel.compact else { return 0 }
        var things: [CompactThing] = panel.expectations.map { .expectation($0, number: 0) }
        for lane in panel.model.lanes {
            if let s = compactState(lane) { things.append(.state(s)) }
            things += lane.marks.filter { $0.kind != .info }.map { .mark($0) }
        }
        return things.map { labelWidth + compactWidth($0).width + 16 }.max() ?? 0
    }

    mutating func drawCompact(_ panel: Panel, top: Double) {
        let n = SVGWriter.number
        var y = top
        for row in compactRows(panel) {
            writer.element(
                "rect",
                [
                    ("class", row.number % 2 == 0 ? "lane-bg alt" : "lane-bg"), ("x", "0"), ("y", n(y)),
                    ("width", n(width)), ("height", n(row.height)),
                ])
            writer.element("line", [("class", "lane-sep"), ("x1", "0"), ("y1", n(y)), ("x2", n(width)), ("y2", n(y))])
            let attributes: [(String, String)]
            if let lane = row.lane {
                attributes = [
                    ("class", lane.isApp ? "lane compact app" : "lane compact"),
                    ("id", Self.laneID(part: panel.part.part, lane: lane, number: row.number)),
                    ("data-presenter", lane.name),
                ]
            } else {
                attributes = [("class", "expectations compact"), ("id", "p\(panel.part.part)-expectations")]
            }
            writer.open("g", attributes)
            let name = row.lane.map { TerminalWidth.printable($0.name) } ?? "expectations"
            text(
                Self.fit(name, width: Self.labelWidth - 28, font: Self.laneNameFont), x: 16, y: y + 19,
                font: Self.laneNameFont, class: "lane-name", title: row.lane?.name)
            for (thing, x, line) in row.things {
                let lineY = y + 15 + Double(line) * Self.compactLineHeight
                switch thing {
                case .state(let words):
                    text(words, x: x, y: lineY + 3.5, font: Self.noteFont, class: "compact-state")
                case .mark(let mark):
                    drawMark(mark, part: panel.part.part, x: x, y: lineY, label: Self.label(mark))
                case .expectation(let mark, let number):
                    drawExpectation(mark, part: panel.part.part, number: number, x: x, y: lineY)
                    text(mark.label, x: x + 10, y: lineY + 3.5, font: Self.expectationFont)
                    writer.close("g")
                }
            }
            writer.close("g")
            y += row.height
        }
    }
}
