import SheetEngine

/// Lays out and writes the picture of a run for `TimelineSVG`.
///
/// Geometry, top to bottom: the title and subtitle; one panel per part of
/// the run (a header naming the part and its profile when there are
/// several, the time axis with instants, idle gaps and the end of the run
/// marked, the lanes, the axis again); the legend; the list of warnings
/// and errors. Every text and mark is recorded in `layout` as it is
/// written: optional labels (detent names, mark labels, tick labels) are
/// left out where they would overlap another, and tests check the rest.
struct SVGDrawing {
    /// One part of the run, laid out.
    struct Panel {
        var part: TimelinePart
        var model: TimelineModel
        var time: TimeLayout
        /// The height at the top of a lane body.
        var heightScale: Double
        /// A part where no time passes (in a run of several): one line per
        /// lane, no time axis (`SVGDrawing+Compact`).
        var compact = false
        /// Its expectations, grouped by moment and verdict, laid out.
        var expectations: [ExpectationMark] = []
        var top = 0.0

        func laneHeight(_ lane: TimelineModel.Lane) -> Double {
            lane.isApp ? SVGDrawing.appLaneHeight : SVGDrawing.laneHeight
        }
        /// The expectations' row, when there are any, then the lanes.
        var lanesHeight: Double {
            model.lanes.reduce(0) { $0 + laneHeight($1) }
                + (expectations.isEmpty ? 0 : SVGDrawing.expectationLaneHeight)
        }
    }

    var writer = SVGWriter()
    var layout = SVGLayout()
    let title: String
    let subtitle: String
    var panels: [Panel]
    /// Every warning and error of the run, numbered across its parts, with its part.
    let problems: [(mark: TimelineModel.Mark, part: Int)]
    let showsPartHeaders: Bool
    var width = 0.0
    var height = 0.0

    static let labelWidth = 180.0
    static let rightMargin = 40.0
    static let panelsTop = 72.0
    static let panelHeaderHeight = 30.0
    /// The axis band above the lanes: labels of instants and gaps, then tick labels, then the line.
    static let axisBand = 44.0
    static let bottomAxisBand = 30.0
    static let panelGap = 18.0
    static let laneHeight = 168.0
    static let appLaneHeight = 76.0
    /// Offsets inside a lane.
    static let userRow = 16.0, policyRow = 36.0, problemRow = 58.0, bodyTop = 76.0, bodyHeight = 78.0
    static let sans =
        "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'DejaVu Sans', 'Noto Sans CJK JP', Helvetica, Arial, sans-serif"
    static let mono = "ui-monospace, Menlo, 'DejaVu Sans Mono', 'Noto Sans Mono CJK JP', monospace"

    typealias Font = SVGLayout.Font
    static let titleFont = Font(size: 20, bold: true)
    static let subtitleFont = Font(size: 13)
    static let panelFont = Font(size: 15, bold: true)
    static let axisFont = Font(size: 11)
    static let captionFont = Font(size: 11, bold: true)
    static let noteFont = Font(size: 10)
    static let laneNameFont = Font(size: 14, bold: true)
    static let markFont = Font(size: 10)
    static let problemMarkFont = Font(size: 10, bold: true)
    static let detentFont = Font(size: 10, bold: true)
    static let legendFont = Font(size: 12)
    static let headingFont = Font(size: 12, bold: true)
    static let problemFont = Font(size: 11.5, mono: true)

    init(title: String, subtitle: String, panels: [Panel], showsPartHeaders: Bool) {
        self.title = title
        self.subtitle = subtitle
        self.panels = panels
        self.showsPartHeaders = showsPartHeaders
        problems = panels.flatMap { panel in panel.model.problems.map { ($0, panel.part.part) } }
        let timed = panels.filter { !$0.compact }
        let plot = timed.map(\.time.width).max() ?? TimeLayout.minWidth
        width = max(
            Self.labelWidth + plot + Self.rightMargin, Self.titleFont.width(title) + 32,
            Self.subtitleFont.width(subtitle) + 32, timed.map(Self.lastLabelsEnd).max() ?? 0,
            showsPartHeaders ? (panels.map { Self.panelFont.width(Self.header($0)) }.max() ?? 0) + 32 : 0,
            panels.map(Self.widestCompactItem).max() ?? 0)
        var y = Self.panelsTop
        for i in self.panels.indices {
            self.panels[i].top = y
            y += panelHeight(self.panels[i]) + Self.panelGap
        }
        legendTop = y + 22
        problemsTop = legendTop + legendHeight + 24
        height = problemsTop + problemsHeight + 16
    }

    private(set) var legendTop = 0.0
    private(set) var problemsTop = 0.0

    /// Where the whole label of the last mark of each row (and the last
    /// detent named on each height line) ends, and some room: the canvas is
    /// at least this wide, so that those labels read.
    static func lastLabelsEnd(_ panel: Panel) -> Double {
        var end = 0.0
        for lane in panel.model.lanes {
            for trace in lane.traces {
                guard let last = trace.last(where: { $0.label != nil }), let label = last.label else { continue }
                let words = "\(label) \(SVGWriter.number(last.height.rounded())) pt"
                end = max(end, panel.time.x(last.at) + 4 + detentFont.width(TerminalWidth.printable(words)) + 8)
            }
            var last: [Int: TimelineModel.Mark] = [:]
            for mark in lane.marks { last[row(mark.kind)] = mark }
            for mark in last.values {
                let label = label(mark)
                let x = panel.time.x(.event(mark.index)) + labelOffset(mark.kind)
                end = max(end, x + font(mark.kind).width(label) + 8)
            }
        }
        return end
    }

    func panelHeight(_ panel: Panel) -> Double {
        if panel.compact { return Self.panelHeaderHeight + compactHeight(panel) }
        return (showsPartHeaders ? Self.panelHeaderHeight : 0) + Self.axisBand + panel.lanesHeight
            + Self.bottomAxisBand
    }

    /// Where a panel's lanes begin.
    func lanesTop(_ panel: Panel) -> Double {
        panel.top + (showsPartHeaders ? Self.panelHeaderHeight : 0) + Self.axisBand
    }

    mutating func draw() {
        let n = SVGWriter.number
        writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        writer.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"),
                ("width", n(width)), ("height", n(height)), ("viewBox", "0 0 \(n(width)) \(n(height))"),
            ])
        writer.element("title", [], text: title)
        style()
        writer.element("rect", [("class", "background"), ("width", "100%"), ("height", "100%")])
        text(title, x: 16, y: 32, font: Self.titleFont, class: "title")
        text(subtitle, x: 16, y: 54, font: Self.subtitleFont, class: "subtitle")
        for panel in panels { drawPanel(panel) }
        drawLegend(top: legendTop)
        drawProblems(top: problemsTop)
        writer.close("svg")
    }

    mutating func drawPanel(_ panel: Panel) {
        let part = panel.part
        writer.open(
            "g",
            [("class", "part"), ("id", "part-\(part.part)"), ("data-profile", part.profile.name)])
        if showsPartHeaders {
            text(Self.header(panel), x: 16, y: panel.top + 21, font: Self.panelFont, class: "part-title")
        }
        if panel.compact {
            drawCompact(panel, top: panel.top + Self.panelHeaderHeight)
            writer.close("g")
            return
        }
        let lanesTop = lanesTop(panel)
        var y = lanesTop
        if !panel.expectations.isEmpty {
            drawExpectationsBackground(panel, top: y)
            y += Self.expectationLaneHeight
        }
        let firstLane = y
        var number = 0
        for lane in panel.model.lanes {
            if !lane.isApp { number += 1 }
            drawLaneBackground(lane, number: number, top: y, panel: panel)
            y += panel.laneHeight(lane)
        }
        drawBands(panel, top: lanesTop - 8, bottom: y)
        drawAxis(panel, y: lanesTop - 8, labelsAbove: true)
        if !panel.expectations.isEmpty { drawExpectations(panel, top: lanesTop) }
        y = firstLane
        number = 0
        for lane in panel.model.lanes {
            if !lane.isApp { number += 1 }
            drawLane(lane, number: number, top: y, panel: panel)
            y += panel.laneHeight(lane)
        }
        drawAxis(panel, y: y + 4, labelsAbove: false)
        writer.close("g")
    }

    /// `Part 2 · profile iphonese-ios17 (iPhone SE, iOS 17) · policy queue.lua · 0–700 ms · 8 events`;
    /// `stock` when the part loaded no policy.
    static func header(_ panel: Panel) -> String {
        let events = panel.part.events.count
        return "Part \(panel.part.part) · " + profileText(panel.part.profile) + " · "
            + policyText(panel.part.policies) + " · " + (panel.compact ? "at 0 ms: no time passes" : span(panel.model))
            + " · \(events) event\(events == 1 ? "" : "s")"
    }

    /// `policy queue.lua`, `policies a.lua, b.lua`, or `stock` (no policy loaded).
    static func policyText(_ policies: [String]) -> String {
        guard !policies.isEmpty else { return "stock" }
        return (policies.count == 1 ? "policy " : "policies ")
            + policies.map { TerminalWidth.printable($0) }.joined(separator: ", ")
    }

    /// `profile iphone15-ios17 (iPhone 15, iOS 17)`.
    static func profileText(_ profile: Profile) -> String {
        "profile \(profile.name) (\(profile.device.displayName), iOS \(profile.os.version))"
    }

    /// `0–1000 ms`, or `0–1000 ms (drawn to 1500 ms)` when a transition ran on.
    static func span(_ model: TimelineModel) -> String {
        (model.end == 0 ? "at 0 ms" : "0–\(model.end) ms")
            + (model.drawnEnd > model.end ? " (drawn to \(model.drawnEnd) ms)" : "")
    }

    mutating func style() {
        func css(_ font: Font) -> String {
            "font-size: \(SVGWriter.number(font.size))px; font-weight: \(font.bold ? 700 : 400);"
        }
        writer.open("style", [("type", "text/css")])
        writer.raw(
            """
            text { font-family: \(Self.sans); fill: #1f2328; }
            .background { fill: #ffffff; }
            .title { \(css(Self.titleFont)) }
            .subtitle { \(css(Self.subtitleFont)) fill: #57606a; }
            .part-title { \(css(Self.panelFont)) }
            .axis line { stroke: #57606a; } .axis text { \(css(Self.axisFont)) fill: #57606a; }
            .axis .caption { \(css(Self.captionFont)) }
            .axis .note { \(css(Self.noteFont)) fill: #57606a; }
            .grid { stroke: #d0d7de; stroke-width: 1; stroke-dasharray: 2 3; }
            .instant { fill: #fff0b3; opacity: 0.6; } .instant-bracket { stroke: #bf8700; stroke-width: 2; fill: none; }
            .idle { fill: url(#idle-hatch); } .idle-break { stroke: #57606a; stroke-width: 1.5; fill: none; }
            .stretch { fill: url(#stretch-hatch); } .axis-break { stroke: #57606a; stroke-width: 1.5; fill: none; }
            .axis-break-gap { stroke: #ffffff; stroke-width: 3; }
            .expectations-bg { fill: #f6f8fa; }
            .expectation.passed circle, .legend .expect-passed { fill: #1a7f37; }
            .expectation.failed circle, .legend .expect-failed { fill: #cf222e; }
            .expectation .glyph { stroke: #ffffff; stroke-width: 1.8; fill: none; stroke-linecap: round; }
            .expectation text { \(css(Self.expectationFont)) }
            .expectation.failed text { fill: #b3261e; font-weight: 700; }
            .mark.notable circle:not(.confidence-ring), .legend .notable { fill: #ffffff; stroke: #0969da; stroke-width: 2; }
            .mark.notable text { fill: #0550ae; }
            .confidence-ring, .legend .confidence-ring { fill: none; stroke: #bf3989; stroke-width: 1.5; stroke-dasharray: 3 2; }
            .compact-state { \(css(Self.noteFont)) fill: #57606a; }
            .after-end { fill: #dde1e6; opacity: 0.55; } .run-end { stroke: #57606a; stroke-width: 1.5; stroke-dasharray: 6 3; }
            .lane-bg { fill: #f6f8fa; } .lane-bg.alt { fill: #ffffff; } .lane-sep { stroke: #d0d7de; }
            .lane-name { \(css(Self.laneNameFont)) }
            .lane-note { \(css(Self.noteFont)) fill: #6e7781; }
            .body-bg { fill: #eef1f4; }
            .phase.presenting { fill: #7fd195; } .phase.presented { fill: #79a8ee; }
            .phase.dismissing { fill: url(#hatch); }
            .phase.dismissing.still { fill: #e4e7eb; stroke: #8c959f; stroke-width: 1; stroke-dasharray: 2 2; }
            .phase.open { stroke: #57606a; stroke-dasharray: 4 3; }
            .phase-label { \(css(Self.noteFont)) fill: #1f2328; }
            .height { fill: none; stroke: #111827; stroke-width: 2; stroke-linejoin: round; }
            .height-max { stroke: #8c959f; stroke-width: 1; stroke-dasharray: 5 4; }
            .detent-label { \(css(Self.detentFont)) fill: #111827; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; }
            .mark.user circle, .legend .user { fill: #24292f; }
            .mark.policy polygon, .legend .policy { fill: #8250df; }
            .mark.warning polygon, .legend .warning, .problems polygon.warning { fill: #f59e0b; stroke: #9a6700; stroke-width: 1; }
            .mark.error polygon, .legend .error, .problems polygon.error { fill: #e5383b; stroke: #82071e; stroke-width: 1; }
            .mark.info line, .legend .info { stroke: #8c959f; stroke-width: 1.5; }
            .mark text { \(css(Self.markFont)) }
            .mark.policy text { fill: #6639ba; }
            .mark.warning text { \(css(Self.problemMarkFont)) fill: #9a6700; }
            .mark.error text { \(css(Self.problemMarkFont)) fill: #b3261e; }
            .mark .number { \(css(Self.problemMarkFont)) fill: #1f2328; }
            .mark.error .number { fill: #ffffff; }
            .legend text, .problems text { \(css(Self.legendFont)) }
            .problems .line { font-family: \(Self.mono); \(css(Self.problemFont)) white-space: pre; }
            .problems .heading, .legend .heading { \(css(Self.headingFont)) }
            """)
        writer.close("style")
        writer.open("defs")
        writer.raw(
            """
            <pattern id="hatch" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">\
            <rect width="8" height="8" fill="#e5e7eb"/><rect width="3.5" height="8" fill="#a8b1bb"/></pattern>
            <pattern id="stretch-hatch" patternUnits="userSpaceOnUse" width="4" height="4">\
            <rect width="4" height="4" fill="#f3f0ff"/><rect width="1" height="4" fill="#d8cffa"/></pattern>
            <pattern id="idle-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(-45)">\
            <rect width="6" height="6" fill="#f6f8fa"/><rect width="1" height="6" fill="#d0d7de"/></pattern>
            """)
        writer.close("defs")
    }

    // MARK: Text

    /// Writes text and records its box. An `optional` text is left out
    /// (returning false) where it would overlap a label or a mark already
    /// drawn, or leave the canvas.
    @discardableResult
    mutating func text(
        _ text: String, x: Double, y: Double, font: Font, class className: String? = nil, middle: Bool = false,
        optional: Bool = false, title: String? = nil, attributes: [(String, String)] = []
    ) -> Bool {
        guard !text.isEmpty else { return false }
        let box = SVGLayout.box(text, x: x, y: y, font: font, middle: middle)
        if optional, !layout.isFree(box) || !contains(box) { return false }
        layout.record(box, .label(text))
        var attrs: [(String, String)] = []
        if let className { attrs.append(("class", className)) }
        attrs += [("x", SVGWriter.number(x)), ("y", SVGWriter.number(y))]
        if middle { attrs.append(("text-anchor", "middle")) }
        writer.element("text", attrs + attributes, text: text, title: title)
        return true
    }

    /// Whether a box lies inside the canvas.
    func contains(_ box: SVGLayout.Box) -> Bool {
        box.x >= 0 && box.y >= 0 && box.maxX <= width && box.maxY <= height
    }

    /// The event line shown in tooltips and the problem list.
    static func line(_ event: Event) -> String {
        TerminalWidth.printable(event.description).trimmingLeadingSpaces()
    }

    /// The text cut to fit `width` pixels in `font`, with `…`; empty when
    /// not even a few characters fit.
    static func fit(_ text: String, width: Double, font: Font) -> String {
        let columns = Int(width / (font.size * font.advance))
        guard columns >= 4 else { return "" }
        return TerminalWidth.truncate(text, to: columns)
    }
}

extension String {
    func trimmingLeadingSpaces() -> String {
        String(drop { $0 == " " })
    }
}
