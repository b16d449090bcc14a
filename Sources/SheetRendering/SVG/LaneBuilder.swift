import SheetEngine

/// Follows one presenter's presentations through the events of a part,
/// building its phase bars and height lines.
struct LaneBuilder {
    typealias Position = TimelineModel.Position

    /// A presentation seen so far and still open.
    struct Open {
        var modifier: String
        var bar: TimelineModel.Bar
        var trace: Int
        var height: Double
        var detent: String?
        /// Where the height line ramps from (a transition is running), if it does.
        var rampFrom: Position?
    }

    var bars: [TimelineModel.Bar] = []
    var traces: [[TimelineModel.HeightPoint]] = []
    var open: [Open] = []
    /// Events at which a height line steps (a detent change, a drag, a
    /// release, the end of presenting), with the detent named there if any.
    var steps: [Int: String?] = [:]

    mutating func apply(_ e: Event, index: Int) {
        let here = Position.event(index)
        switch e.kind {
        case .presenting:
            if let i = self.index(e) { close(i, at: here, time: e.time, open: false) }
            traces.append([TimelineModel.HeightPoint(at: here, height: 0)])
            let bar = TimelineModel.Bar(
                modifier: e.modifier ?? "", item: e.item, phase: .presenting, start: here,
                end: here, startTime: e.time, endTime: e.time, open: true, event: e)
            open.append(
                Open(
                    modifier: e.modifier ?? "", bar: bar, trace: traces.count - 1, height: e.height ?? 0,
                    detent: e.detent, rampFrom: here))
            scheduleEnd(open.count - 1, e)
        case .presented:
            guard let i = self.index(e) else { return }
            enter(i, to: .presented, e, at: here)
            let h = e.height ?? open[i].height
            traces[open[i].trace].append(.init(at: here, height: h, label: e.detent))
            steps[index] = e.detent
            open[i].height = h
            open[i].detent = e.detent ?? open[i].detent
            open[i].rampFrom = nil
        case .dismissing:
            guard let i = self.index(e) else { return }
            enter(i, to: .dismissing, e, at: here)
            open[i].bar.animated = e.animated ?? true
            scheduleEnd(i, e)
            traces[open[i].trace].append(.init(at: here, height: open[i].height))
            open[i].rampFrom = here
        case .dismissed, .removed:
            guard let i = self.index(e) else { return }
            let trace = open[i].trace
            // An unanimated dismissal (B06) and a removal (B09) keep their
            // height to the end, then drop at once.
            if open[i].rampFrom == nil || !open[i].bar.animated {
                traces[trace].append(.init(at: here, height: open[i].height))
            }
            traces[trace].append(.init(at: here, height: 0))
            close(i, at: here, time: e.time, open: false)
        default:
            guard let h = e.height, h.isFinite, !TimelineModel.notSheetHeight.contains(e.kind),
                let i = self.index(e), open[i].rampFrom == nil
            else { return }
            // A drag carries the detent it started from; name a detent only
            // where the sheet settles on it or moves to it.
            let moved = e.detent != open[i].detent || h != open[i].height
            let label = e.kind != .drag && moved ? e.detent : nil
            traces[open[i].trace].append(.init(at: here, height: open[i].height))
            traces[open[i].trace].append(.init(at: here, height: h, label: label))
            steps[index] = label
            open[i].height = h
            if let d = e.detent { open[i].detent = d }
        }
    }

    /// Where a transition the event starts will end, should the run end first.
    mutating func scheduleEnd(_ i: Int, _ e: Event) {
        if let ends = e.transitionEnd, ends > e.time {
            open[i].bar.end = .time(ends)
            open[i].bar.endTime = ends
        }
    }

    /// The open presentation an event concerns: the one with its modifier,
    /// or for events that name none (drag, release), the latest.
    func index(_ e: Event) -> Int? {
        if let m = e.modifier { return open.lastIndex { $0.modifier == m } }
        return open.indices.last
    }

    mutating func enter(_ i: Int, to phase: Phase, _ e: Event, at here: Position) {
        var bar = open[i].bar
        bar.end = here
        bar.endTime = e.time
        bar.open = false
        bars.append(bar)
        open[i].bar = TimelineModel.Bar(
            modifier: open[i].modifier, item: e.item ?? bar.item, phase: phase, start: here, end: here,
            startTime: e.time, endTime: e.time, open: true, event: e)
    }

    mutating func close(_ i: Int, at here: Position, time: Int, open isOpen: Bool) {
        var bar = open[i].bar
        bar.end = here
        bar.endTime = time
        bar.open = isOpen
        bars.append(bar)
        open.remove(at: i)
    }

    /// Bars still open when the part ends: a transition runs to the time it
    /// was to end (drawn past the end of the run), a presented sheet to the
    /// end; so do their height lines (a ramp to where it was heading).
    mutating func finish(at end: Int) {
        while let last = open.indices.last {
            let o = open[last]
            let ends = max(o.bar.endTime, end, o.bar.startTime)
            let position: Position = o.bar.endTime > end ? .time(ends) : .time(max(end, o.bar.startTime))
            let target: Double
            switch o.bar.phase {
            case .presenting: target = o.height
            case .presented: target = o.height
            case .dismissing: target = 0
            }
            if o.bar.phase == .dismissing, !o.bar.animated {
                traces[o.trace].append(.init(at: position, height: o.height))
            }
            // A sheet still presenting is named by the detent it will settle on.
            let label = o.bar.phase == .presenting && o.bar.endTime > end ? o.detent : nil
            traces[o.trace].append(.init(at: position, height: target, label: label))
            close(last, at: position, time: ends, open: true)
        }
        bars.sort { a, b in
            a.startTime == b.startTime ? Self.rank(a.phase) < Self.rank(b.phase) : a.startTime < b.startTime
        }
    }

    static func rank(_ phase: Phase) -> Int {
        switch phase {
        case .presenting: return 0
        case .presented: return 1
        case .dismissing: return 2
        }
    }
}
