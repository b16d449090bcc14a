import SheetEngine
import SheetScripting
import Testing

@testable import SheetCheck
@testable import SheetFuzzing

/// Sleep sets on the fuzzer's set-ups (docs/check.md, "Sleep sets"): an
/// exhaustive check of each whose views run no code (6 of the first 60:
/// elsewhere sleep sets are off, and the search is the one without them),
/// with the fuzzer's steps and invariants, reaches the same states and
/// gives the same verdict with and without them.
@Suite struct SleepSetFuzzTests {
    @Test func fuzzSetups_sameStatesAndVerdicts_withAndWithoutSleepSets() throws {
        let fuzzer = EngineFuzzer(examples: examplePolicies)
        var compared = 0
        var skipped = 0
        for index in 0..<60 {
            let c = fuzzer.makeCase(seed: 1, index: index)
            func checker() throws -> Checker {
                let session = try fuzzer.session(for: c, configuration: c.configuration)
                let baseline = c.configuration.expectedInvariants(for: c.setup.features, on: c.profile)
                let checker = Checker(host: session, baseline: baseline)
                checker.repertoire = .fuzz
                checker.itemIDs = [0, 1, 2]
                return checker
            }
            guard let on = try? checker(), !on.host.app.stepsMayReadEverything, let off = try? checker() else {
                continue
            }
            off.reduces = false
            let a = on.exhaustive(depth: 8)
            let b = off.exhaustive(depth: 8)
            #expect(a.states == b.states, "\(c)")
            #expect(a.depthReached == b.depthReached, "\(c)")
            #expect(a.violation?.invariant == b.violation?.invariant, "\(c)")
            #expect(a.violation?.steps.count == b.violation?.steps.count, "\(c)")
            #expect(a.error == nil && b.error == nil, "\(c)")
            #expect(a.stepsSkipped != nil && b.stepsSkipped == nil, "\(c)")
            skipped += a.stepsSkipped ?? 0
            compared += 1
        }
        #expect(compared >= 5)
        print("sleep sets on \(compared) fuzz set-ups: \(skipped) steps skipped")
    }
}
