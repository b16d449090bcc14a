import SheetEngine

extension SVGDrawing {
    /// `p1-lane-2`, `p1-lane-app`: a lane's id, unique across the parts.
    static func laneID(part: Int, lane: TimelineModel.Lane, number: Int) -> String {
        "p\(part)-lane-" + (lane.isApp ? "app" : String(number))
    }

    /// A lane's background, its body's and the words in the left column:
    /// the presenter, its modifiers, its placement (iOS 26), the height scale.
    mutating func drawLaneBackground(_ lane: TimelineModel.Lane, number: Int, top: Double, panel: Panel) {
        let n = SVGWriter.number
        let height = panel.laneHeight(lane)
        writer.element(
            "rect",
            [
                ("class", number % 2 == 0 ? "lane-bg alt" : "lane-bg"), ("x", "0"), ("y", n(top)),
                ("width", n(width)), ("height", n(height)),
            ])
        writer.element(
            "line", [("class", "lane-sep"), ("x1", "0"), ("y1", n(top)), ("x2", n(width)), ("y2", n(top))])
        let name = Self.fit(TerminalWidth.printable(lane.name), width: Self.labelWidth - 28, font: Self.laneNameFont)
        text(name, x: 16, y: top + 24, font: Self.laneNameFont, class: "lane-name", title: lane.name)
        guard !lane.isApp else {
            text("events with no presenter", x: 16, y: top + 40, font: Self.noteFont, class: "lane-note")
            return
        }
        let modifiers = Array(Set(lane.bars.map(\.modifier))).sorted().joined(separator: ", ")
        text(
            Self.fit(TerminalWidth.printable(modifiers), width: Self.labelWidth - 24, font: Self.noteFont),
            x: 16, y: top + 40, font: Self.noteFont, class: "lane-note")
        // Before iOS 26 every sheet is edge-attached; the note says where one floats inset (B36).
        // Wrapped, never cut: it is what B36 and B37 are about.
        if lane.placements.contains(where: { $0 != SheetPlacement.edgeAttached.rawValue }) {
            for (i, line) in Self.placementLines(lane).enumerated() {
                text(line, x: 16, y: top + 54 + Double(i) * 12, font: Self.noteFont, class: "lane-note placement")
            }
        }
        text(
            "height 0–\(n(panel.heightScale)) pt", x: 16, y: top + Self.bodyTop + Self.bodyHeight - 4,
            font: Self.noteFont,
            class: "lane-note")
        writer.element(
            "rect",
            [
                ("class", "body-bg"), ("x", n(panel.time.x0)), ("y", n(top + Self.bodyTop)),
                ("width", n(panel.time.width)), ("height", n(Self.bodyHeight)),
            ])
    }

    /// `placement: inset, edgeAttached` in lines that fit the left column
    /// (at most six: room down to the height note), each placement whole.
    static func placementLines(_ lane: TimelineModel.Lane) -> [String] {
        let columns = Int((labelWidth - 24) / (noteFont.size * noteFont.advance))
        var lines: [String] = []
        var line = "placement:"
        for (i, p) in lane.placements.enumerated() {
            let word = TerminalWidth.printable(p) + (i + 1 < lane.placements.count ? "," : "")
            if TerminalWidth.of(line) + 1 + TerminalWidth.of(word) <= columns {
                line += " " + word
            } else {
                lines.append(line)
                line = "  " + word
            }
        }
        lines.append(line)
        return Array(lines.prefix(6))
    }

    /// A lane's content: phase bars, height lines with their detents, marks.
    mutating func drawLane(_ lane: TimelineModel.Lane, number: Int, top: Double, panel: Panel) {
        writer.open(
            "g",
            [
                ("class", lane.isApp ? "lane app" : "lane"),
                ("id", Self.laneID(part: panel.part.part, lane: lane, number: number)), ("data-presenter", lane.name),
            ])
        if !lane.isApp { drawBody(lane, number: number, top: top, panel: panel) }
        drawMarks(lane, top: top, panel: panel)
        if !lane.isApp {
            for trace in lane.traces { drawDetentLabels(trace, bodyTop: top + Self.bodyTop, panel: panel) }
            drawPhaseLabels(lane, number: number, top: top, panel: panel)
        }
        writer.close("g")
    }

    /// The y of a height inside a lane body.
    static func y(_ height: Double, bodyTop: Double, scale: Double) -> Double {
        bodyTop + bodyHeight - min(max(height / scale, 0), 1) * bodyHeight
    }

    mutating func drawBody(_ lane: TimelineModel.Lane, number: Int, top: Double, panel: Panel) {
        let n = SVGWriter.number
        let bodyTop = top + Self.bodyTop
        let trackHeight = Self.bodyHeight / Double(lane.tracks)
        for (i, bar) in lane.bars.enumerated() {
            let x = panel.time.x(bar.start)
            let w = max(panel.time.x(bar.end) - x, 1.5)
            let y = bodyTop + Double(bar.track) * trackHeight
            var classes = "phase \(bar.phase.rawValue)"
            if bar.phase == .dismissing, !bar.animated { classes += " still" }
            if bar.open { classes += " open" }
            var span = "\(bar.phase.rawValue) \(bar.startTime)–\(bar.endTime) ms"
            if bar.phase == .dismissing, !bar.animated { span += ", not animated: only the top sheet animates (B06)" }
            if bar.open {
                span += bar.endTime > panel.model.end ? " (still running when the run ended)" : " (still on at the end)"
            }
            writer.element(
                "rect",
                [
                    ("class", classes), ("id", "p\(panel.part.part)-bar-\(number)-\(i + 1)"),
                    ("x", n(x)), ("y", n(y)), ("width", n(w)), ("height", n(trackHeight)),
                ],
                title: span + "\n" + Self.line(bar.event))
            layout.record(SVGLayout.Box(x: x, y: y, width: w, height: trackHeight), .shape)
        }
        let maxY = n(bodyTop)
        writer.element(
            "line",
            [
                ("class", "height-max"), ("x1", n(panel.time.x0)), ("y1", maxY),
                ("x2", n(panel.time.x0 + panel.time.width)), ("y2", maxY),
            ])
        for trace in lane.traces {
            let points = trace.map {
                "\(n(panel.time.x($0.at))),\(n(Self.y($0.height, bodyTop: bodyTop, scale: panel.heightScale)))"
            }
            writer.element("polyline", [("class", "height"), ("points", points.joined(separator: " "))])
        }
    }

    /// The detent's name and height where the line settles on one
    /// (`medium 392 pt`): above the line, else below it, else left out
    /// where another label is.
    mutating func drawDetentLabels(_ trace: [TimelineModel.HeightPoint], bodyTop: Double, panel: Panel) {
        for p in trace {
            guard let label = p.label else { continue }
            let words = TerminalWidth.printable("\(label) \(SVGWriter.number(p.height.rounded())) pt")
            let px = panel.time.x(p.at)
            let py = Self.y(p.height, bodyTop: bodyTop, scale: panel.heightScale)
            let ys = [py - 5, py + 13].filter { $0 - 9 >= bodyTop - 4 && $0 <= bodyTop + Self.bodyHeight - 2 }
            // Right of the point, else left of it (at the end of the plot).
            let xs = [px + 4, px - 4 - Self.detentFont.width(words)]
            placing: for x in xs {
                for y in ys where text(words, x: x, y: y, font: Self.detentFont, class: "detent-label", optional: true)
                {
                    break placing
                }
            }
        }
    }

    /// Each bar's phase (and item) written inside it where it fits.
    mutating func drawPhaseLabels(_ lane: TimelineModel.Lane, number: Int, top: Double, panel: Panel) {
        let trackHeight = Self.bodyHeight / Double(lane.tracks)
        for bar in lane.bars {
            let x = panel.time.x(bar.start)
            let w = panel.time.x(bar.end) - x
            var words = bar.phase.rawValue + (bar.item.map { " item=\($0)" } ?? "")
            if bar.phase == .dismissing, !bar.animated { words += ", not animated" }
            let fitted = Self.fit(TerminalWidth.printable(words), width: w - 6, font: Self.noteFont)
            let y = top + Self.bodyTop + Double(bar.track) * trackHeight + trackHeight - 5
            text(fitted, x: x + 3, y: y, font: Self.noteFont, class: "phase-label", optional: true)
        }
    }
}
