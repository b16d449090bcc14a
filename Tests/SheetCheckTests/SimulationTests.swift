import SheetEngine
import Testing

@testable import SheetCheck

/// Simulation (`Checker.simulates`): random runs that check the state of
/// every step from each state they pass, not only of the step they take.
@Suite struct SimulationTests {
    /// A host whose policies declare that the app is never in landscape:
    /// at seed 000's set-up, rotating is one step of three.
    final class NeverLandscape: ExplorationHost {
        var app: SheetApp
        init(_ app: SheetApp) { self.app = app }
        func adopt(_ app: SheetApp) { self.app = app }
        var stepBudget: Int { .max }
        func withBudget(milliseconds: Int, _ body: () -> Void) { body() }
        var declaredInvariants: [DeclaredInvariant] {
            [DeclaredInvariant(name: "never-landscape") { $0.orientation == .landscape ? "rotated" : nil }]
        }
    }

    static func checker(simulates: Bool) throws -> Checker {
        let checker = Checker(host: NeverLandscape(try SeedApp.make()))
        checker.simulates = simulates
        return checker
    }

    @Test func simulation_findsAViolationOnlyANonTakenStepReaches() throws {
        // A seed whose one random step is not the rotation: plain random mode misses it.
        let seed = try #require(
            (UInt64(1)...64).first {
                try! Self.checker(simulates: false).random(runs: 1, depth: 1, seed: $0).violation == nil
            })
        let random = try Self.checker(simulates: false).random(runs: 1, depth: 1, seed: seed)
        #expect(random.violation == nil)
        #expect(random.states == 1)
        let simulated = try Self.checker(simulates: true).random(runs: 1, depth: 1, seed: seed)
        let v = try #require(simulated.violation)
        #expect(v.invariant == "never-landscape" && v.message == "rotated")
        #expect(v.steps.count == 1)
        if case .rotate = v.steps[0] {} else { Issue.record("expected the rotation, got \(v.steps)") }
    }

    @Test func simulation_takesThePlainRunsPath_andChecksMoreStates() throws {
        // The stock app with no invariant broken by these steps: both runs go to their end.
        for jobs in [1, 2] {
            let plain = try SeedApp.checker()
            let simulating = try SeedApp.checker()
            simulating.simulates = true
            plain.jobs = jobs
            simulating.jobs = jobs
            let a = plain.random(runs: 20, depth: 6, seed: 3)
            let b = simulating.random(runs: 20, depth: 6, seed: 3)
            #expect(a.violation == nil && b.violation == nil)
            #expect(a.depthReached == b.depthReached)
            #expect(b.states > a.states)
            #expect(b.steps > a.steps)
        }
    }
}
