import Foundation
import LuaRuntime
import SheetLabTestSupport
import SheetServer
import Testing

@testable import SheetLabCLI

/// The REPL driven line by line, as a person would type, without a terminal.
@Suite struct REPLSessionTests {
    @Test func banner_saysWhatIsSetUp_andSuggestsAFirstCommand() throws {
        let (_, out) = try makeRepl(interactive: true)
        let banner = out.captured!.out
        #expect(banner.contains("on iphone17-ios26 (iPhone 17, iOS 26)\nPolicies: none (stock SwiftUI)"))
        #expect(banner.contains(".sheet(item: $selectedItem)"))
        #expect(banner.contains(".sheet(isPresented: $showSettings)"))
        #expect(banner.contains("Try:   set(\"selectedItem\", { id = 0 })"))
        #expect(banner.contains(":help"))
    }

    @Test func bannerAndHelp_fit80Columns() throws {
        let (repl, out) = try makeRepl(policies: ["examples/policies/queue.lua"], interactive: true)
        let text = out.captured!.out + feed(repl, out, ":help").out
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(text.contains("Policies: queue.lua"))
    }

    @Test func nonInteractive_printsNoBanner() throws {
        let (_, out) = try makeRepl()
        #expect(out.captured!.out.isEmpty)
    }

    @Test func firstCommand_printsTheNewEvents() throws {
        let (repl, out) = try makeRepl()
        let printed = feed(repl, out, "set(\"selectedItem\", { id = 0 })").out
        #expect(printed.contains("set               ContentView  selectedItem = {id = 0}"))
        #expect(printed.contains("presenting        ContentView.sheet(item:)  item=0"))
        #expect(feed(repl, out, "advance(100)").out.isEmpty, "nothing happened in 100 ms")
        #expect(feed(repl, out, "advance(400)").out.contains("presented"))
    }

    /// `:load` replaced the starting app before anything happened in it: its empty part is not shown.
    @Test func load_beforeAnyInput_leavesNoEmptyPart() throws {
        let (repl, out) = try makeRepl()
        _ = feed(repl, out, ":load examples/seeds/seed000_lost_reopen.lua")
        let timeline = feed(repl, out, ":timeline").out
        #expect(!timeline.contains("part 2"), "\(timeline)")
        #expect(timeline.contains("requestLost"))
        #expect(repl.shownParts.map(\.part) == [1])
    }

    /// `printf 'function f()\n' | sheetlab repl` used to drop the open input and exit 0.
    @Test func inputLeftOpenAtTheEnd_isLuasSyntaxError_andFailsTheExitCode() throws {
        let (repl, out) = try makeRepl()
        #expect(feed(repl, out, "function f()").err.isEmpty, "an open input waits for more")
        let before = out.captured!.err
        repl.endInput()
        let err = String(out.captured!.err.dropFirst(before.count))
        #expect(err.contains("error: stdin:1: 'end' expected near <eof>"), "\(err)")
        #expect(repl.exitCode == .scriptError)
        let (closed, closedOut) = try makeRepl()
        _ = feed(closed, closedOut, "x = 1")
        closed.endInput()
        #expect(closed.exitCode == .ok, "nothing open: nothing to report")
    }

    @Test func error_printsFileAndLine_andTheSessionGoesOn() throws {
        let (repl, out) = try makeRepl()
        let (_, err) = feed(repl, out, "local x = nil", "x.y = 1")
        #expect(err.contains("error: stdin:1: attempt to index a nil value (global 'x')"))
        #expect(feed(repl, out, "=1 + 1").out == "2\n")
        #expect(feed(repl, out, "swipe()").err.contains("stdin:1: "))
        #expect(repl.errorCount == 2)
        #expect(repl.exitCode == .scriptError)
    }

    @Test func incompleteInput_continuesOnTheNextLine() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "function double(x)")
        #expect(repl.prompt == ">> ")
        feed(repl, out, "  return 2 * x")
        #expect(repl.isContinuing)
        feed(repl, out, "end")
        #expect(repl.prompt == "> ")
        #expect(feed(repl, out, "double(21)").out == "42\n")
    }

    @Test func cancelInput_dropsTheUnfinishedInput() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "view {")
        repl.cancelInput()
        #expect(repl.prompt == "> ")
        #expect(feed(repl, out, "=3").out == "3\n")
    }

    @Test func failedExpectation_isPrinted_andMakesAPipedSessionFail() throws {
        let (repl, out) = try makeRepl()
        let (_, err) = feed(repl, out, "expect_eq(top(), 1, 'nothing is shown')")
        #expect(err.contains("FAIL stdin:1: nothing is shown"))
        #expect(repl.exitCode == .failed)
    }

    @Test func policy_loads_reloads_andABrokenFileKeepsTheOldOne() throws {
        let (repl, out) = try makeRepl()
        #expect(feed(repl, out, ":policy").out.contains("no policy loaded"))
        #expect(feed(repl, out, ":policy examples/policies/queue.lua").out.contains("loaded policy queue.lua"))
        #expect(feed(repl, out, ":policy examples/policies/queue.lua").out.contains("reloaded policy queue.lua"))
        let broken = feed(repl, out, ":policy Tests/e2e/fixtures/broken_policy.lua").err
        #expect(broken.contains("Tests/e2e/fixtures/broken_policy.lua:4:"))
        #expect(broken.contains("still loaded: queue.lua"))
        #expect(repl.policyNames == ["queue.lua"])
        #expect(feed(repl, out, ":policy nowhere.lua").err.contains("no such policy file: nowhere.lua"))
    }

    @Test func reset_andProfile_startOver_withTheStartingApp() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "set('selectedItem', { id = 0 })", "advance(500)")
        #expect(feed(repl, out, ":reset").out.contains("a fresh app on iphone17-ios26"))
        #expect(repl.session.app.now == 0)
        #expect(feed(repl, out, "=get('showSettings')").out == "false\n")
        #expect(feed(repl, out, ":profile iphonese-ios16").out.contains("a fresh app on iphonese-ios16"))
        #expect(feed(repl, out, "=profile().device").out == "\"iPhone SE (3rd generation)\"\n")
        #expect(feed(repl, out, ":profile nosuchphone").err.contains("nosuchphone"))
        // A device by version grid, the current profile marked (not 63 names wrapped mid-word).
        let grid = feed(repl, out, ":profile").out
        #expect(grid.hasPrefix("profile iphonese-ios16 (iPhone SE (3rd generation), iOS 16)\n"), "\(grid)")
        #expect(grid.contains("\n  iphonese        ios14.4 ios15 ios16* ios16.4 ios17 ios18.0 ios18.4 ios26 ios27\n"))
        #expect(grid.contains("\n  iphone17        ios14.4 ios15 ios16 ios16.4 ios17 ios18.0 ios18.4 ios26 ios27\n"))
        #expect(!grid.contains("the others"))
        for line in grid.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test func resetTypedAsLua_saysTheAppIsFresh() throws {
        let (repl, out) = try makeRepl()
        #expect(feed(repl, out, "reset()").out.contains("-- a fresh app on iphone17-ios26"))
    }

    @Test func show_drawsTheScreen_within80Columns() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "set('selectedItem', { id = 0 })")
        let picture = feed(repl, out, "show()").out
        #expect(picture.contains("iPhone 17"))
        #expect(picture.contains("presenting"))
        for line in picture.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test func showOn_drawsAfterEveryInput_untilOff() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, ":show on")
        #expect(feed(repl, out, "advance(10)").out.contains("╰"))
        feed(repl, out, ":show off")
        #expect(!feed(repl, out, "advance(10)").out.contains("╰"))
    }

    @Test func timeline_printsOrWritesTheWholeRun() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (repl, out) = try makeRepl()
        feed(repl, out, "set('selectedItem', { id = 0 })", "advance(500)")
        let text = feed(repl, out, ":timeline").out
        #expect(text.hasPrefix("profile iphone17-ios26\n"))
        #expect(text.contains("presented"))
        #expect(feed(repl, out, ":timeline svg \(folder)/run.svg").out.contains("wrote the timeline (4 events, svg)"))
        let svg = try String(contentsOfFile: folder + "/run.svg", encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(feed(repl, out, ":timeline svg").err.contains("expects a FILE"))
        feed(repl, out, ":timeline json \(folder)/run.jsonl")
        let json = try String(contentsOfFile: folder + "/run.jsonl", encoding: .utf8)
        #expect(json.split(separator: "\n").count == 4)
        feed(repl, out, ":timeline text \(folder)/with space.txt")
        #expect(FileManager.default.fileExists(atPath: folder + "/with space.txt"))
        feed(repl, out, ":save \(folder)/a session.lua")
        #expect(FileManager.default.fileExists(atPath: folder + "/a session.lua"))
    }

    @Test func commands_help_quit_andUnknown() throws {
        let (repl, out) = try makeRepl()
        #expect(feed(repl, out, ":help").out.contains("Walk-through: seed 000's lost reopen"))
        #expect(feed(repl, out, ":frobnicate").err.contains("unknown command ':frobnicate'"))
        #expect(!repl.quitRequested)
        feed(repl, out, ":quit")
        #expect(repl.quitRequested)
    }

    @Test func labelIsLua_notACommand() throws {
        let (repl, out) = try makeRepl()
        #expect(feed(repl, out, "::top:: x = 1").err.isEmpty)
    }

    @Test func load_setsTheAppUpWithAScenario_andItsRelativePolicyPaths() throws {
        let (repl, out) = try makeRepl(load: "examples/seeds/seed000_queue_reopen.lua")
        #expect(out.captured!.out.contains("loaded examples/seeds/seed000_queue_reopen.lua"))
        #expect(out.captured!.err.isEmpty)
        #expect(repl.policyNames == ["queue.lua"])
        #expect(feed(repl, out, "=top().item_id").out == "\"2\"\n")
    }

    @Test func helpWalkThrough_reproducesTheLostReopen_andTheQueuePolicyFixesIt() throws {
        let (repl, out) = try makeRepl()
        let help = feed(repl, out, ":help").out
        let lines = help.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("Walk-through") })
        let steps = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.components(separatedBy: "   --")[0].trimmingCharacters(in: .whitespaces) }
        #expect(steps.count == 7)
        var printed = ""
        for step in steps { printed += feed(repl, out, step).out }
        #expect(printed.contains("requestLost"))
        #expect(printed.hasSuffix("nil\n"))
        let fix = lines[start...].filter { $0.hasPrefix("  :") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(fix == [":policy examples/policies/queue.lua", ":reset"])
        for command in fix { feed(repl, out, command) }
        printed = ""
        for step in steps.dropLast() { printed += feed(repl, out, step).out }
        #expect(printed.contains("queued"))
        #expect(!printed.contains("requestLost"))
        #expect(feed(repl, out, "=top().item_id").out == "\"1\"\n")
    }

    @Test func interrupt_stopsAnEndlessLoopInAPolicyHook_andTheSessionGoesOn() throws {
        let (repl, out) = try makeRepl(
            policies: ["Tests/e2e/fixtures/endless_request.lua"],
            limits: LuaLimits(callBudgetMilliseconds: 60_000, scriptBudgetMilliseconds: 60_000))
        let handle = repl.session.runtime.makeInterruptHandle()
        // Interrupts once the hook prints that it loops: an interrupt after a
        // fixed delay could come before the hook ran on a loaded machine.
        let looping = DispatchSemaphore(value: 0)
        let printLine = repl.session.printHandler
        repl.session.printHandler = { text in
            printLine(text)
            if text.contains("looping") { looping.signal() }
        }
        let interrupter = Thread {
            _ = looping.wait(timeout: .now() + 60)
            handle.interrupt()
        }
        interrupter.start()
        let (printed, err) = feed(repl, out, "set('selectedItem', { id = 0 })")
        #expect(err.contains("interrupted (Ctrl-C)"), "Ctrl-C, not the 60 s budget, stopped the hook")
        #expect(printed.contains("policyError"))
        #expect(feed(repl, out, "=1 + 1").out == "2\n")
    }
}
