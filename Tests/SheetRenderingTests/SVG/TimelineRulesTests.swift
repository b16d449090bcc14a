import Foundation
import SheetEngine
import SheetLabTestSupport
import Testing

@testable import SheetRendering

/// Issue 30, item 2: the rules the SVG keeps so that it does not mislead
/// (the newcomer review of 2026-12, section 8): one time scale across the
/// parts, an axis break wherever time is stretched, expectations drawn,
/// low-confidence marks drawn, placement never cut, compact panels for
/// parts where no time passes, policies named in part headers.
@Suite struct TimelineRulesTests {
    static let stockVsQueue = "examples/seeds/seed000_stock_vs_queue.lua"
    static let detentHeights = "examples/seeds/seed003_detent_heights.lua"

    /// Every moment of one part at the x of the same moment in the others.
    @Test func severalParts_shareOneScale_andEachMomentIsAtOneX() throws {
        let drawing = try ExamplePicturesTests.drawing(Self.stockVsQueue)
        let panels = drawing.panels
        #expect(panels.count == 3)
        #expect(Set(panels.map(\.time.scale)).count == 1, "one scale: \(panels.map(\.time.scale))")
        #expect(Set(panels.map(\.time.width)).count == 1)
        for time in [0, 500, 600, 750] {
            let xs = panels.compactMap { $0.time.keyX(time) }
            #expect(xs.count == 3 && Set(xs).count == 1, "\(time) ms at \(xs)")
        }
        // The user's tap at 600 ms (set selectedItem = {id = 1}) is at one x in every part.
        let taps = panels.map { panel in
            panel.part.events.indices.filter { panel.part.events[$0].time == 600 && panel.part.events[$0].kind == .set }
                .map { panel.time.x(.event($0)) }
        }
        #expect(taps.allSatisfy { $0.count == 1 } && Set(taps.flatMap { $0 }).count == 1, "\(taps)")
    }

    /// No length on the axis that is not time, an idle gap or a marked stretch; each stretch has its break.
    @Test(arguments: ExampleScenarios.all)
    func everyStretch_isMarkedWithAnAxisBreak(path: String) throws {
        let drawing = try ExamplePicturesTests.drawing(path)
        let document = try XMLNode.parse(drawing.writer.output)
        for panel in drawing.panels where !panel.compact {
            #expect(
                panel.time.unmarkedStretches.isEmpty, "\(path) part \(panel.part.part): \(panel.time.unmarkedStretches)"
            )
        }
        let stretches = drawing.panels.filter { !$0.compact }.reduce(0) { $0 + $1.time.stretches.count }
        let bands = document.elements(classed: "bands").flatMap { $0.elements(classed: "stretch") }
        #expect(bands.count == stretches)
        // Two strokes on each of the two axes.
        #expect(document.elements(classed: "axis-break").count == 4 * stretches)
    }

    /// A layout whose marks push: the push is a stretch, and the rest is drawn to scale.
    @Test func aPush_isAStretch_andTheRestIsToScale() {
        let row = TimeLayout.Row(lane: 0, row: 2)
        let wide = TimeLayout.Need(row: row, width: 200, spreads: true, keepsLabel: true, spacing: 20)
        let layout = TimeLayout(
            times: [0, 100, 1000], needs: [[wide], [wide], []], extraTimes: [1000], busy: [0...1000], x0: 0)
        #expect(layout.stretches.count == 1)
        let stretch = layout.stretches[0]
        #expect(stretch.time == 100)
        #expect(stretch.x1 - stretch.x0 > 100, "the name's room")
        #expect(layout.unmarkedStretches.isEmpty)
        let gap = layout.x(.event(2)) - layout.x(.event(1))
        #expect(abs(gap - 900 * layout.scale) < 0.01, "after it, 900 ms is 900 ms at the scale")
    }

    @Test func expectations_areDrawnPassedAndFailed() throws {
        let drawing = try ExamplePicturesTests.drawing(Self.stockVsQueue)
        let document = try XMLNode.parse(drawing.writer.output)
        let passed = document.elements(classed: "expectation passed")
        #expect(passed.reduce(0) { $0 + Int($1.attributes["data-count"] ?? "0")! } == 5)
        #expect(passed.allSatisfy { $0.attributes["data-time"] == "750" })
        #expect(document.elements(classed: "expectation failed").isEmpty)
        #expect(drawing.subtitle.contains("5 expectations: 5 passed, 0 failed"))

        let parts = try ExamplePicturesTests.parts(Self.stockVsQueue)
        let failing = TimelineExpectation(
            part: 2, time: 600, location: "x.lua:3", message: "count is 1, expected 2", passed: false)
        let marked = try XMLNode.parse(TimelineSVG().drawing(parts, expectations: [failing]).writer.output)
        let failed = marked.elements(classed: "expectation failed")
        #expect(failed.count == 1)
        #expect(failed.first?.attributes["id"] == "p2-expect-1")
        #expect(failed.first?.tooltip?.contains("600 ms FAILED x.lua:3: count is 1, expected 2") == true)
        #expect(marked.all.contains { $0.name == "text" && $0.text == "failed: count is 1, expected 2" })
    }

    /// B37 on iOS 18.4: `heightChanged` rests on a single report; its mark says so.
    @Test func lowConfidenceMarks_areDrawnAndSaySo() throws {
        let drawing = try ExamplePicturesTests.drawing("examples/behaviours/B37_near_full_height.lua")
        let document = try XMLNode.parse(drawing.writer.output)
        let low = document.elements(classed: "low-confidence")
        #expect(!low.isEmpty)
        #expect(low.allSatisfy { $0.attributes["data-confidence"] == "single" })
        #expect(low.allSatisfy { !$0.elements(classed: "confidence-ring").isEmpty })
        #expect(drawing.layout.labels.contains { $0.text == "heightChanged (B37, single)" })
    }

    /// B36: the placement column is whole, however many lines it takes; the change is a named mark.
    @Test func placement_isNeverCut() throws {
        let drawing = try ExamplePicturesTests.drawing("examples/behaviours/B36_inset_glass_sheets.lua")
        let document = try XMLNode.parse(drawing.writer.output)
        let lines = document.elements(classed: "placement").map(\.text)
        let words = lines.joined(separator: " ").split(separator: " ").map(String.init)
        #expect(words == ["placement:", "inset,", "edgeAttached"])
        #expect(lines.allSatisfy { !$0.contains("…") })
        #expect(drawing.layout.labels.contains { $0.text == "placement → edgeAttached (B36, single)" })
        var lane = TimelineModel.Lane(name: "v", isApp: false)
        lane.placements = ["inset", "edgeAttached", "somewhereElseEntirely"]
        let wrapped = SVGDrawing.placementLines(lane)
        #expect(wrapped.joined().contains("somewhereElseEntirely"))
        for line in wrapped {
            #expect(SVGDrawing.noteFont.width(line) <= SVGDrawing.labelWidth - 24, "\(line) fits the column")
        }
    }

    /// seed003's five 0 ms parts: one line each, the five heights readable, no time axis.
    @Test func partsWhereNoTimePasses_areCompact() throws {
        let drawing = try ExamplePicturesTests.drawing(Self.detentHeights)
        #expect(drawing.panels.count == 5)
        #expect(drawing.panels.allSatisfy { $0.compact })
        for panel in drawing.panels { #expect(drawing.panelHeight(panel) < 110) }
        let document = try XMLNode.parse(drawing.writer.output)
        #expect(document.elements(classed: "axis").isEmpty)
        let states = document.elements(classed: "compact-state").map(\.text)
        for height in ["250 pt", "200 pt", "783 pt", "783 pt", "319 pt"].enumerated() {
            #expect(states[height.offset].hasSuffix(height.element), "\(states)")
        }
        #expect(document.elements(classed: "mark warning").compactMap { $0.attributes["data-number"] } == ["1", "2"])
        #expect(document.elements(classed: "part-title").allSatisfy { $0.text.contains("at 0 ms: no time passes") })
    }

    @Test func partHeaders_nameThePolicies() throws {
        let document = try XMLNode.parse(try ExamplePicturesTests.drawing(Self.stockVsQueue).writer.output)
        let headers = document.elements(classed: "part-title").map(\.text)
        #expect(headers.count == 3)
        #expect(headers[0].contains(" · stock · "))
        #expect(headers[1].contains(" · policy queue.lua · "))
        #expect(headers[2].contains(" · stock · "))
    }
}
