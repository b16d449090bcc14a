import Foundation
import SheetEngine
import SheetJSON
import Testing

@testable import SheetRendering

/// The HTML player's file: self-contained, its data escaped so that no
/// string from a scenario ends the script it sits in, and the data the
/// page draws (presentations, frames, parts, policies, expectations).
@Suite struct TimelineHTMLTests {
    /// The JSON block of a page, parsed.
    static func data(_ html: String) throws -> JSON {
        let open = "<script type=\"application/json\" id=\"sheetlab-data\">"
        let start = try #require(html.range(of: open)).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        return try JSONParser.parse(Array(html[start..<end].utf8))
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func embeddedTextCannotEndTheScript() throws {
        let hostile = "</script><script>alert(1)</script><!-- \u{2028}\u{2029} & \"'"
        let json = JSON.object(["name": .string(hostile)]).text
        let embedded = ScriptText.embed(json)
        #expect(!embedded.contains("<"))
        #expect(!embedded.contains(">"))
        #expect(!embedded.contains("&"))
        #expect(!embedded.contains("\u{2028}"))
        #expect(!embedded.contains("\u{2029}"))
        #expect(embedded.contains("\\u003c/script\\u003e"))
        #expect(embedded.contains("\\u2028\\u2029"))
        // The same value reads back.
        #expect(try JSONParser.parse(Array(embedded.utf8))["name"] == .string(hostile))
    }

    @Test func aHostileViewNameStaysData() throws {
        let name = "</script><script>alert(1)</script>\u{2028}<!--"
        let app = Runs.app()
        try app.addView(Runs.itemSheet(name: name, text: "</SCRIPT >\u{2029}"))
        try app.set(StateRef(view: name, slot: "item"), Runs.record(0))
        try app.advance(by: 600)
        let html = TimelineHTML(title: "</script>&<b>").render(parts: app.parts)
        // Only the page's own script elements end: the data block and the player.
        #expect(Self.count("</script>", in: html.lowercased()) == 2)
        #expect(Self.count("<script", in: html.lowercased()) == 2)
        #expect(!html.contains("\u{2028}") && !html.contains("\u{2029}"))
        #expect(html.contains("<title>&lt;/script&gt;&amp;&lt;b&gt; · SheetLab player</title>"))
        let data = try Self.data(html)
        let part = try #require(data["parts"]?.array?.first)
        #expect(part["sheets"]?.array?.first?["presenter"] == .string(name))
        #expect(part["events"]?.array?.first?["p"] == .string(name))
    }

    @Test func theFileNeedsNothingFromElsewhere() throws {
        let html = TimelineHTML(title: "seed000").render(parts: try Runs.seed000().parts)
        // The SVG namespace is a name, not an address the page loads.
        let text = html.replacingOccurrences(of: "'http://www.w3.org/2000/svg'", with: "")
        for reference in ["http:", "https:", "src=", "href=", "@import", "url(http", "fetch(", "XMLHttpRequest"] {
            #expect(!text.contains(reference), "\(reference)")
        }
        #expect(html.contains("default-src 'none'"))
        #expect(html.contains("window.sheetlab = {"))
        #expect(!html.contains("file:"), "only a watched page may load its generation script")
        let watched = TimelineHTML(watch: .init(generation: 3, script: "run.html.watch.js")).render(parts: [])
        #expect(watched.contains("script-src 'unsafe-inline' file:"))
        let data = try Self.data(watched)
        #expect(data["watch"]?["generation"] == .int(3))
        #expect(data["watch"]?["script"] == .string("run.html.watch.js"))
        #expect(TimelineHTML.Watch(generation: 3, script: "x").scriptText.contains("sheetlabWatch(3)"))
    }

    @Test func seed000GivesOnePresentationWithItsTimes() throws {
        let app = try Runs.seed000()
        let model = PlayerModel(events: app.timeline.events)
        // Presented at 0, swiped at 800 (a 250 ms interactive dismissal), the reopen lost.
        #expect(model.presentations.count == 1)
        let p = try #require(model.presentations.first)
        #expect(p.presenter == Runs.content && p.modifier == "sheet(item:)" && p.item == "0")
        #expect(p.style == "sheet" && p.transition == "standard")
        #expect(p.start == 0 && p.presented == 500)
        #expect(p.dismissStart == 800 && p.end == 1050)
        let first = try #require(p.frames.first)
        let presenting = try #require(app.timeline.events.first { $0.kind == .presenting }?.geometry?.frame)
        #expect(first.time == 0 && first.frame == presenting)
    }

    @Test func aDragKeepsTheSheetsBottomEdge() throws {
        let app = try Runs.detentDrag()
        let model = PlayerModel(events: app.timeline.events)
        let p = try #require(model.presentations.first)
        let drag = try #require(app.timeline.events.first { $0.kind == .drag })
        let k = try #require(p.frames.first { $0.time == drag.time })
        let screen = app.profile.device.portrait.height
        #expect(k.frame.height == drag.height)
        #expect(abs(k.frame.y + k.frame.height - screen) < 0.05)
        // Every frame the engine reported is there, at its time.
        for e in app.timeline.events where e.presenter == Runs.content {
            guard let g = e.geometry, let end = p.end, e.time < end else { continue }
            let at = p.frames.last { $0.time <= e.time }
            #expect(at?.frame == g.frame, "\(e)")
        }
    }

    @Test func nestedSheetsAndARotation() throws {
        let app = try Runs.nested()
        let model = PlayerModel(events: app.timeline.events)
        #expect(model.presentations.map(\.presenter) == [Runs.content, "DetailView"])
        #expect(model.rotations.map(\.orientation) == ["landscape"])
    }

    @Test func partsAreColumnsWithTheirPoliciesAndExpectations() throws {
        let app = Runs.app()
        app.keepsEarlierParts = true
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 500)
        try app.reset()
        app.setPolicies([QueuePolicy()])
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(1))
        try app.advance(by: 700)
        app.setPolicies([])
        #expect(app.parts.map(\.policies) == [[], ["queue (native)"]])
        let html = TimelineHTML().render(
            parts: app.parts,
            expectations: [
                .init(part: 1, time: 500, location: "a.lua:3", message: "held", passed: true),
                .init(part: 2, time: 700, location: nil, message: "lost", passed: false),
            ])
        let parts = try #require(try Self.data(html)["parts"]?.array)
        #expect(parts.count == 2)
        #expect(parts.map { $0["label"] } == [.string("Part 1"), .string("Part 2")])
        #expect(parts[1]["policies"] == .array([.string("queue (native)")]))
        #expect(parts[0]["expectations"]?.array?.map { $0["passed"] } == [.bool(true)])
        #expect(parts[1]["expectations"]?.array?.first?["message"] == .string("lost"))
        #expect(parts[0]["end"] == .int(500) && parts[1]["end"] == .int(700))
        #expect(parts[1]["profile"]?["portrait"]?["width"] == .int(393))
    }

    @Test func runsSideBySideAreLabelledByProfile() throws {
        let a = try Runs.seed000()
        let b = try Runs.seed000(policies: [QueuePolicy()])
        let html = TimelineHTML().render(runs: [
            .init(label: "iphone15-ios17", parts: a.parts), .init(label: "stock or not", parts: b.parts),
        ])
        let parts = try #require(try Self.data(html)["parts"]?.array)
        #expect(parts.map { $0["label"] } == [.string("iphone15-ios17"), .string("stock or not")])
        #expect(parts.map { $0["column"] } == [.int(1), .int(2)])
        #expect(parts[1]["sheets"]?.array?.first?["id"] == .string("c2-s1"))
    }

    @Test func aThousandEventRunStaysUnderAMegabyte() throws {
        let app = Runs.app(policies: [QueuePolicy()])
        try app.addView(Runs.itemSheet(detents: [.medium, .large]))
        var i = 0
        while app.timeline.count < 1000 {
            try app.set(Runs.item, Runs.record(i))
            try app.advance(by: 600)
            try app.drag(to: 650)
            try app.release(velocity: 0)
            try app.swipeDown()
            try app.advance(by: 100)
            try app.set(Runs.item, Runs.record(i))
            try app.advance(by: 1000)
            i += 1
        }
        let html = TimelineHTML(title: "busy").render(parts: app.parts)
        #expect(app.timeline.count >= 1000)
        #expect(html.utf8.count < 1_000_000, "\(html.utf8.count) bytes")
        #expect(try Self.data(html)["parts"]?.array?.first?["events"]?.array?.count == app.timeline.count)
    }

    @Test func theCurveEasesOut() {
        #expect(PlayerModel.curve(0) == 0)
        #expect(PlayerModel.curve(1) == 1)
        #expect(PlayerModel.curve(-1) == 0 && PlayerModel.curve(2) == 1)
        #expect(abs(PlayerModel.curve(0.5) - 0.875) < 1e-12)
        // player.js writes the same curve.
        #expect(PlayerResources.script.contains("return 1 - (1 - q) * (1 - q) * (1 - q);"))
    }

    @Test func numbersAreShort() {
        #expect(TimelineHTML.number(812) == .int(812))
        #expect(TimelineHTML.number(406.5) == .double(406.5))
        #expect(TimelineHTML.number(.nan) == .double(.nan) || TimelineHTML.number(.nan).text == "\"nan\"")
    }
}
