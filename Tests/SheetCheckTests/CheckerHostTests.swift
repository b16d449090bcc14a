import SheetEngine
import Testing

@testable import SheetCheck

/// The checker explores what its host gives it, with no Lua: an app with
/// native policies (`AppHost`).
@Suite struct CheckerHostTests {
    @Test func stock_losesARequest_onANativeApp() throws {
        let report = try SeedApp.checker(invariants: [.noRequestLost]).exhaustive(depth: 6)
        let v = try #require(report.violation)
        #expect(v.invariant == "no-request-lost")
        #expect(v.steps.count <= 5)
        #expect(report.error == nil)
    }

    @Test func nativeQueuePolicy_keepsEveryRequest_onOneJobOrTwo() throws {
        var states: [Int] = []
        for jobs in [1, 2] {
            let checker = try SeedApp.checker(policies: { [QueuePolicy()] }, invariants: [.noRequestLost])
            checker.jobs = jobs
            let report = checker.exhaustive(depth: 8)
            #expect(report.violation == nil)
            #expect(report.jobs == jobs)
            states.append(report.states)
        }
        #expect(states[0] > 100 && states[0] == states[1])
    }

    @Test func exploring_givesTheHostItsOwnAppBack_unchanged() throws {
        let app = try SeedApp.make()
        let host = AppHost(app)
        let before = app.snapshot()
        _ = Checker(host: host, invariants: [.noRequestLost]).exhaustive(depth: 4)
        #expect(host.app === app)
        #expect(app.snapshot() == before)
    }

    @Test func declaredInvariants_ofTheHost_areChecked() throws {
        final class Declaring: ExplorationHost {
            var app: SheetApp
            init(_ app: SheetApp) { self.app = app }
            func adopt(_ app: SheetApp) { self.app = app }
            var stepBudget: Int { .max }
            func withBudget(milliseconds: Int, _ body: () -> Void) { body() }
            var declaredInvariants: [DeclaredInvariant] {
                [DeclaredInvariant(name: "nothing-shown") { $0.stack.isEmpty ? nil : "something is shown" }]
            }
        }
        let checker = Checker(host: Declaring(try SeedApp.make()))
        #expect(checker.invariantNames.last == "nothing-shown")
        let v = try #require(checker.exhaustive(depth: 3).violation)
        #expect(v.invariant == "nothing-shown" && v.message == "something is shown")
    }
}
