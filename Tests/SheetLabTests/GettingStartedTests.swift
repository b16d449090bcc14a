import Foundation
import SheetLab
import Testing

/// The repository's root, for the example policies.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The code of the getting-started article (SheetLab.docc/GettingStarted.md),
/// run: the same calls with the same imports, paths from the repository's
/// root, and expectations where the article prints.
@Suite struct GettingStartedTests {
    @Test func gettingStarted_seed000WithTheQueuePolicy() async throws {
        // Create an app: a policy from a file and one from a string.
        let configuration = try SessionConfiguration(
            profile: "iphone15-ios17",  // ProfileID.all lists them
            policies: [.file("examples/policies/queue.lua")],
            baseDirectory: repositoryRoot)
        let session = try Session(configuration)
        session.printHandler = { _ in }
        try session.loadPolicy(
            source: """
                return { should_dismiss = function(ctx) return ctx.detent ~= "medium" end }
                """, name: "keep-medium.lua")

        // Build views: in Lua, as a scenario writes them ...
        try session.evaluate(
            """
            view { name = "ContentView", state = { "selectedItem" },
              modifiers = { sheet { item = "selectedItem",
                content = function(c) return "item " .. c.item.id end } } }
            """)
        // ... or in Swift, with Swift closures for content.
        let isPresented = StateRef(view: "Settings", slot: "isPresented")
        try session.addView(
            ViewSpec(
                name: "Settings", state: [("isPresented", false)],
                modifiers: [
                    PresentationModifier(
                        kind: .sheet, trigger: .isPresented(isPresented),
                        content: { _ in SheetContent(text: "Settings") })
                ]))

        // Listen to events, in a closure and as an AsyncStream.
        var warnings: [Event] = []
        session.subscribe { event in
            if event.severity == .warning { warnings.append(event) }
        }
        let events = session.eventStream()
        let firstQueued = Task { await events.first { $0.kind == .queued } }

        // Act as a user would, and let virtual time pass.
        try session.set("selectedItem", .record(["id": 0]))  // tap "Open"
        try session.advance(by: .milliseconds(500))  // presented
        try session.swipe()  // swipe it down ...
        try session.advance(by: .milliseconds(100))
        try session.set("selectedItem", .record(["id": 1]))  // ... and tap "Open" again while it closes
        try session.advance(by: .milliseconds(150))  // the queue policy presents item 1
        let queued: Event? = await firstQueued.value  // the queue policy's decision
        #expect(queued?.source == "queue.lua")

        // Read the state and the timeline as values.
        let state: AppState = session.state()
        #expect(state.presentations.last?.itemID == "1")
        #expect(state.presentations.last?.phase == .presenting)
        let timeline: [Event] = Array(session.timeline())
        #expect(timeline.contains { $0.kind == .queued && $0.source == "queue.lua" })
        #expect(!timeline.contains { $0.kind == .requestLost })
        #expect(warnings.isEmpty)
        let json = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(AppState.self, from: json) == state)
        #expect(session.policies.map(\.name) == ["queue.lua", "keep-medium.lua"])
        #expect(session.now == .milliseconds(750))
        #expect(session.stack.count == 1)
    }

    @Test func runScenario_seed000_lostUnderStock() throws {
        var seen: ScenarioOutcome?
        let iPhoneSE = try SessionConfiguration(profile: "iphonese-ios16")
        do throws(ScenarioError) {
            let outcome = try iPhoneSE.runScenario(path: repositoryRoot + "/examples/seeds/seed000_lost_reopen.lua")
            print(outcome.passed, outcome.state.presentations.count)  // true 0
            seen = outcome
        } catch {
            print(error, error.outcome?.timeline.count ?? 0)  // file:line: message
        }
        let outcome = try #require(seen)
        #expect(outcome.passed)
        #expect(outcome.state.presentations.isEmpty)
        #expect(outcome.expectations > 0)
        #expect(outcome.timeline.contains { $0.kind == .requestLost })
    }

    @Test func policyErrors_areLuaErrorsWithFileAndLine() throws {
        let session = try Session(SessionConfiguration())
        do {
            try session.loadPolicy(.source("return {\n  request = 42,\n}", name: "bad.lua"))
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "bad.lua")
            #expect(error.description.contains("hook 'request' must be a function"))
        }
        #expect(throws: EngineError.self) { try SessionConfiguration(profile: "nokia3310-ios1") }
    }
}
