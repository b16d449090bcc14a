import SheetEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `sheetlab check` found.
public struct CheckReport {
    /// Distinct states reached (in exhaustive mode, after symmetry reduction when it is on).
    public var states = 0
    /// With symmetry, the states those stand for (what exploring without it
    /// reaches); nil without symmetry.
    public var statesWithoutSymmetry: Int?
    /// Steps applied in all.
    public var steps = 0
    /// Exhaustive mode with sleep sets on: the steps they skipped (not
    /// applied, not in `steps`); nil when the reduction was off (asked off,
    /// liveness, symmetry, coverage, or views that run code).
    public var stepsSkipped: Int?
    /// The summary's line for sleep sets, when they were on:
    /// `reduction: sleep sets, 76 of 7232 steps skipped`.
    public var reductionLine: String? {
        stepsSkipped.map { "reduction: sleep sets, \($0) of \(steps + $0) steps skipped" }
    }
    /// Engine events produced by those steps.
    public var events = 0
    /// Wall-clock seconds spent exploring.
    public var seconds = 0.0
    /// The deepest sequence explored.
    public var depthReached = 0
    /// Random mode: the runs done so far (progress reports), nil in exhaustive mode.
    public var runsDone: Int?
    /// Whether the depth bound left states unexplored (exhaustive mode).
    public var cut = false
    /// The workers that explored.
    public var jobs = 1
    /// Per worker, the steps it applied, replays of paths to states that
    /// moved to it included (exhaustive mode): how evenly work was shared.
    public var work: [Int] = []
    /// The invariants checked, by name.
    public var invariants: [String] = []
    /// The first violation, shrunk, if any.
    public var violation: Violation?
    /// Why exploring stopped before it was done, if it did.
    public var stopped: Stop?
    /// What the exploration reached, when coverage was asked for.
    public var coverage: Coverage?
    /// The liveness properties checked, with their verdicts.
    public var properties: [PropertyResult] = []
    /// Exhaustive mode: the bytes kept per state explored once its level is
    /// done (the store's fingerprint, way in and number; `Explorer.bytesPerState`).
    public var bytesPerState: Double?
    /// Why the check could not run to its end (a worker's host could not
    /// be made, a replay did not reach its state), if it could not.
    public var error: CheckFailure?

    /// Why a check stopped early (`Checker.shouldStop`).
    public enum Stop: Sendable {
        /// The overall time limit was reached.
        case timeLimit
        /// The user interrupted it (Ctrl-C).
        case interrupted
    }

    /// A broken invariant and the shortest sequence found that breaks it.
    public struct Violation {
        /// The invariant's name, what breaks it, and the steps from the set-up.
        public var invariant: String
        public var message: String
        public var steps: [CheckAction]

        public init(invariant: String, message: String, steps: [CheckAction]) {
            self.invariant = invariant
            self.message = message
            self.steps = steps
        }
    }
}

/// Explores sequences of user actions and waits from a scenario's set-up,
/// checking invariants after every step (P05, B03, B05...), liveness
/// properties over the states reached, and what the exploration covered.
///
/// Exhaustive mode tries every sequence up to a depth, breadth first, each
/// state once (`Explorer`); the first violation is one of the shortest.
/// Random mode runs reproducible random sequences from a seed
/// (`RandomExplorer`). Violations are shrunk by deleting steps while the
/// same invariant still breaks. With `jobs` above 1, more workers explore,
/// each with a host of its own from `makeHost`; the results are the same
/// whatever their number.
///
/// The checker knows the app only through its host (`ExplorationHost`): a
/// `Session` for Lua content and policies, an `AppHost` for native ones.
public final class Checker {
    /// The host whose app holds the set-up; its policies are checked.
    package let host: any ExplorationHost
    let invariants: [Invariant]
    let baseline: [Invariant]
    /// Item ids to write into item bindings.
    public var itemIDs = [0, 1]
    /// The steps to explore: `sheetlab check`'s, or the fuzzer's larger set.
    public var repertoire = CheckAction.Repertoire.check
    /// Called now and then with the report so far (for a progress line),
    /// at most every `progressInterval` seconds.
    public var progress: ((CheckReport) -> Void)?
    public var progressInterval = 0.2
    /// Asked before every step (every few steps with several workers): a
    /// reason makes exploring stop there, with the report of what was
    /// explored (`sheetlab check`'s time limit and Ctrl-C). Shrinking a
    /// violation asks too, and keeps what it has. Never called on two
    /// threads at once.
    public var shouldStop: (() -> CheckReport.Stop?)?
    /// How many workers explore (threads, each with its own host).
    public var jobs = 1
    /// Makes the host of each worker after the first: the same profile,
    /// policies and set-up as `host` (and as quiet as the workers should
    /// be: a session's `print` goes where its handler says). Required for
    /// `jobs` above 1.
    package var makeHost: (() throws -> any ExplorationHost)?
    /// States that differ only by a renaming of `itemIDs` are one state
    /// (safety only: refused with liveness properties).
    public var symmetry = false
    /// Record what the exploration reaches (`CheckReport.coverage`).
    public var recordsCoverage = false
    /// Liveness properties to check (exhaustive mode).
    public var properties: [Property] = []
    /// Ask each policy hook once per distinct context (see `MemoizedPolicy`).
    public var memoizesHooks = true
    /// Skip steps by sleep sets where that is sound (exhaustive safety
    /// checks; off by itself with liveness properties, symmetry, coverage
    /// or views that run code): the same states and verdicts, fewer steps
    /// (docs/check.md).
    public var reduces = true
    /// Random mode as TLC's simulation: at each state of a run, the states
    /// of all its steps are checked (and counted), not only the one taken;
    /// the path taken is the plain random run's from the same seed.
    public var simulates = false

    /// - Parameters:
    ///   - host: the host whose app holds the set-up (views, state); its policies are checked.
    ///   - invariants: built-in invariants to check on top of the baseline and what policies claim.
    ///   - baseline: the built-in invariants always checked (the fuzzer passes
    ///     those a configuration is expected to keep).
    package init(host: any ExplorationHost, invariants: [Invariant] = [], baseline: [Invariant] = Invariant.defaults) {
        self.host = host
        self.invariants = invariants
        self.baseline = baseline
    }

    /// The profile explored: the host's app's once set up (a set-up's
    /// `profile(...)` wins over the one the host was made with). The one
    /// every report names: the header, counterexamples, traces, coverage, mcp.
    public var profile: Profile { host.app.profile }

    /// The invariants checked, by name.
    public var invariantNames: [String] {
        InvariantChecks(
            host: host, invariants: invariants, baseline: baseline,
            excluded: properties.isEmpty ? [] : [.noOscillation]
        ).names
    }

    /// Why this configuration cannot be checked, if it cannot.
    public var refusal: String? {
        if symmetry, !properties.isEmpty {
            return
                "symmetry reduction is for invariants only: with liveness properties it is unsound (a cycle through renamed states need not be a cycle); leave out --symmetry or the properties"
        }
        if jobs > 1, makeHost == nil { return "more than one job needs a way to make each worker's host" }
        return nil
    }

    func plan(liveness: Bool) -> ExplorationPlan {
        ExplorationPlan(
            itemIDs: itemIDs, repertoire: repertoire, liveness: liveness, symmetry: symmetry,
            recordsGraph: liveness, recordsCoverage: recordsCoverage, memoizesHooks: memoizesHooks,
            reduces: reduces)
    }

    /// The workers, their number in the report; nil, with the report's
    /// error saying why, when a worker's host cannot be made.
    func startWorkers(_ plan: ExplorationPlan, into report: inout CheckReport) -> [ExplorationWorker]? {
        do {
            let workers = try makeWorkers(plan)
            report.jobs = workers.count
            return workers
        } catch {
            report.error = .workerUnavailable(reason: "\(error)")
            return nil
        }
    }

    /// The workers: the first on `host`, the others on hosts of their own.
    func makeWorkers(_ plan: ExplorationPlan) throws -> [ExplorationWorker] {
        var hosts = [host]
        for _ in 1..<max(1, jobs) {
            guard let makeHost else { break }
            hosts.append(try makeHost())
        }
        return hosts.enumerated().map { i, h in
            ExplorationWorker(id: i, host: h, plan: plan, invariants: invariants, baseline: baseline)
        }
    }

    private func signal(workers: Int) -> StopSignal {
        StopSignal(
            workers: workers, shouldStop: shouldStop, progress: progress, progressInterval: progressInterval)
    }

    /// Every sequence up to `depth` steps, each state once.
    public func exhaustive(depth: Int) -> CheckReport {
        var report = CheckReport(invariants: invariantNames)
        let liveness = !properties.isEmpty
        let plan = plan(liveness: liveness)
        guard let workers = startWorkers(plan, into: &report) else { return report }
        defer { for w in workers { w.close() } }
        let signal = signal(workers: workers.count)
        let explorer = Explorer(workers: workers, plan: plan, signal: signal)
        let outcome = explorer.run(depth: depth)
        report.states = outcome.states
        if symmetry { report.statesWithoutSymmetry = outcome.standsFor }
        report.steps = outcome.steps
        if explorer.sleepSets { report.stepsSkipped = outcome.skipped }
        report.events = outcome.events
        report.depthReached = outcome.depthReached
        report.cut = outcome.cut
        report.work = outcome.work
        report.bytesPerState = explorer.bytesPerState
        report.stopped = signal.stop
        if recordsCoverage {
            report.coverage = Coverage(
                explorer.coverage, policies: host.app.loadedPolicies, explorer: explorer, states: outcome.states)
        }
        if let v = outcome.violation {
            report.violation = shrink(
                .init(invariant: v.name, message: v.message, steps: v.steps), worker: workers[0], signal: signal)
        } else if liveness, report.stopped == nil {
            report.properties = LivenessChecker(explorer: explorer, worker: workers[0], signal: signal).check(
                properties)
            report.stopped = signal.stop
        } else if liveness {
            report.properties = properties.map {
                PropertyResult(name: $0.name, verdict: .inconclusive("exploring stopped before it was done"))
            }
        }
        if let failure = outcome.failure {
            report.error = failure
            report.properties = []
        }
        report.seconds = signal.seconds
        return report
    }

    /// `runs` random sequences of `depth` steps from `seed`; reproducible,
    /// whatever the number of workers.
    public func random(runs: Int, depth: Int, seed: UInt64) -> CheckReport {
        var report = CheckReport(invariants: invariantNames)
        let plan = plan(liveness: false)
        guard let workers = startWorkers(plan, into: &report) else { return report }
        defer { for w in workers { w.close() } }
        let signal = signal(workers: workers.count)
        let outcome = RandomExplorer(workers: workers, signal: signal, simulates: simulates).run(
            runs: runs, depth: depth, seed: seed)
        report.states = outcome.states
        report.steps = outcome.steps
        report.events = outcome.events
        report.depthReached = outcome.depthReached
        report.stopped = signal.stop
        if let v = outcome.violation {
            report.violation = shrink(
                .init(invariant: v.name, message: v.message, steps: v.steps), worker: workers[0], signal: signal)
        }
        report.seconds = signal.seconds
        return report
    }

    /// Replays steps from the set-up; the violation of `invariant`, if it is the first to break.
    func replay(_ steps: [CheckAction], breaking invariant: String, on worker: ExplorationWorker) -> String? {
        var message: String?
        worker.replay(steps) { _, events in
            guard let found = worker.checks.violation(worker.app, events) else { return true }
            if found.name == invariant { message = found.message }
            return false
        }
        return message
    }

    /// Replays steps from the set-up on a worker of its own, as a trace
    /// shows them: each hook asked every time (not remembered), and with
    /// the oscillation guard off when `liveness` (as liveness is checked).
    /// `each` sees the app after the set-up (no step, no events), then
    /// after every step with the step and its events.
    /// - Returns: false when a step does not apply.
    public func replay(
        _ steps: [CheckAction], liveness: Bool,
        each: (_ step: CheckAction?, _ events: ArraySlice<Event>, _ app: SheetApp) -> Void
    ) -> Bool {
        var p = plan(liveness: liveness)
        p.memoizesHooks = false
        let worker = ExplorationWorker(id: 0, host: host, plan: p, invariants: invariants, baseline: baseline)
        defer { worker.close() }
        worker.app.restore(worker.root, clock: worker.rootClock)
        each(nil, [], worker.app)
        return worker.replay(steps) { step, events in
            each(step, events, worker.app)
            return true
        }
    }

    /// Deletes steps while the same invariant still breaks.
    func shrink(_ violation: CheckReport.Violation, worker: ExplorationWorker, signal: StopSignal)
        -> CheckReport.Violation
    {
        var best = violation
        var changed = true
        while changed {
            changed = false
            for i in best.steps.indices.reversed() {
                if signal.poll() { return best }
                var candidate = best.steps
                candidate.remove(at: i)
                if let message = replay(candidate, breaking: best.invariant, on: worker) {
                    best = .init(invariant: best.invariant, message: message, steps: candidate)
                    changed = true
                    break
                }
            }
        }
        return best
    }
}
