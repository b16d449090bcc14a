import Foundation

/// The `sheetlab-fuzz` command: the long runs of both fuzzers, in turns,
/// until the time is up; or one engine case, replayed.
public struct FuzzCommand {
    public struct Options: Sendable {
        public var minutes = 1.0
        public var seed: UInt64 = 1
        public var engine = true
        public var lua = true
        public var server = true
        /// Replay this engine case only.
        public var caseIndex: Int?
        public var out = "/tmp/sheetlab-fuzz"
        public var examples = "examples/policies"

        public init() {}
    }

    public static let usage =
        "usage: sheetlab-fuzz [--minutes N] [--seed S] [--engine | --lua | --server] [--case N] [--out DIR] [--examples DIR]"

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the command line (without the program name).
    public static func parse(_ arguments: [String]) throws -> Options {
        var o = Options()
        var i = 0
        func value() throws -> String {
            i += 1
            guard i < arguments.count else { throw UsageError(description: "\(arguments[i - 1]) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--minutes":
                guard let m = Double(try value()), m > 0 else {
                    throw UsageError(description: "--minutes takes a positive number")
                }
                o.minutes = m
            case "--seed":
                guard let s = UInt64(try value()) else {
                    throw UsageError(description: "--seed takes a non-negative integer")
                }
                o.seed = s
            case "--case":
                guard let n = Int(try value()), n >= 0 else {
                    throw UsageError(description: "--case takes a non-negative integer")
                }
                o.caseIndex = n
            case "--engine": (o.engine, o.lua, o.server) = (true, false, false)
            case "--lua": (o.engine, o.lua, o.server) = (false, true, false)
            case "--server": (o.engine, o.lua, o.server) = (false, false, true)
            case "--out": o.out = try value()
            case "--examples": o.examples = try value()
            case "-h", "--help": throw UsageError(description: "help")
            default: throw UsageError(description: "unknown option '\(arguments[i])'")
            }
            i += 1
        }
        return o
    }

    public var options: Options

    public init(options: Options) {
        self.options = options
    }

    /// Runs; prints progress, failures and the numbers.
    /// - Returns: whether nothing failed.
    public func run() -> Bool {
        try? FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
        let engine = EngineFuzzer(examples: options.examples)
        if let index = options.caseIndex {
            let outcome = engine.run(seed: options.seed, index: index)
            say(outcome.fuzzCase)
            say("invariants: \(outcome.invariants.joined(separator: ", "))")
            say("\(outcome.steps) steps, \(outcome.events) events")
            guard let failure = outcome.failure else {
                say("no failure")
                return true
            }
            report(failure)
            say(failure.scenario ?? outcome.fuzzCase.setup.source)
            return false
        }
        var lua = LuaBoundaryFuzzer(examples: options.examples)
        lua.currentInputPath = options.out + "/current-input.lua"
        let deadline = Date().addingTimeInterval(options.minutes * 60)
        var engineTotals = (cases: 0, steps: 0, events: 0, failures: 0)
        var luaTotals = LuaBoundaryFuzzer.Report()
        // The server fuzzer reads the examples and docs from the checkout `examples` lies in.
        let server = ServerInputFuzzer(
            root: URL(fileURLWithPath: options.examples).deletingLastPathComponent().deletingLastPathComponent().path)
        var serverTotals = ServerInputFuzzer.Report()
        var serverBatch = 0
        var lastProgress = Date()
        let residentAtStart = Self.residentKilobytes()
        var (caseIndex, batchIndex) = (0, 0)
        say("fuzzing for \(options.minutes) min from seed \(options.seed)")
        while Date() < deadline {
            // Turns of about a second each: engine cases are quick, Lua batches are not.
            let turn = Date().addingTimeInterval(1)
            while options.engine, Date() < turn, Date() < deadline {
                let outcome = engine.run(seed: options.seed, index: caseIndex)
                caseIndex += 1
                engineTotals.cases += 1
                engineTotals.steps += outcome.steps
                engineTotals.events += outcome.events
                if let failure = outcome.failure {
                    engineTotals.failures += 1
                    report(failure)
                }
            }
            if options.lua {
                let batch = lua.run(seed: options.seed, batch: batchIndex, inputs: 60)
                batchIndex += 1
                for failure in batch.failures { say("FAIL " + failure.description) }
                luaTotals.add(batch)
            }
            if options.server {
                let batch = server.run(seed: options.seed, batch: serverBatch, inputs: 200)
                serverBatch += 1
                for failure in batch.failures { say("FAIL " + failure.description) }
                serverTotals.add(batch)
            }
            if Date().timeIntervalSince(lastProgress) > 15 {
                lastProgress = Date()
                say(
                    "  \(engineTotals.cases) engine cases (\(engineTotals.steps) steps), \(luaTotals.total) Lua inputs, "
                        + "\(serverTotals.requests) server requests, "
                        + "\(engineTotals.failures + luaTotals.failures.count + serverTotals.failures.count) failures, "
                        + "\(Self.residentKilobytes() / 1024) MiB resident")
            }
        }
        if options.engine {
            say(
                "engine fuzzer: \(engineTotals.cases) cases, \(engineTotals.steps) steps, \(engineTotals.events) events, "
                    + "\(engineTotals.failures) failures")
        }
        if options.lua {
            let kinds = LuaBoundaryFuzzer.Kind.allCases.map { "\(luaTotals.inputs[$0] ?? 0) \($0.rawValue)" }
            say(
                "Lua boundary fuzzer: \(luaTotals.total) inputs (\(kinds.joined(separator: ", "))), "
                    + "\(luaTotals.policiesLoaded) policies loaded, \(luaTotals.scriptErrors) script errors, "
                    + "\(luaTotals.hookErrors) hook errors, slowest step \(Int(luaTotals.slowestStepMilliseconds)) ms, "
                    + "\(luaTotals.failures.count) failures")
        }
        if options.server {
            say(
                "server input fuzzer: \(serverTotals.requests) requests, \(serverTotals.results) results, "
                    + "\(serverTotals.errors) errors, \(serverTotals.outOfRange) numbers out of range (each refused), "
                    + "slowest \(Int(serverTotals.slowestMilliseconds)) ms, \(serverTotals.failures.count) failures")
        }
        say(
            "resident memory: \(residentAtStart / 1024) MiB at the start, \(Self.residentKilobytes() / 1024) MiB at the end"
        )
        return engineTotals.failures == 0 && luaTotals.failures.isEmpty && serverTotals.failures.isEmpty
    }

    /// The process's resident set in KiB (Linux; 0 elsewhere).
    static func residentKilobytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Prints a failure and writes its scenario.
    func report(_ failure: EngineFuzzer.Failure) {
        say("FAIL " + failure.description)
        guard let scenario = failure.scenario else { return }
        let path = "\(options.out)/engine-\(failure.fuzzCase.seed)-\(failure.fuzzCase.index).lua"
        if (try? scenario.write(toFile: path, atomically: true, encoding: .utf8)) != nil {
            say("  counterexample: \(path) (sheetlab run \(path))")
        }
    }

    /// Writes a line at once (unbuffered), so progress reaches a log even
    /// if the process is killed.
    func say(_ text: Any = "") {
        FileHandle.standardOutput.write(Data("\(text)\n".utf8))
    }
}
