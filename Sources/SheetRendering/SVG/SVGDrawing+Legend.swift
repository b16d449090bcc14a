extension SVGDrawing {
    /// One legend entry: a swatch kind and its words.
    struct LegendItem {
        var swatch: String
        var text: String
    }

    static let legendItems = [
        LegendItem(swatch: "presenting", text: "presenting (transition in)"),
        LegendItem(swatch: "presented", text: "presented"),
        LegendItem(swatch: "dismissing", text: "dismissing (transition out)"),
        LegendItem(swatch: "still", text: "dismissing, not animated (B06)"),
        LegendItem(swatch: "height", text: "sheet height, detent named"),
        LegendItem(swatch: "user", text: "user action"),
        LegendItem(swatch: "policy", text: "policy decision"),
        LegendItem(swatch: "warning", text: "warning"),
        LegendItem(swatch: "error", text: "error"),
        LegendItem(swatch: "notable", text: "placement change or low-confidence rule"),
        LegendItem(swatch: "confidence-ring", text: "rule of low confidence (single, seed, assumption)"),
        LegendItem(swatch: "info", text: "other event"),
        LegendItem(swatch: "expect-passed", text: "expectation passed"),
        LegendItem(swatch: "expect-failed", text: "expectation failed"),
        LegendItem(swatch: "instant", text: "instant: events of one ms, spread out"),
        LegendItem(swatch: "stretch", text: "axis break: room for labels, no time passes"),
        LegendItem(swatch: "idle", text: "idle time, compressed"),
        LegendItem(swatch: "after-end", text: "after the run's end"),
    ]

    static let legendLineHeight = 22.0
    static let problemLineHeight = 18.0
    static let maxProblems = 60
    static let maxProblemLinesEach = 3

    /// Legend entries with their positions relative to the legend's first line.
    var legendLayout: [(item: LegendItem, x: Double, line: Int)] {
        var out: [(LegendItem, Double, Int)] = []
        var x = 16.0
        var line = 0
        for item in Self.legendItems {
            let w = 30 + Self.legendFont.width(item.text) + 22
            if x + w > width - 16, x > 16 {
                x = 16
                line += 1
            }
            out.append((item, x, line))
            x += w
        }
        return out
    }

    var legendHeight: Double {
        Double((legendLayout.last?.line ?? 0) + 1) * Self.legendLineHeight + 22
    }

    mutating func drawLegend(top: Double) {
        let n = SVGWriter.number
        writer.open("g", [("class", "legend")])
        text(
            "Legend (hover a bar or mark to see its event line)", x: 16, y: top, font: Self.headingFont,
            class: "heading")
        for (item, x, line) in legendLayout {
            let y = top + 22 + Double(line) * Self.legendLineHeight
            switch item.swatch {
            case "presenting", "presented", "dismissing", "still":
                let classes = item.swatch == "still" ? "phase dismissing still" : "phase \(item.swatch)"
                writer.element(
                    "rect", [("class", classes), ("x", n(x)), ("y", n(y - 10)), ("width", "24"), ("height", "14")])
            case "notable", "expect-passed", "expect-failed":
                writer.element("circle", [("class", item.swatch), ("cx", n(x + 12)), ("cy", n(y - 3)), ("r", "5")])
            case "confidence-ring":
                writer.element(
                    "circle", [("class", "confidence-ring"), ("cx", n(x + 12)), ("cy", n(y - 3)), ("r", "7")])
            case "instant", "idle", "after-end", "stretch":
                writer.element(
                    "rect",
                    [
                        ("class", item.swatch), ("x", n(x)), ("y", n(y - 10)), ("width", "24"), ("height", "14"),
                        ("stroke", "#8c959f"), ("stroke-width", "0.5"),
                    ])
            case "height":
                writer.element(
                    "polyline",
                    [
                        ("class", "height"),
                        ("points", "\(n(x)),\(n(y + 3)) \(n(x + 8)),\(n(y - 8)) \(n(x + 24)),\(n(y - 8))"),
                    ])
            case "user":
                writer.element("circle", [("class", "user"), ("cx", n(x + 12)), ("cy", n(y - 3)), ("r", "5")])
            case "policy":
                writer.element(
                    "polygon",
                    [
                        ("class", "policy"),
                        (
                            "points",
                            "\(n(x + 12)),\(n(y - 9)) \(n(x + 18)),\(n(y - 3)) \(n(x + 12)),\(n(y + 3)) \(n(x + 6)),\(n(y - 3))"
                        ),
                    ])
            case "warning", "error":
                writer.element(
                    "polygon",
                    [
                        ("class", item.swatch),
                        ("points", "\(n(x + 12)),\(n(y - 11)) \(n(x + 20)),\(n(y + 4)) \(n(x + 4)),\(n(y + 4))"),
                    ])
            default:
                writer.element(
                    "line",
                    [("class", "info"), ("x1", n(x + 12)), ("y1", n(y - 9)), ("x2", n(x + 12)), ("y2", n(y + 3))])
            }
            layout.record(SVGLayout.Box(x: x, y: y - 11, width: 24, height: 15), .shape)
            text(item.text, x: x + 30, y: y + 1, font: Self.legendFont)
        }
        writer.close("g")
    }

    /// Each listed problem's text, wrapped to the picture's width (at most
    /// `maxProblemLinesEach` lines, the last cut with `…`); with several
    /// parts, each says which part it happened in.
    var problemLines: [[String]] {
        let columns = max(30, Int((width - 60) / (Self.problemFont.size * Self.problemFont.advance)))
        return problems.prefix(Self.maxProblems).map { problem in
            let number = String(problem.mark.number ?? 0)
            let part = showsPartHeaders ? "part \(problem.part)  " : ""
            let text =
                String(repeating: " ", count: max(0, 3 - number.count)) + number + "  " + part
                + Self.line(problem.mark.event)
            return TerminalWidth.wrap(text, columns: columns, indent: 17, maxLines: Self.maxProblemLinesEach)
        }
    }

    var problemsHeight: Double {
        let lines = problemLines.reduce(0) { $0 + $1.count } + (problems.count > Self.maxProblems ? 1 : 0)
        return 8 + Double(lines) * Self.problemLineHeight
    }

    mutating func drawProblems(top: Double) {
        let n = SVGWriter.number
        writer.open("g", [("class", "problems")])
        let count = problems.count
        let heading =
            count == 0
            ? "No warnings or errors"
            : "Warnings and errors (\(count)): numbers match the triangles above"
        text(heading, x: 16, y: top, font: Self.headingFont, class: "heading")
        var y = top + 8
        for (problem, lines) in zip(problems, problemLines) {
            let mark = problem.mark
            y += Self.problemLineHeight
            writer.open("g", [("class", "problem \(mark.kind.rawValue)"), ("data-number", String(mark.number ?? 0))])
            writer.element("title", [], text: Self.line(mark.event))
            writer.element(
                "polygon",
                [
                    ("class", mark.kind.rawValue),
                    ("points", "\(n(24)),\(n(y - 11)) \(n(32)),\(n(y + 3)) \(n(16)),\(n(y + 3))"),
                ])
            layout.record(SVGLayout.Box(x: 16, y: y - 11, width: 16, height: 14), .shape)
            for (i, line) in lines.enumerated() {
                if i > 0 { y += Self.problemLineHeight }
                text(
                    line, x: 38, y: y, font: Self.problemFont, class: "line", attributes: [("xml:space", "preserve")])
            }
            writer.close("g")
        }
        if count > Self.maxProblems {
            y += Self.problemLineHeight
            text("… and \(count - Self.maxProblems) more", x: 38, y: y, font: Self.legendFont)
        }
        writer.close("g")
    }
}
