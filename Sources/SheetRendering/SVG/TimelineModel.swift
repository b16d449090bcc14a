import SheetEngine

/// What the SVG draws, worked out from the events alone: lanes, phase bars,
/// height traces and marks.
///
/// Invariants: `lanes` holds one lane per presenter (a view whose modifier
/// presented or was asked to present), in order of the presenter's first
/// appearance on the timeline, then at most one `app` lane for marks of
/// events that concern no presenter; every bar has `start <= end`; marks in a
/// lane are in timeline order.
struct TimelineModel {
    /// A phase interval of one presentation.
    struct Bar {
        var modifier: String
        var item: String?
        var phase: Phase
        var start: Int
        var end: Int
        /// Whether the run ended before the phase did.
        var open: Bool
        /// The event that began it, for the tooltip.
        var event: Event
        /// Row within the lane when bars overlap (0 almost always).
        var track = 0
    }

    /// A point of the sheet height line; `label` names a new detent there.
    struct HeightPoint {
        var time: Int
        var height: Double
        var label: String?
    }

    /// What a mark stands for; an event may make several.
    enum MarkKind: String, CaseIterable {
        case user, policy, warning, error, info
    }

    struct Mark {
        var kind: MarkKind
        var event: Event
        /// Position of the event on the timeline, for stable ids.
        var index: Int
        /// Number shown on warnings and errors, matching the problem list.
        var number: Int?
    }

    struct Lane {
        var name: String
        /// The lane of events that concern no presenter.
        var isApp: Bool
        var bars: [Bar] = []
        /// One polyline per presentation.
        var traces: [[HeightPoint]] = []
        var marks: [Mark] = []
        var tracks: Int { (bars.map(\.track).max() ?? 0) + 1 }
    }

    var lanes: [Lane]
    /// Warnings and errors, numbered from 1 in timeline order.
    var problems: [Mark]
    /// The largest height any trace reaches.
    var maxHeight: Double

    /// Kinds whose presenter is a presenter in the lane sense even without a modifier.
    static let lifecycle: Set<EventKind> = [.presenting, .presented, .dismissing, .dismissed, .removed]
    /// Sources that are not policies.
    static let nonPolicySources: Set<String> = ["stock", "app", "engine"]
    /// Events whose height is not the sheet's (a clamped detent's value).
    static let notSheetHeight: Set<EventKind> = [.detentClamped]

    /// Whether an event records a policy's decision: a non-stock `source` on a
    /// request, queue, drop, settle, veto or state write.
    static func isPolicyDecision(_ e: Event) -> Bool {
        guard e.kind != .policyError, let source = e.source else { return false }
        return !nonPolicySources.contains(source)
    }

    init(events: [Event], end: Int) {
        var presenters: Set<String> = []
        for e in events {
            if let p = e.presenter, e.modifier != nil || Self.lifecycle.contains(e.kind) { presenters.insert(p) }
        }
        var order: [String] = []
        var laneIndex: [String: Int] = [:]
        for e in events {
            guard let p = e.presenter, presenters.contains(p), laneIndex[p] == nil else { continue }
            laneIndex[p] = order.count
            order.append(p)
        }
        var lanes = order.map { Lane(name: $0, isApp: false) }
        var app = Lane(name: "app", isApp: true)
        var builders = order.map { _ in LaneBuilder() }
        var problems: [Mark] = []
        var maxHeight = 0.0

        for (index, e) in events.enumerated() {
            let lane = e.presenter.flatMap { laneIndex[$0] }
            if let lane {
                builders[lane].apply(e)
                if let h = e.height, !Self.notSheetHeight.contains(e.kind), h.isFinite { maxHeight = max(maxHeight, h) }
            }
            var marks: [Mark] = []
            if e.kind.isUserAction { marks.append(Mark(kind: .user, event: e, index: index)) }
            if Self.isPolicyDecision(e) { marks.append(Mark(kind: .policy, event: e, index: index)) }
            switch e.severity {
            case .warning, .error:
                let m = Mark(
                    kind: e.severity == .error ? .error : .warning, event: e, index: index, number: problems.count + 1)
                problems.append(m)
                marks.append(m)
            case .info:
                if marks.isEmpty, lane != nil, !Self.lifecycle.contains(e.kind) {
                    marks.append(Mark(kind: .info, event: e, index: index))
                }
            }
            if let lane { lanes[lane].marks += marks } else { app.marks += marks.filter { $0.kind != .info } }
        }
        for i in lanes.indices {
            builders[i].finish(at: end)
            lanes[i].bars = Self.assignTracks(builders[i].bars)
            lanes[i].traces = builders[i].traces.filter { $0.count > 1 }
        }
        if !app.marks.isEmpty { lanes.insert(app, at: 0) }
        self.lanes = lanes
        self.problems = problems
        self.maxHeight = maxHeight
    }

    /// Puts overlapping bars on separate tracks (greedy interval colouring
    /// over bars sorted by start). One presentation's phases follow each
    /// other, and a presenter shows one presentation at a time (B05), so in
    /// practice everything lands on track 0.
    static func assignTracks(_ bars: [Bar]) -> [Bar] {
        var ends: [Int] = []
        return bars.map { bar in
            var bar = bar
            if let t = ends.firstIndex(where: { $0 <= bar.start }) {
                bar.track = t
                ends[t] = bar.end
            } else {
                bar.track = ends.count
                ends.append(bar.end)
            }
            return bar
        }
    }
}

/// Follows one presenter's presentations through the events.
struct LaneBuilder {
    /// A presentation seen so far and still open.
    struct Open {
        var modifier: String
        var bar: TimelineModel.Bar
        var trace: Int
        var height: Double
        var detent: String?
        var rampFrom: Int?
    }

    var bars: [TimelineModel.Bar] = []
    var traces: [[TimelineModel.HeightPoint]] = []
    var open: [Open] = []

    mutating func apply(_ e: Event) {
        switch e.kind {
        case .presenting:
            if let i = index(e) { close(i, at: e.time, ended: true) }
            traces.append([TimelineModel.HeightPoint(time: e.time, height: 0)])
            open.append(
                Open(
                    modifier: e.modifier ?? "",
                    bar: TimelineModel.Bar(
                        modifier: e.modifier ?? "", item: e.item, phase: .presenting, start: e.time, end: e.time,
                        open: true, event: e),
                    trace: traces.count - 1, height: e.height ?? 0, detent: e.detent, rampFrom: e.time))
        case .presented:
            guard let i = index(e) else { return }
            enter(i, to: .presented, e)
            let h = e.height ?? open[i].height
            traces[open[i].trace].append(.init(time: e.time, height: h, label: e.detent))
            open[i].height = h
            open[i].detent = e.detent ?? open[i].detent
            open[i].rampFrom = nil
        case .dismissing:
            guard let i = index(e) else { return }
            enter(i, to: .dismissing, e)
            traces[open[i].trace].append(.init(time: e.time, height: open[i].height))
            open[i].rampFrom = e.time
        case .dismissed, .removed:
            guard let i = index(e) else { return }
            let trace = open[i].trace
            if open[i].rampFrom == nil { traces[trace].append(.init(time: e.time, height: open[i].height)) }
            traces[trace].append(.init(time: e.time, height: 0))
            close(i, at: e.time, ended: true)
        default:
            guard let h = e.height, h.isFinite, !TimelineModel.notSheetHeight.contains(e.kind),
                let i = index(e), open[i].rampFrom == nil
            else { return }
            // A drag carries the detent it started from; name a detent only
            // where the sheet settles on it or moves to it.
            let moved = e.detent != open[i].detent || h != open[i].height
            let label = e.kind != .drag && moved ? e.detent : nil
            traces[open[i].trace].append(.init(time: e.time, height: open[i].height))
            traces[open[i].trace].append(.init(time: e.time, height: h, label: label))
            open[i].height = h
            if let d = e.detent { open[i].detent = d }
        }
    }

    /// The open presentation an event concerns: the one with its modifier,
    /// or for events that name none (drag, release), the latest.
    func index(_ e: Event) -> Int? {
        if let m = e.modifier { return open.lastIndex { $0.modifier == m } }
        return open.indices.last
    }

    mutating func enter(_ i: Int, to phase: Phase, _ e: Event) {
        var bar = open[i].bar
        bar.end = e.time
        bar.open = false
        bars.append(bar)
        open[i].bar = TimelineModel.Bar(
            modifier: open[i].modifier, item: e.item ?? bar.item, phase: phase, start: e.time, end: e.time, open: true,
            event: e)
    }

    mutating func close(_ i: Int, at time: Int, ended: Bool) {
        var bar = open[i].bar
        bar.end = time
        bar.open = !ended
        bars.append(bar)
        open.remove(at: i)
    }

    /// Bars still open run to the end of the run; so do their height lines.
    mutating func finish(at end: Int) {
        while let last = open.indices.last {
            let o = open[last]
            let time = max(end, o.bar.start)
            traces[o.trace].append(.init(time: time, height: o.height))
            close(last, at: time, ended: false)
        }
        bars.sort { $0.start == $1.start ? Self.rank($0.phase) < Self.rank($1.phase) : $0.start < $1.start }
    }

    static func rank(_ phase: Phase) -> Int {
        switch phase {
        case .presenting: return 0
        case .presented: return 1
        case .dismissing: return 2
        }
    }
}
