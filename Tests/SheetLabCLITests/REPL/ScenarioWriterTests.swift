import Foundation
import LuaRuntime
import SheetLabTestSupport
import SheetScripting
import Testing

@testable import SheetLabCLI

/// `:save`: the session written as a scenario that `sheetlab run` replays
/// to the same timeline.
@Suite struct REPLScenarioWriterTests {
    @Test func render_setsTheLastValue_onlyWhenAnInputReadsIt() {
        var record = SessionRecord()
        record.append(.input(source: "20 + 1", form: .expressionOnly, folder: "/w", setsLastValue: true))
        record.append(.input(source: "x = _ * 2", form: .statements, folder: "/w"))
        let text = ScenarioWriter(folder: "/w", title: "A session").render(record)
        #expect(text.contains("_ = select(1,\n20 + 1\n)\nx = _ * 2"))
        var plain = SessionRecord()
        plain.append(.input(source: "20 + 1", form: .expressionOnly, folder: "/w", setsLastValue: true))
        #expect(ScenarioWriter(folder: "/w", title: "A session").render(plain).contains("do local _ = 20 + 1 end"))
    }

    /// What the REPL's debugger maps lines of the program back to inputs and the `--load` file with.
    @Test func layout_placesEveryInputAndTheLoadedFileLineByLine() {
        var record = SessionRecord()
        record.append(.profile("iphone15-ios17"))
        record.append(.loaded(path: "s.lua", source: "\nview { name = \"V\" }\n", form: .statements, folder: "/w"))
        record.append(.input(source: "20 + 1", form: .expressionOnly, folder: "/w", setsLastValue: true))
        record.append(.input(source: "local n = _\nprint(n)", form: .statements, folder: "/w"))
        let (text, placements) = ScenarioWriter(folder: "/w", title: "A session").layout(record)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(placements.map(\.step) == [1, 2, 3])
        #expect(placements.map(\.lineCount) == [2, 1, 2])
        #expect(lines[placements[0].firstLine] == "view { name = \"V\" }", "the loaded file's line 2")
        #expect(lines[placements[1].firstLine - 1] == "20 + 1")
        #expect(lines[placements[2].firstLine - 1] == "local n = _")
        #expect(lines[placements[2].firstLine] == "print(n)")
    }

    @Test func render_writesTheSetUp_thePolicies_andTheInputs_inOrder() {
        var record = SessionRecord()
        record.append(.profile("iphone15-ios17"))
        record.append(.policy(path: "/work/lab/examples/policies/queue.lua"))
        record.append(.starterApp)
        record.append(.input(source: "swipe()", form: .statements, folder: "/work/lab"))
        record.append(.input(source: "top().phase", form: .expressionOnly, folder: "/work/lab"))
        record.append(.input(source: "local n = 1\nprint(n)", form: .statements, folder: "/work/lab"))
        record.append(.input(source: "return 5", form: .topLevelReturn, folder: "/work/lab"))
        record.append(.input(source: "(print)('x')", form: .statements, folder: "/work/lab"))
        record.append(
            .failed(
                source: "oops()", error: "stdin:1: attempt to call a nil value (global 'oops')", changedTimeline: false)
        )
        record.append(.reset(profile: "iphonese-ios16"))
        record.append(.starterApp)
        let writer = ScenarioWriter(
            folder: "/work/lab", starterSource: "view { name = \"ContentView\" }", title: "A session")
        #expect(
            writer.render(record) == """
                -- A session, saved by :save.
                -- Replay it with: sheetlab run <this file>

                profile("iphone15-ios17")
                policy("examples/policies/queue.lua")

                -- The REPL's starting app
                view { name = "ContentView" }

                -- At the prompt
                swipe()
                do local _ = top().phase end
                do
                local n = 1
                print(n)
                end
                ;(function(...)
                return 5
                end)(...)
                ;(print)('x')
                -- not replayed: this input stopped with an error (stdin:1: attempt to call a nil value (global 'oops'))
                --   oops()

                reset("iphonese-ios16")

                -- The REPL's starting app
                view { name = "ContentView" }

                """)
    }

    @Test func policyTypedInAnotherFolder_getsALocalPolicyThatResolvesIt() {
        var record = SessionRecord()
        record.append(.profile("iphone15-ios17"))
        record.append(.policy(path: "/work/lab/examples/policies/queue.lua"))
        record.append(
            .input(source: "policy('examples/policies/reset_detent.lua')", form: .statements, folder: "/work/lab"))
        record.append(.input(source: "show()", form: .statements, folder: "/work/lab"))
        let text = ScenarioWriter(folder: "/tmp/saved").render(record)
        #expect(text.contains("local function show() end"))
        #expect(text.contains("local policy_here = policy"))
        #expect(text.contains("policy_here(\"/work/lab/examples/policies/queue.lua\")"))
        #expect(text.contains("repl_folder = \"/work/lab\"\npolicy('examples/policies/reset_detent.lua')"))
    }

    @Test func policyTypedInTheSameFolder_needsNoShim() {
        var record = SessionRecord()
        record.append(.input(source: "policy('queue.lua')", form: .statements, folder: "/work/lab"))
        let text = ScenarioWriter(folder: "/work/lab").render(record)
        #expect(!text.contains("policy_here"))
        #expect(!text.contains("local function show"))
    }

    @Test(arguments: [
        ("/work/lab/examples/policies/queue.lua", "/work/lab", "examples/policies/queue.lua"),
        ("/work/lab/examples/policies/queue.lua", "/work/lab/saved", "../examples/policies/queue.lua"),
        ("/work/lab", "/work/lab", "."),
        ("/work/lab/q.lua", "/tmp", "/work/lab/q.lua"),
    ])
    func relative(path: String, folder: String, expected: String) {
        #expect(ScenarioWriter.relative(path, from: folder) == expected)
    }

    @Test func quoted_escapesForLua() {
        #expect(LuaSyntax.quote("a\"b\\c\nd\u{1}2") == #""a\"b\\c\nd\0012""#)
    }

    @Test func savedSession_replaysToTheSameTimeline() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (repl, out) = try makeRepl(policies: ["examples/policies/reset_detent.lua"])
        let (_, err) = feed(
            repl, out,
            "set('selectedItem', { id = 0 })", "advance(500)", "swipe()", "advance(100)",
            "set('selectedItem', { id = 1 })", "advance(150)", "top()",
            ":policy examples/policies/queue.lua", ":reset",
            "local function tap(id)", "  set('selectedItem', { id = id })", "end",
            "function open(id)", "  set('selectedItem', { id = id })", "end",
            "open(0)", "advance(500)", "swipe()", "advance(100)", "open(1)", "=top().phase", "advance()",
            "policy('examples/policies/one_presenter.lua')", "show()", "return now()",
            "nosuch()", ":profile iphonese-ios16", "set{ showSettings = true }", "advance(600)")
        #expect(err.contains("attempt to call a nil value (global 'nosuch')"))
        let file = folder + "/session.lua"
        let saved = feed(repl, out, ":save \(file)")
        #expect(saved.out.contains("saved 21 inputs to \(file)"))
        #expect(saved.err.isEmpty)

        let replayed = try ScenarioRunner(printHandler: { _ in }).run(path: file)
        #expect(replayed.error == nil, "\(String(describing: replayed.error))")
        #expect(replayed.session.profile.name == "iphonese-ios16")
        let expected = repl.session.app.timeline.events.map(\.description)
        #expect(replayed.session.app.timeline.events.map(\.description) == expected)
        #expect(expected.count > 3)
    }

    @Test func sessionSetUpByALoadedScenario_replaysWithItsRelativePolicyPaths() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (repl, out) = try makeRepl(load: "examples/seeds/seed000_queue_reopen.lua")
        feed(repl, out, "set('selectedItem', { id = 5 })", "advance()", ":reset", "set('selectedItem', { id = 6 })")
        feed(repl, out, ":save \(folder)/loaded.lua")
        let text = try String(contentsOfFile: folder + "/loaded.lua", encoding: .utf8)
        #expect(text.contains("-- Set up by examples/seeds/seed000_queue_reopen.lua (--load)"))
        let replayed = try ScenarioRunner(printHandler: { _ in }).run(path: folder + "/loaded.lua")
        #expect(replayed.error == nil, "\(String(describing: replayed.error))")
        #expect(replayed.failures.isEmpty)
        #expect(
            replayed.session.app.timeline.events.map(\.description)
                == repl.session.app.timeline.events.map(\.description))
    }

    @Test func failedInputThatChangedTheApp_isReported_whenSaving() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (repl, out) = try makeRepl()
        feed(repl, out, "set('selectedItem', { id = 0 }); error('stop')")
        let saved = feed(repl, out, ":save \(folder)/s.lua")
        #expect(saved.err.contains("1 input stopped with an error after changing the app"))
        let text = try String(contentsOfFile: folder + "/s.lua", encoding: .utf8)
        #expect(text.contains("--   set('selectedItem', { id = 0 }); error('stop')"))
    }
}
