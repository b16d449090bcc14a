import Foundation
import SheetEngine
import SheetLabTestSupport
import Testing

@testable import SheetLabCLI

/// The REPL's authoring commands: `:help NAME` from the API stub, `:load`,
/// the whole session in `:timeline`, and a `:policy` file reloaded when it changes.
@Suite struct ReplAuthoringTests {
    @Test func helpName_printsOnlyThatFunctionsHelp_fromTheStub() throws {
        let (repl, out) = try makeRepl()
        let text = feed(repl, out, ":help set").out
        #expect(text.hasPrefix("set(slot, value)\n  Sets state as a button's action does."))
        #expect(text.contains("  param  slot sheetlab.Slot"))
        #expect(text.contains("  also   fun(writes: table<sheetlab.Slot, sheetlab.Value>)"))
        #expect(!text.contains("get("), "only set's help")
        #expect(!text.contains("Walk-through"))
        #expect(feed(repl, out, ":help top").out.contains("return sheetlab.Presentation|nil"))
    }

    @Test func helpName_ofATypeListsItsFields_andAnUnknownNameSuggests() throws {
        let (repl, out) = try makeRepl()
        let presentation = feed(repl, out, ":help Presentation").out
        #expect(presentation.hasPrefix("sheetlab.Presentation\n"))
        #expect(presentation.contains("  .animated boolean"))
        let unknown = feed(repl, out, ":help sett")
        #expect(unknown.out.isEmpty)
        #expect(unknown.err.contains("no help for 'sett'"))
        #expect(unknown.err.contains("did you mean set"))
        #expect(feed(repl, out, ":help show").out.hasPrefix("show()\n"))
    }

    /// Every function the scenario API registers has help: the stub documents each (`APIStubTests`).
    @Test func everyRegisteredFunction_hasHelp() throws {
        let (repl, _) = try makeRepl()
        for name in repl.session.registeredGlobals {
            #expect(APIHelp.builtIn.entry(named: name) != nil, "\(name)")
        }
    }

    @Test func loadCommand_setsAFreshAppUpWithAScenario_keepingTheSession() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "helper = 42", "set('selectedItem', { id = 0 })")
        let loaded = feed(repl, out, ":load examples/seeds/seed000_queue_reopen.lua")
        #expect(loaded.out.contains("loaded examples/seeds/seed000_queue_reopen.lua:"))
        #expect(
            loaded.out.contains(
                "a fresh app on \(Profile.defaultName), set up by examples/seeds/seed000_queue_reopen.lua"))
        #expect(loaded.err.isEmpty)
        #expect(repl.policyNames == ["queue.lua"], "its relative policy() path is relative to its folder")
        #expect(feed(repl, out, "=top().item_id").out == "\"2\"\n")
        #expect(feed(repl, out, "=helper").out == "42\n", "the session's globals stay")
        // :reset runs it again, and :save writes it.
        #expect(feed(repl, out, ":reset").out.contains("set up by examples/seeds/seed000_queue_reopen.lua"))
        #expect(feed(repl, out, ":load").err.contains(":load expects one scenario FILE"))
        #expect(feed(repl, out, ":load no/such.lua").err.contains("no such scenario file: no/such.lua"))
    }

    @Test(arguments: ["fifo", "folder", "huge"])
    func loadCommand_ofAFileThatCannotBeRead_isAnError_andTheAppStays(kind: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + kind + ".lua"
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        default:
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 512 << 20) == 0)
        }
        let (repl, out) = try makeRepl()
        feed(repl, out, "set('selectedItem', { id = 0 })")
        let events = repl.session.app.timeline.count
        let loaded = feed(repl, out, ":load " + path)
        #expect(loaded.err.contains("cannot load \(path): it is "), "\(loaded.err)")
        #expect(!loaded.out.contains("a fresh app") && !loaded.out.contains("loaded "), "\(loaded.out)")
        #expect(repl.session.app.timeline.count == events, "the session's app is as it was")
        #expect(feed(repl, out, "=top().item_id").out == "\"0\"\n")
    }

    @Test func timeline_showsEveryPartOfTheSession() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "set('selectedItem', { id = 0 })", ":reset", "set('showSettings', true)")
        let text = feed(repl, out, ":timeline").out
        #expect(text.hasPrefix("part 1: profile \(Profile.defaultName)\n"))
        #expect(text.contains("\n\npart 2: profile \(Profile.defaultName)\n"))
        #expect(text.contains("selectedItem = {id = 0}") && text.contains("showSettings = true"))
    }

    @Test func aFreshAppOnAnotherProfile_isAnnounced_evenBeforeAnyView() throws {
        let (repl, out) = try makeRepl()
        feed(repl, out, "reset()")
        #expect(feed(repl, out, "reset('iphonese-ios16')").out.contains("-- a fresh app on iphonese-ios16"))
    }

    @Test func aLoadedPolicyFile_thatChanges_isReloadedBeforeTheNextInput_andABrokenOneIsKept() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/p.lua"
        let queue = try String(contentsOfFile: replRepositoryRoot + "/examples/policies/queue.lua", encoding: .utf8)
        try queue.write(toFile: path, atomically: false, encoding: .utf8)
        let (repl, out) = try makeRepl()
        feed(repl, out, ":policy \(path)")
        #expect(feed(repl, out, "x = 1").out.isEmpty, "nothing changed, nothing reloaded")

        try (queue + "\n-- edited\n").write(toFile: path, atomically: false, encoding: .utf8)
        let reloaded = feed(repl, out, "x = 2")
        #expect(reloaded.out.contains("changed"))
        #expect(reloaded.out.contains("reloaded policy p.lua"))
        #expect(repl.policyNames == ["p.lua"])

        try "return {\n".write(toFile: path, atomically: false, encoding: .utf8)
        let broken = feed(repl, out, "x = 3")
        #expect(broken.err.contains("p.lua:2: unexpected symbol near <eof>"))
        #expect(broken.err.contains("still loaded: p.lua"))
        #expect(feed(repl, out, "x = 4").out.isEmpty, "reported once, not before every input")
        // The last good version still decides: the reopen is queued.
        feed(repl, out, ":reset", "set('selectedItem', { id = 0 })", "advance(500)", "swipe()", "advance(100)")
        #expect(feed(repl, out, "set('selectedItem', { id = 1 })").out.contains("-> queue"))
    }
}
