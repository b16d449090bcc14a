import SheetFuzzing
import Testing

/// A bounded run of the server input fuzzer (scripts/fuzz --server runs it for longer):
/// JSON numbers of every size and kind in every numeric parameter of serve and mcp,
/// and timeline events given to the renderer.
@Suite struct ServerInputFuzzTests {
    @Test func numbersOfEverySize_inEveryParameter_crashNothing_andAreRefusedOutOfRange() {
        let fuzzer = ServerInputFuzzer(root: repositoryRoot)
        var report = ServerInputFuzzer.Report()
        for batch in 0..<3 { report.add(fuzzer.run(seed: 1, batch: batch, inputs: 200)) }
        print(
            "server input fuzz: \(report.requests) requests, \(report.results) results, \(report.errors) errors, "
                + "\(report.outOfRange) numbers out of range (each refused), slowest \(Int(report.slowestMilliseconds)) ms"
        )
        #expect(report.requests == 600)
        #expect(report.outOfRange > 50, "the fuzzer reaches the ranges")
        #expect(report.results > 50, "and gets past them")
        #expect(report.failures.isEmpty, "\(report.failures.prefix(8).map { "\($0)" }.joined(separator: "\n"))")
    }
}
