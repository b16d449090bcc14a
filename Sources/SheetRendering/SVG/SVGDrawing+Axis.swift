extension SVGDrawing {
    /// The time axis of a panel. Above the lanes: instants (a bracket and
    /// `instant: 6 events at 500 ms`), stretches (an axis break: room for
    /// labels where time stands still), compressed idle gaps (a break and
    /// `1.8 s idle`) and the end of the run, then tick labels where they
    /// fit; below the lanes, the ticks and the breaks again.
    mutating func drawAxis(_ panel: SVGDrawing.Panel, y: Double, labelsAbove: Bool) {
        let n = SVGWriter.number
        let time = panel.time
        writer.open("g", [("class", "axis")])
        let right = time.x0 + time.width
        writer.element("line", [("x1", n(time.x0)), ("y1", n(y)), ("x2", n(right)), ("y2", n(y))])
        text("time (ms)", x: 16, y: labelsAbove ? y - 8 : y + 16, font: Self.captionFont, class: "caption")
        if labelsAbove {
            let noteY = y - 22
            for instant in time.instants {
                writer.element(
                    "polyline",
                    [
                        ("class", "instant-bracket"),
                        (
                            "points",
                            "\(n(instant.x0)),\(n(y - 5)) \(n(instant.x0)),\(n(y - 1)) \(n(instant.x1)),\(n(y - 1)) \(n(instant.x1)),\(n(y - 5))"
                        ),
                    ])
                layout.record(SVGLayout.Box(x: instant.x0, y: y - 5, width: instant.x1 - instant.x0, height: 4), .shape)
                // In a shared layout a part may have fewer events there than the instant holds.
                let count = panel.part.events.reduce(0) { $0 + ($1.time == instant.time ? 1 : 0) }
                let words =
                    count > 1
                    ? ["instant: \(count) events at \(instant.time) ms", "\(instant.time) ms ×\(count)"]
                    : ["\(instant.time) ms held", "held"]
                for label in words
                where text(label, x: instant.x0, y: noteY, font: Self.noteFont, class: "note", optional: true) {
                    break
                }
            }
            for gap in time.idle {
                let mid = (gap.x0 + gap.x1) / 2
                writer.element(
                    "polyline",
                    [
                        ("class", "idle-break"),
                        (
                            "points",
                            "\(n(mid - 6)),\(n(y + 5)) \(n(mid - 2)),\(n(y - 5)) \(n(mid + 2)),\(n(y + 5)) \(n(mid + 6)),\(n(y - 5))"
                        ),
                    ])
                layout.record(SVGLayout.Box(x: mid - 6, y: y - 5, width: 12, height: 10), .shape)
                text(
                    Self.duration(gap.to - gap.from) + " idle", x: mid, y: noteY, font: Self.noteFont, class: "note",
                    middle: true, optional: true)
            }
            if time.lastTime > panel.model.end {
                text(
                    "run ends at \(panel.model.end) ms", x: time.x(endOf: panel.model.end) + 3, y: noteY,
                    font: Self.noteFont, class: "note", optional: true)
            }
        }
        for stretch in time.stretches {
            // Two slanted strokes across the axis: time does not pass here.
            let mid = (stretch.x0 + stretch.x1) / 2
            writer.element(
                "line",
                [("class", "axis-break-gap"), ("x1", n(mid - 2.5)), ("y1", n(y)), ("x2", n(mid + 2.5)), ("y2", n(y))])
            for dx in [-2.5, 2.5] {
                writer.element(
                    "line",
                    [
                        ("class", "axis-break"), ("x1", n(mid + dx - 2)), ("y1", n(y + 5)), ("x2", n(mid + dx + 2)),
                        ("y2", n(y - 5)),
                    ], title: "\(stretch.time) ms: time stands still here, to make room for labels")
            }
            layout.record(SVGLayout.Box(x: mid - 5, y: y - 5, width: 10, height: 10), .shape)
        }
        for (t, x) in time.ticks {
            let (y1, y2) = labelsAbove ? (y - 4, y) : (y, y + 4)
            writer.element("line", [("x1", n(x)), ("y1", n(y1)), ("x2", n(x)), ("y2", n(y2))])
            text(String(t), x: x, y: labelsAbove ? y - 8 : y + 16, font: Self.axisFont, middle: true, optional: true)
        }
        writer.close("g")
    }

    /// `1.8 s`, `350 ms`, `2 min`: a duration for people.
    static func duration(_ ms: Int) -> String {
        if ms < 1000 { return "\(ms) ms" }
        if ms < 120_000 {
            let tenths = (ms + 50) / 100
            return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
        }
        if ms < 7_200_000 { return "\((ms + 30_000) / 60_000) min" }
        return "\((ms + 1_800_000) / 3_600_000) h"
    }

    /// Behind the lanes' content, over their backgrounds: the grid at the
    /// ticks, instants (shaded), idle gaps (hatched) and the time after
    /// the run's end (greyed, with a dashed line where it ended).
    mutating func drawBands(_ panel: SVGDrawing.Panel, top: Double, bottom: Double) {
        let n = SVGWriter.number
        let time = panel.time
        writer.open("g", [("class", "bands")])
        for (_, x) in time.ticks {
            writer.element("line", [("class", "grid"), ("x1", n(x)), ("y1", n(top)), ("x2", n(x)), ("y2", n(bottom))])
        }
        for instant in time.instants {
            writer.element(
                "rect",
                [
                    ("class", "instant"), ("x", n(instant.x0)), ("y", n(top)), ("width", n(instant.x1 - instant.x0)),
                    ("height", n(bottom - top)),
                ],
                title: "\(instant.events) events at \(instant.time) ms, spread out so each can be read")
        }
        for gap in time.idle {
            writer.element(
                "rect",
                [
                    ("class", "idle"), ("x", n(gap.x0)), ("y", n(top)), ("width", n(gap.x1 - gap.x0)),
                    ("height", n(bottom - top)),
                ],
                title: "\(gap.from)–\(gap.to) ms: nothing happens; drawn compressed")
        }
        for stretch in time.stretches {
            writer.element(
                "rect",
                [
                    ("class", "stretch"), ("x", n(stretch.x0)), ("y", n(top)), ("width", n(stretch.x1 - stretch.x0)),
                    ("height", n(bottom - top)),
                ],
                title: "just before \(stretch.time) ms: time stands still here, to make room for labels")
        }
        if time.lastTime > panel.model.end {
            let x = time.x(endOf: panel.model.end)
            let right = time.x0 + time.width
            writer.element(
                "rect",
                [
                    ("class", "after-end"), ("x", n(x)), ("y", n(top)), ("width", n(right - x)),
                    ("height", n(bottom - top)),
                ],
                title: "after the part ended at \(panel.model.end) ms"
                    + (panel.model.drawnEnd > panel.model.end ? ": running transitions drawn to their end" : ""))
            writer.element(
                "line", [("class", "run-end"), ("x1", n(x)), ("y1", n(top)), ("x2", n(x)), ("y2", n(bottom))])
        }
        writer.close("g")
    }
}
