import SheetEngine
import SheetFuzzing
import SheetScripting
import Testing

/// A bounded run of the engine fuzzer (scripts/fuzz runs it for longer).
@Suite struct EngineFuzzTests {
    @Test func randomSetups_keepTheirExpectedInvariants() {
        let fuzzer = EngineFuzzer(examples: examplePolicies)
        var steps = 0
        var failures: [String] = []
        for index in 0..<150 {
            let outcome = fuzzer.run(seed: 1, index: index)
            steps += outcome.steps
            if let f = outcome.failure { failures.append(f.description + "\n" + (f.scenario ?? "")) }
        }
        print("engine fuzz: \(steps) steps, \(failures.count) failures")
        // The failures go in the issue, so that scripts/failures shows them.
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }
}
