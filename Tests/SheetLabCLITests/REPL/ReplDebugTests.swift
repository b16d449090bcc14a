import Foundation
import LuaRuntime
import SheetScripting
import Testing

@testable import SheetLabCLI

/// The REPL's debugger commands, driven line by line: the session so far
/// is run again under SheetDebug's controller to step back and forth.
@Suite struct REPLDebugTests {
    static let seed000 = [
        "set(\"selectedItem\", { id = 0 })", "advance(500)", "swipe()", "advance(100)",
        "set(\"selectedItem\", { id = 1 })", "advance(150)",
    ]

    @Test func anInputThatHitsABreakpointStopsThere_andBackGoesToTheEventBefore() throws {
        let (repl, out) = try makeRepl()
        #expect(feed(repl, out, ":break requestLost").out == "breakpoint 1: stops at every requestLost event\n")
        for line in Self.seed000.dropLast() { feed(repl, out, line) }
        #expect(!repl.debugger.isStopped, "no requestLost yet")
        let stopped = feed(repl, out, Self.seed000.last!).out
        #expect(stopped.contains("writeBack"), "the input's events are printed first")
        #expect(stopped.contains("-- the input stopped: breakpoint 1 (requestLost): event 11 at 750 ms"))
        #expect(stopped.contains("input 6: advance(150)"))
        #expect(repl.debugger.isStopped)
        #expect(repl.prompt == "[750 ms] > ")
        // The world of that moment: the binding is still set (the write-back comes next).
        #expect(feed(repl, out, "get(\"selectedItem\").id").out == "1\n")
        let back = feed(repl, out, ":back").out
        #expect(back.contains("-- Stepped back to event 10 at 750 ms"))
        #expect(back.contains("dismissed"))
        let whereText = feed(repl, out, ":where").out
        #expect(whereText.contains("engine at 750 ms, event 10: dismissed ContentView.sheet(item:)"))
        #expect(whereText.contains("[C] advance"))
        #expect(feed(repl, out, ":goto 600ms").out.contains("-- Event 7 at 600 ms"))
        #expect(repl.prompt == "[600 ms] > ")
        #expect(feed(repl, out, "top().phase").out == "\"dismissing\"\n")
        #expect(feed(repl, out, "=now()").out == "600\n", "=expr works in the past too")
        #expect(feed(repl, out, "nosuch()").err.contains("attempt to call a nil value"))
        let onward = feed(repl, out, ":continue").out
        #expect(onward.contains("breakpoint 1 (requestLost): event 11 at 750 ms"))
        let end = feed(repl, out, ":continue").out
        #expect(end.contains("back at the present"))
        #expect(!repl.debugger.isStopped)
        #expect(repl.prompt == "> ")
        // The live app never changed.
        #expect(feed(repl, out, "get(\"selectedItem\")").out == "nil\n")
        #expect(feed(repl, out, "now()").out == "750\n")
    }

    @Test func aPolicyLineBreakpointShowsTheContextThePolicySaw() throws {
        let (repl, out) = try makeRepl(policies: ["examples/policies/queue.lua"])
        let set = feed(repl, out, ":break examples/policies/queue.lua:22").out
        #expect(set == "breakpoint 1: stops at line 22 of examples/policies/queue.lua\n")
        feed(repl, out, Self.seed000[0])
        #expect(!repl.debugger.isStopped, "the first request returns at line 20")
        for line in Self.seed000[1..<4] { feed(repl, out, line) }
        let stopped = feed(repl, out, Self.seed000[4]).out
        #expect(stopped.contains("examples/policies/queue.lua:22: if ctx.held > 0 then"))
        #expect(feed(repl, out, "ctx.phase").out == "\"dismissing\"\n")
        #expect(feed(repl, out, "ctx.time").out == "600\n")
        #expect(feed(repl, out, ":next").out.contains("queue.lua:25: return \"queue\""))
        #expect(feed(repl, out, ":where").out.contains("in the request hook of queue.lua"))
        #expect(feed(repl, out, ":live").out.contains("back at the present"))
    }

    @Test func fromThePresent_backAndGotoTravel_andTheLoadedFilesLinesAreItsOwn() throws {
        let (repl, out) = try makeRepl(load: "examples/seeds/seed000_lost_reopen.lua")
        #expect(feed(repl, out, ":step").err.contains("not stopped"))
        #expect(feed(repl, out, ":where").out.contains("at the present (the live app), 750 ms"))
        feed(repl, out, ":break requestLost")
        let back = feed(repl, out, ":back break").out
        #expect(back.contains("breakpoint 1 (requestLost): event 11 at 750 ms"))
        #expect(back.contains("examples/seeds/seed000_lost_reopen.lua:31: advance(150)"))
        #expect(feed(repl, out, ":goto 99").err.contains("the run has 12 events"))
        #expect(feed(repl, out, ":goto 1").out.contains("-- Event 1 at 0 ms"))
        feed(repl, out, ":live")
        let line = feed(repl, out, ":break examples/seeds/seed000_lost_reopen.lua:13").out
        #expect(line.contains("breakpoint 2"))
        feed(repl, out, ":break clear 1")
        let content = feed(repl, out, ":back break").out
        #expect(content.contains("examples/seeds/seed000_lost_reopen.lua:13:"))
        #expect(feed(repl, out, "c.item.id").out == "0\n")
    }

    @Test func aLoadedScenarioThatHitsABreakpointStopsThere() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, ":break B03")
        let loaded = feed(repl, out, ":load examples/seeds/seed000_lost_reopen.lua").out
        #expect(loaded.contains("-- the input stopped: breakpoint 1 (B03): event 11 at 750 ms"))
        #expect(loaded.contains("examples/seeds/seed000_lost_reopen.lua:31: advance(150)"))
        #expect(repl.debugger.isStopped)
        // A command about the live app leaves the past first.
        #expect(feed(repl, out, ":reset").out.contains("back at the present"))
        #expect(!repl.debugger.isStopped)
    }

    @Test func breakpointsAreListedAndCleared_andBadOnesSayWhy() throws {
        let (repl, out) = try makeRepl()
        #expect(feed(repl, out, ":break").out.contains("no breakpoints"))
        feed(repl, out, ":break B03")
        feed(repl, out, ":break @750ms")
        let list = feed(repl, out, ":break").out
        #expect(list.contains("1  B03  (stops at every event of rule B03)"))
        #expect(list.contains("2  @750ms  (stops at the first event at or after 750 ms)"))
        #expect(feed(repl, out, ":break B99").err.contains("did you mean"))
        #expect(feed(repl, out, ":break nosuch.lua:3").err.contains("no such file"))
        #expect(feed(repl, out, ":break clear 7").err.contains("no breakpoint 7"))
        #expect(feed(repl, out, ":break clear").out == "cleared every breakpoint\n")
        #expect(feed(repl, out, ":goto soon").err.contains(":goto expects"))
    }

    @Test func tabCompletesTheDebugCommandsAndBreakpointNames() throws {
        let (repl, _) = try makeRepl()
        #expect(repl.complete(":wh").insert == "ere ")
        #expect(repl.complete(":break requestL").insert == "ost")
        #expect(repl.complete(":break failedE").insert == "xpectation")
    }
}
