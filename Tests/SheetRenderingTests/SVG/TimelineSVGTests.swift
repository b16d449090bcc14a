import SheetEngine
import Testing

@testable import SheetRendering

/// The SVG timeline: well-formed, one lane per presenter, phases, marks,
/// problems, escaping, and a width that suits short and long runs.
@Suite struct TimelineSVGTests {
    static func svg(_ app: SheetApp, title: String? = nil) -> String {
        TimelineSVG(title: title, profile: app.profile).render(app.timeline.events, endTime: app.now)
    }

    static func document(_ app: SheetApp) throws -> XMLNode {
        try XMLNode.parse(svg(app))
    }

    static let runNames = ["seed000 stock", "seed000 queue", "detent drag", "nested", "a minute", "empty"]

    static func run(_ name: String) throws -> SheetApp {
        switch name {
        case "seed000 stock": return try Runs.seed000()
        case "seed000 queue": return try Runs.seed000(policies: [QueuePolicy()])
        case "detent drag": return try Runs.detentDrag()
        case "nested": return try Runs.nested()
        case "a minute": return try Runs.minute()
        default: return Runs.app()
        }
    }

    @Test(arguments: runNames)
    func everyRun_isWellFormedSVG(_ name: String) throws {
        let app = try Self.run(name)
        let root = try Self.document(app)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(!root.elements(classed: "legend").isEmpty)
        #expect(root.all.contains { $0.name == "title" })
    }

    @Test func sameRun_sameBytes() throws {
        #expect(Self.svg(try Runs.seed000()) == Self.svg(try Runs.seed000()))
    }

    @Test func onePresenterLane_perPresenter_inOrderOfFirstAppearance() throws {
        let root = try Self.document(try Runs.nested())
        let lanes = root.all.filter { $0.classes == ["lane"] }
        #expect(lanes.map { $0.attributes["data-presenter"] } == ["ContentView", "DetailView"])
        #expect(lanes.map { $0.attributes["id"] } == ["lane-1", "lane-2"])
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
        let ends = bars.compactMap { bar in
            Double(bar.attributes["x"] ?? "").flatMap { x in Double(bar.attributes["width"] ?? "").map { x + $0 } }
        }
        #expect(xs == xs.sorted())
        #expect(zip(ends.dropLast(), xs.dropFirst()).allSatisfy { abs($0 - $1) < 0.2 })
        #expect(bars[0].tooltip?.contains("presenting 0–500 ms") == true)
    }

    @Test func phaseStillRunningAtTheEnd_runsToTheEndTime() throws {
        let app = Runs.app()
        try app.addView(Runs.itemSheet())
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 900)
        let svg = TimelineSVG().render(app.timeline.events, endTime: app.now)
        let root = try XMLNode.parse(svg)
        let lane = try #require(root.all.first { $0.classes == ["lane"] })
        let last = try #require(lane.elements(classed: "phase presented").last)
        #expect(last.classes.contains("open"))
        let axis = TimeAxis(end: 900, x0: SVGDrawing.labelWidth)
        let end = Double(last.attributes["x"]!)! + Double(last.attributes["width"]!)!
        #expect(abs(end - (axis.x0 + axis.width)) < 0.2)
    }

    @Test func presenterRemoved_endsItsPhaseAtOnce_andItsLineDropsToZero() throws {
        let app = Runs.app()
        try app.addView(ViewSpec(name: "Root", children: [Runs.itemSheet()]))
        try app.set(Runs.item, Runs.record(0))
        try app.advance(by: 700)
        try app.removeView(Runs.content)
        try app.advance(by: 300)
        let root = try XMLNode.parse(Self.svg(app))
        let lane = try #require(root.all.first { $0.classes == ["lane"] })
        let bars = lane.elements(classed: "phase")
        #expect(bars.map { $0.classes.subtracting(["phase"]) } == [["presenting"], ["presented"]])
        let axis = TimeAxis(end: 1000, x0: SVGDrawing.labelWidth)
        let end = Double(bars[1].attributes["x"]!)! + Double(bars[1].attributes["width"]!)!
        #expect(abs(end - axis.x(700)) < 0.2)
        let points = lane.elements(classed: "height")[0].attributes["points"]!.split(separator: " ")
        #expect(
            points.last.map(String.init)
                == "\(SVGWriter.number(axis.x(700))),\(SVGWriter.number(SVGDrawing.lanesTop + SVGDrawing.bodyTop + SVGDrawing.bodyHeight))"
        )
        #expect(lane.elements(classed: "mark user").last?.tooltip?.contains("viewRemoved") == true)
    }

    @Test func marksAtTheSameMoment_sitSideBySide() throws {
        let root = try Self.document(try Runs.seed000(policies: [QueuePolicy()]))
        let xs = root.elements(classed: "mark policy").compactMap { mark in
            mark.all.first { $0.name == "polygon" }?.attributes["points"]?.split(separator: ",").first.flatMap {
                Double($0)
            }
        }
        #expect(xs.count == 2)
        #expect(xs[1] - xs[0] >= SVGDrawing.markSpacing - 0.2)
    }

    @Test func userActionsAndPolicyDecisions_areMarks() throws {
        let app = try Runs.seed000(policies: [QueuePolicy()])
        let root = try Self.document(app)
        let events = app.timeline.events
        let users = root.elements(classed: "mark user")
        #expect(users.count == events.filter(\.kind.isUserAction).count)
        #expect(users.map(\.tooltip) == events.filter(\.kind.isUserAction).map { SVGDrawing.line($0) })
        let decisions = root.elements(classed: "mark policy")
        #expect(decisions.map { $0.attributes["data-source"] } == ["queue (native)", "queue (native)"])
        #expect(
            decisions.compactMap(\.tooltip).map { $0.contains("request") || $0.contains("queued") } == [true, true])
        // Stock decisions are not marked as policy decisions.
        #expect(try Self.document(try Runs.seed000()).elements(classed: "mark policy").isEmpty)
    }

    @Test func warningsAndErrors_areMarkedAndListed() throws {
        let stock = try Self.document(try Runs.seed000())
        let warnings = stock.elements(classed: "mark warning")
        #expect(warnings.count == 2)
        #expect(warnings.compactMap(\.tooltip).map { $0.contains("alreadyPresenting") } == [true, false])
        #expect(warnings.last?.tooltip?.contains("requestLost") == true)
        #expect(warnings.map { $0.attributes["data-number"] } == ["1", "2"])
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
        let root = try Self.document(try Runs.detentDrag())
        let lane = try #require(root.all.first { $0.classes == ["lane"] })
        let lines = lane.elements(classed: "height")
        #expect(lines.count == 1)
        let labels = lane.elements(classed: "detent-label").map(\.text)
        #expect(labels.first == "medium 392 pt")
        #expect(labels.contains("large 783 pt"))
        // The line starts at the bottom (height 0) and reaches the top (large).
        let ys = lines[0].attributes["points"]!.split(separator: " ").compactMap { Double($0.split(separator: ",")[1]) }
        let bodyTop = SVGDrawing.lanesTop + SVGDrawing.bodyTop
        #expect(ys.min() == bodyTop)
        #expect(ys.first == bodyTop + SVGDrawing.bodyHeight)
        #expect(ys.last == bodyTop + SVGDrawing.bodyHeight)
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
        let long = try width(try Runs.minute())
        #expect(short >= 900 && short <= 1400, "a 2-second run fits a laptop screen")
        #expect(long == SVGDrawing.labelWidth + TimeAxis.maxWidth + SVGDrawing.rightMargin, "a minute is capped")
        #expect(TimeAxis(end: 60_000, x0: 0).ticks.count <= 31)
        #expect(TimeAxis(end: 2000, x0: 0).ticks == [0, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000])
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
