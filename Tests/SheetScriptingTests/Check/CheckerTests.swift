import Foundation
import LuaRuntime
import SheetEngine
import Testing

@testable import SheetCheck
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
        return Checker(host: session, invariants: invariants)
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
        let report = Checker(host: session).exhaustive(depth: 2)
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

/// Several workers, symmetry and memoized hooks change how fast a check
/// runs, never what it finds.
@Suite struct CheckerWorkersTests {
    static let twoSheets = CheckerTests.twoSheets

    @Test(arguments: [
        (["examples/policies/queue.lua"], Counterexample.defaultSetup, [Invariant]()),
        ([], Counterexample.defaultSetup, [.noRequestLost]),
        ([], CheckerTests.twoSheets, []),
        (["Tests/SheetScriptingTests/Fixtures/broken_queue.lua"], Counterexample.defaultSetup, []),
    ])
    func exhaustive_sameResult_oneOrTwoJobs(policies: [String], setup: String, invariants: [Invariant]) throws {
        let one = try makeChecker(policies: policies, setup: setup, invariants: invariants, jobs: 1)
        let two = try makeChecker(policies: policies, setup: setup, invariants: invariants, jobs: 2)
        for c in [one, two] {
            c.itemIDs = [0, 1, 2]
            c.recordsCoverage = true
        }
        let a = one.exhaustive(depth: 9)
        let b = two.exhaustive(depth: 9)
        #expect(b.jobs == 2)
        #expect(digest(a) == digest(b))
    }

    @Test func liveness_sameLasso_oneOrTwoJobs() throws {
        var digests: [String] = []
        for jobs in [1, 2] {
            let c = try makeChecker(policies: [], jobs: jobs)
            c.properties = [.requestServed, .noEndlessOscillation]
            digests.append(digest(c.exhaustive(depth: 20)))
        }
        #expect(digests[0] == digests[1])
        #expect(digests[0].contains("request-served property 'request-served' is broken"))
    }

    @Test func random_sameResult_oneOrTwoJobs() throws {
        let a = try makeChecker(policies: [], invariants: [.noRequestLost], jobs: 1).random(
            runs: 300, depth: 8, seed: 9)
        let b = try makeChecker(policies: [], invariants: [.noRequestLost], jobs: 2).random(
            runs: 300, depth: 8, seed: 9)
        #expect(a.violation != nil)
        #expect(digest(a) == digest(b))
        let c = try makeChecker(policies: ["examples/policies/queue.lua"], jobs: 1).random(runs: 300, depth: 8, seed: 9)
        let d = try makeChecker(policies: ["examples/policies/queue.lua"], jobs: 2).random(runs: 300, depth: 8, seed: 9)
        #expect(c.violation == nil && c.steps > 1000)
        #expect(digest(c) == digest(d))
    }

    /// With several jobs a worker asks every 10 ms: it once asked every 64 steps of a run, which runs of
    /// depth 6 never reach, so --time-limit, --progress and Ctrl-C did nothing.
    @Test func random_withTwoJobs_andShortRuns_stillAsksWhetherToStop() throws {
        let checker = try makeChecker(policies: ["examples/policies/queue.lua"], jobs: 2)
        final class Count { var asked = 0 }  // shouldStop is called under the signal's lock
        let count = Count()
        checker.shouldStop = {
            count.asked += 1
            return count.asked > 2 ? .timeLimit : nil
        }
        let report = checker.random(runs: 100_000, depth: 6, seed: 1)
        #expect(report.stopped == .timeLimit)
        #expect(report.steps < 100_000 * 6 / 10, "stopped early: \(report.steps) steps")
    }

    @Test func memoizedHooks_findTheSame_asAskingEveryTime() throws {
        let memo = try makeChecker(policies: ["examples/policies/queue.lua"])
        let plain = try makeChecker(policies: ["examples/policies/queue.lua"])
        plain.memoizesHooks = false
        #expect(digest(memo.exhaustive(depth: 10)) == digest(plain.exhaustive(depth: 10)))
    }

    @Test func memoizedPolicy_asksOncePerContext() throws {
        let session = try Session()
        try session.loadPolicy(path: repoPath("examples/policies/queue.lua"))
        let memo = MemoizedPolicy(session.policies[0])
        let context = RequestContext(
            time: 0, presenter: "V", kind: .sheet, modifier: "sheet(item:)", binding: "item",
            item: .record(["id": .int(1)]), itemID: "1", phase: .presented, currentItemID: "0", held: 0,
            presenterBusyWith: nil, blocked: nil, stock: .replace, os: "17.0")
        var later = context
        later.time = 5000
        #expect(try memo.request(context) == .queue)
        #expect(try memo.request(later) == .queue, "the clock is not part of the key")
        #expect(memo.misses == 1 && memo.hits == 1)
    }

    static let threeItems = [0, 1, 2]

    @Test(arguments: [["examples/policies/queue.lua"], []])
    func symmetry_reducesStates_withTheSameVerdict(policies: [String]) throws {
        let plain = try makeChecker(policies: policies, invariants: policies.isEmpty ? [.noRequestLost] : [])
        let reduced = try makeChecker(policies: policies, invariants: policies.isEmpty ? [.noRequestLost] : [])
        for c in [plain, reduced] { c.itemIDs = Self.threeItems }
        reduced.symmetry = true
        let a = plain.exhaustive(depth: 12)
        let b = reduced.exhaustive(depth: 12)
        #expect(a.violation?.invariant == b.violation?.invariant)
        #expect(a.violation?.steps.count == b.violation?.steps.count)
        if a.violation == nil {
            #expect(b.states < a.states / 2, "symmetric copies are one state")
            #expect(b.statesWithoutSymmetry == a.states, "and stand for exactly the states without symmetry")
        }
    }

    @Test func symmetry_withLiveness_isRefused() throws {
        let c = try makeChecker(policies: [])
        c.symmetry = true
        c.properties = [.requestServed]
        #expect(c.refusal?.contains("unsound") == true)
    }

    @Test func symmetryKey_renamesIDsInValuesAndText() throws {
        let a = try makeChecker(policies: [])
        let b = try makeChecker(policies: [])
        let ref = StateRef(view: "ContentView", slot: "selectedItem")
        try a.host.app.set(ref, .record(["id": .int(0)]))
        try b.host.app.set(ref, .record(["id": .int(1)]))
        #expect(a.host.app.snapshot() != b.host.app.snapshot())
        let ka = a.host.app.snapshot().canonical(renaming: [0, 1])
        let kb = b.host.app.snapshot().canonical(renaming: [0, 1])
        #expect(ka.key == kb.key)
        #expect(ka.used == 1)
        try b.host.app.set(ref, .record(["id": .int(1), "title": .string("item 0")]))
        #expect(
            b.host.app.snapshot().canonical(renaming: [0, 1]).key != ka.key, "other fields are not renamed")
    }
}
