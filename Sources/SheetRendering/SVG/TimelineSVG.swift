import SheetEngine

/// A self-contained SVG picture of a run, to open in a browser.
///
/// From top to bottom: the title (the scenario's name) and a subtitle
/// naming the profile; one panel per part of the run (each `reset()`
/// starts one, under a header naming it and its profile); a legend; a
/// numbered list of warnings and errors. In each panel, a time axis in
/// milliseconds, then one lane per presenter (the view whose modifier
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
///   and named by kind and rule), other events (grey ticks). Each mark's
///   `<title>` is its event line, so hovering shows it.
/// Events of one millisecond that would cover each other are spread over
/// an *instant*, shaded and marked on the axis; idle stretches are
/// compressed and marked (`TimeLayout`). No two labels overlap: a label
/// without room is shortened or left to the tooltip.
///
/// Elements carry stable classes (`part`, `lane`, `phase presenting`,
/// `height`, `detent-label`, `mark user`, `instant`, `idle`, `legend`,
/// `problems`) and ids (`part-1`, `p1-lane-1`, `p1-mark-<event index>`).
/// All text is escaped, so any view name or detail gives well-formed XML.
///
/// ```swift
/// let svg = TimelineSVG(title: "seed000_lost_reopen.lua").render(parts: app.parts)
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
    /// - Parameter parts: the run's parts in order (`SheetApp.parts`); an
    ///   empty list draws an empty panel.
    /// - Returns: an SVG document (UTF-8 text, no external references).
    public func render(parts: [TimelinePart]) -> String {
        let parts =
            parts.isEmpty ? [TimelinePart(part: 1, profile: profile ?? .default, events: [], endTime: 0)] : parts
        return render(parts, profiles: parts.map { Optional($0.profile) })
    }

    /// Draws the events of one part.
    /// - Parameters:
    ///   - events: the run's events, in timeline order.
    ///   - endTime: when the run ended (for example `app.now`), in ms; the
    ///     axis runs from 0 to here, or on to where a running transition ends.
    /// - Returns: an SVG document (UTF-8 text, no external references).
    public func render(_ events: [Event], endTime: Int) -> String {
        let part = TimelinePart(
            part: 1, profile: profile ?? .default, events: events, endTime: max(endTime, events.last?.time ?? 0))
        return render([part], profiles: [profile])
    }

    private func render(_ parts: [TimelinePart], profiles: [Profile?]) -> String {
        drawing(parts, profiles: profiles).writer.output
    }

    /// The picture of the parts, drawn: its markup and its layout (for tests).
    /// - Parameter placement: where an event's sheet sits (B36); the engine's, by default.
    func drawing(
        _ parts: [TimelinePart], profiles: [Profile?]? = nil,
        placement: (Event) -> String? = TimelineModel.placement(of:)
    ) -> SVGDrawing {
        let profiles = profiles ?? parts.map { Optional($0.profile) }
        var number = 1
        let panels = zip(parts, profiles).map { part, profile in
            let model = TimelineModel(
                events: part.events, end: max(part.endTime, part.events.last?.time ?? 0), firstNumber: number,
                placement: placement)
            number += model.problems.count
            return SVGDrawing.Panel(
                part: part, model: model, time: Self.layout(part, model), heightScale: Self.heightScale(model, profile))
        }
        var drawing = SVGDrawing(
            title: title ?? "SheetLab timeline", subtitle: subtitle(parts, profiles: profiles), panels: panels,
            showsPartHeaders: parts.count > 1)
        drawing.draw()
        return drawing
    }

    /// The x of every event: what each needs (its marks and labels, a step
    /// of a height line), so that events of one millisecond spread out.
    static func layout(_ part: TimelinePart, _ model: TimelineModel) -> TimeLayout {
        let events = part.events
        var needs = Array(repeating: [TimeLayout.Need](), count: events.count)
        for (l, lane) in model.lanes.enumerated() {
            var marks: [Int: [TimelineModel.Mark]] = [:]
            for mark in lane.marks { marks[mark.index, default: []].append(mark) }
            for index in Set(marks.keys).union(lane.steps.keys) {
                needs[index] += SVGDrawing.needs(of: marks[index] ?? [], heightLabel: lane.steps[index], lane: l)
            }
        }
        let extra = [model.end, model.drawnEnd] + model.lanes.flatMap { $0.bars.map(\.endTime) }
        return TimeLayout(
            times: events.map(\.time), needs: needs, extraTimes: extra, busy: model.transitions,
            x0: SVGDrawing.labelWidth)
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

    func subtitle(_ parts: [TimelinePart], profiles: [Profile?]) -> String {
        let events = parts.reduce(0) { $0 + $1.events.count }
        let count = "\(events) event\(events == 1 ? "" : "s")"
        guard parts.count > 1 else {
            let model = TimelineModel(
                events: parts[0].events, end: max(parts[0].endTime, parts[0].events.last?.time ?? 0))
            return (profiles[0].map { [SVGDrawing.profileText($0)] } ?? []).joined() + (profiles[0] == nil ? "" : " · ")
                + SVGDrawing.span(model) + " · " + count
        }
        var names: [String] = []
        for p in parts where !names.contains(p.profile.name) { names.append(p.profile.name) }
        return "\(parts.count) parts (each reset() starts one) · profile\(names.count == 1 ? "" : "s") "
            + names.joined(separator: ", ") + " · " + count
    }
}
