import Foundation
import SheetEngine
import Testing

@testable import SheetRendering

/// `docs/timeline.md` documents every key the JSON timeline and the JSON
/// state write, every event kind, and the text timeline's confidence
/// marker as `Event.description` writes it.
@Suite struct TimelineDocsTests {
    static let timelineDocs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/timeline.md").path

    static func page() throws -> String { try String(contentsOfFile: timelineDocs, encoding: .utf8) }

    /// On iOS 26: a sheet opens inset at medium, code moves it to a detent
    /// near full height (edge-attached, B37), then it is swiped away.
    static func run() throws -> SheetApp {
        let app = SheetApp(profile: try Profile.named("iphone17-ios26"))
        let show = StateRef(view: "ContentView", slot: "show")
        let detent = StateRef(view: "ContentView", slot: "detent")
        try app.addView(
            ViewSpec(
                name: "ContentView", state: [("show", .bool(false)), ("detent", .detent(.medium))],
                modifiers: [
                    PresentationModifier(
                        kind: .sheet, trigger: .isPresented(show),
                        content: { _ in
                            SheetContent(
                                text: "glass",
                                detents: DetentsModifier([.medium, .height(805), .large], selection: detent))
                        })
                ]))
        try app.set(show, .bool(true))
        try app.advance(by: 500)
        try app.set(detent, .detent(.height(805)))
        return app
    }

    /// The keys of each JSON line.
    static func keys(_ json: String) throws -> Set<String> {
        var out: Set<String> = []
        for line in json.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            out.formUnion(object?.keys ?? [:].keys)
        }
        return out
    }

    @Test func everyKeyOfAJSONEvent_hasARowInTheFieldTable() throws {
        let text = try Self.page()
        let keys = try Self.keys(TimelineJSON.render(try Self.run().timeline.events))
        #expect(keys.isSuperset(of: ["rule", "confidence", "placement", "frame"]))
        for key in keys.sorted() {
            let row = text.contains("| `\(key)` |")
            #expect(row, "\(key) has no row in docs/timeline.md")
        }
    }

    @Test func everyKeyOfAPresentationInTheJSONState_isNamed() throws {
        let text = try Self.page()
        let state = TimelineJSON.state(try Self.run().state())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        let presentations = try #require(object["presentations"] as? [[String: Any]])
        let keys = Set(presentations.flatMap(\.keys))
        #expect(keys.isSuperset(of: ["placement", "frame", "transition", "environment"]))
        for key in keys.sorted() {
            let named = text.contains("`\(key)`")
            #expect(named, "\(key) is not named in docs/timeline.md")
        }
    }

    @Test func everyEventKind_isListed() throws {
        let words = Set(try Self.page().split { !$0.isLetter }.map(String.init))
        for kind in EventKind.allCases {
            let listed = words.contains(kind.rawValue)
            #expect(listed, "\(kind.rawValue) is not listed in docs/timeline.md")
        }
    }

    /// The page's example of the marker is the line the engine writes.
    @Test func theConfidenceMarkerExample_isWhatTheTextTimelineWrites() throws {
        let text = try Self.page()
        let marked = try #require(try Self.run().timeline.events.last { $0.kind == .placementChanged })
        #expect(marked.description.hasSuffix("{B37 single}"))
        let shown = text.contains(marked.description)
        #expect(shown, "docs/timeline.md does not show: \(marked.description)")
    }
}
