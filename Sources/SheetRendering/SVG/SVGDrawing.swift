import SheetEngine

/// Lays out and writes the timeline picture for `TimelineSVG`.
///
/// Geometry, top to bottom: title and subtitle; the time axis; the lanes
/// (each `laneHeight` tall: three rows of marks above a body in which the
/// phase bars and the height line are drawn, grey ticks under it); the
/// axis again; the legend; the list of problems.
struct SVGDrawing {
    var writer = SVGWriter()
    let model: TimelineModel
    let axis: TimeAxis
    var heightScale = 1.0

    static let labelWidth = 180.0
    static let rightMargin = 40.0
    static let axisY = 96.0
    static let lanesTop = 108.0
    static let laneHeight = 168.0
    static let appLaneHeight = 76.0
    /// Offsets inside a lane.
    static let userRow = 16.0, policyRow = 36.0, problemRow = 58.0, bodyTop = 76.0, bodyHeight = 78.0
    static let sans =
        "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK JP', Helvetica, Arial, sans-serif"
    static let mono = "ui-monospace, Menlo, 'DejaVu Sans Mono', 'Noto Sans Mono CJK JP', monospace"

    var width: Double { axis.x0 + axis.width + Self.rightMargin }

    func laneHeight(_ lane: TimelineModel.Lane) -> Double { lane.isApp ? Self.appLaneHeight : Self.laneHeight }

    var lanesBottom: Double { Self.lanesTop + model.lanes.reduce(0) { $0 + laneHeight($1) } }

    mutating func draw(title: String, subtitle: String) {
        let legendTop = lanesBottom + 40
        let problemsTop = legendTop + legendHeight + 24
        let height = problemsTop + problemsHeight + 16
        writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        writer.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"),
                ("width", SVGWriter.number(width)), ("height", SVGWriter.number(height)),
                ("viewBox", "0 0 \(SVGWriter.number(width)) \(SVGWriter.number(height))"),
            ])
        writer.element("title", [], text: title)
        style()
        writer.element("rect", [("class", "background"), ("width", "100%"), ("height", "100%")])
        writer.element("text", [("class", "title"), ("x", "16"), ("y", "32")], text: title)
        writer.element("text", [("class", "subtitle"), ("x", "16"), ("y", "54")], text: subtitle)
        drawAxis(y: Self.axisY, labelsAbove: true)
        var y = Self.lanesTop
        var number = 0
        for lane in model.lanes {
            if !lane.isApp { number += 1 }
            drawLane(lane, number: number, top: y)
            y += laneHeight(lane)
        }
        drawGrid(from: Self.axisY, to: y)
        drawAxis(y: y + 4, labelsAbove: false)
        drawLegend(top: legendTop)
        drawProblems(top: problemsTop)
        writer.close("svg")
    }

    mutating func style() {
        writer.open("style", [("type", "text/css")])
        writer.raw(
            """
            text { font-family: \(Self.sans); fill: #1f2328; }
            .background { fill: #ffffff; }
            .title { font-size: 20px; font-weight: 700; }
            .subtitle { font-size: 13px; fill: #57606a; }
            .axis line { stroke: #57606a; } .axis text { font-size: 11px; fill: #57606a; }
            .axis .caption { font-weight: 600; }
            .grid { stroke: #d0d7de; stroke-width: 1; stroke-dasharray: 2 3; }
            .lane-bg { fill: #f6f8fa; } .lane-bg.alt { fill: #ffffff; } .lane-sep { stroke: #d0d7de; }
            .lane-name { font-size: 14px; font-weight: 700; }
            .lane-note { font-size: 10px; fill: #6e7781; }
            .body-bg { fill: #eef1f4; }
            .phase.presenting { fill: #7fd195; } .phase.presented { fill: #79a8ee; }
            .phase.dismissing { fill: url(#hatch); }
            .phase.open { stroke: #57606a; stroke-dasharray: 4 3; }
            .phase-label { font-size: 10px; fill: #1f2328; }
            .height { fill: none; stroke: #111827; stroke-width: 2; stroke-linejoin: round; }
            .height-max { stroke: #8c959f; stroke-width: 1; stroke-dasharray: 5 4; }
            .detent-label { font-size: 10px; font-weight: 600; fill: #111827; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; }
            .mark.user circle, .legend .user { fill: #24292f; }
            .mark.policy polygon, .legend .policy { fill: #8250df; }
            .mark.warning polygon, .legend .warning, .problems polygon.warning { fill: #f59e0b; stroke: #9a6700; stroke-width: 1; }
            .mark.error polygon, .legend .error, .problems polygon.error { fill: #e5383b; stroke: #82071e; stroke-width: 1; }
            .mark.info line, .legend .info { stroke: #8c959f; stroke-width: 1.5; }
            .mark text { font-size: 10px; }
            .mark.policy text { fill: #6639ba; }
            .mark.warning text { fill: #9a6700; font-weight: 700; }
            .mark.error text { fill: #b3261e; font-weight: 700; }
            .mark .number { font-size: 10px; font-weight: 700; fill: #1f2328; }
            .mark.error .number { fill: #ffffff; }
            .legend text, .problems text { font-size: 12px; }
            .problems .line { font-family: \(Self.mono); font-size: 11.5px; white-space: pre; }
            .problems .heading, .legend .heading { font-weight: 700; }
            """)
        writer.close("style")
        writer.open("defs")
        writer.raw(
            """
            <pattern id="hatch" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">\
            <rect width="8" height="8" fill="#e5e7eb"/><rect width="3.5" height="8" fill="#a8b1bb"/></pattern>
            """)
        writer.close("defs")
    }

    // MARK: Axis and grid

    mutating func drawAxis(y: Double, labelsAbove: Bool) {
        writer.open("g", [("class", "axis")])
        writer.element(
            "line",
            [
                ("x1", SVGWriter.number(axis.x0)), ("y1", SVGWriter.number(y)),
                ("x2", SVGWriter.number(axis.x0 + axis.width)), ("y2", SVGWriter.number(y)),
            ])
        writer.element(
            "text",
            [("class", "caption"), ("x", "16"), ("y", SVGWriter.number(labelsAbove ? y - 6 : y + 16))],
            text: "time (ms)")
        for t in axis.ticks {
            let x = SVGWriter.number(axis.x(t))
            let (y1, y2) = labelsAbove ? (y - 4, y) : (y, y + 4)
            writer.element("line", [("x1", x), ("y1", SVGWriter.number(y1)), ("x2", x), ("y2", SVGWriter.number(y2))])
            writer.element(
                "text",
                [("x", x), ("y", SVGWriter.number(labelsAbove ? y - 8 : y + 16)), ("text-anchor", "middle")],
                text: String(t))
        }
        writer.close("g")
    }

    mutating func drawGrid(from top: Double, to bottom: Double) {
        writer.open("g", [("class", "grid-lines")])
        for t in axis.ticks {
            let x = SVGWriter.number(axis.x(t))
            writer.element(
                "line",
                [
                    ("class", "grid"), ("x1", x), ("y1", SVGWriter.number(top)), ("x2", x),
                    ("y2", SVGWriter.number(bottom)),
                ])
        }
        writer.close("g")
    }

    // MARK: Lanes

    mutating func drawLane(_ lane: TimelineModel.Lane, number: Int, top: Double) {
        let height = laneHeight(lane)
        writer.open(
            "g",
            [
                ("class", lane.isApp ? "lane app" : "lane"), ("id", lane.isApp ? "lane-app" : "lane-\(number)"),
                ("data-presenter", lane.name),
            ])
        writer.element(
            "rect",
            [
                ("class", number % 2 == 0 ? "lane-bg alt" : "lane-bg"), ("x", "0"), ("y", SVGWriter.number(top)),
                ("width", SVGWriter.number(width)), ("height", SVGWriter.number(height)),
            ])
        writer.element(
            "line",
            [
                ("class", "lane-sep"), ("x1", "0"), ("y1", SVGWriter.number(top)), ("x2", SVGWriter.number(width)),
                ("y2", SVGWriter.number(top)),
            ])
        let name = Self.fit(TerminalWidth.printable(lane.name), width: Self.labelWidth - 28, charWidth: 8.2)
        writer.element(
            "text", [("class", "lane-name"), ("x", "16"), ("y", SVGWriter.number(top + 24))],
            text: name, title: lane.name)
        if lane.isApp {
            writer.element(
                "text", [("class", "lane-note"), ("x", "16"), ("y", SVGWriter.number(top + 40))],
                text: "events with no presenter")
        } else {
            let modifiers = Array(Set(lane.bars.map(\.modifier))).sorted()
            writer.element(
                "text", [("class", "lane-note"), ("x", "16"), ("y", SVGWriter.number(top + 40))],
                text: Self.fit(modifiers.joined(separator: ", "), width: Self.labelWidth - 24, charWidth: 5.6))
            writer.element(
                "text",
                [
                    ("class", "lane-note"), ("x", "16"),
                    ("y", SVGWriter.number(top + Self.bodyTop + Self.bodyHeight - 4)),
                ],
                text: "height 0–\(SVGWriter.number(heightScale)) pt")
            drawBody(lane, number: number, top: top)
        }
        drawMarks(lane, top: top)
        writer.close("g")
    }

    mutating func drawBody(_ lane: TimelineModel.Lane, number: Int, top: Double) {
        let bodyTop = top + Self.bodyTop
        writer.element(
            "rect",
            [
                ("class", "body-bg"), ("x", SVGWriter.number(axis.x0)), ("y", SVGWriter.number(bodyTop)),
                ("width", SVGWriter.number(axis.width)), ("height", SVGWriter.number(Self.bodyHeight)),
            ])
        let trackHeight = Self.bodyHeight / Double(lane.tracks)
        for (i, bar) in lane.bars.enumerated() {
            let x = axis.x(bar.start)
            let w = max(axis.x(bar.end) - x, 1.5)
            let y = bodyTop + Double(bar.track) * trackHeight
            let span =
                "\(bar.phase.rawValue) \(bar.start)–\(bar.end) ms" + (bar.open ? " (still running at the end)" : "")
            writer.element(
                "rect",
                [
                    ("class", "phase \(bar.phase.rawValue)" + (bar.open ? " open" : "")),
                    ("id", "bar-\(number)-\(i + 1)"),
                    ("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("width", SVGWriter.number(w)),
                    ("height", SVGWriter.number(trackHeight)),
                ],
                title: span + "\n" + Self.line(bar.event))
            let label = TerminalWidth.printable(bar.phase.rawValue + (bar.item.map { " item=\($0)" } ?? ""))
            let fitted = Self.fit(label, width: w - 6, charWidth: 5.6)
            if !fitted.isEmpty {
                writer.element(
                    "text",
                    [
                        ("class", "phase-label"), ("x", SVGWriter.number(x + 3)),
                        ("y", SVGWriter.number(y + trackHeight - 5)),
                    ],
                    text: fitted)
            }
        }
        let maxY = SVGWriter.number(bodyTop)
        writer.element(
            "line",
            [
                ("class", "height-max"), ("x1", SVGWriter.number(axis.x0)), ("y1", maxY),
                ("x2", SVGWriter.number(axis.x0 + axis.width)), ("y2", maxY),
            ])
        for trace in lane.traces { drawTrace(trace, bodyTop: bodyTop) }
    }

    mutating func drawTrace(_ trace: [TimelineModel.HeightPoint], bodyTop: Double) {
        func y(_ h: Double) -> Double {
            bodyTop + Self.bodyHeight - min(max(h / heightScale, 0), 1) * Self.bodyHeight
        }
        let points = trace.map { "\(SVGWriter.number(axis.x($0.time))),\(SVGWriter.number(y($0.height)))" }
        writer.element("polyline", [("class", "height"), ("points", points.joined(separator: " "))])
        var lastLabelEnd = -Double.infinity
        for p in trace {
            guard let label = p.label else { continue }
            let text = "\(label) \(SVGWriter.number(p.height.rounded())) pt"
            let x = axis.x(p.time) + 4
            guard x >= lastLabelEnd else { continue }
            let py = y(p.height)
            let ty = py < bodyTop + 14 ? py + 13 : py - 5
            writer.element(
                "text", [("class", "detent-label"), ("x", SVGWriter.number(x)), ("y", SVGWriter.number(ty))], text: text
            )
            lastLabelEnd = x + Self.textWidth(text, charWidth: 6) + 6
        }
    }

    // MARK: Text helpers

    /// The event line shown in tooltips and the problem list.
    static func line(_ event: Event) -> String {
        TerminalWidth.printable(event.description).trimmingLeadingSpaces()
    }

    /// Approximate rendered width: wide characters count double.
    static func textWidth(_ text: String, charWidth: Double) -> Double {
        Double(TerminalWidth.of(text)) * charWidth
    }

    /// The text cut to fit `width` pixels, with `…`; empty when not even a
    /// few characters fit.
    static func fit(_ text: String, width: Double, charWidth: Double) -> String {
        let columns = Int(width / charWidth)
        guard columns >= 4 else { return "" }
        return TerminalWidth.truncate(text, to: columns)
    }
}

extension String {
    func trimmingLeadingSpaces() -> String {
        String(drop { $0 == " " })
    }
}
