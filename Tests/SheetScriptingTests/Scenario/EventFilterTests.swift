import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// `EventFilter`: every field typed, every mistake an error, never an empty match.
@Suite struct EventFilterTests {
    static let request = Event(
        time: 300, kind: .request, presenter: "ContentView", modifier: "sheet(item:)", item: "0", phase: .presenting,
        height: 783, source: "stock", detail: "-> present")

    @Test(
        arguments: [
            ([("kind", Value.string("request"))], true),
            ([("kind", "presented")], false),
            ([("time", 300), ("item", "0")], true),
            ([("time", 300.0)], true),
            ([("height", 783)], true),
            ([("height", 783.5)], false),
            ([("severity", "info"), ("phase", "presenting"), ("source", "stock")], true),
            ([("presenter", "ContentView"), ("modifier", "sheet(item:)"), ("detail", "-> present")], true),
            ([("index", 4)], true),
            ([("index", 3)], false),
            ([("since", 3)], true),
            ([("since", 4)], false),
            ([("since", 3), ("kind", "request")], true),
        ] as [([(String, Value)], Bool)])
    func fields_matchByValue(pairs: [(String, Value)], matches: Bool) throws {
        let filter = try EventFilter(pairs.map { (name: $0.0, value: $0.1) })
        #expect(filter.matches(Self.request, index: 4) == matches)
    }

    @Test(
        arguments: [
            ([("knd", Value.string("set"))], "unknown field 'knd'; expected one of since, index, time, kind, severity"),
            ([("kind", "sett")], "kind 'sett' is not an event kind; expected one of set, swipe, drag"),
            ([("severity", "fatal")], "severity 'fatal' is not a severity; expected one of info, warning, error"),
            ([("phase", "gone")], "phase 'gone' is not a phase; expected one of presenting, presented, dismissing"),
            ([("item", 2)], "field 'item' expects a string, got number"),
            ([("time", "300")], "field 'time' expects an integer, got string"),
            ([("time", 1.5)], "field 'time' expects an integer, got 1.5"),
            ([("since", true)], "field 'since' expects an integer, got boolean"),
            ([("height", "tall")], "field 'height' expects a number, got string"),
            ([("kind", 3)], "field 'kind' expects a string, got number"),
        ] as [([(String, Value)], String)])
    func mistakes_areErrors_notEmptyMatches(pairs: [(String, Value)], message: String) {
        #expect {
            _ = try EventFilter(pairs.map { (name: $0.0, value: $0.1) })
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func select_keepsTimelineIndices() throws {
        let events = [Self.request, Event(time: 500, kind: .presented), Self.request]
        let filter = try EventFilter([("kind", "request"), ("since", 11)])
        #expect(filter.select(events[...], firstIndex: 10).map(\.index) == [13])
    }

    @Test func luaTable_errorsNameTheFunctionAndArgument() throws {
        let session = try itemSheetSession()
        #expect(throws: LuaError.self) { try session.evaluate("timeline({ knd = 'set' })") }
        do {
            try session.evaluate("timeline({ knd = 'set' })", chunkName: "=s")
        } catch {
            #expect(error.description.hasPrefix("s:1: bad argument #1 to 'timeline' (unknown field 'knd'"))
        }
        for (source, message) in [
            ("timeline({ 'set' })", "a filter names event fields"),
            ("timeline({ kind = {} })", "field 'kind' expects a string, got table"),
            ("timeline({ kinds = print })", "unknown field 'kinds'"),
            ("events({ item = 0 })", "bad argument #1 to 'events' (field 'item' expects a string, got number)"),
        ] {
            do {
                try session.evaluate(source, chunkName: "=s")
                Issue.record("\(source) did not fail")
            } catch {
                #expect(error.description.contains(message), "\(source): \(error)")
            }
        }
    }

    @Test func events_withABadFilter_losesNoEvent() throws {
        let session = try itemSheetSession()
        try session.evaluate("set('item', { id = 0 })")
        _ = try? session.evaluate("events({ knd = 'set' })")
        let results = try session.evaluate("return #events({ kind = 'set' })")
        #expect(results.first == .integer(1))
    }
}
