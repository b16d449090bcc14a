extension SheetApp {
    /// A copy for exploring alternatives (`sheetlab check`): the world, the
    /// clock and the settings are copied (the world is a value, so this is
    /// cheap until one side changes); policies and the code in view
    /// declarations are shared, so policies must not keep state of their own
    /// between calls for the copies to be independent. The copy starts with
    /// an empty timeline and no observers.
    public func clone() -> SheetApp {
        let copy = SheetApp(profile: profile, limits: limits)
        copy.policies = policies
        copy.world = world
        copy.now = now
        copy.oscillationLimit = oscillationLimit
        copy.retainsEvents = retainsEvents
        copy.heldBytes = heldBytes
        return copy
    }

    /// A hash of everything that decides what happens next: the world's.
    /// Two apps with the same fingerprint behave alike from here on
    /// (assuming stateless policies), whatever their clocks read. Used to
    /// explore each state once.
    public func fingerprint() -> Int { world.hashValue }

    /// Caches the hashes of the world's views, presentations and held
    /// requests that changed since they were last cached, so that the next
    /// hash of the world or of a snapshot taken after this re-hashes only
    /// what a step changes. Hashes are the same with or without it.
    /// - Precondition: no step is under way (not called from code the app runs).
    public func cacheHashes() {
        precondition(!steps.busy, "cacheHashes during a step")
        world.cacheHashes()
    }

    /// Whether every hash cached in the world is that of its part as it is
    /// (what `cacheHashes()` relies on: each write clears a part's hash).
    public var cachedHashesAreCurrent: Bool { world.cachedHashesAreCurrent }

    /// Whether two apps are in the same situation: equal worlds (see `fingerprint()`).
    public func sameState(as other: SheetApp) -> Bool { world == other.world }

    /// The app's situation as a value, to come back to with `restore(_:clock:)`:
    /// an explorer keeps one app and many snapshots instead of many apps.
    /// Snapshots are equal when the worlds are (see `fingerprint()`).
    public func snapshot() -> Snapshot {
        Snapshot(world: world, heldBytes: heldBytes, overMemory: overMemory)
    }

    /// Puts the app back in a saved situation, with the clock at `clock`
    /// (the world holds no clock readings, so any clock will do; an explorer
    /// keeps the one its path reached), an empty timeline and no error
    /// events. Policies, observers, limits and settings are kept.
    /// - Precondition: no step is under way (not called from code the app runs).
    public func restore(_ snapshot: Snapshot, clock: Int) {
        precondition(!steps.busy, "restore during a step")
        world = snapshot.world
        now = clock
        heldBytes = snapshot.heldBytes
        overMemory = snapshot.overMemory
        if timeline.count > 0 || !timeline.retains { timeline = Timeline(retains: retainsEvents && !overMemory) }
        if errorEvents.count > 0 { errorEvents = ErrorEvents() }
    }

    /// The app's situation, saved by `snapshot()`.
    ///
    /// A snapshot holds the world and so the code in its views' declarations
    /// and contents: it belongs with the app it was taken from (or another
    /// app running the same code on the same thread). Comparing and hashing
    /// snapshots reads values only, so snapshots from apps on several
    /// threads may share one set.
    public struct Snapshot: Hashable, @unchecked Sendable {
        var world: World
        /// Bookkeeping carried with the world (the memory estimate).
        @Uncompared var heldBytes: Int
        @Uncompared var overMemory: Bool

        /// Whether any transition is running: time passing changes something.
        public var isIdle: Bool { world.stack.allSatisfy { $0.lifecycle.left == nil } }
    }
}

extension SheetApp {
    /// A presentation binding a user can write (a button), as an explorer
    /// chooses its steps: its slot, its value, and whether what it shows is
    /// dismissing (a write then is a request even when the value is unchanged, B03).
    public struct BindingChoice {
        public let binding: StateRef
        public let isItem: Bool
        public let value: Value
        public let dismissing: Bool
    }

    /// The presentation bindings, in view order (`viewNames`), each once:
    /// read in place, without building the whole state (`state()`).
    public func bindingChoices() -> [BindingChoice] {
        var out: [BindingChoice] = []
        var seen: Set<StateRef> = []
        for v in world.viewOrder {
            let modifiers = world.views[v].declaration.modifiers
            for (i, m) in modifiers.enumerated() where seen.insert(m.trigger.binding).inserted {
                let shown = world.index(of: ModifierRef(view: v, index: i))
                out.append(
                    BindingChoice(
                        binding: m.trigger.binding, isItem: m.trigger.isItem, value: value(m.trigger.binding) ?? .none,
                        dismissing: shown.map { world.stack[$0].lifecycle.isDismissing } ?? false))
            }
        }
        return out
    }

    /// The top presentation as gestures see it: its phase, style, active
    /// detents and current detent.
    public var topPresentation: (phase: Phase, style: PresentationStyle, detents: [ResolvedDetent], detent: Detent?)? {
        guard let top = world.stack.last else { return nil }
        return (top.phase, top.layout.style, top.layout.detents, top.layout.detent)
    }
}
