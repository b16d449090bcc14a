import SheetEngine

extension SVGDrawing {
    static let expectationLaneHeight = 40.0
    static let expectationRow = 22.0
    static let expectationFont = Font(size: 10)

    /// The expectations of one moment with one verdict, drawn as one mark:
    /// a green check when they held, a red cross when they failed, named
    /// by the message (`2 passed`, `failed: count is 1 (file.lua:12)`).
    struct ExpectationMark {
        var time: Int
        var passed: Bool
        var expectations: [TimelineExpectation]
        /// Where it is drawn, once laid out.
        var x = 0.0

        /// The part's expectations grouped by time and verdict, in time order (failed first at one time).
        static func groups(_ list: [TimelineExpectation]) -> [ExpectationMark] {
            var out: [ExpectationMark] = []
            for x in list.sorted(by: { ($0.time, $0.passed ? 1 : 0) < ($1.time, $1.passed ? 1 : 0) }) {
                if let last = out.last, last.time == x.time, last.passed == x.passed {
                    out[out.count - 1].expectations.append(x)
                } else {
                    out.append(ExpectationMark(time: x.time, passed: x.passed, expectations: [x]))
                }
            }
            return out
        }

        /// The words beside the mark: a failure's message (the one that matters), else how many held.
        var label: String {
            let n = expectations.count
            if passed { return n == 1 ? "passed" : "\(n) passed" }
            let first = TerminalWidth.printable(expectations[0].message)
            return TerminalWidth.truncate((n == 1 ? "failed: " : "\(n) failed: ") + first, to: 48)
        }

        /// Every expectation's line, for the tooltip.
        var title: String {
            expectations.map { x in
                "\(x.time) ms " + (x.passed ? "passed" : "FAILED") + (x.location.map { " \($0)" } ?? "") + ": "
                    + TerminalWidth.printable(x.message)
            }.joined(separator: "\n")
        }

        /// What it needs on the axis, in the expectations' row.
        func need(_ row: TimeLayout.Row) -> TimeLayout.Need {
            TimeLayout.Need(
                row: row, width: 10 + SVGDrawing.expectationFont.width(label), spreads: true, keepsLabel: !passed,
                spacing: 16)
        }
    }

    /// The background of a panel's expectations' row and the words in its left column.
    mutating func drawExpectationsBackground(_ panel: Panel, top: Double) {
        let n = SVGWriter.number
        writer.element(
            "rect",
            [
                ("class", "lane-bg expectations-bg"), ("x", "0"), ("y", n(top)), ("width", n(width)),
                ("height", n(Self.expectationLaneHeight)),
            ])
        text("expectations", x: 16, y: top + 17, font: Self.headingFont, class: "lane-name expectations-name")
        let failed = panel.expectations.filter { !$0.passed }.reduce(0) { $0 + $1.expectations.count }
        let all = panel.expectations.reduce(0) { $0 + $1.expectations.count }
        text(
            "\(all - failed) passed, \(failed) failed", x: 16, y: top + 31, font: Self.noteFont, class: "lane-note")
    }

    /// The row of a panel's expectations, above its lanes: each group's
    /// mark at the time it ran, its label up to the next mark.
    mutating func drawExpectations(_ panel: Panel, top: Double) {
        writer.open("g", [("class", "expectations"), ("id", "p\(panel.part.part)-expectations")])
        let marks = panel.expectations
        for (i, mark) in marks.enumerated() {
            let right = i + 1 < marks.count ? marks[i + 1].x - 10 : width - 4
            let label = Self.fit(mark.label, width: right - (mark.x + 10), font: Self.expectationFont)
            drawExpectation(mark, part: panel.part.part, number: i + 1, x: mark.x, y: top + Self.expectationRow)
            text(label, x: mark.x + 10, y: top + Self.expectationRow + 3.5, font: Self.expectationFont, optional: true)
            writer.close("g")
        }
        writer.close("g")
    }

    /// The mark of a group of expectations (opened, for its label to follow; the caller closes it).
    mutating func drawExpectation(_ mark: ExpectationMark, part: Int, number: Int, x: Double, y: Double) {
        let n = SVGWriter.number
        writer.open(
            "g",
            [
                ("class", "expectation " + (mark.passed ? "passed" : "failed")), ("id", "p\(part)-expect-\(number)"),
                ("data-time", String(mark.time)), ("data-count", String(mark.expectations.count)),
            ])
        writer.element("title", [], text: mark.title)
        writer.element("circle", [("cx", n(x)), ("cy", n(y)), ("r", "6")])
        if mark.passed {
            writer.element(
                "polyline",
                [
                    ("class", "glyph"),
                    ("points", "\(n(x - 3)),\(n(y)) \(n(x - 1)),\(n(y + 2.5)) \(n(x + 3)),\(n(y - 2.5))"),
                ])
        } else {
            writer.element(
                "path",
                [
                    ("class", "glyph"),
                    (
                        "d",
                        "M\(n(x - 2.5)) \(n(y - 2.5)) L\(n(x + 2.5)) \(n(y + 2.5)) M\(n(x + 2.5)) \(n(y - 2.5)) L\(n(x - 2.5)) \(n(y + 2.5))"
                    ),
                ])
        }
        layout.record(SVGLayout.Box(x: x - 6, y: y - 6, width: 12, height: 12), .mark)
    }
}
