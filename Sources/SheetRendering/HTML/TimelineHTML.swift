import SheetEngine
import SheetJSON

/// A self-contained HTML player of a run: one file with its CSS, script
/// and data inline, nothing fetched from the network or from other files
/// (docs/player.md).
///
/// It draws the profile's device to scale (screen, safe areas) and every
/// presentation at the frames the engine reported, moving along the
/// present and dismiss transitions; under it one time axis for every part
/// of the run (side by side, so stock and a policy compare at one x), with
/// the phases, events and expectations; then the event list in sync with
/// the time. `window.sheetlab.seek(ms)` and `.frames()` let tests drive it.
///
/// Every string the scenario controls (names, items, details, messages)
/// goes into a JSON block inside `<script type="application/json">`,
/// escaped so that it cannot end the script element (`</script>`), open a
/// comment, or break JavaScript (U+2028, U+2029): `ScriptText.embed`.
///
/// ```swift
/// let html = TimelineHTML(title: "seed000_lost_reopen.lua").render(parts: app.parts)
/// ```
public struct TimelineHTML: Sendable, Hashable {
    /// An expectation to mark on the time axis: when it ran, and whether it held.
    public typealias Expectation = TimelineExpectation

    /// A run to draw beside others on the same time scale (`run --profiles`):
    /// its label (the profile it ran on) and its parts.
    public struct Run: Sendable {
        public var label: String?
        public var parts: [TimelinePart]
        public var expectations: [Expectation]

        public init(label: String? = nil, parts: [TimelinePart], expectations: [Expectation] = []) {
            self.label = label
            self.parts = parts
            self.expectations = expectations
        }
    }

    /// The page's title, for example the scenario's file; `SheetLab player` when nil.
    public var title: String?
    /// `--watch`: the generation of the file (1, 2, ... each time it is
    /// rewritten) and the name of the small script beside it that holds
    /// the newest generation; the page loads that script every half second
    /// and reloads itself when the number changed. Nil for a file that never changes.
    public var watch: Watch?

    /// What a watched page polls (docs/player.md, "Watching").
    public struct Watch: Sendable, Hashable {
        public var generation: Int
        /// The file name of the generation script, beside the HTML file (`run.html.watch.js`).
        public var script: String

        public init(generation: Int, script: String) {
            self.generation = generation
            self.script = script
        }

        /// The generation script's whole text: `window.sheetlabWatch(N)`.
        public var scriptText: String { "window.sheetlabWatch && window.sheetlabWatch(\(generation));\n" }
    }

    public init(title: String? = nil, watch: Watch? = nil) {
        self.title = title
        self.watch = watch
    }

    /// The player of one run, one column per part.
    public func render(parts: [TimelinePart], expectations: [Expectation] = []) -> String {
        render(runs: [Run(parts: parts, expectations: expectations)])
    }

    /// The player of several runs (`run --profiles`), every part of each one
    /// column, all on one time scale.
    public func render(runs: [Run]) -> String {
        let data = Self.data(runs: runs, title: title ?? "SheetLab player", watch: watch)
        let title = XMLText.escape(self.title ?? "SheetLab player")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\(watch == nil ? "" : " file:")">
            <title>\(title) · SheetLab player</title>
            <style>
            \(PlayerResources.css)</style>
            </head>
            <body>
            <noscript>The player needs JavaScript; `sheetlab run --format svg` draws the same run as a picture.</noscript>
            <script type="application/json" id="sheetlab-data">\(ScriptText.embed(data.text))</script>
            <script>
            \(PlayerResources.script)</script>
            </body>
            </html>

            """
    }

    /// The data the page draws: `{title, watch, parts: [...]}` (docs/player.md, "Data").
    static func data(runs: [Run], title: String, watch: Watch?) -> JSON {
        var parts: [JSON] = []
        var number = 0
        for run in runs {
            for part in run.parts {
                number += 1
                let expectations = run.expectations.filter { $0.part == part.part }
                parts.append(
                    partData(part, column: number, run: run.label, showsPart: run.parts.count > 1, expectations))
            }
        }
        var object: [String: JSON] = ["title": .string(title), "parts": .array(parts), "version": 1]
        if let watch {
            object["watch"] = ["generation": .int(watch.generation), "script": .string(watch.script)]
        }
        return .object(object)
    }

    static func partData(
        _ part: TimelinePart, column: Int, run: String?, showsPart: Bool, _ expectations: [Expectation]
    ) -> JSON {
        let model = PlayerModel(events: part.events)
        var label = run.map { [$0] } ?? []
        if showsPart || run == nil { label.append("Part \(part.part)") }
        let end = max(part.endTime, part.events.last?.time ?? 0)
        let drawnEnd = model.presentations.reduce(end) { max($0, $1.end ?? $1.presented) }
        var sheets: [JSON] = []
        for (i, p) in model.presentations.enumerated() {
            var s: [String: JSON] = [
                "id": .string("c\(column)-s\(i + 1)"), "presenter": .string(p.presenter), "style": .string(p.style),
                "transition": .string(p.transition), "start": .int(p.start), "presented": .int(p.presented),
                "dismissAnimated": .bool(p.dismissAnimated),
                "frames": .array(
                    p.frames.map { k in
                        .array([
                            .int(k.time), number(k.frame.x), number(k.frame.y), number(k.frame.width),
                            number(k.frame.height), k.placement.map(JSON.string) ?? .null,
                            k.detent.map(JSON.string) ?? .null,
                        ])
                    }),
            ]
            s["modifier"] = p.modifier.map(JSON.string)
            s["item"] = p.item.map(JSON.string)
            s["zoomSource"] = p.zoomSource.map(JSON.string)
            s["dismissStart"] = p.dismissStart.map(JSON.int)
            s["end"] = p.end.map(JSON.int)
            sheets.append(.object(s))
        }
        let profile = part.profile
        func layout(_ l: DeviceLayout) -> JSON {
            [
                "width": number(l.width), "height": number(l.height), "safeTop": number(l.safeArea.top),
                "safeBottom": number(l.safeArea.bottom), "horizontal": .string(l.horizontalSizeClass.rawValue),
                "vertical": .string(l.verticalSizeClass.rawValue), "maxDetentValue": number(l.maxDetentValue),
            ]
        }
        return [
            "column": .int(column), "part": .int(part.part), "label": .string(label.joined(separator: " · ")),
            "profile": [
                "name": .string(profile.name), "device": .string(profile.device.displayName),
                "os": .string(profile.os.version), "insetSheets": .bool(profile.os.insetSheets),
                "portrait": layout(profile.device.portrait), "landscape": layout(profile.device.landscape),
            ],
            "policies": .array(part.policies.map(JSON.string)),
            "end": .int(end), "drawnEnd": .int(drawnEnd),
            "events": .array(part.events.map(eventData)),
            "sheets": .array(sheets),
            "rotations": .array(model.rotations.map { .array([.int($0.time), .string($0.orientation)]) }),
            "expectations": .array(
                expectations.map { x in
                    var o: [String: JSON] = [
                        "time": .int(x.time), "passed": .bool(x.passed), "message": .string(x.message),
                    ]
                    o["location"] = x.location.map(JSON.string)
                    return .object(o)
                }),
        ]
    }

    /// An event as the page reads it: short keys, so that a 1,000-event run stays small.
    /// `t` time, `k` kind, `s` severity, `p` presenter, `m` modifier, `i` item, `ph` phase, `d` detent,
    /// `h` height, `src` source, `r` rule, `c` confidence, `x` detail, `f` frame `[x, y, w, h]`, `pl` placement.
    static func eventData(_ e: Event) -> JSON {
        var o: [String: JSON] = ["t": .int(e.time), "k": .string(e.kind.rawValue), "x": .string(e.detail)]
        if e.severity != .info { o["s"] = .string(e.severity.rawValue) }
        o["p"] = e.presenter.map(JSON.string)
        o["m"] = e.modifier.map(JSON.string)
        o["i"] = e.item.map(JSON.string)
        o["ph"] = e.phase.map { .string($0.rawValue) }
        o["d"] = e.detent.map(JSON.string)
        o["h"] = e.height.map(number)
        o["src"] = e.source.map(JSON.string)
        o["r"] = e.rule.map { .string($0.rawValue) }
        o["c"] = e.confidence.map { .string($0.rawValue) }
        if let g = e.geometry {
            let f = g.frame
            o["f"] = .array([number(f.x), number(f.y), number(f.width), number(f.height)])
            o["pl"] = g.placement.map { .string($0.rawValue) }
        }
        return .object(o)
    }

    /// A number as short as it can be written: `812`, not `812.0`.
    static func number(_ v: Double) -> JSON {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return .int(Int(v)) }
        return .double(v)
    }
}
