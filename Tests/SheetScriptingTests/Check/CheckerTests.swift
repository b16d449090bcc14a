import Foundation
import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// `sheetlab check`: exploration finds the sequences that break a policy,
/// and every counterexample replays to the same failure.
@Suite struct CheckerTests {
    func checker(policies: [String], setup: String = Counterexample.defaultSetup, invariants: [Invariant] = [])
        throws -> Checker
    {
        let session = try Session()
        session.printHandler = { _ in }
        for p in policies { try session.loadPolicy(path: repoPath(p)) }
        try session.evaluate(setup, chunkName: "=setup")
        return Checker(session: session, invariants: invariants)
    }

    /// Writes the counterexample, runs it as `sheetlab run` would, and returns the failures.
    func replay(_ v: CheckReport.Violation, setup: String = Counterexample.defaultSetup, policies: [String]) throws
        -> ScenarioResult
    {
        let text = Counterexample.scenario(
            v, setup: setup, profile: Profile.defaultName, policies: policies.map(repoPath))
        let path = temporaryPolicy(text, name: "counterexample.lua")
        return try ScenarioRunner(printHandler: { _ in }).run(path: path)
    }

    @Test(arguments: [CheckReport.Stop.timeLimit, .interrupted])
    func shouldStop_endsExploring_withTheReportSoFar(reason: CheckReport.Stop) throws {
        for random in [false, true] {
            let checker = try checker(policies: ["examples/policies/queue.lua"])
            var asked = 0
            checker.shouldStop = {
                asked += 1
                return asked > 5 ? reason : nil
            }
            let report = random ? checker.random(runs: 1000, depth: 8, seed: 1) : checker.exhaustive(depth: 8)
            #expect(report.stopped == reason)
            #expect(report.steps == 5, "one step per question until the stop")
            #expect(report.violation == nil)
        }
    }

    @Test func stock_losesARequest_foundAtASmallDepth_andTheCounterexampleReplays() throws {
        let report = try checker(policies: [], invariants: [.noRequestLost]).exhaustive(depth: 6)
        let v = try #require(report.violation)
        #expect(v.invariant == "no-request-lost")
        #expect(v.steps.count <= 5)
        let replayed = try replay(v, policies: [])
        #expect(replayed.error == nil)
        #expect(replayed.failures.map(\.message) == [v.message], "the replay fails the same way")
    }

    @Test func queuePolicy_passesToDepth8_includingWhatItClaims() throws {
        let c = try checker(policies: ["examples/policies/queue.lua"])
        #expect(c.invariantNames.contains("no-request-lost"), "queue.lua claims it")
        let report = c.exhaustive(depth: 8)
        #expect(report.violation == nil)
        #expect(report.states > 100)
        #expect(report.depthReached == 8)
    }

    @Test func brokenQueue_isCaughtAsOscillation_andTheCounterexampleReplays() throws {
        let policy = "Tests/SheetScriptingTests/Fixtures/broken_queue.lua"
        let report = try checker(policies: [policy]).exhaustive(depth: 8)
        let v = try #require(report.violation)
        #expect(v.invariant == "no-oscillation")
        let replayed = try replay(v, policies: [policy])
        #expect(replayed.failures.map(\.message) == [v.message])
    }

    @Test func randomMode_isReproducible_andFindsTheStockLoss() throws {
        let a = try checker(policies: [], invariants: [.noRequestLost]).random(runs: 200, depth: 8, seed: 42)
        let b = try checker(policies: [], invariants: [.noRequestLost]).random(runs: 200, depth: 8, seed: 42)
        let v = try #require(a.violation)
        #expect(v.steps == b.violation?.steps)
        #expect(try replay(v, policies: []).failures.map(\.message) == [v.message])
    }

    static let twoSheets = """
        view { name = "Root", children = {
          { name = "A", state = { isPresented = false }, modifiers = { sheet { isPresented = "isPresented", content = "A" } } },
          { name = "B", state = { isPresented = false }, modifiers = { sheet { isPresented = "isPresented", content = "B" } } },
        } }
        """

    @Test func stock_twoSheetsInOneWindow_breakBindingAgreement_B05() throws {
        let report = try checker(policies: [], setup: Self.twoSheets).exhaustive(depth: 6)
        let v = try #require(report.violation)
        #expect(v.invariant == "binding-agrees")
        let replayed = try replay(v, setup: Self.twoSheets, policies: [])
        #expect(replayed.failures.map(\.message) == [v.message])
    }

    @Test func policyInvariants_writtenInLua_areChecked() throws {
        let path = temporaryPolicy(
            """
            return {
              invariants = {
                never_two_opens = function(state)
                  return #state.presentations < 1, "something is presented"
                end,
              },
            }
            """)
        let session = try Session()
        try session.loadPolicy(path: path)
        try session.evaluate(Counterexample.defaultSetup)
        let report = Checker(session: session).exhaustive(depth: 2)
        #expect(report.violation?.invariant == "never_two_opens")
        #expect(report.violation?.message == "something is presented")
    }

    @Test func counterexampleScenario_quotesValuesSafely() {
        let v = CheckReport.Violation(
            invariant: "x", message: "m", steps: [.set(StateRef(view: "V", slot: "s"), .string("a\"b\\c\n"))])
        let text = Counterexample.scenario(v, setup: "", profile: "iphone15-ios17", policies: [])
        #expect(text.contains(#"set("V.s", "a\"b\\c\n")"#))
    }
}
