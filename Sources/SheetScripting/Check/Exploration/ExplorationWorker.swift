import LuaRuntime
import SheetEngine

/// What an exploration explores and records, the same for every worker.
struct ExplorationPlan: Sendable {
    /// Item ids written into `item:` bindings.
    var itemIDs: [Int]
    var repertoire: CheckAction.Repertoire
    /// Liveness: the oscillation guard is off (an endless loop is what is
    /// looked for), waits until idle are left out (an app may never be idle;
    /// the waits to each transition's end reach the same states) and an
    /// idle app may let time pass with nothing happening (a user may stop).
    var liveness = false
    /// States that differ by a renaming of the item ids are one state.
    var symmetry = false
    /// Keep every step between explored states (liveness needs the graph).
    var recordsGraph = false
    /// Record what each step reached (rules, event kinds, decisions...).
    var recordsCoverage = false
    /// Ask each policy hook once per context (`MemoizedPolicy`).
    var memoizesHooks = true

    /// How long the idle step waits: time passes, nothing happens.
    static let idleWait = 1000
}

/// One explorer thread's own session and app. Sessions and apps are
/// confined, so each worker has its own, with the policies and the set-up
/// loaded again; the snapshots it takes belong to it (their views' code
/// runs in its Lua state).
final class ExplorationWorker {
    let id: Int
    let session: Session
    /// The app steps run on: restored to each state explored.
    let app: SheetApp
    let root: SheetApp.Snapshot
    let rootClock: Int
    let checks: InvariantChecks
    let plan: ExplorationPlan
    private let sessionApp: SheetApp
    private let budget: Int

    init(id: Int, session: Session, plan: ExplorationPlan, invariants: [Invariant], baseline: [Invariant]) {
        self.id = id
        self.session = session
        self.plan = plan
        sessionApp = session.app
        budget = session.runtime.limits.scriptBudgetMilliseconds
        checks = InvariantChecks(
            session: session, invariants: invariants, baseline: baseline,
            excluded: plan.liveness ? [.noOscillation] : [])
        let app = session.app.clone()
        if plan.memoizesHooks { app.setPolicies(session.policies.map { MemoizedPolicy($0) }) }
        if plan.liveness { app.oscillationLimit = .max }
        app.retainsEvents = true
        self.app = app
        root = app.snapshot()
        rootClock = app.now
        // App code calling the scenario API (content, actions) reaches the explored app.
        session.app = app
    }

    /// Gives the session its own app back.
    func close() { session.app = sessionApp }

    /// The steps worth trying from the state the app is in.
    func candidates() -> [CheckAction] {
        var out = CheckAction.candidates(for: app, itemIDs: plan.itemIDs, repertoire: plan.repertoire)
        if plan.liveness {
            out.removeAll { $0 == .wait }
            if app.nextTransitionTime == nil { out.append(.advance(ExplorationPlan.idleWait)) }
        }
        return out
    }

    /// Applies one step to the app (restored to where it starts).
    /// - Returns: the events it produced, or nil when it does not apply.
    func apply(_ action: CheckAction) -> ArraySlice<Event>? {
        // As `Session.step`: all the Lua the step runs shares the script budget.
        var applies = true
        _ = session.runtime.withBudget(milliseconds: budget) {
            do { try action.apply(to: app) } catch { applies = false }
        }
        return applies ? app.timeline.events(since: 0) : nil
    }

    /// The state the app is in, as explored states are told apart, and
    /// how many states it stands for (with symmetry, those that differ from
    /// it by a renaming of item ids; else 1).
    func key() -> (key: SheetApp.Snapshot, standsFor: Int) {
        let s = app.snapshot()
        guard plan.symmetry else { return (s, 1) }
        let (key, used) = s.canonical(renaming: plan.itemIDs)
        var n = 1
        for k in 0..<used { n *= plan.itemIDs.count - k }
        return (key, n)
    }

    /// Replays steps from the set-up.
    /// - Returns: the events of each step, or nil when one does not apply.
    func replay(_ steps: [CheckAction]) -> [ArraySlice<Event>]? {
        app.restore(root, clock: rootClock)
        var out: [ArraySlice<Event>] = []
        for action in steps {
            app.restore(app.snapshot(), clock: app.now)
            guard let events = apply(action) else { return nil }
            out.append(events)
        }
        return out
    }
}
