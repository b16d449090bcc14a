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
    /// Skip steps by sleep sets (`SleepSet`), where that is sound:
    /// exhaustive safety checks without symmetry, coverage or a graph
    /// (`sleepSets`).
    var reduces = false

    /// Whether exploring uses sleep sets: asked for, and none of what they
    /// would change is in use. Liveness reads every step between states
    /// (the graph), coverage counts the steps that reach each item, and
    /// with symmetry a sleep set names item ids that a renamed state's
    /// other ways in do not.
    var sleepSets: Bool { reduces && !liveness && !symmetry && !recordsGraph && !recordsCoverage }

    /// How long the idle step waits: time passes, nothing happens.
    static let idleWait = 1000
}

/// One explorer thread's own host and app. Hosts and apps are confined,
/// so each worker has its own, with the policies and the set-up loaded
/// again; the snapshots it takes belong to it (their views' code runs in
/// its host, a session's Lua state).
final class ExplorationWorker {
    let id: Int
    let host: any ExplorationHost
    /// The app steps run on: a copy of the host's, restored to each state explored.
    let app: SheetApp
    let root: SheetApp.Snapshot
    let rootClock: Int
    let checks: InvariantChecks
    let plan: ExplorationPlan
    /// The host's own app, given back by `close`.
    private let hostApp: SheetApp
    /// The host's budget for one step.
    private let budget: Int
    /// The values written into item bindings, made once (`CheckAction.itemValues`).
    private let itemValues: [Value]
    /// Whether the app runs code that may read every part of the world
    /// (`SheetApp.stepsMayReadEverything`), asked once at the set-up.
    let stepsMayReadEverything: Bool

    init(id: Int, host: any ExplorationHost, plan: ExplorationPlan, invariants: [Invariant], baseline: [Invariant]) {
        self.id = id
        self.host = host
        self.plan = plan
        hostApp = host.app
        budget = host.stepBudget
        itemValues = CheckAction.itemValues(plan.itemIDs)
        checks = InvariantChecks(
            host: host, invariants: invariants, baseline: baseline, excluded: plan.liveness ? [.noOscillation] : [])
        let app = host.app.clone()
        if plan.memoizesHooks { app.setPolicies(hostApp.loadedPolicies.map { MemoizedPolicy($0) }) }
        if plan.liveness { app.oscillationLimit = .max }
        app.retainsEvents = true
        self.app = app
        // Snapshots taken after caching carry the cached hashes: a step
        // from them re-hashes only the parts it changes.
        app.cacheHashes()
        stepsMayReadEverything = app.stepsMayReadEverything
        root = app.snapshot()
        rootClock = app.now
        // The host's code (content, app actions) reaches the explored app.
        host.adopt(app)
    }

    /// Gives the host its own app back.
    func close() { host.adopt(hostApp) }

    /// The steps worth trying from the state the app is in.
    func candidates() -> [CheckAction] {
        var out = CheckAction.candidates(for: app, itemValues: itemValues, repertoire: plan.repertoire)
        if plan.liveness {
            out.removeAll { $0 == .wait }
            if app.nextTransitionTime == nil { out.append(.advance(ExplorationPlan.idleWait)) }
        }
        return out
    }

    /// Applies one step to the app (restored to where it starts).
    /// - Returns: the events it produced, or nil when it does not apply.
    func apply(_ action: CheckAction) -> ArraySlice<Event>? {
        // As a scenario's step: all the code the step runs shares one budget.
        var applies = true
        host.withBudget(milliseconds: budget) {
            do { try action.apply(to: app) } catch { applies = false }
        }
        return applies ? app.timeline.events(since: 0) : nil
    }

    /// The footprint of a step just applied from a state with part hashes
    /// `before`, the app in the state it reached (`StepFootprint`).
    func footprint(of action: CheckAction, from before: [Int], events: ArraySlice<Event>) -> StepFootprint {
        var ownRow: Int?
        if case .set(let ref, _) = action, !stepsMayReadEverything { ownRow = app.viewRow(of: ref) }
        return StepFootprint(
            action: action, from: before, to: app.snapshot().partHashes(), ownRow: ownRow,
            guardEmpty: app.guardCountsAreEmpty, watched: checks.watches(events))
    }

    /// The state the app is in, as explored states are told apart, and
    /// how many states it stands for (with symmetry, those that differ from
    /// it by a renaming of item ids; else 1).
    func key() -> (key: SheetApp.Snapshot, standsFor: Int) {
        // Debug builds (the tests) check that every write cleared its part's hash.
        assert(app.cachedHashesAreCurrent, "a cached hash in the world is stale")
        app.cacheHashes()
        let s = app.snapshot()
        guard plan.symmetry else { return (s, 1) }
        let (key, used) = s.canonical(renaming: plan.itemIDs)
        var n = 1
        for k in 0..<used { n *= plan.itemIDs.count - k }
        return (key, n)
    }

    /// Replays steps from the set-up: the one replay, for states that move
    /// to this worker, for shrinking and for traces. `each` sees every step
    /// applied, with its events, the app in the state the step reached; it
    /// returns false to stop there.
    /// - Returns: false when a step does not apply; true when all applied or `each` stopped.
    @discardableResult
    func replay(_ steps: [CheckAction], each: (CheckAction, ArraySlice<Event>) -> Bool = { _, _ in true }) -> Bool {
        app.restore(root, clock: rootClock)
        for action in steps {
            // Restored in place: the step's events are then the timeline's only ones.
            app.restore(app.snapshot(), clock: app.now)
            guard let events = apply(action) else { return false }
            if !each(action, events) { return true }
        }
        return true
    }
}
