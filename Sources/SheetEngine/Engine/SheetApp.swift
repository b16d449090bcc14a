/// A simulated app: views with state and presentation modifiers, on a device
/// profile, on a virtual clock. The heart of SheetLab.
///
/// Everything happens through its methods: build views with `addView`, act as
/// a user would (`set`, `swipeDown`, `drag`, `release`, `dismiss`, `rotate`,
/// `removeView`, `tapBackground`) and let time pass with `advance(by:)`.
/// Every change becomes an `Event` on `timeline`. Runs are deterministic:
/// the same calls give the same timeline.
///
/// ```swift
/// let app = SheetApp(profile: try Profile.named("iphone15-ios17"))
/// try app.addView(ViewSpec(name: "ContentView", state: [("item", nil)],
///     modifiers: [PresentationModifier(kind: .sheet, trigger: .item(StateRef(view: "ContentView", slot: "item")))]))
/// try app.set(StateRef(view: "ContentView", slot: "item"), .record(["id": 0]))
/// try app.advance(by: 600)
/// ```
///
/// The app's state is one value (`World`); the class adds the clock, the
/// timeline, the loaded policies and the observers, which `reset` keeps.
///
/// Confinement: a `SheetApp` is not `Sendable`; use it from one task or
/// thread at a time. Code it runs (actions, content, policies) may call back
/// into it: such calls are applied after the current step.
///
/// Its stored properties are read and written on every event, so they skip
/// Swift's dynamic exclusivity checks (`@exclusivity(unchecked)`, about a
/// fifth of an event's cost). That is safe because the engine never runs
/// code that can call back (policies, app code, content, observers) in the
/// middle of changing one: each change is one statement that calls nothing
/// outside the engine, so no two accesses can overlap.
public final class SheetApp {
    /// The device and OS version.
    @exclusivity(unchecked) public private(set) var profile: Profile {
        didSet { resolvers = Self.resolvers(profile) }
    }
    /// The detent rules of the profile in portrait and in landscape, made
    /// once per profile (the layout is read on every detent decision).
    @exclusivity(unchecked) var resolvers: (portrait: DetentResolver, landscape: DetentResolver)
    /// Virtual time in milliseconds.
    @exclusivity(unchecked) public internal(set) var now: Int = 0
    /// Which run this is: 1 at first, one more after each `reset` of an
    /// app on which something happened (a reset before any view or event,
    /// such as a scenario's opening `profile(...)`, only changes the profile).
    public private(set) var part = 1
    /// Everything that happened since the app started (or was reset).
    @exclusivity(unchecked) public internal(set) var timeline = Timeline()
    /// Whether `reset` keeps the finished part in `earlierParts` (off by
    /// default, so that an app reset in a loop does not grow; `sheetlab run`
    /// and `test` turn it on to show the whole run). Kept events stay
    /// charged against `limits.memoryBytes`.
    public var keepsEarlierParts = false
    /// The parts before the current one, oldest first, when
    /// `keepsEarlierParts` is on and events are retained.
    public private(set) var earlierParts: [TimelinePart] = []
    /// Estimated bytes of the events in `earlierParts`.
    var earlierPartsBytes = 0
    /// The names of the policies loaded while the current part ran (`TimelinePart.policies`).
    var partPolicies: [String] = []
    /// The error events of the app's whole life, across `reset`.
    @exclusivity(unchecked) public internal(set) var errorEvents = ErrorEvents()
    /// Whether the timeline keeps its events (true by default). Exploration
    /// that only counts events turns it off to save memory.
    public var retainsEvents = true {
        didSet { timeline.retains = retainsEvents && !overMemory }
    }
    /// How many presentations in a row a modifier may make with no user input
    /// between them before the oscillation guard stops it (P05). `Int.max`
    /// turns the guard off: nothing is counted (`sheetlab check` does so to
    /// check liveness, where an endless loop is what it looks for).
    @exclusivity(unchecked) public var oscillationLimit = SheetApp.defaultOscillationLimit
    /// The oscillation guard's limit when it is on: what an app starts with.
    public static let defaultOscillationLimit = 3
    /// What the app may hold and do for the code it runs.
    @exclusivity(unchecked) public var limits: EngineLimits

    /// The state that decides what happens next.
    @exclusivity(unchecked) var world = World()
    /// The public slot name `set` resolved last and the slot it named, so
    /// that writes to one slot in a row hash its names once. Checked on each
    /// use: the view's row must still hold the same declaration (names are
    /// unique among live views and come from the declaration).
    @exclusivity(unchecked) var lastSlot: (ref: StateRef, slot: SlotRef, declaration: DeclaredView)?
    /// The loaded policies, in the order they are consulted.
    @exclusivity(unchecked) public internal(set) var policies: PolicyList
    @exclusivity(unchecked) var observers: [(id: Int, handler: (Event) -> Void)] = []
    /// The step machinery (`SheetApp+Steps.swift`).
    @exclusivity(unchecked) var steps = StepQueue()
    /// The bindings the content being evaluated read (B14), in order
    /// (`ContentContext.binding`); nil while no content is evaluated, so
    /// that a context kept and read later notes nothing.
    @exclusivity(unchecked) var contentReads: [StateRef]?
    /// Estimated bytes of state values and timeline events held (`limits.memoryBytes`).
    @exclusivity(unchecked) var heldBytes = 0
    /// Whether `limits.memoryBytes` was passed: the app refuses further calls.
    @exclusivity(unchecked) var overMemory = false

    /// Creates an app on a profile with policies, consulted in the order given.
    public init(
        profile: Profile = .default, policies: [any PresentationPolicy] = [], limits: EngineLimits = EngineLimits()
    ) {
        self.profile = profile
        self.resolvers = Self.resolvers(profile)
        self.policies = PolicyList(policies)
        self.limits = limits
        notePolicies()
    }

    static func resolvers(_ p: Profile) -> (portrait: DetentResolver, landscape: DetentResolver) {
        func make(_ o: Orientation) -> DetentResolver {
            DetentResolver(os: p.os, layout: p.layout(o), formSheetHeight: p.device.formSheetHeight)
        }
        return (make(.portrait), make(.landscape))
    }

    /// Starts over on `profile` (the current one when nil): no views, nothing
    /// presented, the clock at 0, an empty timeline, a new `part` (unless
    /// nothing happened yet: no view, no event). Policies, observers,
    /// limits and settings are kept; so is the finished part, in
    /// `earlierParts`, when `keepsEarlierParts` is on.
    /// - Throws: `EngineError` when called from code the app is running (a
    ///   policy hook, content, an action): the step under way needs its world.
    public func reset(profile: Profile? = nil) throws(EngineError) {
        guard !steps.busy else { throw EngineError(.resetDuringStep) }
        if timeline.count > 0 || !world.roots.isEmpty {
            if keepsEarlierParts, retainsEvents {
                earlierPartsBytes += timeline.events.reduce(0) { $0 + $1.estimatedBytes }
                earlierParts.append(
                    TimelinePart(
                        part: part, profile: self.profile, events: Array(timeline.events), endTime: now,
                        policies: partPolicies))
            }
            part += 1
        }
        partPolicies = policies.all.map(\.name)
        self.profile = profile ?? self.profile
        world = World()
        now = 0
        timeline = Timeline(retains: retainsEvents)
        steps = StepQueue()
        heldBytes = earlierPartsBytes
        overMemory = false
    }

    /// Every part of the run so far, oldest first: `earlierParts`, then the
    /// current one.
    public var parts: [TimelinePart] {
        earlierParts + [
            TimelinePart(
                part: part, profile: profile, events: Array(timeline.events), endTime: now, policies: partPolicies)
        ]
    }

    /// Notes the loaded policies for the current part: before anything
    /// happened in it they replace the list (a `reset` then new policies);
    /// after, new names are added and unloaded ones kept.
    func notePolicies() {
        let names = policies.all.map(\.name)
        if timeline.count == 0 && world.roots.isEmpty {
            partPolicies = names
        } else {
            for name in names where !partPolicies.contains(name) { partPolicies.append(name) }
        }
    }

    // MARK: Policies

    /// The loaded policies, in the order they are consulted.
    public var loadedPolicies: [any PresentationPolicy] { policies.all }

    /// Adds a policy after the loaded ones, or replaces the loaded one with
    /// the same identity where it stands.
    /// - Returns: whether it replaced one.
    @discardableResult
    public func install(_ policy: any PresentationPolicy) -> Bool {
        defer { notePolicies() }
        return policies.install(policy)
    }

    /// Unloads the policy with this identity.
    /// - Returns: whether one was loaded.
    @discardableResult
    public func removePolicy(identity: String) -> Bool {
        defer { notePolicies() }
        return policies.remove(identity: identity)
    }

    /// Replaces all loaded policies.
    public func setPolicies(_ list: [any PresentationPolicy]) {
        policies = PolicyList(list)
        notePolicies()
    }

    // MARK: Observers

    /// Calls `handler` with every event from now on, across `reset`.
    /// - Returns: a token for `unsubscribe(_:)`.
    @discardableResult
    public func subscribe(_ handler: @escaping (Event) -> Void) -> Int {
        let id = (observers.last?.id ?? 0) + 1
        observers.append((id, handler))
        return id
    }

    /// Stops calling the handler registered under `token`.
    public func unsubscribe(_ token: Int) {
        observers.removeAll { $0.id == token }
    }

    /// Inlined, so that the event its caller builds moves onto the timeline
    /// (called, it was copied and the original destroyed: about 280
    /// instructions an event).
    @inline(__always)
    func emit(_ event: consuming Event) {
        emit(event, estimatedBytes: timeline.retains ? event.estimatedBytes : 0)
    }

    /// `emit` for a caller that knows the event's `estimatedBytes` already
    /// (a write, whose value the update has just measured).
    @inline(__always)
    func emit(_ event: consuming Event, estimatedBytes: Int) {
        if timeline.retains { charge(estimatedBytes) }
        if observers.isEmpty && !event.kind.isRunError {
            timeline.append(consume event)
        } else {
            emitObserved(event)
        }
    }

    /// `emit` for an error event or with observers: recorded, appended, shown.
    @inline(never)
    func emitObserved(_ event: consuming Event) {
        if event.kind.isRunError { errorEvents.record(copy event, index: timeline.count + 1) }
        if observers.isEmpty {
            timeline.append(consume event)
        } else {
            timeline.append(copy event)
            for o in observers { o.handler(event) }
        }
    }

    // MARK: Reading

    /// The names of all views, roots first then children, in insertion
    /// order, then the views inside presentations, bottom first.
    public var viewNames: [String] { world.viewOrder.map { world.views[$0].name } }

    /// Whether a view with this name exists.
    public func hasView(_ name: String) -> Bool { world.views.ref(named: name) != nil }

    /// The current value of a slot, or nil when there is no such slot.
    public func value(_ ref: StateRef) -> Value? {
        world.views.slot(ref).map { world.views[$0] }
    }

    /// The modifiers whose bindings a user can write, with their binding slots.
    public var presentationBindings: [(modifier: String, binding: StateRef, isItem: Bool)] {
        world.viewOrder.flatMap { v -> [(modifier: String, binding: StateRef, isItem: Bool)] in
            let node = world.views[v]
            return node.declaration.modifiers.map {
                ("\(node.name).\($0.signature)", $0.trigger.binding, $0.trigger.isItem)
            }
        }
    }

    /// The detent selection bindings of live presentations, each with the
    /// detents active now: what a fuzzer writes to move sheets by code (B23, B29).
    public var selectionBindings: [(binding: StateRef, detents: [Detent])] {
        world.stack.compactMap { p in
            p.layout.selection.map { (world.views.stateRef($0), p.layout.detents.map(\.detent)) }
        }
    }

    /// The time the next transition ends, if any.
    /// A reopen window closing with a request queued for it counts (B34).
    public var nextTransitionTime: Int? {
        let transition = world.stack.compactMap(\.lifecycle.left).min()
        let window = world.reopenWindows.isEmpty ? nil : nextWindowWithHeldRequest(within: .max)?.left
        return [transition, window].compactMap { $0 }.min().map { now + $0 }
    }

    // MARK: Helpers for the rules

    /// The layout of the current orientation.
    var layout: DeviceLayout { world.orientation == .portrait ? resolvers.portrait.layout : resolvers.landscape.layout }

    /// The modifier a presentation was made by, as declared.
    func definition(_ m: ModifierRef) -> PresentationModifier { world.views.modifier(m) }

    /// A modifier's signature, `sheet(item:)`, without copying its declaration.
    func signature(of m: ModifierRef) -> String { world.views[m.view].declaration.modifiers[m.index].signature }

    /// Whether a modifier has an `item:` binding, without copying its declaration.
    func isItem(_ m: ModifierRef) -> Bool { world.views[m.view].declaration.modifiers[m.index].trigger.isItem }

    /// What a modifier's binding holds when it asks for nothing (`PresentationTrigger.emptyValue`),
    /// read in place (copying the trigger would copy its slot's names).
    func emptyValue(of m: ModifierRef) -> Value {
        world.views[m.view].declaration.modifiers[m.index].trigger.emptyValue
    }

    /// What a modifier's binding holds while it asks for `item` (`PresentationTrigger.value(for:)`), read in place.
    func value(of m: ModifierRef, for item: Value) -> Value {
        world.views[m.view].declaration.modifiers[m.index].trigger.value(for: item)
    }

    /// A modifier's kind, without copying its declaration.
    func kind(of m: ModifierRef) -> PresentationKind { world.views[m.view].declaration.modifiers[m.index].kind }

    /// `ContentView.sheet(item:) item=0`, for messages.
    func describe(_ p: borrowing Presentation) -> String {
        "\(world.views[p.modifier.view].name).\(signature(of: p.modifier))"
            + (p.itemID.map { " item=\($0)" } ?? "")
    }

    /// The name of the view a presentation's modifier is on.
    func presenterName(_ p: borrowing Presentation) -> String { world.views[p.modifier.view].name }

    /// The name of the view the modifier of the presentation at `index` is on.
    func presenterName(at index: Int) -> String { world.views[world.stack[index].modifier.view].name }
}

/// Limits on what an app holds and does for the code it runs, so that a
/// script cannot make the engine grow or loop without bound.
public struct EngineLimits: Sendable, Hashable {
    /// Estimated bytes of state values and timeline events the app may hold
    /// (default 256 MiB). Past it, the step finishes, one `limitReached`
    /// event is recorded, and every later call that acts throws.
    public var memoryBytes: Int
    /// Updates that code run by one step may chain (an `onChange` action
    /// writing what it observes, two actions writing each other's slots)
    /// before the engine stops them with a `limitReached` event (default 10,000).
    public var chainedUpdates: Int
    /// How the error tells a person to raise `memoryBytes` (`sheetlab`'s
    /// flag by default); empty leaves the hint out.
    public var memorySetting: String

    public init(memoryBytes: Int = 256 << 20, chainedUpdates: Int = 10_000, memorySetting: String = "--engine-memory") {
        self.memoryBytes = memoryBytes
        self.chainedUpdates = chainedUpdates
        self.memorySetting = memorySetting
    }
}
