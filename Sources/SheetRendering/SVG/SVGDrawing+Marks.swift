import SheetEngine

extension SVGDrawing {
    typealias MarkKind = TimelineModel.MarkKind

    /// The row of a lane a mark sits in: errors and notable events share the warnings' row.
    static func row(_ kind: MarkKind) -> Int {
        switch kind {
        case .user: return 0
        case .policy: return 1
        case .warning, .error, .notable: return 2
        case .info: return 4
        }
    }

    /// The y of a mark row inside a lane.
    static func rowY(_ kind: MarkKind, top: Double) -> Double {
        switch kind {
        case .user: return top + userRow
        case .policy: return top + policyRow
        case .warning, .error, .notable: return top + problemRow
        case .info: return top + bodyTop + bodyHeight
        }
    }

    /// How far a mark's label starts to the right of its x, past its shape.
    static func labelOffset(_ kind: MarkKind) -> Double {
        switch kind {
        case .warning, .error: return 12
        case .notable: return 12
        case .policy: return 10
        default: return 9
        }
    }

    /// How far a mark's shape reaches left of its x.
    static func halfWidth(_ kind: MarkKind) -> Double {
        switch kind {
        case .warning, .error: return 9
        case .policy, .notable: return 6
        case .user: return 5
        case .info: return 1
        }
    }

    /// What an event needs on the axis in lane `lane`: its marks, each with
    /// its whole label, and a step of the height line (with the detent's
    /// name where it settles on one). Used by `TimeLayout` to spread events
    /// of one millisecond so that each label reads.
    static func needs(of marks: [TimelineModel.Mark], heightLabel: String??, lane: Int) -> [TimeLayout.Need] {
        var out = marks.map { mark in
            let label = label(mark)
            let width = label.isEmpty ? 4 : labelOffset(mark.kind) + font(mark.kind).width(label)
            return TimeLayout.Need(
                row: .init(lane: lane, row: row(mark.kind)), width: width, spreads: mark.kind != .info,
                keepsLabel: mark.kind == .warning || mark.kind == .error || mark.kind == .notable,
                spacing: max(TimeLayout.markSpacing, 2 * halfWidth(mark.kind) + 2))
        }
        if let heightLabel {
            let width = heightLabel.map { 4 + detentFont.width($0) } ?? 8
            out.append(TimeLayout.Need(row: .init(lane: lane, row: 3), width: width, spreads: true))
        }
        return out
    }

    /// Draws a lane's marks in their rows. A label gets the room up to the
    /// next mark of its row, so labels never run under marks: the whole
    /// label, else the event's kind, else the label cut short; a mark with
    /// no room shows its event on hover only.
    mutating func drawMarks(_ lane: TimelineModel.Lane, top: Double, panel: Panel) {
        let xs = lane.marks.map { panel.time.x(.event($0.index)) }
        let right = width - 4
        var nextX = Array(repeating: right, count: xs.count)
        var seen: [Int: (x: Double, kind: MarkKind)] = [:]
        for i in lane.marks.indices.reversed() {
            let r = Self.row(lane.marks[i].kind)
            if let next = seen[r] { nextX[i] = next.x - Self.halfWidth(next.kind) - 4 }
            seen[r] = (xs[i], lane.marks[i].kind)
        }
        for (i, mark) in lane.marks.enumerated() {
            let labelX = xs[i] + Self.labelOffset(mark.kind)
            let label = Self.fittedLabel(mark, width: nextX[i] - labelX)
            drawMark(mark, part: panel.part.part, x: xs[i], y: Self.rowY(mark.kind, top: top), label: label)
        }
    }

    mutating func drawMark(_ mark: TimelineModel.Mark, part: Int, x: Double, y: Double, label: String) {
        let n = SVGWriter.number
        let low = TimelineModel.isLowConfidence(mark.event)
        var attributes = [
            ("class", "mark \(mark.kind.rawValue)" + (low ? " low-confidence" : "")),
            ("id", "p\(part)-mark-\(mark.index)"),
        ]
        if let confidence = mark.event.confidence, low { attributes.append(("data-confidence", confidence.rawValue)) }
        if mark.kind == .policy, let source = mark.event.source { attributes.append(("data-source", source)) }
        if let number = mark.number { attributes.append(("data-number", String(number))) }
        writer.open("g", attributes)
        let title = (mark.number.map { "#\($0) " } ?? "") + Self.line(mark.event)
        writer.element("title", [], text: title)
        switch mark.kind {
        case .user:
            writer.element("circle", [("cx", n(x)), ("cy", n(y)), ("r", "5")])
            layout.record(SVGLayout.Box(x: x - 5, y: y - 5, width: 10, height: 10), .mark)
        case .policy:
            writer.element(
                "polygon",
                [("points", "\(n(x)),\(n(y - 6)) \(n(x + 6)),\(n(y)) \(n(x)),\(n(y + 6)) \(n(x - 6)),\(n(y))")])
            layout.record(SVGLayout.Box(x: x - 6, y: y - 6, width: 12, height: 12), .mark)
        case .warning, .error:
            writer.element(
                "polygon", [("points", "\(n(x)),\(n(y - 10)) \(n(x + 9)),\(n(y + 7)) \(n(x - 9)),\(n(y + 7))")])
            layout.record(SVGLayout.Box(x: x - 9, y: y - 10, width: 18, height: 17), .mark)
            if let number = mark.number, number < 100 {
                // Inside its own triangle: part of the mark, not a label.
                writer.element(
                    "text", [("class", "number"), ("x", n(x)), ("y", n(y + 5)), ("text-anchor", "middle")],
                    text: String(number))
            }
        case .notable:
            writer.element("circle", [("cx", n(x)), ("cy", n(y)), ("r", "5")])
            layout.record(SVGLayout.Box(x: x - 6, y: y - 6, width: 12, height: 12), .mark)
        case .info:
            writer.element("line", [("x1", n(x)), ("y1", n(y + 2)), ("x2", n(x)), ("y2", n(y + 10))])
            layout.record(SVGLayout.Box(x: x - 1, y: y + 2, width: 2, height: 8), .shape)
        }
        if low {
            // A dashed ring: the rule that decided it is a lead, not settled (docs/timeline.md).
            writer.element(
                "circle",
                [
                    ("class", "confidence-ring"), ("cx", n(x)), ("cy", n(y)),
                    ("r", n(Self.halfWidth(mark.kind) + 2.5)),
                ])
        }
        text(label, x: x + Self.labelOffset(mark.kind), y: y + 3.5, font: Self.font(mark.kind), optional: true)
        writer.close("g")
    }

    static func font(_ kind: MarkKind) -> Font {
        kind == .warning || kind == .error ? problemMarkFont : markFont
    }

    /// The label that fits `width` pixels: the whole label, else the event's
    /// kind alone, else the label cut short; empty when none fits.
    static func fittedLabel(_ mark: TimelineModel.Mark, width: Double) -> String {
        let font = font(mark.kind)
        let full = label(mark)
        if font.width(full) <= width { return full }
        let short = mark.kind == .info ? "" : mark.event.kind.rawValue
        if !short.isEmpty, font.width(short) <= width { return short }
        return fit(full, width: width, font: font)
    }

    /// The text next to a mark; the tooltip has the whole event line.
    /// Warnings and errors are named by kind and rule: `requestLost (B03)`.
    static func label(_ mark: TimelineModel.Mark) -> String {
        let e = mark.event
        let detail = TerminalWidth.printable(e.detail)
        let text: String
        switch mark.kind {
        case .info:
            return ""
        case .user:
            switch e.kind {
            case .drag: text = "drag to " + SVGWriter.number(e.height ?? 0) + " pt"
            case .release: text = "release" + (e.detent.map { " → \($0)" } ?? "")
            case .swipe: text = "swipe"
            case .set, .rotate: text = detail.isEmpty ? e.kind.rawValue : "\(e.kind.rawValue) \(detail)"
            default: text = e.kind.rawValue
            }
        case .policy:
            let source = TerminalWidth.printable(e.source ?? "")
            switch e.kind {
            case .request: text = "request \(detail) (\(source))"
            case .release: text = "settle" + (e.detent.map { " → \($0)" } ?? " → dismiss") + " (\(source))"
            default: text = "\(e.kind.rawValue) (\(source))"
            }
        case .warning, .error:
            text = e.kind.rawValue + ruleText(e)
        case .notable:
            if e.kind == .placementChanged, let placement = e.geometry?.placement {
                text = "placement → \(placement.rawValue)" + ruleText(e)
            } else {
                text = e.kind.rawValue + ruleText(e)
            }
        }
        return TerminalWidth.truncate(text, to: 40)
    }

    /// ` (B03)`, or ` (B37, single)` for a rule of low confidence; empty without a rule.
    static func ruleText(_ e: Event) -> String {
        guard let rule = e.rule else { return "" }
        if let c = e.confidence, c.isLow { return " (\(rule.rawValue), \(c.rawValue))" }
        return " (\(rule.rawValue))"
    }
}
