import Foundation
import SheetEngine
import Testing

@testable import SheetRendering

/// JSON lines: one object per event per line, sorted keys, and the final state.
@Suite struct TimelineJSONTests {
    static func object(_ line: Substring) throws -> [String: Any] {
        let any = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(any as? [String: Any])
    }

    @Test func oneObjectPerLine_perEvent() throws {
        let app = try Runs.seed000(policies: [QueuePolicy()])
        let events = app.timeline.events
        let text = TimelineJSON.render(events)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n")
        #expect(lines.count == events.count)
        for (line, event) in zip(lines, events) {
            let object = try Self.object(line)
            #expect(object["time"] as? Int == event.time)
            #expect(object["kind"] as? String == event.kind.rawValue)
            #expect(object["severity"] as? String == event.severity.rawValue)
            #expect(object["detail"] as? String == event.detail)
            #expect(object["presenter"] as? String == event.presenter)
            #expect(object["source"] as? String == event.source)
        }
    }

    @Test func severalParts_everyEventNamesItsPart() throws {
        let app = try Runs.twoParts()
        let lines = TimelineJSON.render(parts: app.parts).split(separator: "\n")
        let expected = app.parts.flatMap { part in part.events.map { (part.part, $0) } }
        #expect(lines.count == expected.count)
        for (line, (part, event)) in zip(lines, expected) {
            let object = try Self.object(line)
            #expect(object["part"] as? Int == part)
            #expect(object["kind"] as? String == event.kind.rawValue)
        }
        #expect(Set(expected.map(\.0)) == [1, 2])
        let decoded = try JSONDecoder().decode(Event.self, from: Data(lines[0].utf8))
        #expect(decoded.description == expected[0].1.description, "a line with its part still decodes")
    }

    @Test func keysAreSorted_soOutputIsDeterministic() throws {
        let event = Event(
            time: 500, kind: .presented, presenter: "ContentView", modifier: "sheet(item:)", item: "0",
            phase: .presented, detent: "large", height: 783, source: "stock", detail: "")
        #expect(
            TimelineJSON.line(event)
                == #"{"detail":"","detent":"large","height":783,"item":"0","kind":"presented","modifier":"sheet(item:)","phase":"presented","presenter":"ContentView","severity":"info","source":"stock","time":500}"#
        )
        #expect(
            TimelineJSON.line(event, part: 3)
                == #"{"detail":"","detent":"large","height":783,"item":"0","kind":"presented","modifier":"sheet(item:)","part":3,"phase":"presented","presenter":"ContentView","severity":"info","source":"stock","time":500}"#
        )
    }

    @Test func linesDecodeBackToTheSameEvents() throws {
        let app = try Runs.nested()
        let decoder = JSONDecoder()
        for (line, event) in zip(TimelineJSON.render(app.timeline.events).split(separator: "\n"), app.timeline.events) {
            let back = try decoder.decode(Event.self, from: Data(line.utf8))
            #expect(back.description == event.description)
        }
    }

    @Test func hostileText_staysOneValidLine() throws {
        let event = Event(time: 0, kind: .contentError, presenter: "表示\"\\", detail: "a\nb\u{0}</script>")
        let line = TimelineJSON.line(event)
        #expect(!line.contains("\n"))
        let object = try Self.object(Substring(line))
        #expect(object["presenter"] as? String == "表示\"\\")
        #expect(object["detail"] as? String == "a\nb\u{0}</script>")
    }

    @Test func nonFiniteHeights_becomeStrings() throws {
        let object = try Self.object(Substring(TimelineJSON.line(Event(time: 0, kind: .drag, height: .nan))))
        #expect(object["height"] as? String == "nan")
    }

    @Test func finalState_isOneJSONObject() throws {
        let app = try Runs.nested()
        let text = TimelineJSON.state(app.state())
        #expect(!text.contains("\n"))
        let object = try Self.object(Substring(text))
        #expect(object["time"] as? Int == app.now)
        #expect(object["profile"] as? String == "iphone15-ios17")
        #expect((object["presentations"] as? [Any])?.count == 2)
        let pretty = TimelineJSON.state(app.state(), pretty: true)
        #expect(pretty.contains("\n"))
        #expect(try JSONSerialization.jsonObject(with: Data(pretty.utf8)) is [String: Any])
    }
}
