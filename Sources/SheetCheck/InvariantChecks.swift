import SheetEngine

/// The invariants one check holds a host's app to, in the order they are
/// reported: built-in ones (the baseline, what policies claim, what the
/// command line names) and the ones policies declare as code.
///
/// Split by what they read: an invariant of the state is checked once per
/// state reached, one that reads a step's events on every step.
struct InvariantChecks {
    /// A named check: a built-in invariant or a policy's own.
    struct Check {
        var name: String
        /// Its place in the report's list (ties between a step's violations go to the first).
        var order: Int
        var test: (SheetApp, ArraySlice<Event>) -> String?
    }

    private(set) var onState: [Check] = []
    private(set) var onEvents: [Check] = []
    /// The names, in order.
    private(set) var names: [String] = []
    /// The event kinds the invariants on events look for: a step with none
    /// of them breaks none of those (sleep sets never sleep on the others).
    private(set) var watchedKinds: Set<EventKind> = []

    /// - Parameters:
    ///   - host: the host whose policies claim and declare invariants.
    ///   - invariants: built-in invariants to check besides.
    ///   - baseline: the built-in invariants always checked.
    ///   - excluded: built-in invariants left out (liveness checks turn the
    ///     oscillation guard off, so its bounded check cannot break).
    init(host: any ExplorationHost, invariants: [Invariant], baseline: [Invariant], excluded: Set<Invariant> = []) {
        let builtIns = baseline + host.claimedInvariants + invariants
        var seen: Set<String> = []
        for inv in builtIns where !excluded.contains(inv) && seen.insert(inv.rawValue).inserted {
            add(inv.rawValue, readsEvents: inv.readsEvents) { app, events in inv.violation(in: app, stepEvents: events)
            }
            watchedKinds.formUnion(inv.watchedKinds)
        }
        for declared in host.declaredInvariants where seen.insert(declared.name).inserted {
            let test = declared.test
            add(declared.name, readsEvents: false) { app, _ in test(app) }
        }
    }

    private mutating func add(
        _ name: String, readsEvents: Bool, _ test: @escaping (SheetApp, ArraySlice<Event>) -> String?
    ) {
        let check = Check(name: name, order: names.count, test: test)
        names.append(name)
        if readsEvents { onEvents.append(check) } else { onState.append(check) }
    }

    /// Whether a step's events hold one an invariant on events looks for.
    func watches(_ events: ArraySlice<Event>) -> Bool {
        !watchedKinds.isEmpty && events.contains { watchedKinds.contains($0.kind) }
    }

    /// The first invariant, in report order, that the state breaks.
    func stateViolation(_ app: SheetApp) -> Found? {
        for c in onState {
            if let message = c.test(app, []) { return Found(name: c.name, order: c.order, message: message) }
        }
        return nil
    }

    /// The first invariant, in report order, that a step's events break.
    func eventViolation(_ app: SheetApp, _ events: ArraySlice<Event>) -> Found? {
        // Those invariants look for warnings and errors (`Invariant.readsEvents`).
        guard !onEvents.isEmpty, events.indices.contains(where: { events[$0].kind.severity != .info }) else {
            return nil
        }
        for c in onEvents {
            if let message = c.test(app, events) { return Found(name: c.name, order: c.order, message: message) }
        }
        return nil
    }

    /// The first invariant, in report order, that a step breaks (its events or the state it reached).
    func violation(_ app: SheetApp, _ events: ArraySlice<Event>) -> Found? {
        let a = eventViolation(app, events)
        if let a, a.order == 0 { return a }
        let b = stateViolation(app)
        guard let a else { return b }
        guard let b else { return a }
        return a.order < b.order ? a : b
    }

    /// A broken invariant.
    struct Found: Sendable {
        var name: String
        var order: Int
        var message: String
    }
}

extension Invariant {
    /// Whether it reads a step's events (and must be checked on every step)
    /// rather than the state the step reached. Those that read events look
    /// for an event of a warning or error kind (`oscillation`,
    /// `requestLost`, `policyError`), so a step with none cannot break them;
    /// a new one that reads events must keep to that.
    var readsEvents: Bool {
        switch self {
        case .onePerPresenter, .bindingAgrees, .detentInRange: return false
        case .noOscillation, .noRequestLost, .noHookError: return true
        }
    }
}
