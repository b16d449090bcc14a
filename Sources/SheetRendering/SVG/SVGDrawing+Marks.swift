import SheetEngine

extension SVGDrawing {
    static let markSpacing = 12.0

    /// Draws a lane's marks in rows (user actions, policy decisions,
    /// problems, other events). Marks at the same moment sit side by side;
    /// a label gets the room up to the next mark in its row, so labels never
    /// run under marks, and a mark with no room shows its event on hover only.
    mutating func drawMarks(_ lane: TimelineModel.Lane, top: Double) {
        func row(_ kind: TimelineModel.MarkKind) -> TimelineModel.MarkKind { kind == .error ? .warning : kind }
        let rowY: [TimelineModel.MarkKind: Double] = [
            .user: top + Self.userRow, .policy: top + Self.policyRow, .warning: top + Self.problemRow,
            .info: top + Self.bodyTop + Self.bodyHeight,
        ]
        var lastX: [TimelineModel.MarkKind: Double] = [:]
        var xs: [Double] = []
        for mark in lane.marks {
            var x = axis.x(mark.event.time)
            if mark.kind != .info {
                x = max(x, (lastX[row(mark.kind)] ?? -.infinity) + Self.markSpacing)
                lastX[row(mark.kind)] = x
            }
            xs.append(x)
        }
        // Where the next mark in the same row is, found in one backward pass.
        var nextX = Array(repeating: axis.x0 + axis.width + Self.rightMargin - 4, count: xs.count)
        var seen: [TimelineModel.MarkKind: Double] = [:]
        for i in lane.marks.indices.reversed() {
            let r = row(lane.marks[i].kind)
            if let x = seen[r] { nextX[i] = x }
            seen[r] = xs[i]
        }
        for (i, mark) in lane.marks.enumerated() {
            // Room from the label's start to the next mark's left edge: triangles are wider.
            let margin = mark.kind == .warning || mark.kind == .error ? 24.0 : 16.0
            let label = Self.fittedLabel(mark, width: nextX[i] - xs[i] - margin)
            drawMark(mark, x: xs[i], y: rowY[row(mark.kind)]!, label: label.isEmpty ? nil : label)
        }
    }

    mutating func drawMark(_ mark: TimelineModel.Mark, x: Double, y: Double, label: String?) {
        let n = SVGWriter.number
        var attributes = [("class", "mark \(mark.kind.rawValue)"), ("id", "mark-\(mark.index)")]
        if mark.kind == .policy, let source = mark.event.source { attributes.append(("data-source", source)) }
        if let number = mark.number { attributes.append(("data-number", String(number))) }
        writer.open("g", attributes)
        let title = (mark.number.map { "#\($0) " } ?? "") + Self.line(mark.event)
        writer.element("title", [], text: title)
        switch mark.kind {
        case .user:
            writer.element("circle", [("cx", n(x)), ("cy", n(y)), ("r", "5")])
        case .policy:
            writer.element(
                "polygon",
                [("points", "\(n(x)),\(n(y - 6)) \(n(x + 6)),\(n(y)) \(n(x)),\(n(y + 6)) \(n(x - 6)),\(n(y))")])
        case .warning, .error:
            writer.element(
                "polygon", [("points", "\(n(x)),\(n(y - 10)) \(n(x + 9)),\(n(y + 7)) \(n(x - 9)),\(n(y + 7))")])
            if let number = mark.number, number < 100 {
                writer.element(
                    "text", [("class", "number"), ("x", n(x)), ("y", n(y + 5)), ("text-anchor", "middle")],
                    text: String(number))
            }
        case .info:
            writer.element("line", [("x1", n(x)), ("y1", n(y + 2)), ("x2", n(x)), ("y2", n(y + 10))])
        }
        if let label {
            writer.element(
                "text", [("x", n(x + (mark.kind == .warning || mark.kind == .error ? 12 : 9))), ("y", n(y + 3.5))],
                text: label)
        }
        writer.close("g")
    }

    /// The label that fits `width` pixels: the whole label, else the event's
    /// kind alone, else the label cut short; empty when none fits.
    static func fittedLabel(_ mark: TimelineModel.Mark, width: Double) -> String {
        let charWidth = 5.6
        let full = label(mark)
        if textWidth(full, charWidth: charWidth) <= width { return full }
        let short = mark.kind == .info ? "" : mark.event.kind.rawValue
        if !short.isEmpty, textWidth(short, charWidth: charWidth) <= width { return short }
        return fit(full, width: width, charWidth: charWidth)
    }

    /// The text next to a mark; the tooltip has the whole event line.
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
            switch e.kind {
            case .request: text = "request \(detail) (\(e.source ?? ""))"
            case .release: text = "settle" + (e.detent.map { " → \($0)" } ?? " → dismiss") + " (\(e.source ?? ""))"
            default: text = "\(e.kind.rawValue) (\(e.source ?? ""))"
            }
        case .warning, .error:
            text = e.kind.rawValue
        }
        return TerminalWidth.truncate(text, to: 40)
    }
}
