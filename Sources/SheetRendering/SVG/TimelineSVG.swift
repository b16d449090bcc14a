import SheetEngine

/// A self-contained SVG picture of a run, to open in a browser.
///
/// From top to bottom: a title, a time axis in milliseconds, then one lane
/// per presenter (the view whose modifier presented), in order of first
/// appearance, plus an `app` lane on top when events concern no presenter.
/// In each lane:
/// - phases as coloured bars: `presenting` (green), `presented` (blue),
///   `dismissing` (hatched grey); a bar still open when the run ends runs
///   to the end, with a dashed outline;
/// - the sheet's height as a dark line, 0 at the bottom of the bar and the
///   profile's largest sheet height at the top, with detent names where
///   they change;
/// - marks: user actions (dark circles), policy decisions (purple
///   diamonds), warnings (orange triangles), errors (red triangles), and
///   other events (grey ticks). Each mark's `<title>` is its event line, so
///   hovering shows it.
///
/// Below the lanes: a legend and a numbered list of warnings and errors.
/// Elements carry stable classes (`lane`, `phase presenting`, `height`,
/// `mark user`, `mark policy`, `mark warning`, `mark error`, `mark info`,
/// `legend`, `problems`) and ids (`lane-1`, `mark-<event index>`). All text
/// is escaped, so any view name or detail gives well-formed XML.
///
/// ```swift
/// let svg = TimelineSVG(title: "seed 000", profile: app.profile)
///     .render(app.timeline.events, endTime: app.now)
/// ```
public struct TimelineSVG: Sendable, Hashable {
    /// The picture's title; `SheetLab timeline` when nil.
    public var title: String?
    /// The profile the run used: named under the title and used to scale
    /// heights (its largest sheet height is the top of a lane).
    public var profile: Profile?

    /// - Parameters:
    ///   - title: the title shown at the top; nil for `SheetLab timeline`.
    ///   - profile: the run's profile, for the subtitle and the height scale.
    public init(title: String? = nil, profile: Profile? = nil) {
        self.title = title
        self.profile = profile
    }

    /// Draws the events.
    /// - Parameters:
    ///   - events: the run's events, in timeline order.
    ///   - endTime: when the run ended (for example `app.now`), in ms; the
    ///     axis runs from 0 to here and open phases are drawn up to it.
    /// - Returns: an SVG document (UTF-8 text, no external references).
    public func render(_ events: [Event], endTime: Int) -> String {
        let end = max(endTime, events.last?.time ?? 0)
        let model = TimelineModel(events: events, end: end)
        var drawing = SVGDrawing(model: model, axis: TimeAxis(end: end, x0: SVGDrawing.labelWidth))
        drawing.heightScale = heightScale(model)
        drawing.draw(title: title ?? "SheetLab timeline", subtitle: subtitle(events: events, end: end))
        return drawing.writer.output
    }

    /// The height at the top of a lane: the profile's tallest sheet (a
    /// large sheet in either orientation), or what the run reached if more.
    func heightScale(_ model: TimelineModel) -> Double {
        var scale = model.maxHeight
        if let device = profile?.device {
            scale = max(scale, device.portrait.maxDetentValue, device.landscape.maxDetentValue)
        }
        return scale > 0 ? scale : 1
    }

    func subtitle(events: [Event], end: Int) -> String {
        var parts: [String] = []
        if let profile {
            parts.append("profile \(profile.name) (\(profile.device.displayName), iOS \(profile.os.version))")
        }
        parts.append("0–\(end) ms")
        parts.append("\(events.count) event\(events.count == 1 ? "" : "s")")
        return parts.joined(separator: " · ")
    }
}
