import LuaRuntime
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
    /// Engine events produced by those steps.
    public var events = 0
    /// Wall-clock seconds spent exploring.
    public var seconds = 0.0
    /// The deepest sequence explored.
    public var depthReached = 0
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
    /// Why the check could not run to its end (a worker's session could not
    /// be made, a replay did not reach its state), if it could not.
    public var error: String?

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
/// each with a session of its own from `makeSession`; the results are the
/// same whatever their number.
public final class Checker {
    let session: Session
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
    /// How many workers explore (threads, each with its own session).
    public var jobs = 1
    /// Makes the session of each worker after the first: the same profile,
    /// policies and set-up as `session`. Required for `jobs` above 1.
    public var makeSession: (() throws -> Session)?
    /// States that differ only by a renaming of `itemIDs` are one state
    /// (safety only: refused with liveness properties).
    public var symmetry = false
    /// Record what the exploration reaches (`CheckReport.coverage`).
    public var recordsCoverage = false
    /// Liveness properties to check (exhaustive mode).
    public var properties: [Property] = []
    /// Ask each policy hook once per distinct context (see `MemoizedPolicy`).
    public var memoizesHooks = true

    /// - Parameters:
    ///   - session: a session whose app holds the set-up (views, state); its policies are checked.
    ///   - invariants: built-in invariants to check on top of the baseline and what policies claim.
    ///   - baseline: the built-in invariants always checked (the fuzzer passes
    ///     those a configuration is expected to keep).
    public init(session: Session, invariants: [Invariant] = [], baseline: [Invariant] = Invariant.defaults) {
        self.session = session
        self.invariants = invariants
        self.baseline = baseline
    }

    /// The invariants checked, by name.
    public var invariantNames: [String] { checks(for: session).names }

    func checks(for session: Session) -> InvariantChecks {
        InvariantChecks(
            session: session, invariants: invariants, baseline: baseline,
            excluded: properties.isEmpty ? [] : [.noOscillation])
    }

    /// Why this configuration cannot be checked, if it cannot.
    public var refusal: String? {
        if symmetry, !properties.isEmpty {
            return
                "symmetry reduction is for invariants only: with liveness properties it is unsound (a cycle through renamed states need not be a cycle); leave out --symmetry or the properties"
        }
        if jobs > 1, makeSession == nil { return "more than one job needs a way to make each worker's session" }
        return nil
    }

    func plan(liveness: Bool) -> ExplorationPlan {
        ExplorationPlan(
            itemIDs: itemIDs, repertoire: repertoire, liveness: liveness, symmetry: symmetry,
            recordsGraph: liveness, recordsCoverage: recordsCoverage, memoizesHooks: memoizesHooks)
    }

    /// The workers, their number in the report; nil, with the report's
    /// error saying why, when a worker's session cannot be made.
    func startWorkers(_ plan: ExplorationPlan, into report: inout CheckReport) -> [ExplorationWorker]? {
        do {
            let workers = try makeWorkers(plan)
            report.jobs = workers.count
            return workers
        } catch {
            report.error = "cannot make a worker's session: \(error)"
            return nil
        }
    }

    /// The workers: the first on `session`, the others on sessions of their own.
    func makeWorkers(_ plan: ExplorationPlan) throws -> [ExplorationWorker] {
        var sessions = [session]
        for _ in 1..<max(1, jobs) {
            guard let makeSession else { break }
            let s = try makeSession()
            s.printHandler = { _ in }
            sessions.append(s)
        }
        return sessions.enumerated().map { i, s in
            ExplorationWorker(id: i, session: s, plan: plan, invariants: invariants, baseline: baseline)
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
        report.events = outcome.events
        report.depthReached = outcome.depthReached
        report.cut = outcome.cut
        report.work = outcome.work
        report.stopped = signal.stop
        if recordsCoverage {
            report.coverage = Coverage(
                explorer.coverage, policies: session.policies, explorer: explorer, states: outcome.states)
        }
        if let v = outcome.violation {
            report.violation = shrink(
                .init(invariant: v.name, message: v.message, steps: v.steps), worker: workers[0], signal: signal)
        } else if liveness, report.stopped == nil {
            report.properties = LivenessChecker(explorer: explorer, worker: workers[0]).check(properties)
        } else if liveness {
            report.properties = properties.map {
                PropertyResult(name: $0.name, verdict: .inconclusive("exploring stopped before it was done"))
            }
        }
        if let error = outcome.error {
            report.error = error
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
        let outcome = RandomExplorer(workers: workers, signal: signal).run(runs: runs, depth: depth, seed: seed)
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
        let app = worker.app
        app.restore(worker.root, clock: worker.rootClock)
        for action in steps {
            app.restore(app.snapshot(), clock: app.now)
            guard let events = worker.apply(action) else { return nil }
            if let found = worker.checks.violation(app, events) {
                return found.name == invariant ? found.message : nil
            }
        }
        return nil
    }

    /// Deletes steps while the same invariant still breaks.
    func shrink(_ violation: CheckReport.Violation, worker: ExplorationWorker, signal: StopSignal)
        -> CheckReport.Violation
    {
        var best = violation
        var changed = true
        var polls = 0
        while changed {
            changed = false
            for i in best.steps.indices.reversed() {
                polls += 1
                if signal.poll(polls) { return best }
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

/// A small reproducible random number generator (SplitMix64).
public struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    /// A generator that always gives the same numbers for the same seed.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
