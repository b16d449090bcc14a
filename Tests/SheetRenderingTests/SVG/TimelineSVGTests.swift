import SheetEngine
import Testing

@testable import SheetRendering

/// The SVG timeline: well-formed, one panel per part and one lane per
/// presenter, phases, marks, problems, escaping, instants and idle gaps,
/// and a width that suits short and long runs.
@Suite struct TimelineSVGTests {
    static func svg(_ app: SheetApp, title: String? = nil) -> String {
        TimelineSVG(title: title, profile: app.profile).render(app.timeline.events, endTime: app.now)
    }

    static func document(_ app: SheetApp) throws -> XMLNode {
        try XMLNode.parse(svg(app))
    }

    static func drawing(_ app: SheetApp) -> SVGDrawing {
        TimelineSVG().drawing(app.parts)
    }

    static let runNames = ["seed000 stock", "seed000 queue", "detent drag", "nested", "a minute", "two parts", "empty"]

    static func run(_ name: String) throws -> SheetApp {
        switch name {
        case "seed000 stock": return try Runs.seed000()
        case "seed000 queue": return try Runs.seed000(policies: [QueuePolicy()])
        case "detent drag": return try Runs.detentDrag()
        case "nested": return try Runs.nested()
        case "a minute": return try Runs.minute()
        case "two parts": return try Runs.twoParts()
        default: return Runs.app()
        }
    }

    /// The right edge of a bar.
    static func end(_ bar: XMLNode) -> Double {
        Double(bar.attributes["x"]!)! + Double(bar.attributes["width"]!)!
    }

    @Test(arguments: runNames)
    func everyRun_isWellFormedSVG(_ name: String) throws {
        let app = try Self.run(name)
        let root = try XMLNode.parse(TimelineSVG(title: name).render(parts: app.parts))
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(!root.elements(classed: "legend").isEmpty)
        #expect(root.all.contains { $0.name == "title" })
        let ids = root.all.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "ids are unique")
    }

    @Test func sameRun_sameBytes() throws {
        #expect(Self.svg(try Runs.seed000()) == Self.svg(try Runs.seed000()))
    }

    @Test func titleAndSubtitle_nameTheScenarioAndTheProfile() throws {
        let app = try Runs.seed000()
        let root = try XMLNode.parse(TimelineSVG(title: "examples/seeds/seed000.lua").render(parts: app.parts))
        #expect(root.elements(classed: "title").first?.text == "examples/seeds/seed000.lua")
        #expect(
            root.elements(classed: "subtitle").first?.text.hasPrefix(
                "profile iphone15-ios17 (iPhone 15, iOS 17) · 0–1600 ms") == true)
    }

    @Test func severalParts_onePanelEach_inOrder_namingTheirProfiles() throws {
        let app = try Runs.twoParts()
        let root = try XMLNode.parse(TimelineSVG(title: "two").render(parts: app.parts))
        let panels = root.elements(classed: "part")
        #expect(panels.map { $0.attributes["id"] } == ["part-1", "part-2"])
        #expect(panels.map { $0.attributes["data-profile"] } == ["iphone15-ios17", "iphonese-ios17"])
        let headers = root.elements(classed: "part-title").map(\.text)
        #expect(headers.count == 2)
        #expect(headers[0].hasPrefix("Part 1 · profile iphone15-ios17 (iPhone 15, iOS 17)"))
        #expect(headers[1].hasPrefix("Part 2 · profile iphonese-ios17"))
        #expect(panels[1].elements(classed: "lane").first?.attributes["id"] == "p2-lane-1")
        let subtitle = root.elements(classed: "subtitle").first?.text ?? ""
        #expect(subtitle.hasPrefix("2 parts"))
        #expect(subtitle.contains("iphone15-ios17, iphonese-ios17"))
        // Each panel's heights are scaled to its own profile: iPhone SE is shorter.
        let notes = root.elements(classed: "lane-note").map(\.text).filter { $0.hasPrefix("height") }
        #expect(notes == ["height 0–783 pt", "height 0–637 pt"])
    }

    @Test func onePresenterLane_perPresenter_inOrderOfFirstAppearance() throws {
        let root = try Self.document(try Runs.nested())
        let lanes = root.all.filter { $0.classes == ["lane"] }
        #expect(lanes.map { $0.attributes["data-presenter"] } == ["ContentView", "DetailView"])
        #expect(lanes.map { $0.attributes["id"] } == ["p1-lane-1", "p1-lane-2"])
        // Rotation and the policy error concern no presenter: their own lane, on top.
        let app = root.elements(classed: "lane app")
        #expect(app.count == 1)
        #expect(app.first?.elements(classed: "mark user").count == 1)
        #expect(app.first?.elements(classed: "mark error").count == 1)
    }

    @Test func noEventsWithoutPresenter_noAppLane() throws {
        let root = try Self.document(try Runs.seed000())
        #expect(root.elements(classed: "lane app").isEmpty)
        #expect(root.all.filter { $0.classes == ["lane"] }.count == 1)
    }

    @Test func phaseBars_forEachPhase_inOrder() throws {
        let root = try Self.document(try Runs.seed000())
        let lane = try #require(root.all.first { $0.classes == ["lane"] })
        let bars = lane.elements(classed: "phase")
        #expect(bars.map { $0.classes.subtracting(["phase"]) } == [["presenting"], ["presented"], ["dismissing"]])
        // presenting 0-500, presented 500-800, dismissing 800-1050 (B01): contiguous, growing x.
        let xs = bars.compactMap { Double($0.attributes["x"] ?? "") }
        #expect(xs == xs.sorted())
        #expect(zip(bars.dropLast().map(Self.end), xs.dropFirst()).allSatisfy { abs($0 - $1) < 0.2 })
        #expect(bars[0].tooltip?.contains("presenting 0–500 ms") == true)
    }

    @Test func presentedAtTheEnd_runsToTheEndTime() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 900)
        let drawing = Self.drawing(app)
        let root = try XMLNode.parse(drawing.writer.output)
        let lane = try #require(root.all.first { $0.classes == ["lane"] })
        let last = try #require(lane.elements(classed: "phase presented").last)
        #expect(last.classes.contains("open"))
        #expect(abs(Self.end(last) - drawing.panels[0].time.x(.time(900))) < 0.2)
        #expect(root.elements(classed: "run-end").isEmpty, "nothing runs past the end")
    }

    /// The reopen the queue policy rescues is still presenting when the
    /// run ends: it is drawn to the time it ends, past the run's end.
    @Test func transitionStillRunningAtTheEnd_isDrawnToItsEnd() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 100)
        let drawing = Self.drawing(app)
        #expect(drawing.panels[0].model.drawnEnd == 500)
        let root = try XMLNode.parse(drawing.writer.output)
        let bar = try #require(root.elements(classed: "phase presenting").first)
        #expect(bar.classes.contains("open"))
        #expect(bar.tooltip?.contains("presenting 0–500 ms (still running when the run ended)") == true)
        let time = drawing.panels[0].time
        #expect(abs(Self.end(bar) - time.x(.time(500))) < 0.2)
        #expect(Self.end(bar) - time.x(.time(100)) > 100, "the bar goes on past the end, to scale")
        #expect(root.elements(classed: "bands").first?.elements(classed: "after-end").count == 1)
        #expect(root.elements(classed: "run-end").count == 1)
        #expect(root.elements(classed: "note").map(\.text).contains("run ends at 100 ms"))
        #expect(root.elements(classed: "detent-label").map(\.text) == ["large 783 pt"], "named where it will settle")
    }

    @Test func presenterRemoved_endsItsPhaseAtOnce_andItsLineDropsToZero() throws {
        let app = Runs.app()
        try app.addView(ViewSpec(name: "Root", children: [Runs.itemSheet()]))
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 700)
        try app.removeView(Runs.content)
        try app.advance(by: 300)
        let drawing = Self.drawing(app)
        let root = try XMLNode.parse(drawing.writer.output)
        let lane = try #require(root.all.first { $0.classes == ["lane"] })
        let bars = lane.elements(classed: "phase")
        #expect(bars.map { $0.classes.subtracting(["phase"]) } == [["presenting"], ["presented"]])
        let removed = try #require(app.timeline.events.firstIndex { $0.kind == .removed })
        let x = drawing.panels[0].time.x(.event(removed))
        #expect(abs(Self.end(bars[1]) - x) < 0.2)
        let points = lane.elements(classed: "height")[0].attributes["points"]!.split(separator: " ")
        let bottom = drawing.lanesTop(drawing.panels[0]) + SVGDrawing.bodyTop + SVGDrawing.bodyHeight
        #expect(points.last.map(String.init) == "\(SVGWriter.number(x)),\(SVGWriter.number(bottom))")
        #expect(lane.elements(classed: "mark user").last?.tooltip?.contains("viewRemoved") == true)
    }

    /// B06: of three sheets dismissed together only the top one animates;
    /// the others are drawn still (no hatching), their lines flat until
    /// they go at once.
    @Test func B06_unanimatedDismissals_areDrawnAsSuch() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet(nested: Runs.detailView()))
        try app.set(Runs.item, Runs.record(1))
        try app.advance(by: 500)
        try app.set(StateRef(view: "DetailView", slot: "isPresented"), true)
        try app.advance(by: 500)
        try app.set(Runs.item, nil)
        try app.advance(by: 500)
        let root = try XMLNode.parse(Self.drawing(app).writer.output)
        let lanes = root.all.filter { $0.classes == ["lane"] }
        let dismissing = lanes.flatMap { $0.elements(classed: "phase dismissing") }
        #expect(dismissing.map { $0.classes.contains("still") } == [true, false])
        #expect(dismissing[0].tooltip?.contains("not animated: only the top sheet animates (B06)") == true)
        #expect(root.elements(classed: "phase-label").map(\.text).contains("dismissing item=1, not animated"))
        func ys(_ lane: XMLNode) -> [Double] {
            lane.elements(classed: "height")[0].attributes["points"]!.split(separator: " ").map {
                Double($0.split(separator: ",")[1])!
            }
        }
        // The bottom sheet holds its height through the dismissal, then drops; the top one ramps down.
        let still = ys(lanes[0])
        #expect(still.suffix(3).dropLast().allSatisfy { $0 == still[still.count - 3] })
        let top = ys(lanes[1])
        #expect(top[top.count - 2] < top[top.count - 1])
    }

    @Test func marksCloseInTime_sitSideBySide() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 1)
        try app.set(Runs.item, Runs.record(1))
        let xs = Self.drawing(app).layout.marks.map(\.x)
        #expect(xs.count == 2)
        #expect(xs[1] - xs[0] >= TimeLayout.markSpacing - 0.2)
    }

    /// Two user actions at 500 ms (a drag and its release) would cover
    /// each other: the moment is spread into an instant, wide enough for
    /// both labels, marked on the axis, and the height line steps at each.
    @Test func eventsOfOneMillisecond_thatWouldCollide_spreadIntoAnInstant() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet(detents: [.medium, .large]))
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 500)
        try app.drag(to: 700)
        try app.release(velocity: 0)
        try app.advance(by: 100)
        let drawing = Self.drawing(app)
        let instants = drawing.panels[0].time.instants
        #expect(instants.map(\.time) == [500])
        let root = try XMLNode.parse(drawing.writer.output)
        #expect(root.elements(classed: "bands").first?.elements(classed: "instant").count == 1)
        let notes = root.elements(classed: "note").map(\.text)
        #expect(notes.contains("instant: \(instants[0].events) events at 500 ms"))
        let labels = root.elements(classed: "mark user").map { $0.all.first { $0.name == "text" }?.text }
        #expect(labels == ["set item = {id = 0}", "drag to 700 pt", "release → large"])
        #expect(root.elements(classed: "detent-label").map(\.text) == ["medium 392 pt", "large 783 pt"])
        let x = drawing.panels[0].time.eventX
        let drag = try #require(app.timeline.events.firstIndex { $0.kind == .drag })
        #expect(x[drag + 1] > x[drag], "the release has a place of its own")
    }

    /// 60 drags and releases, each pair in one millisecond, and a lost
    /// reopen (two warnings) each time: instants and warnings' names get
    /// their room while the budget lasts, then only their marks do, so the
    /// picture stays a picture and still no two marks or labels collide.
    @Test func aLongBusyRun_spendsABoundedWidthOnInstantsAndNames() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet(detents: [.medium, .large]))
        for i in 0..<60 {
            try app.set(Runs.item, Runs.record(i))
            try app.advance(by: 500)
            try app.drag(to: 700)
            try app.release(velocity: 0)
            try app.swipeDown()
            try app.advance(by: 100)
            try app.set(Runs.item, Runs.record(i + 1000))
            try app.advance(by: 300)
        }
        let drawing = Self.drawing(app)
        let time = drawing.panels[0].time
        #expect(time.instants.count == 60)
        let toScale = Double(app.now) * time.scale
        #expect(time.width < toScale + TimeLayout.spreadBudget + 60 * 4 * 20)
        let compact = time.instants.filter { $0.x1 - $0.x0 < 60 }
        #expect(!compact.isEmpty, "the later instants only make room for their marks")
        let marks = drawing.layout.marks
        for (a, b) in zip(marks, marks.dropFirst()) where abs(a.y - b.y) < 1 {
            #expect(!a.overlaps(b), "marks in one row never cover each other")
        }
        let labels = drawing.layout.labels
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...].prefix(40) where a.box.overlaps(b.box) {
                Issue.record("labels overlap: '\(a.text)' and '\(b.text)'")
            }
        }
    }

    /// The queue policy's `queued` follows the request it answered: one
    /// diamond says both, and the moment needs no instant.
    @Test func aPolicysDecisionAndItsConsequence_areOneMark() throws {
        let drawing = Self.drawing(try Runs.seed000(policies: [QueuePolicy()]))
        #expect(drawing.panels[0].time.instants.isEmpty)
        let root = try XMLNode.parse(drawing.writer.output)
        let labels = root.elements(classed: "mark policy").map { $0.all.first { $0.name == "text" }?.text }
        #expect(labels == ["request -> queue (queue (native))"])
    }

    @Test func eventsOfOneMillisecond_inDifferentRows_stayTogether() throws {
        // set, request and presenting at 0 ms: one mark each in its own row.
        let drawing = Self.drawing(try Runs.seed000())
        #expect(drawing.panels[0].time.instants.isEmpty)
        let x = drawing.panels[0].time.eventX
        #expect(x[0] == x[1] && x[1] == x[2])
    }

    /// A minute of the queue policy: the seconds in which the sheet just
    /// sits there are compressed and marked.
    @Test func idleGaps_areCompressedAndMarked() throws {
        let drawing = Self.drawing(try Runs.minute())
        let gaps = drawing.panels[0].time.idle
        #expect(gaps.count >= 12)
        #expect(
            gaps.allSatisfy {
                abs($0.x1 - $0.x0 - TimeLayout.idleWidth) < 0.01 && $0.to - $0.from > TimeLayout.idleThreshold
            })
        let root = try XMLNode.parse(drawing.writer.output)
        #expect(root.elements(classed: "bands").first?.elements(classed: "idle").count == gaps.count)
        #expect(root.elements(classed: "note").map(\.text).contains { $0.hasSuffix(" s idle") })
        // No gap hides a transition: none starts or ends inside one.
        for bar in drawing.panels[0].model.lanes[0].bars where bar.phase != .presented {
            #expect(!gaps.contains { $0.from < bar.endTime && $0.to > bar.startTime })
        }
    }

    @Test func userActionsAndPolicyDecisions_areMarks() throws {
        let app = try Runs.seed000(policies: [QueuePolicy()])
        let root = try Self.document(app)
        let events = app.timeline.events
        let users = root.elements(classed: "mark user")
        #expect(users.count == events.filter(\.kind.isUserAction).count)
        #expect(users.map(\.tooltip) == events.filter(\.kind.isUserAction).map { SVGDrawing.line($0) })
        let decisions = root.elements(classed: "mark policy")
        #expect(decisions.map { $0.attributes["data-source"] } == ["queue (native)"])
        // Stock decisions are not marked as policy decisions.
        #expect(try Self.document(try Runs.seed000()).elements(classed: "mark policy").isEmpty)
    }

    @Test func warningsAndErrors_areMarkedNamedAndListed() throws {
        let stock = try Self.document(try Runs.seed000())
        let warnings = stock.elements(classed: "mark warning")
        #expect(warnings.count == 2)
        #expect(warnings.first?.tooltip?.contains("alreadyPresenting") == true)
        #expect(warnings.last?.tooltip?.contains("requestLost") == true)
        #expect(warnings.map { $0.attributes["data-number"] } == ["1", "2"])
        let names = warnings.map { $0.all.first { $0.name == "text" && !$0.classes.contains("number") }?.text }
        #expect(names == ["alreadyPresenting (B05)", "requestLost (B03)"], "named on the chart")
        let listed = stock.elements(classed: "problem")
        #expect(listed.count == 2)
        #expect(listed.first?.allText.contains("alreadyPresenting") == true)

        let nested = try Self.document(try Runs.nested())
        let errors = nested.elements(classed: "mark error")
        #expect(errors.count == 1)
        #expect(errors.first?.tooltip?.contains("policyError") == true)
        #expect(nested.elements(classed: "problem error").count == 1)
    }

    @Test func heightLine_followsTheDetents() throws {
        let drawing = Self.drawing(try Runs.detentDrag())
        let root = try XMLNode.parse(drawing.writer.output)
        let lane = try #require(root.all.first { $0.classes == ["lane"] })
        let lines = lane.elements(classed: "height")
        #expect(lines.count == 1)
        let labels = lane.elements(classed: "detent-label").map(\.text)
        #expect(labels.first == "medium 392 pt")
        #expect(labels.contains("large 783 pt"))
        // The line starts at the bottom (height 0) and reaches the top (large).
        let ys = lines[0].attributes["points"]!.split(separator: " ").compactMap { Double($0.split(separator: ",")[1]) }
        let bodyTop = drawing.lanesTop(drawing.panels[0]) + SVGDrawing.bodyTop
        #expect(ys.min() == bodyTop)
        #expect(ys.first == bodyTop + SVGDrawing.bodyHeight)
        #expect(ys.last == bodyTop + SVGDrawing.bodyHeight)
    }

    /// B36 on iOS 26: where the sheet sits, when events say so, is named in the lane's left column.
    @Test func placement_whenKnown_isNamedInTheLane() throws {
        let app = try Runs.detentDrag()
        let drawing = TimelineSVG().drawing(app.parts) { $0.kind == .presenting ? "inset" : nil }
        let root = try XMLNode.parse(drawing.writer.output)
        #expect(root.elements(classed: "placement").map(\.text) == ["placement: inset"])
        // Before iOS 26 every sheet is edge-attached: no note.
        #expect(try XMLNode.parse(Self.drawing(app).writer.output).elements(classed: "placement").isEmpty)
        let floating = Runs.app("iphone17-ios26")
        try floating.addView(Runs.itemSheet(detents: [.medium, .large]))
        try floating.set(Runs.item, Runs.record(7))
        try floating.advance(by: 600)
        let notes = try XMLNode.parse(Self.drawing(floating).writer.output).elements(classed: "placement").map(\.text)
        #expect(notes == ["placement: inset"])
    }

    @Test func hostileText_isEscaped() throws {
        let name = "A<b>&\"'表示</svg>"
        let app = Runs.app()
        try app.addView(Runs.itemSheet(name: name, text: "<script>alert('x')</script>"))
        try app.set(StateRef(view: name, slot: "item"), .record(["id": "x\"<&>\u{1}\u{7}'y"]))
        try app.advance(by: 600)
        try app.swipeDown()
        try app.set(StateRef(view: name, slot: "item"), .record(["id": "x\"<&>\u{1}\u{7}'y"]))
        try app.advance(by: 600)
        let svg = Self.svg(app, title: "<title> & \"quotes\" 日本語")
        #expect(!svg.contains("<script>"))
        #expect(!svg.contains("<b>"))
        let root = try XMLNode.parse(svg)
        let lane = try #require(root.all.first { $0.classes == ["lane"] })
        #expect(lane.attributes["data-presenter"] == name)
        #expect(root.elements(classed: "title").first?.text == "<title> & \"quotes\" 日本語")
        #expect(root.elements(classed: "mark warning").contains { $0.tooltip?.contains("x\"<&>") == true })
    }

    @Test func width_suitsShortAndLongRuns() throws {
        func width(_ app: SheetApp) throws -> Double { Double(try Self.document(app).attributes["width"]!)! }
        let short = try width(try Runs.seed000())
        #expect(short >= 900 && short <= 1400, "a 2-second run fits a laptop screen")
        let time = Self.drawing(try Runs.minute()).panels[0].time
        #expect(time.width <= TimeLayout.maxWidth + 100, "a minute is capped (marks close in time push a little)")
        #expect(time.ticks.count <= 40)
        let ticks = Self.drawing(try Runs.seed000()).panels[0].time.ticks.map(\.time)
        #expect(ticks == [0, 200, 400, 600, 800, 1000, 1200, 1400, 1600])
    }

    @Test func axis_hasTicksInMilliseconds() throws {
        let root = try Self.document(try Runs.seed000())
        let axis = try #require(root.elements(classed: "axis").first)
        let labels = axis.all.filter { $0.name == "text" }.map(\.text)
        #expect(labels.first == "time (ms)")
        #expect(labels.dropFirst().first == "0")
        #expect(labels.contains("1000"))
    }
}
