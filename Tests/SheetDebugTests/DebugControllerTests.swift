import SheetEngine
import SheetJSON
import SheetScripting
import Testing

@testable import SheetDebug

/// The debugger's protocol-independent core, which `sheetlab debug` and the
/// REPL's `:break`, `:back`, `:goto` share: breakpoints as typed, and time
/// travel by re-running a program given as source.
@Suite struct DebugControllerTests {
    /// Seed 000 under stock SwiftUI: event 11 is the requestLost at 750 ms.
    static let seed000 = """
        view {
          name = "ContentView",
          state = { "selectedItem" },
          modifiers = { sheet { item = "selectedItem", content = function(c) return "item " .. c.item.id end } },
        }
        set("selectedItem", { id = 0 })
        advance(500)
        swipe()
        advance(100)
        set("selectedItem", { id = 1 })
        advance(150)
        advance(10)
        """

    static func controller(_ breakpoints: BreakpointSet = BreakpointSet()) -> DebugController {
        DebugController(
            configuration: SessionConfiguration(profile: try! Profile.named("iphone15-ios17")),
            program: .source(seed000, name: "/nowhere/seed000 (test)", baseDirectory: "/nowhere"),
            breakpoints: breakpoints)
    }

    static func stop(_ controller: DebugController) -> DebugStop? {
        if case .stopped(let stop) = controller.awaitOutcome() { return stop }
        return nil
    }

    @Test func breakpointsAsTyped() throws {
        #expect(try BreakpointSpec(parsing: "requestLost") == .event(.kind(.requestLost)))
        #expect(try BreakpointSpec(parsing: " B03 ") == .event(.rule(.b03)))
        #expect(try BreakpointSpec(parsing: "@750ms") == .event(.time(750)))
        #expect(try BreakpointSpec(parsing: "warning") == .filter("warning"))
        #expect(try BreakpointSpec(parsing: "failedExpectation") == .filter("failedExpectation"))
        #expect(try BreakpointSpec(parsing: "policies/q.lua:19") == .line(file: "policies/q.lua", line: 19))
        #expect(throws: DebugFailure.self) { try BreakpointSpec(parsing: "q.lua:x") }
        #expect(throws: DebugFailure.self) { try BreakpointSpec(parsing: "q.lua:0") }
        do {
            _ = try BreakpointSpec(parsing: "requestLots")
            Issue.record("an unknown name was accepted")
        } catch {
            #expect(error.message.contains("FILE:LINE"))
            #expect(error.message.contains("requestLost"))
        }
    }

    @Test func aListNumbersBreakpointsAndMakesTheSetARunConsults() throws {
        var list = BreakpointList()
        let first = try list.add("requestLost")
        let second = try list.add("warning")
        #expect(first.id == 1)
        #expect(second.id == 2)
        #expect(throws: DebugFailure.self) { try list.add("/no/such/file.lua:3") }
        let removed = list.remove(1)
        let again = list.remove(1)
        #expect(removed)
        #expect(!again)
        let third = try list.add("B05", shown: "b05")
        #expect(third.id == 3, "a number is never given again")
        #expect(list.entries.map(\.text) == ["warning", "b05"])
        let set = list.set()
        #expect(set.filters == ["warning"])
        #expect(set.events.map(\.id) == [3])
        #expect(set.events.first?.match == .rule(.b05))
        list.removeAll()
        #expect(list.set() == BreakpointSet())
    }

    @Test func stepBackFromTheEndGoesToTheLastEvent() throws {
        let controller = Self.controller()
        let destination = controller.previousEvent(before: nil)
        #expect(destination.why.description == "Stepped back to event 12 at 750 ms")
        controller.travel(to: destination)
        let stop = try #require(Self.stop(controller))
        #expect(stop.event?.number == 12)
        #expect(stop.event?.event.kind == .writeBack)
        // One more step back, from there: the requestLost.
        controller.travel(to: controller.previousEvent(before: stop.tick))
        let earlier = try #require(Self.stop(controller))
        #expect(earlier.event?.event.kind == .requestLost)
        #expect(earlier.time == 750)
        let world = controller.execution?.perform { session, _ in session.state() }
        #expect(world?.presentations.isEmpty == true)
        controller.abort()
    }

    @Test func goToAnEventOrATime() throws {
        let controller = Self.controller()
        let byTime = try controller.event(number: nil, time: 600)
        controller.travel(to: byTime)
        #expect(try #require(Self.stop(controller)).event?.number == 7)
        let byNumber = try controller.event(number: 11, time: nil)
        controller.travel(to: byNumber)
        #expect(try #require(Self.stop(controller)).event?.event.kind == .requestLost)
        #expect(throws: DebugFailure.self) { try controller.event(number: 99, time: nil) }
        #expect(throws: DebugFailure.self) { try controller.event(number: 1, time: 1) }
        controller.abort()
    }

    @Test func reverseContinueFindsTheLastHit() throws {
        var list = BreakpointList()
        try list.add("alreadyPresenting")
        let controller = Self.controller(list.set())
        controller.travel(to: controller.previousBreakpoint(before: nil))
        let stop = try #require(Self.stop(controller))
        #expect(stop.event?.event.kind == .alreadyPresenting)
        #expect(stop.why.hitBreakpointIDs == [1])
        controller.abort()
    }

    /// What the REPL asks after an input: breakpoints stop only from the input's first line on.
    @Test func breakpointsArmedFromALine() throws {
        var list = BreakpointList()
        try list.add("requestLost")
        let lines = Self.seed000.split(separator: "\n", omittingEmptySubsequences: false)
        let lastAdvance = try #require(lines.firstIndex(of: "advance(10)")) + 1
        let hitting = Self.controller(list.set())
        hitting.start(.live(.run), armedFromLine: lastAdvance - 1)  // `advance(150)`: the loss happens in it
        #expect(try #require(Self.stop(hitting)).event?.event.kind == .requestLost)
        hitting.abort()
        let after = Self.controller(list.set())
        after.start(.live(.run), armedFromLine: lastAdvance)
        #expect(try #require(Self.stop(after)).why.reason == "end", "the loss was before the line")
        after.abort()
    }
}

/// A check counterexample's ITF trace made the scenario the debugger runs.
@Suite struct TraceReplayTests {
    static func trace(loop: Bool) -> JSON {
        var meta: [String: JSON] = [
            "format": "ITF", "description": "the request is lost", "profile": "iphone15-ios17",
        ]
        if loop { meta["loop-step"] = "advance(500)" }
        var fields: [String: JSON] = [
            "#meta": .object(meta),
            "states": [
                ["#meta": ["index": 0]], ["#meta": ["index": 1, "step": "set(\"selectedItem\", {id = 0})"]],
                ["#meta": ["index": 2, "step": "swipe()"]],
            ],
        ]
        if loop { fields["loop"] = 1 }
        return .object(fields)
    }

    @Test func theStepsInOrder_thenTheViolation() throws {
        let text = try TraceReplay.scenario(Self.trace(loop: false), name: "t.json", setup: "view { name = \"V\" }")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("profile(\"iphone15-ios17\")"))
        #expect(lines.contains("view { name = \"V\" }"))
        let set = try #require(lines.firstIndex(of: "set(\"selectedItem\", {id = 0})"))
        #expect(lines[set + 1] == "swipe()")
        #expect(lines.last == "expect(false, \"the request is lost\")")
        #expect(!text.contains("oscillation_guard"))
    }

    @Test func aLassoGoesBackToWhereItsCycleStarts() throws {
        let text = try TraceReplay.scenario(Self.trace(loop: true), name: "t.json", setup: "")
        #expect(text.contains("oscillation_guard(false)"))
        #expect(text.contains("swipe()\nadvance(500)\n"))
        #expect(text.contains("leads back to state 1"))
        #expect(text.contains("(3 steps)"))
    }

    @Test func whatIsNotATraceSaysSo() {
        #expect(throws: DebugFailure.self) { try TraceReplay.scenario(["states": []], name: "x.json", setup: "") }
        #expect(throws: DebugFailure.self) {
            try TraceReplay.scenario(
                ["#meta": ["format": "ITF"], "states": [["#meta": [:]], [:]]], name: "x", setup: "")
        }
    }
}
