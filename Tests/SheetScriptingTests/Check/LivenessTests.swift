import Foundation
import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// Liveness: properties over infinite runs, checked under fairness on time
/// passing, with lassos as counterexamples.
@Suite struct LivenessTests {
    func checker(policies: [String], setup: String = Counterexample.defaultSetup, properties: [Property]) throws
        -> Checker
    {
        let session = try Session()
        session.printHandler = { _ in }
        for p in policies { try session.loadPolicy(path: repoPath(p)) }
        try session.evaluate(setup, chunkName: "=setup")
        let checker = Checker(session: session)
        checker.properties = properties
        return checker
    }

    func verdict(_ report: CheckReport) -> PropertyResult.Verdict? { report.properties.first?.verdict }

    @Test func stock_seed000_breaksRequestServed_withALasso() throws {
        let report = try checker(policies: [], properties: [.requestServed]).exhaustive(depth: 20)
        guard case .violated(let lasso)? = verdict(report) else {
            Issue.record("expected a violation, got \(String(describing: verdict(report)))")
            return
        }
        #expect(lasso.instance.hasPrefix("request ContentView.sheet(item:)"))
        #expect(!lasso.cycle.isEmpty)
        #expect(lasso.cycle.contains { !$0.isUserAction }, "time passes in the cycle")
        print(lasso.message, lasso.prefix, lasso.cycle)
    }

    @Test func queuePolicy_holdsRequestServed() throws {
        let report = try checker(policies: ["examples/policies/queue.lua"], properties: [.requestServed])
            .exhaustive(depth: 30)
        guard case .holds? = verdict(report) else {
            Issue.record("expected it to hold, got \(String(describing: verdict(report)))")
            return
        }
        #expect(!report.cut)
    }

    @Test func brokenQueue_breaksNoEndlessOscillation() throws {
        let report = try checker(
            policies: ["Tests/SheetScriptingTests/Fixtures/broken_queue.lua"], properties: [.noEndlessOscillation]
        ).exhaustive(depth: 30)
        guard case .violated(let lasso)? = verdict(report) else {
            Issue.record("expected a violation, got \(String(describing: verdict(report)))")
            return
        }
        #expect(lasso.cycle.allSatisfy { !$0.isUserAction }, "nobody acts in the cycle")
        print(lasso.message, lasso.prefix, lasso.cycle)
    }
}
