import Foundation
import LuaRuntime
import SheetCheck
import SheetEngine
import SheetScripting

/// The engine fuzzer: random set-ups on random profiles under random policy
/// configurations, driven by random user actions and waits, with the
/// built-in invariants checked after every step.
///
/// A case is one set-up, profile and configuration; it runs `runs` random
/// sequences of `depth` steps through `Checker` (the steps of `sheetlab
/// check` plus the fuzzer's, `CheckAction.Repertoire.fuzz`), checking only
/// the invariants the configuration is expected to keep
/// (`PolicyConfiguration.expectedInvariants`). A violation is shrunk and
/// written as a counterexample scenario that `sheetlab run` replays.
///
/// Cases that have a twin (a native configuration and its Lua form) also run
/// one sequence on both and compare the timelines step by step.
///
/// Everything is reproducible: case `n` of seed `s` is the same set-up,
/// profile, configuration and steps on every run (`scripts/fuzz --engine
/// --seed s --case n`).
public struct EngineFuzzer {
    /// The `examples/policies` folder, for the Lua twins.
    public var examples: String
    /// Random sequences per case.
    public var runs = 6
    /// Steps per sequence.
    public var depth = 25
    /// Limits of the Lua state (small budgets: the example policies are tiny).
    public var limits = LuaLimits(memory: 8 << 20, callBudgetMilliseconds: 200, scriptBudgetMilliseconds: 2_000)

    /// - Parameter examples: the `examples/policies` folder.
    public init(examples: String) {
        self.examples = examples
    }

    /// What a case is, before it runs.
    public struct Case: Sendable, CustomStringConvertible {
        public var seed: UInt64
        public var index: Int
        public var setup: FuzzSetup
        public var profile: Profile
        public var configuration: PolicyConfiguration

        public var description: String {
            "case \(index) of seed \(seed): \(configuration) on \(profile.name), \(setup.features.modifiers) modifiers"
        }
    }

    /// What a case did.
    public struct Outcome {
        public var fuzzCase: Case
        public var steps = 0
        public var events = 0
        /// The invariants checked.
        public var invariants: [String] = []
        public var failure: Failure?
    }

    /// A broken expectation: an invariant, a Lua/native divergence, or a
    /// set-up that does not load.
    public struct Failure: CustomStringConvertible {
        public var fuzzCase: Case
        /// The invariant's name, `twin-divergence` or `setup`.
        public var check: String
        public var message: String
        public var steps: [CheckAction]
        /// A scenario that replays it (`sheetlab run FILE`), when there is one.
        public var scenario: String?

        public var description: String {
            var text = "\(fuzzCase): \(check) after \(steps.count) steps: \(message)\n"
            text += "  replay: scripts/fuzz --engine --seed \(fuzzCase.seed) --case \(fuzzCase.index)\n"
            text += "  steps: " + steps.map(\.lua).joined(separator: "; ")
            return text
        }
    }

    /// The set-up, profile and configuration of case `index` of `seed`.
    public func makeCase(seed: UInt64, index: Int) -> Case {
        var rng = FuzzRandom(seed: FuzzRandom.caseSeed(seed, index))
        let profile = try! Profile.named(rng.pick(Profile.allNames))  // names come from the catalogue
        let configuration = PolicyConfiguration.random(&rng)
        var generator = SetupGenerator(rng: rng)
        let setup = generator.make()
        return Case(seed: seed, index: index, setup: setup, profile: profile, configuration: configuration)
    }

    /// A session on the case's profile with its policies and set-up.
    func session(for c: Case, configuration: PolicyConfiguration) throws -> Session {
        let session = SessionConfiguration(
            profile: c.profile, policies: configuration.sessionPolicies(examples: examples), limits: limits,
            setup: .source(c.setup.source, name: "setup"))
        return try Session(session, startBudgetMilliseconds: nil) { session in
            session.printHandler = { _ in }
            for policy in configuration.nativePolicies() { session.addPolicy(policy) }
        }
    }

    /// Runs case `index` of `seed`.
    public func run(seed: UInt64, index: Int) -> Outcome {
        let c = makeCase(seed: seed, index: index)
        var outcome = Outcome(fuzzCase: c)
        let session: Session
        do {
            session = try self.session(for: c, configuration: c.configuration)
        } catch {
            outcome.failure = Failure(
                fuzzCase: c, check: "setup", message: "\(error)", steps: [], scenario: c.setup.source)
            return outcome
        }
        var extra: [Invariant] = []
        if c.configuration.form == .native,
            c.configuration.expectedInvariants(for: c.setup.features, on: c.profile).contains(.noRequestLost)
        {
            extra.append(.noRequestLost)  // what queue.lua claims, asked of its native twin too
        }
        let baseline = c.configuration.expectedInvariants(for: c.setup.features, on: c.profile)
        let checker = Checker(host: session, invariants: extra, baseline: baseline)
        checker.repertoire = .fuzz
        checker.itemIDs = [0, 1, 2]
        outcome.invariants = checker.invariantNames
        let report = checker.random(runs: runs, depth: depth, seed: FuzzRandom.caseSeed(seed, index))
        outcome.steps = report.steps
        outcome.events = report.events
        if let v = report.violation {
            let scenario = counterexample(c, v)
            outcome.failure = Failure(
                fuzzCase: c, check: v.invariant, message: v.message, steps: v.steps, scenario: scenario)
            return outcome
        }
        if let twin = c.configuration.twin {
            outcome.failure = compareTwins(c, twin: twin, steps: &outcome.steps, events: &outcome.events)
        }
        return outcome
    }

    /// The counterexample scenario; native policies are replayed with their Lua twins.
    func counterexample(_ c: Case, _ v: CheckReport.Violation) -> String {
        var text = Counterexample.scenario(
            v, setup: c.setup.source, profile: c.profile.name, policies: c.configuration.luaFiles(examples: examples))
        text =
            "-- Engine fuzzer: \(c); scripts/fuzz --engine --seed \(c.seed) --case \(c.index)\n"
            + (c.configuration.form == .native ? "-- (native policies, replayed with their Lua twins)\n" : "") + text
        return text
    }

    /// Runs one random sequence on the configuration and its twin and
    /// compares the timelines after every step.
    func compareTwins(_ c: Case, twin: PolicyConfiguration, steps: inout Int, events: inout Int) -> Failure? {
        let a: Session
        let b: Session
        do {
            a = try session(for: c, configuration: c.configuration)
            b = try session(for: c, configuration: twin)
        } catch {
            return Failure(fuzzCase: c, check: "setup", message: "\(error)", steps: [], scenario: c.setup.source)
        }
        var rng = FuzzRandom(seed: FuzzRandom.caseSeed(c.seed, c.index) ^ 0x7417)
        var path: [CheckAction] = []
        var mark = (a.app.timeline.count, b.app.timeline.count)
        guard Self.sameEvents(a.app.timeline.events(since: 0), b.app.timeline.events(since: 0)) else {
            return Failure(fuzzCase: c, check: "twin-divergence", message: "the set-ups differ", steps: [])
        }
        for _ in 0..<depth {
            let candidates = CheckAction.candidates(for: a.app, itemIDs: [0, 1, 2], repertoire: .fuzz)
            guard !candidates.isEmpty else { break }
            let action = rng.pick(candidates)
            path.append(action)
            let appliedA = (try? action.apply(to: a.app)) != nil
            let appliedB = (try? action.apply(to: b.app)) != nil
            steps += 1
            let newA = a.app.timeline.events(since: mark.0)
            let newB = b.app.timeline.events(since: mark.1)
            events += newA.count
            mark = (a.app.timeline.count, b.app.timeline.count)
            if appliedA != appliedB || !Self.sameEvents(newA, newB) {
                let first = zip(newA, newB).first { $0.normalized() != $1.normalized() }
                let detail =
                    first.map { "\(c.configuration): \($0)\n\(twin): \($1)" } ?? "\(newA.count) events vs \(newB.count)"
                return Failure(
                    fuzzCase: c, check: "twin-divergence",
                    message: "\(c.configuration) and \(twin) differ after \(action.lua):\n\(detail)", steps: path)
            }
        }
        return nil
    }

    static func sameEvents(_ a: ArraySlice<Event>, _ b: ArraySlice<Event>) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.normalized() == $1.normalized() }
    }
}

extension Event {
    /// The event with the deciding policy's name replaced, so that a Lua
    /// policy and its native twin compare equal.
    func normalized() -> Event {
        var e = self
        if case .policy? = e.decider { e.decider = .policy("policy") }
        return e
    }
}
