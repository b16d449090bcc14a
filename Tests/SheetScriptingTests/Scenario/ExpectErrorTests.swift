import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// `expect_error` and the run's error log (`Session.errorEvents`).
@Suite struct ExpectErrorTests {
    func brokenSession() throws -> Session {
        let session = try itemSheetSession()
        try session.loadPolicy(source: "return { request = function() error('broken') end }", name: "broken.lua")
        return session
    }

    @Test func errorEvents_areCountedAcrossReset() throws {
        let session = try brokenSession()
        try session.evaluate("set('item', { id = 0 })")
        try session.reset()
        try session.evaluate(
            """
            view { name = "ContentView", state = { "item" }, modifiers = { sheet { item = "item", content = "x" } } }
            set('item', { id = 1 })
            """)
        #expect(session.errorEvents.count == 2)
        #expect(session.errorEvents.unexpectedCount == 2)
        #expect(
            session.app.timeline.events.filter { $0.kind == .policyError }.count == 1, "the timeline is the new app's")
    }

    @Test func expectError_marksWhatItMatches_andLooksOnlyAfterThePreviousCall() throws {
        let session = try brokenSession()
        try session.evaluate(
            """
            set('item', { id = 0 })
            local first = expect_error({ kind = 'policyError' })
            assert(#first == 1 and first[1].detail:find('broken'))
            expect_error({ kind = 'policyError' }, 'none since the previous call')
            """, chunkName: "=s")
        #expect(session.errorEvents.unexpectedCount == 0)
        #expect(session.expectationCount == 2)
        let failure = try #require(session.failures.first)
        #expect(failure.location == "s:4")
        #expect(failure.message == "none since the previous call")
        #expect(failure.expected == "an error event matching {kind = \"policyError\"}")
        #expect(failure.seen == "no error event")
    }

    @Test func expectError_thatMatchesNothing_showsTheErrorsItSaw() throws {
        let session = try brokenSession()
        try session.evaluate("set('item', { id = 0 }); expect_error({ kind = 'contentError' })", chunkName: "=s")
        let failure = try #require(session.failures.first)
        #expect(failure.seen?.hasPrefix("1 error event: 0 ms policyError: broken.lua:1: broken") == true)
        #expect(session.errorEvents.unexpectedCount == 1)
    }

    @Test func expectError_ofAKindThatIsNoError_isAnError() throws {
        let session = try brokenSession()
        #expect {
            try session.evaluate("expect_error({ kind = 'requestLost' })", chunkName: "=s")
        } throws: { error in
            "\(error)".contains("kind 'requestLost' is not an error event kind; expected one of policyError")
        }
    }

    @Test func aPolicyFile_isRecognised_butAScenarioThatReturnsHooks_isNot() throws {
        let policy = temporaryPolicy("return { request = function() return nil end }")
        #expect(try ScenarioRunner(printHandler: { _ in }).run(path: policy).isPolicyFile)
        let scenario = temporaryPolicy(
            "view { name = 'A' }\nexpect(true)\nreturn { request = function() end }", name: "scenario.lua")
        #expect(try !ScenarioRunner(printHandler: { _ in }).run(path: scenario).isPolicyFile)
        let other = temporaryPolicy("return { requests = 1 }", name: "other.lua")
        #expect(try !ScenarioRunner(printHandler: { _ in }).run(path: other).isPolicyFile, "not every key is a hook")
    }
}
