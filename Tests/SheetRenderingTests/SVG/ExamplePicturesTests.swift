import Foundation
import LuaRuntime
import SheetEngine
import SheetLabTestSupport
import SheetScripting
import Testing

@testable import SheetRendering

/// Every example's picture, as `sheetlab run --timeline svg` draws it,
/// checked from its layout: no two labels overlap, no label covers a mark,
/// and nothing lies outside the canvas.
@Suite struct ExamplePicturesTests {
    static let root = ExampleScenarios.root

    /// Scenario files under `examples/`, skipping policy folders.
    static var scenarios: [String] { ExampleScenarios.all }

    static func parts(_ path: String) throws -> [TimelinePart] {
        try run(path).parts
    }

    /// An example's parts and the expectations it checked, as `sheetlab run --timeline svg` draws them.
    static func run(_ path: String) throws -> (parts: [TimelinePart], expectations: [TimelineExpectation]) {
        var limits = LuaLimits()
        limits.allowedPaths = [root.appendingPathComponent("examples").path]
        let result = try ScenarioRunner(SessionConfiguration(limits: limits), printHandler: { _ in })
            .run(path: root.appendingPathComponent(path).path)
        #expect(result.error == nil, "\(result.error?.description ?? "")")
        let expectations = result.session.expectationMarks.map {
            TimelineExpectation(
                part: $0.part, time: $0.time, location: $0.location, message: $0.message, passed: $0.passed)
        }
        return (result.session.app.parts, expectations)
    }

    /// An example's picture with its expectations.
    static func drawing(_ path: String) throws -> SVGDrawing {
        let (parts, expectations) = try run(path)
        return TimelineSVG(title: path).drawing(parts, expectations: expectations)
    }

    @Test func everyExample_isFound() {
        #expect(Self.scenarios.count >= 20)
    }

    @Test(arguments: scenarios)
    func examplePicture_hasNoOverlappingLabels_andNothingOutsideTheCanvas(path: String) throws {
        let drawing = try Self.drawing(path)
        let canvas = SVGLayout.Box(x: 0, y: 0, width: drawing.width, height: drawing.height)
        for item in drawing.layout.items {
            let inside =
                item.box.x >= canvas.x && item.box.y >= canvas.y && item.box.maxX <= canvas.maxX
                && item.box.maxY <= canvas.maxY
            #expect(inside, "outside the \(canvas.width) x \(canvas.height) canvas: \(item)")
        }
        let labels = drawing.layout.labels
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] where a.box.overlaps(b.box) {
                Issue.record("labels overlap: '\(a.text)' \(a.box) and '\(b.text)' \(b.box)")
            }
            for mark in drawing.layout.marks where a.box.overlaps(mark) {
                Issue.record("label '\(a.text)' \(a.box) covers a mark at \(mark)")
            }
        }
        // Every text drawn is in the layout (a warning's number sits inside its triangle).
        let document = try XMLNode.parse(drawing.writer.output)
        let texts = document.all.filter { $0.name == "text" && !$0.classes.contains("number") }
        #expect(texts.count == labels.count)
        #expect(texts.map(\.text) == labels.map { XMLText.escape($0.text).isEmpty ? "" : $0.text })
    }

    /// Seed 003's selection: 17 events at 500 ms (the user changes the
    /// detent by code, drags, releases, picks an invalid one, closes),
    /// spread out, so each user action's label reads in full and the
    /// detent labels follow the height line in order.
    @Test func seed003Selection_spreadsItsInstant_andEachLabelReads() throws {
        let path = "examples/seeds/seed003_selection.lua"
        let parts = try Self.parts(path)
        let drawing = TimelineSVG(title: path).drawing(parts)
        let instant = try #require(drawing.panels[0].time.instants.first)
        #expect(instant.time == 500)
        #expect(instant.events == parts[0].events.filter { $0.time == 500 }.count)
        let users = parts[0].events.filter { $0.kind.isUserAction && $0.time == 500 }
        let labels = Set(drawing.layout.labels.map(\.text))
        for e in users {
            let mark = TimelineModel.Mark(kind: .user, event: e, index: 0)
            #expect(labels.contains(SVGDrawing.label(mark)), "\(SVGDrawing.label(mark)) reads in full")
        }
        let document = try XMLNode.parse(drawing.writer.output)
        let detents = document.elements(classed: "detent-label").map(\.text)
        #expect(detents.prefix(4) == ["medium 392 pt", "large 783 pt", "medium 392 pt", "large 783 pt"])
    }
}
