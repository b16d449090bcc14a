import SheetLab
import Testing

/// The typed Swift API: durations, orientations, profile ids, defaults, one
/// error channel for scenarios, and the event stream.
@Suite struct TypedAPITests {
    static let itemSheet = """
        view { name = "ContentView", state = { "item" }, modifiers = { sheet { item = "item" } } }
        """

    func itemSheetSession(_ policies: [PolicySource] = []) throws -> Session {
        let session = try Session(SessionConfiguration(policies: policies))
        try session.evaluate(Self.itemSheet)
        return session
    }

    @Test func advanceBy_duration_movesTheClockInMilliseconds() throws {
        let session = try itemSheetSession()
        try session.advance(by: .milliseconds(250))
        try session.advance(by: .seconds(1))
        #expect(session.now == .milliseconds(1250))
    }

    @Test func advanceBy_partOfAMillisecond_isInvalidArgument() throws {
        let session = try itemSheetSession()
        #expect {
            try session.advance(by: .microseconds(1500))
        } throws: { error in
            guard let error = error as? EngineError, case .invalidArgument = error.reason else { return false }
            return true
        }
        #expect(session.now == .zero)
    }

    @Test func advanceBy_negative_isTimeOutOfRange() throws {
        let session = try itemSheetSession()
        #expect {
            try session.advance(by: .milliseconds(-1))
        } throws: { error in
            guard let error = error as? EngineError, case .timeOutOfRange = error.reason else { return false }
            return true
        }
    }

    @Test func advanceUntilIdle_endsThePresentTransition() throws {
        let session = try itemSheetSession()
        try session.set("item", .record(["id": 0]))
        try session.advanceUntilIdle()
        #expect(session.stack.last?.phase == .presented)
        #expect(session.now == .milliseconds(500))
    }

    @Test func dismiss_withNoView_dismissesTheTopSheet() throws {
        let session = try itemSheetSession()
        try session.set("item", .record(["id": 0]))
        try session.advanceUntilIdle()
        try session.dismiss()
        #expect(session.stack.last?.phase == .dismissing)
    }

    @Test func rotateTo_orientation_changesTheState() throws {
        let session = try itemSheetSession()
        session.rotate(to: .landscape)
        #expect(session.state().orientation == .landscape)
    }

    @Test func setProfile_profileID_literal() throws {
        let session = try Session(SessionConfiguration())
        try session.setProfile("iphonese-ios16")
        #expect(session.profile.id == "iphonese-ios16")
        #expect(ProfileID.all.count == Profile.allNames.count)
        #expect(throws: EngineError.self) { try session.setProfile("nokia3310-ios1") }
    }

    @Test func runScenario_scriptError_isThrownWithTheOutcomeSoFar() throws {
        do {
            _ = try SessionConfiguration().runScenario(
                source: Self.itemSheet + "\nset('item', { id = 0 })\nprint('before')\nerror('boom')", name: "s.lua")
            Issue.record("expected a ScenarioError")
        } catch {
            #expect(error.error.file == "s.lua")
            #expect(error.error.line == 4)
            #expect(error.outcome?.output == ["before"])
            #expect(error.outcome?.timeline.contains { $0.kind == .presenting } == true)
        }
    }

    @Test func runScenario_failedExpectation_isAnOutcome() throws {
        let outcome = try SessionConfiguration().runScenario(source: "expect(false, 'no')\nexpect(true)")
        #expect(!outcome.passed)
        #expect(outcome.expectations == 2)
        #expect(outcome.failures.map(\.location) == ["scenario.lua:1"])
    }

    @Test func runScenario_pinsProfile_winsOverTheScenariosOwnProfileCall() throws {
        let source = "profile('iphonese-ios16')\n" + Self.itemSheet
        let configuration = try SessionConfiguration(profile: "ipadpro11-ios17")
        #expect(try configuration.runScenario(source: source).profile.id == "iphonese-ios16")
        #expect(try configuration.runScenario(source: source, pinsProfile: true).profile.id == "ipadpro11-ios17")
    }

    @Test func runScenario_policyThatDoesNotLoad_isThrownWithoutOutcome() throws {
        #expect {
            _ = try SessionConfiguration(policies: [.source("return 1", name: "bad.lua")]).runScenario(source: "")
        } throws: { error in
            (error as? ScenarioError)?.outcome == nil
        }
    }

    @Test func eventStream_yieldsEveryEvent_andEndsWithTheSession() async throws {
        var session: Session? = try itemSheetSession()
        let stream = session!.eventStream()
        try session!.set("item", .record(["id": 0]))
        try session!.advanceUntilIdle()
        let expected = Array(session!.timeline()).map(\.kind)
        session = nil
        var kinds: [EventKind] = []
        for await event in stream { kinds.append(event.kind) }
        #expect(kinds == expected)
        #expect(kinds.contains(.presented))
    }
}
