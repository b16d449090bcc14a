import SheetEngine
import SheetScripting
import Testing

@testable import SheetCheck
@testable import SheetFuzzing

/// Sleep sets on the fuzzer's set-ups (docs/check.md, "Reductions"): an
/// exhaustive check of each, with the fuzzer's steps and invariants,
/// reaches the same states and gives the same verdict with and without them.
@Suite struct SleepSetFuzzTests {
    @Test func fuzzSetups_sameStatesAndVerdicts_withAndWithoutSleepSets() throws {
        let fuzzer = EngineFuzzer(examples: examplePolicies)
        var compared = 0
        for index in 0..<24 {
            let c = fuzzer.makeCase(seed: 1, index: index)
            func checker() throws -> Checker {
                let session = try fuzzer.session(for: c, configuration: c.configuration)
                let baseline = c.configuration.expectedInvariants(for: c.setup.features, on: c.profile)
                let checker = Checker(host: session, baseline: baseline)
                checker.repertoire = .fuzz
                checker.itemIDs = [0, 1, 2]
                return checker
            }
            guard let on = try? checker(), let off = try? checker() else { continue }
            off.reduces = false
            let a = on.exhaustive(depth: 4)
            let b = off.exhaustive(depth: 4)
            #expect(a.states == b.states, "\(c)")
            #expect(a.violation?.invariant == b.violation?.invariant, "\(c)")
            #expect(a.violation?.steps.count == b.violation?.steps.count, "\(c)")
            #expect(a.error == nil && b.error == nil, "\(c)")
            compared += 1
        }
        #expect(compared >= 20)
    }
}
