import SheetFuzzing
import Testing

/// A bounded run of the Lua boundary fuzzer (scripts/fuzz runs it for longer).
@Suite struct LuaBoundaryFuzzTests {
    @Test func hostileValuesAndText_crashNothing_hangNothing_leakNothing() {
        let fuzzer = LuaBoundaryFuzzer(examples: examplePolicies)
        var report = LuaBoundaryFuzzer.Report()
        for batch in 0..<3 { report.add(fuzzer.run(seed: 1, batch: batch, inputs: 150)) }
        print(
            "lua boundary fuzz: \(report.total) inputs, \(report.policiesLoaded) policies loaded, "
                + "\(report.scriptErrors) script errors, \(report.hookErrors) hook errors, "
                + "slowest step \(Int(report.slowestStepMilliseconds)) ms")
        // The failures go in the issue, so that scripts/failures shows them.
        #expect(report.failures.isEmpty, "\(report.failures.prefix(8).map { "\($0)" }.joined(separator: "\n"))")
    }
}
