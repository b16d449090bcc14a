import LuaRuntime
import SheetEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `sheetlab check` found.
public struct CheckReport {
    /// Distinct states reached (after state hashing in exhaustive mode).
    public var states = 0
    /// Steps applied in all.
    public var steps = 0
    /// Engine events produced by those steps.
    public var events = 0
    /// Wall-clock seconds spent exploring.
    public var seconds = 0.0
    /// The deepest sequence explored.
    public var depthReached = 0
    /// The invariants checked, by name.
    public var invariants: [String] = []
    /// The first violation, shrunk, if any.
    public var violation: Violation?
    /// Why exploring stopped before it was done, if it did.
    public var stopped: Stop?

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
    }
}

/// Explores sequences of user actions and waits from a scenario's set-up,
/// checking invariants after every step (P05, B03, B05...).
///
/// Exhaustive mode tries every sequence up to a depth, breadth first, and
/// hashes states (`SheetApp.fingerprint()`) so each is explored once; the
/// first violation is therefore one of the shortest. Random mode runs
/// reproducible random sequences from a seed. Violations are shrunk by
/// deleting steps while the same invariant still breaks.
public final class Checker {
    /// A named check: a built-in invariant or a policy's Lua function.
    struct Check {
        var name: String
        var test: (SheetApp, ArraySlice<Event>) -> String?
    }

    let session: Session
    let root: SheetApp
    let checks: [Check]
    /// Item ids to write into item bindings.
    public var itemIDs = [0, 1]
    /// The steps to explore: `sheetlab check`'s, or the fuzzer's larger set.
    public var repertoire = CheckAction.Repertoire.check
    /// Called now and then with the report so far (for a progress line).
    public var progress: ((CheckReport) -> Void)?
    /// Asked before every step: a reason makes exploring stop there, with
    /// the report of what was explored (`sheetlab check`'s time limit and
    /// Ctrl-C). Shrinking a violation asks too, and keeps what it has.
    public var shouldStop: (() -> CheckReport.Stop?)?

    /// - Parameters:
    ///   - session: a session whose app holds the set-up (views, state); its policies are checked.
    ///   - invariants: built-in invariants to check on top of the baseline and what policies claim.
    ///   - baseline: the built-in invariants always checked (the fuzzer passes
    ///     those a configuration is expected to keep).
    public init(session: Session, invariants: [Invariant] = [], baseline: [Invariant] = Invariant.defaults) {
        self.session = session
        root = session.app.clone()
        var builtIns = baseline
        for policy in session.policies.compactMap({ $0 as? LuaPolicy }) { builtIns += policy.claims }
        builtIns += invariants
        var seen: Set<String> = []
        var checks: [Check] = []
        for inv in builtIns where seen.insert(inv.rawValue).inserted {
            checks.append(Check(name: inv.rawValue) { app, events in inv.violation(in: app, events: events) })
        }
        for policy in session.policies.compactMap({ $0 as? LuaPolicy }) {
            for (name, function) in policy.invariants where seen.insert(name).inserted {
                checks.append(
                    Check(name: name) { [session] app, _ in
                        Checker.luaInvariant(function, name: name, session: session, app: app)
                    })
            }
        }
        self.checks = checks
    }

    /// The invariants checked, by name.
    public var invariantNames: [String] { checks.map(\.name) }

    /// Runs a policy's invariant function on the app's state: `true`, or
    /// `false` and a message (an error counts as a violation).
    static func luaInvariant(_ f: LuaFunction, name: String, session: Session, app: SheetApp) -> String? {
        do {
            let results = try session.runtime.call(f, [ScriptTables.state(app.state())])
            if results.first?.isTruthy == true { return nil }
            return results.dropFirst().first?.stringValue ?? "invariant '\(name)' returned \(results.first ?? .nil)"
        } catch {
            return "invariant '\(name)' failed: \(error)"
        }
    }

    /// Applies one step to `app`, with the session pointed at it so that app
    /// code calling the scenario API reaches this app.
    /// - Returns: the events it produced, or nil when the step does not apply.
    func apply(_ action: CheckAction, to app: SheetApp) -> ArraySlice<Event>? {
        let mark = app.timeline.count
        let saved = session.app
        session.app = app
        defer { session.app = saved }
        do {
            try session.step { () throws(EngineError) in try action.apply(to: app) }
        } catch {
            return nil
        }
        return app.timeline.events(since: mark)
    }

    func firstViolation(_ app: SheetApp, _ events: ArraySlice<Event>) -> (String, String)? {
        for c in checks {
            if let message = c.test(app, events) { return (c.name, message) }
        }
        return nil
    }

    /// Every sequence up to `depth` steps, each state once.
    public func exhaustive(depth: Int) -> CheckReport {
        var report = CheckReport(invariants: invariantNames)
        let start = Date()
        var visited: Set<Int> = [root.fingerprint()]
        var frontier: [(SheetApp, [CheckAction])] = [(root, [])]
        report.states = 1
        search: for level in 1...max(1, depth) {
            var next: [(SheetApp, [CheckAction])] = []
            for (app, path) in frontier {
                for action in CheckAction.candidates(for: app, itemIDs: itemIDs, repertoire: repertoire) {
                    if let stop = shouldStop?() {
                        report.stopped = stop
                        report.depthReached = level
                        break search
                    }
                    let copy = app.clone()
                    guard let events = apply(action, to: copy) else { continue }
                    report.steps += 1
                    report.events += events.count
                    if let (name, message) = firstViolation(copy, events) {
                        report.violation = shrink(.init(invariant: name, message: message, steps: path + [action]))
                        report.depthReached = level
                        break search
                    }
                    if visited.insert(copy.fingerprint()).inserted {
                        report.states += 1
                        next.append((copy, path + [action]))
                    }
                    if report.steps % 4096 == 0 {
                        report.seconds = Date().timeIntervalSince(start)
                        progress?(report)
                    }
                }
            }
            report.depthReached = level
            frontier = next
            if frontier.isEmpty { break }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// `runs` random sequences of `depth` steps from `seed`; reproducible.
    public func random(runs: Int, depth: Int, seed: UInt64) -> CheckReport {
        var report = CheckReport(invariants: invariantNames)
        let start = Date()
        var rng = SplitMix64(seed: seed)
        var visited: Set<Int> = []
        for _ in 0..<runs {
            let app = root.clone()
            var path: [CheckAction] = []
            for level in 1...max(1, depth) {
                if let stop = shouldStop?() {
                    report.stopped = stop
                    report.seconds = Date().timeIntervalSince(start)
                    return report
                }
                let candidates = CheckAction.candidates(for: app, itemIDs: itemIDs, repertoire: repertoire)
                guard !candidates.isEmpty else { break }
                let action = candidates[Int(rng.next() % UInt64(candidates.count))]
                guard let events = apply(action, to: app) else { continue }
                path.append(action)
                report.steps += 1
                report.events += events.count
                report.depthReached = max(report.depthReached, level)
                if visited.insert(app.fingerprint()).inserted { report.states += 1 }
                if let (name, message) = firstViolation(app, events) {
                    report.violation = shrink(.init(invariant: name, message: message, steps: path))
                    report.seconds = Date().timeIntervalSince(start)
                    return report
                }
            }
            if report.steps % 64 == 0 {
                report.seconds = Date().timeIntervalSince(start)
                progress?(report)
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// Replays steps from the set-up; the violation of `invariant`, if it breaks.
    func replay(_ steps: [CheckAction], breaking invariant: String) -> String? {
        let app = root.clone()
        for action in steps {
            guard let events = apply(action, to: app) else { return nil }
            if let (name, message) = firstViolation(app, events) { return name == invariant ? message : nil }
        }
        return nil
    }

    /// Deletes steps (and then merges waits) while the same invariant still breaks.
    func shrink(_ violation: CheckReport.Violation) -> CheckReport.Violation {
        var best = violation
        var changed = true
        while changed {
            changed = false
            for i in best.steps.indices.reversed() {
                if shouldStop?() != nil { return best }
                var candidate = best.steps
                candidate.remove(at: i)
                if let message = replay(candidate, breaking: best.invariant) {
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
