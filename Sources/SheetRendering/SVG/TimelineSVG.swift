import SheetEngine

/// A self-contained SVG picture of a run, to open in a browser.
///
/// From top to bottom: the title (the scenario's name) and a subtitle
/// naming the profile, the policies and how many expectations passed; one
/// panel per part of the run (each `reset()` starts one, under a header
/// naming it, its profile and its policies, `stock` for none); a legend; a
/// numbered list of warnings and errors. The parts share one time axis
/// layout: one scale, each moment at one x in every panel. A part where no
/// time passes (in a run of several) is a compact panel: a line per lane,
/// no axis. In each other panel, a time axis in milliseconds, a row of the
/// expectations the scenario checked (a green check or a red cross at the
/// time each ran), then one lane per presenter (the view whose modifier
/// presented), in order of first appearance, plus an `app` lane on top
/// when events concern no presenter. In each lane:
/// - phases as coloured bars: `presenting` (green), `presented` (blue),
///   `dismissing` (hatched grey; plain with a dotted outline when it does
///   not animate, B06); a transition still running when the run ends is
///   drawn to the time it ends, past a dashed line at the run's end;
/// - the sheet's height as a dark line, 0 at the bottom of the bar and the
///   profile's largest sheet height at the top, with the detent's name and
///   height where it settles on one;
/// - marks: user actions (dark circles), policy decisions (purple
///   diamonds), warnings and errors (orange and red triangles, numbered
///   and named by kind and rule), notable events (a placement change, an
///   event a low-confidence rule decided: hollow blue circles, named),
///   other events (grey ticks); a mark a low-confidence rule decided has a
///   dashed ring. Each mark's `<title>` is its event line, so hovering shows it.
/// Events of one millisecond that would cover each other are spread over
/// an *instant*, shaded and marked on the axis; room made for labels is a
/// *stretch*, marked with an axis break; idle stretches are compressed and
/// marked (`TimeLayout`): no length on the axis reads as time it is not.
/// No two labels overlap: a label without room is shortened or left to the
/// tooltip; the placement column is wrapped, never cut.
///
/// Elements carry stable classes (`part`, `lane`, `phase presenting`,
/// `height`, `detent-label`, `mark user`, `instant`, `idle`, `legend`,
/// `problems`) and ids (`part-1`, `p1-lane-1`, `p1-mark-<event index>`).
/// All text is escaped, so any view name or detail gives well-formed XML.
///
/// ```swift
/// let svg = TimelineSVG(title: "seed000_lost_reopen.lua").render(parts: app.parts, expectations: marks)
/// ```
public struct TimelineSVG: Sendable, Hashable {
    /// The picture's title, for example the scenario's file; `SheetLab timeline` when nil.
    public var title: String?
    /// The profile of a run given as events (`render(_:endTime:)`): named
    /// under the title and used to scale heights. Parts carry their own.
    public var profile: Profile?

    /// - Parameters:
    ///   - title: the title shown at the top; nil for `SheetLab timeline`.
    ///   - profile: the profile of a run rendered with `render(_:endTime:)`.
    public init(title: String? = nil, profile: Profile? = nil) {
        self.title = title
        self.profile = profile
    }

    /// Draws a whole run, one panel per part.
    /// - Parameters:
    ///   - parts: the run's parts in order (`SheetApp.parts`); an empty list
    ///     draws an empty panel.
    ///   - expectations: the expectations the scenario checked, marked on
    ///     the time axis of their part (passed or failed).
    /// - Returns: an SVG document (UTF-8 text, no external references).
    public func render(parts: [TimelinePart], expectations: [TimelineExpectation] = []) -> String {
        let parts =
            parts.isEmpty ? [TimelinePart(part: 1, profile: profile ?? .default, events: [], endTime: 0)] : parts
        return drawing(parts, profiles: parts.map { Optional($0.profile) }, expectations: expectations).writer.output
    }

    /// Draws the events of one part.
    /// - Parameters:
    ///   - events: the run's events, in timeline order.
    ///   - endTime: when the run ended (for example `app.now`), in ms; the
    ///     axis runs from 0 to here, or on to where a running transition ends.
    /// - Returns: an SVG document (UTF-8 text, no external references).
    public func render(_ events: some Collection<Event>, endTime: Int) -> String {
        let events = Array(events)
        let part = TimelinePart(
            part: 1, profile: profile ?? .default, events: events, endTime: max(endTime, events.last?.time ?? 0))
        return drawing([part], profiles: [profile]).writer.output
    }

    /// The picture of the parts, drawn: its markup and its layout (for tests).
    /// - Parameters:
    ///   - expectations: what the scenario checked, by part.
    ///   - placement: where an event's sheet sits (B36); the engine's, by default.
    func drawing(
        _ parts: [TimelinePart], profiles: [Profile?]? = nil, expectations: [TimelineExpectation] = [],
        placement: (Event) -> String? = TimelineModel.placement(of:)
    ) -> SVGDrawing {
        let profiles = profiles ?? parts.map { Optional($0.profile) }
        var number = 1
        let models = parts.map { part in
            let model = TimelineModel(
                events: part.events, end: max(part.endTime, part.events.last?.time ?? 0), firstNumber: number,
                placement: placement)
            number += model.problems.count
            return model
        }
        let checks = parts.map { part in
            SVGDrawing.ExpectationMark.groups(expectations.filter { $0.part == part.part })
        }
        // In a run of several parts, one where no time passes is a line per lane.
        let still = parts.indices.map { i in
            parts.count > 1 && models[i].end == 0 && checks[i].allSatisfy { $0.time <= 0 }
        }
        let timed = parts.indices.filter { !still[$0] }
        let layouts = Self.layout(timed.map { (parts[$0], models[$0], checks[$0]) })
        var panels: [SVGDrawing.Panel] = []
        for i in parts.indices {
            let time: TimeLayout
            var marks = checks[i]
            if let t = timed.firstIndex(of: i) {
                time = layouts[t].time
                for j in marks.indices { marks[j].x = layouts[t].expectationX[j] }
            } else {
                time = TimeLayout(times: [], needs: [], extraTimes: [], busy: [], x0: SVGDrawing.labelWidth)
            }
            panels.append(
                SVGDrawing.Panel(
                    part: parts[i], model: models[i], time: time,
                    heightScale: Self.heightScale(models[i], profiles[i]), compact: still[i], expectations: marks))
        }
        var drawing = SVGDrawing(
            title: title ?? "SheetLab timeline",
            subtitle: subtitle(parts, profiles: profiles, expectations: expectations),
            panels: panels, showsPartHeaders: parts.count > 1)
        drawing.draw()
        return drawing
    }

    /// One layout shared by every part drawn on the time axis: one scale,
    /// and each time at one x in every part. Each event needs what its
    /// marks and labels take (a step of a height line too), so that events
    /// of one millisecond spread out; each group of expectations a mark and
    /// its label in the expectations' row, after the events of its moment.
    /// - Returns: for each part, its view of the layout and the x of each of its expectation groups.
    static func layout(
        _ parts: [(part: TimelinePart, model: TimelineModel, checks: [SVGDrawing.ExpectationMark])]
    ) -> [(time: TimeLayout, expectationX: [Double])] {
        // Every event and expectation group of every part, in time order;
        // at one time, each part's events before its expectations.
        struct Entry {
            var time: Int
            var part: Int
            var isCheck: Bool
            var index: Int
            var needs: [TimeLayout.Need]
        }
        var entries: [Entry] = []
        var extra: [Int] = []
        var busy: [ClosedRange<Int>] = []
        var laneOffset = 0
        for (p, (part, model, checks)) in parts.enumerated() {
            var needs = Array(repeating: [TimeLayout.Need](), count: part.events.count)
            for (l, lane) in model.lanes.enumerated() {
                var marks: [Int: [TimelineModel.Mark]] = [:]
                for mark in lane.marks { marks[mark.index, default: []].append(mark) }
                for index in Set(marks.keys).union(lane.steps.keys) {
                    needs[index] += SVGDrawing.needs(
                        of: marks[index] ?? [], heightLabel: lane.steps[index], lane: laneOffset + l)
                }
            }
            for (i, e) in part.events.enumerated() {
                entries.append(Entry(time: e.time, part: p, isCheck: false, index: i, needs: needs[i]))
            }
            let row = TimeLayout.Row(lane: laneOffset + model.lanes.count, row: 0)
            for (j, check) in checks.enumerated() {
                entries.append(Entry(time: check.time, part: p, isCheck: true, index: j, needs: [check.need(row)]))
            }
            laneOffset += model.lanes.count + 1
            extra += [model.end, model.drawnEnd] + model.lanes.flatMap { $0.bars.map(\.endTime) }
            busy += model.transitions
        }
        entries.sort { a, b in
            (a.time, a.part, a.isCheck ? 1 : 0, a.index) < (b.time, b.part, b.isCheck ? 1 : 0, b.index)
        }
        let shared = TimeLayout(
            times: entries.map(\.time), needs: entries.map(\.needs), extraTimes: extra, busy: busy,
            x0: SVGDrawing.labelWidth, groups: parts.count > 1 ? entries.map(\.part) : nil)
        var eventIndices = parts.map { Array(repeating: 0, count: $0.part.events.count) }
        var checkX = parts.map { Array(repeating: 0.0, count: $0.checks.count) }
        for (k, entry) in entries.enumerated() {
            if entry.isCheck {
                checkX[entry.part][entry.index] = shared.x(.event(k))
            } else {
                eventIndices[entry.part][entry.index] = k
            }
        }
        return parts.indices.map { (shared.restricted(to: eventIndices[$0]), checkX[$0]) }
    }

    /// The height at the top of a lane: the profile's tallest sheet (a
    /// large sheet in either orientation), or what the run reached if more.
    static func heightScale(_ model: TimelineModel, _ profile: Profile?) -> Double {
        var scale = model.maxHeight
        if let device = profile?.device {
            scale = max(scale, device.portrait.maxDetentValue, device.landscape.maxDetentValue)
        }
        return scale > 0 ? scale : 1
    }

    func subtitle(_ parts: [TimelinePart], profiles: [Profile?], expectations: [TimelineExpectation] = []) -> String {
        let events = parts.reduce(0) { $0 + $1.events.count }
        var count = "\(events) event\(events == 1 ? "" : "s")"
        if !expectations.isEmpty {
            let failed = expectations.filter { !$0.passed }.count
            count +=
                " · \(expectations.count) expectation\(expectations.count == 1 ? "" : "s"): "
                + "\(expectations.count - failed) passed, \(failed) failed"
        }
        guard parts.count > 1 else {
            let model = TimelineModel(
                events: parts[0].events, end: max(parts[0].endTime, parts[0].events.last?.time ?? 0))
            return (profiles[0].map { [SVGDrawing.profileText($0)] } ?? []).joined() + (profiles[0] == nil ? "" : " · ")
                + (parts[0].policies.isEmpty ? "" : SVGDrawing.policyText(parts[0].policies) + " · ")
                + SVGDrawing.span(model) + " · " + count
        }
        var names: [String] = []
        for p in parts where !names.contains(p.profile.name) { names.append(p.profile.name) }
        return
            "\(parts.count) parts (each reset() starts one) on one time scale · profile\(names.count == 1 ? "" : "s") "
            + names.joined(separator: ", ") + " · " + count
    }
}
