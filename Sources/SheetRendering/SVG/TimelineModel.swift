import SheetEngine

/// What the SVG draws for one part of a run, worked out from its events
/// alone: lanes, phase bars, height traces and marks. Positions are event
/// indices or times; `TimeLayout` turns them into x coordinates.
///
/// Invariants: `lanes` holds one lane per presenter (a view whose modifier
/// presented or was asked to present), in order of the presenter's first
/// appearance on the timeline, then at most one `app` lane (first) for
/// marks of events that concern no presenter; every bar starts no later
/// than it ends; marks in a lane are in timeline order.
struct TimelineModel {
    /// Where something sits on the time axis: at an event (events of one
    /// millisecond each have a place of their own), or at a time no event
    /// marks (the end of a transition still running when the run ended).
    enum Position: Hashable {
        case event(Int)
        case time(Int)
    }

    /// A phase interval of one presentation.
    struct Bar {
        var modifier: String
        var item: String?
        var phase: Phase
        var start: Position
        var end: Position
        var startTime: Int
        var endTime: Int
        /// Whether the run ended before the phase did.
        var open: Bool
        /// For a dismissing bar: whether the transition animates (B06).
        var animated = true
        /// The event that began it, for the tooltip.
        var event: Event
        /// Row within the lane when bars overlap (0 almost always).
        var track = 0
    }

    /// A point of the sheet height line; `label` names the detent it settles on there.
    struct HeightPoint {
        var at: Position
        var height: Double
        var label: String?
    }

    /// What a mark stands for; an event may make several. `notable`: an
    /// event that is neither an action, a decision nor a problem but is
    /// named all the same: a placement change (B36) or one decided by a
    /// low-confidence rule (`Confidence.isLow`: single, seed, assumption).
    enum MarkKind: String, CaseIterable {
        case user, policy, warning, error, notable, info
    }

    struct Mark {
        var kind: MarkKind
        var event: Event
        /// Position of the event in its part's timeline, for stable ids.
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
        /// Events at which a height line steps, with the detent named there.
        var steps: [Int: String?] = [:]
        /// Where its sheets sat on iOS 26 profiles (B36), in the order first seen.
        var placements: [String] = []
        var tracks: Int { (bars.map(\.track).max() ?? 0) + 1 }
    }

    var lanes: [Lane]
    /// Warnings and errors, numbered from `firstNumber` in timeline order.
    var problems: [Mark]
    /// The largest height any trace reaches.
    var maxHeight: Double
    /// When the part ended, and the latest time drawn: later than the end
    /// when a transition still running then ends after it.
    var end: Int
    var drawnEnd: Int

    /// Kinds whose presenter is a presenter in the lane sense even without a modifier.
    static let lifecycle: Set<EventKind> = [.presenting, .presented, .dismissing, .dismissed, .removed]
    /// Events whose height is not the sheet's (a clamped detent's value).
    static let notSheetHeight: Set<EventKind> = [.detentClamped]

    /// Whether an event gets a named mark of its own though it is only
    /// information: where the sheet sits changed (B36), or a rule of low
    /// confidence decided it.
    static func isNotable(_ e: Event) -> Bool {
        e.kind == .placementChanged || e.confidence?.isLow == true
    }

    /// Whether a mark's event was decided by a rule of low confidence: its
    /// mark gets a dashed ring and its label the confidence.
    static func isLowConfidence(_ e: Event) -> Bool {
        e.confidence?.isLow == true
    }

    /// Whether an event records a policy's decision: a policy (not stock,
    /// the app or the engine) decided a request, queue, drop, settle, veto
    /// or state write.
    static func isPolicyDecision(_ e: Event) -> Bool {
        guard e.kind != .policyError, case .policy = e.decider else { return false }
        return true
    }

    /// Whether an event is the consequence of the policy decision just
    /// before it (`queued` or `dropped` after the `request` that policy
    /// answered `queue` or `drop`, at the same time): the request's mark
    /// (`request -> queue (queue.lua)`) already says it, so it gets a tick.
    static func followsItsRequest(_ e: Event, index: Int, in events: [Event]) -> Bool {
        guard e.kind == .queued || e.kind == .dropped, index > 0 else { return false }
        let before = events[index - 1]
        return before.kind == .request && before.time == e.time && before.decider == e.decider
            && before.presenter == e.presenter
    }

    /// - Parameters:
    ///   - events: the part's events, in order.
    ///   - end: when the part ended (ms).
    ///   - firstNumber: the number of the part's first warning or error
    ///     (numbers run on across the parts of a run).
    ///   - placement: where the sheet an event concerns sits (B36), when known.
    init(
        events: [Event], end: Int, firstNumber: Int = 1,
        placement: (Event) -> String? = TimelineModel.placement(of:)
    ) {
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
                builders[lane].apply(e, index: index)
                if let p = placement(e), !lanes[lane].placements.contains(p) { lanes[lane].placements.append(p) }
                if let h = e.height, !Self.notSheetHeight.contains(e.kind), h.isFinite { maxHeight = max(maxHeight, h) }
            }
            var marks: [Mark] = []
            if e.kind.isUserAction { marks.append(Mark(kind: .user, event: e, index: index)) }
            if Self.isPolicyDecision(e), !Self.followsItsRequest(e, index: index, in: events) {
                marks.append(Mark(kind: .policy, event: e, index: index))
            }
            switch e.severity {
            case .warning, .error:
                let m = Mark(
                    kind: e.severity == .error ? .error : .warning, event: e, index: index,
                    number: firstNumber + problems.count)
                problems.append(m)
                marks.append(m)
            case .info:
                if marks.isEmpty, Self.isNotable(e) {
                    marks.append(Mark(kind: .notable, event: e, index: index))
                } else if marks.isEmpty, lane != nil, !Self.lifecycle.contains(e.kind) {
                    marks.append(Mark(kind: .info, event: e, index: index))
                }
            }
            if let lane { lanes[lane].marks += marks } else { app.marks += marks.filter { $0.kind != .info } }
        }
        var drawnEnd = end
        for i in lanes.indices {
            builders[i].finish(at: end)
            lanes[i].bars = Self.assignTracks(builders[i].bars)
            lanes[i].traces = builders[i].traces.filter { $0.count > 1 }
            lanes[i].steps = builders[i].steps
            drawnEnd = max(drawnEnd, lanes[i].bars.map(\.endTime).max() ?? end)
        }
        if !app.marks.isEmpty { lanes.insert(app, at: 0) }
        self.lanes = lanes
        self.problems = problems
        self.maxHeight = maxHeight
        self.end = end
        self.drawnEnd = drawnEnd
    }

    /// Puts overlapping bars on separate tracks (greedy interval colouring
    /// over bars sorted by start). One presentation's phases follow each
    /// other, and a presenter shows one presentation at a time (B05), so in
    /// practice everything lands on track 0.
    static func assignTracks(_ bars: [Bar]) -> [Bar] {
        var ends: [Int] = []
        return bars.map { bar in
            var bar = bar
            if let t = ends.firstIndex(where: { $0 <= bar.startTime }) {
                bar.track = t
                ends[t] = bar.endTime
            } else {
                bar.track = ends.count
                ends.append(bar.endTime)
            }
            return bar
        }
    }

    /// The time intervals during which a transition (presenting or
    /// dismissing) runs, in any lane: time there is never compressed.
    var transitions: [ClosedRange<Int>] {
        lanes.flatMap { lane in
            lane.bars.filter { $0.phase != .presented }.map { $0.startTime...max($0.startTime, $0.endTime) }
        }
    }
}
