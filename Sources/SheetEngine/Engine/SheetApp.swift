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
/// app.advance(by: 600)
/// ```
///
/// Confinement: a `SheetApp` is not `Sendable`; use it from one task or
/// thread at a time. Code it runs (actions, content, policies) may call back
/// into it: such calls are applied after the current step.
public final class SheetApp {
    /// The device and OS version.
    public let profile: Profile
    /// The current orientation.
    public internal(set) var orientation: Orientation = .portrait
    /// Virtual time in milliseconds.
    public internal(set) var now: Int = 0
    /// Everything that happened so far.
    public internal(set) var timeline = Timeline()
    /// Whether the timeline keeps its events (true by default). Exploration
    /// that only counts events turns it off to save memory.
    public var retainsEvents: Bool {
        get { timeline.retains }
        set { timeline.retains = newValue }
    }
    /// How many presentations in a row a modifier may make with no user input
    /// between them before the oscillation guard stops it (P05).
    public var oscillationLimit = 3

    var policies: [any PresentationPolicy]
    var policyHooks: PolicyHooks
    var views: [String: ViewNode] = [:]
    var rootViews: [String] = []
    var triggerIndex: [StateRef: [ModifierID]] = [:]
    /// Live presentations, bottom first.
    var presentations: [Presentation] = []
    var held: [ModifierID: HeldQueue] = [:]
    var nextSerial = 1
    /// Counts user actions; the oscillation guard compares it (P05).
    var userActions = 0
    var oscillation: [ModifierID: (userActions: Int, count: Int)] = [:]
    var busy = false
    var pending: [() -> Void] = []
    var observers: [(id: Int, handler: (Event) -> Void)] = []

    /// Creates an app on a profile with policies, consulted in the order given.
    public init(profile: Profile = .default, policies: [any PresentationPolicy] = []) {
        self.profile = profile
        self.policies = policies
        self.policyHooks = policies.reduce(into: []) { $0.formUnion($1.hooks) }
    }

    /// The loaded policies, in the order they are consulted.
    public var loadedPolicies: [any PresentationPolicy] { policies }

    /// Adds a policy after the loaded ones.
    public func addPolicy(_ policy: any PresentationPolicy) {
        policies.append(policy)
        policyHooks.formUnion(policy.hooks)
    }

    /// Replaces the loaded policy with the same name, or adds it.
    public func replacePolicy(named name: String, with policy: any PresentationPolicy) {
        if let i = policies.firstIndex(where: { $0.name == name }) {
            policies[i] = policy
        } else {
            policies.append(policy)
        }
        policyHooks = policies.reduce(into: []) { $0.formUnion($1.hooks) }
    }

    /// Calls `handler` with every event from now on.
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

    func emit(_ event: Event) {
        timeline.append(event)
        for o in observers { o.handler(event) }
    }

    func serial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// Runs `body` now, or after the current step when called from code the
    /// engine is running (an action, a policy, content). Steps queued while it
    /// runs are drained before it returns.
    func perform(user: Bool, _ body: @escaping () -> Void) {
        if busy {
            pending.append(body)
            return
        }
        busy = true
        if user { userActions += 1 }
        body()
        drainPending()
        busy = false
    }

    /// Runs queued steps until none are left.
    func drainPending() {
        var steps = 0
        while !pending.isEmpty {
            let next = pending.removeFirst()
            next()
            steps += 1
            if steps > 10_000 {
                pending.removeAll()
                emit(
                    Event(time: now, kind: .actionError, detail: "more than 10000 chained updates in one step; stopped")
                )
            }
        }
    }

    /// Runs app code (an action), putting a failure on the timeline.
    func runAction(_ action: EngineAction, kind: EventKind, presenter: String?, detail: String) {
        do {
            try action(self)
        } catch {
            emit(Event(time: now, kind: .actionError, presenter: presenter, detail: "\(detail): \(error)"))
        }
        drainPending()
    }

    // MARK: Views

    /// Adds a view and its children under `parent` (a root view when nil).
    /// Its `body` is evaluated once; bindings that are already set present.
    /// - Throws: `EngineError` for a duplicate name or an unknown parent.
    public func addView(_ spec: ViewSpec, parent: String? = nil) throws(EngineError) {
        let host: Host
        if let parent {
            guard let p = views[parent] else { throw EngineError(.unknownView(parent)) }
            host = p.host
        } else {
            host = .root
        }
        try validate(spec)
        insert(spec, parent: parent, host: host)
        perform(user: false) { [self] in
            presentInitiallySet(spec)
        }
    }

    func validate(_ spec: ViewSpec) throws(EngineError) {
        var names: Set<String> = []
        func walk(_ s: ViewSpec) throws(EngineError) {
            if views[s.name] != nil || !names.insert(s.name).inserted { throw EngineError(.duplicateView(s.name)) }
            for c in s.children { try walk(c) }
        }
        try walk(spec)
    }

    func insert(_ spec: ViewSpec, parent: String?, host: Host) {
        var state: [String: Value] = [:]
        for (k, v) in spec.state { state[k] = v }
        let node = ViewNode(
            name: spec.name, parent: parent, host: host, state: state, slotOrder: spec.state.map(\.0),
            snapshot: state, bodyReads: spec.bodyReads, onChange: spec.onChange, modifiers: spec.modifiers,
            environmentObjects: spec.environmentObjects)
        views[spec.name] = node
        if let parent { views[parent]?.children.append(spec.name) } else { rootViews.append(spec.name) }
        for (i, m) in spec.modifiers.enumerated() {
            triggerIndex[m.trigger.binding, default: []].append(ModifierID(view: spec.name, index: i))
        }
        for c in spec.children { insert(c, parent: spec.name, host: host) }
    }

    /// SwiftUI presents on appear when a binding is already set.
    func presentInitiallySet(_ spec: ViewSpec) {
        for (i, m) in spec.modifiers.enumerated() {
            let value = self.value(m.trigger.binding) ?? .none
            guard !value.isEmpty else { continue }
            let mod = ModifierID(view: spec.name, index: i)
            switch decideTrigger(mod, old: .none, new: value).action {
            case .present(let item, let override)?: present(mod, item: item, override: override)
            case .replace(let item)?: replace(mod, item: item)
            case .dismiss?, nil: break
            }
        }
        for c in spec.children { presentInitiallySet(c) }
    }

    /// The names of all views, roots first then children, in insertion order.
    public var viewNames: [String] {
        var out: [String] = []
        func walk(_ n: String) {
            out.append(n)
            for c in views[n]?.children ?? [] { walk(c) }
        }
        for r in rootViews { walk(r) }
        for p in presentations { for v in p.contentViews { walk(v) } }
        return out
    }

    /// Whether a view with this name exists.
    public func hasView(_ name: String) -> Bool { views[name] != nil }

    /// The current value of a slot, or nil when there is no such slot.
    public func value(_ ref: StateRef) -> Value? {
        views[ref.view]?.state[ref.slot]
    }

    func modifier(_ id: ModifierID) -> PresentationModifier? {
        guard let v = views[id.view], id.index < v.modifiers.count else { return nil }
        return v.modifiers[id.index]
    }

    func presentationIndex(of modifier: ModifierID) -> Int? {
        presentations.lastIndex { $0.modifier == modifier }
    }

    func presentationIndex(id: Int) -> Int? {
        presentations.firstIndex { $0.id == id }
    }

    /// The presentation occupying a presenter, if any.
    func presentationIndex(host: Host) -> Int? {
        presentations.firstIndex { $0.host == host }
    }
}
