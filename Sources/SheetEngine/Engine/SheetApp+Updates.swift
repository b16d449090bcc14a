/// Who wrote a value into state.
enum WriteCause: Equatable {
    /// A user action (what a button does).
    case user
    /// App code: an action such as `onDismiss` or `onChange`.
    case app
    /// A policy's `dismissed` answer.
    case policy(String)
    /// B02: the binding cleared when a dismiss transition ends.
    case writeBack
    /// The engine itself: a held request made current, a detent selection
    /// following the sheet. Does not make requests.
    case engine(String)

    /// Whether a write with this cause can make a presentation request.
    var makesRequests: Bool {
        switch self {
        case .user, .app, .policy: return true
        case .writeBack, .engine: return false
        }
    }
}

/// What a write to a presentation binding asks of its modifier.
enum TriggerAction {
    case present(Value, override: Bool)
    case replace(Value)
    case dismiss(DismissCause)
}

extension SheetApp {
    /// Sets a state slot, as a button's action does.
    /// - Throws: `EngineError` when the view or slot does not exist.
    public func set(_ ref: StateRef, _ value: Value) throws(EngineError) {
        try set([StateWrite(ref, value)])
    }

    /// Sets several slots in one update, as one button action writing two
    /// `@State` properties does (seed 001).
    /// - Throws: `EngineError` when a view or slot does not exist.
    public func set(_ writes: [StateWrite]) throws(EngineError) {
        for w in writes {
            guard let node = views[w.ref.view] else { throw EngineError(.unknownView(w.ref.view)) }
            guard node.state[w.ref.slot] != nil else {
                throw EngineError(.unknownSlot(view: w.ref.view, slot: w.ref.slot))
            }
        }
        let user = !busy
        perform(user: user) { [self] in
            applyWrites(writes, cause: user ? .user : .app)
        }
    }

    /// Applies writes as one update: decide presentation requests, store,
    /// re-evaluate the `body` of views that read what changed (B13-B15), act
    /// on presentation bindings, move sheets whose selection changed, refresh
    /// content that read a changed binding, then run `onChange` actions.
    func applyWrites(_ writes: [StateWrite], cause: WriteCause) {
        var changed: [StateRef] = []
        var actions: [(ModifierID, TriggerAction)] = []

        for w in writes {
            guard let old = views[w.ref.view]?.state[w.ref.slot] else { continue }
            let new = normalized(w.value, replacing: old)
            // The user's action is recorded even when a policy then refuses the write.
            if cause == .user { emitWrite(w.ref, new, cause: cause) }
            var store = true
            if cause.makesRequests, let mods = triggerIndex[w.ref] {
                var rejected = 0
                for mod in mods {
                    let (keep, action) = decideTrigger(mod, old: old, new: new)
                    if !keep { rejected += 1 }
                    if let action {
                        // B12: the last write to a slot in one update wins.
                        actions.removeAll { $0.0 == mod }
                        actions.append((mod, action))
                    }
                }
                store = rejected < mods.count
            }
            guard store, old != new else { continue }
            views[w.ref.view]!.state[w.ref.slot] = new
            changed.append(w.ref)
            if cause != .user { emitWrite(w.ref, new, cause: cause) }
        }
        guard !changed.isEmpty || !actions.isEmpty else { return }

        reevaluateBodies(changed)
        for (mod, action) in actions {
            switch action {
            case .present(let item, let override): present(mod, item: item, override: override)
            case .replace(let item): replace(mod, item: item)
            case .dismiss(let cause): if let i = presentationIndex(of: mod) { beginDismiss(i, cause: cause) }
            }
        }
        for ref in changed {
            for p in presentations where p.selection == ref && cause != .engine("selection") {
                selectionChanged(presentationID: p.id, to: value(ref) ?? .none)
            }
            for p in presentations where p.dependencies.contains(ref) {
                refreshContent(presentationID: p.id)
            }
        }
        runChangeObservers(changed)
    }

    func emitWrite(_ ref: StateRef, _ value: Value, cause: WriteCause) {
        let note = Note.write(slot: ref.slot, value: value, why: nil)
        switch cause {
        case .user:
            emit(Event(time: now, kind: .set, presenter: ref.view, note: note))
        case .app:
            emit(Event(time: now, kind: .stateChanged, presenter: ref.view, source: "app", note: note))
        case .policy(let name):
            emit(Event(time: now, kind: .stateChanged, presenter: ref.view, source: name, note: note))
        case .writeBack:
            emit(Event(time: now, kind: .writeBack, presenter: ref.view, note: note))
        case .engine(let why):
            emit(
                Event(
                    time: now, kind: .stateChanged, presenter: ref.view, source: "engine",
                    note: .write(slot: ref.slot, value: value, why: why)))
        }
    }

    /// Keeps detent selections in the form the slot already uses, so that
    /// `"medium"` and `.detent(.medium)` are the same value.
    func normalized(_ new: Value, replacing old: Value) -> Value {
        guard let d = new.asDetent, let o = old.asDetent else { return new }
        if d == o { return old }
        if case .string = old { return .string(d.description) }
        return .detent(d)
    }

    /// B13-B15: re-evaluates the `body` of each view that reads a changed
    /// slot, refreshing what its sheets captured.
    func reevaluateBodies(_ changed: [StateRef]) {
        var order: [String] = []
        var slots: [String: [String]] = [:]
        for ref in changed {
            guard let node = views[ref.view], node.bodyDepends(on: ref.slot) else { continue }
            if slots[ref.view] == nil { order.append(ref.view) }
            slots[ref.view, default: []].append(ref.slot)
        }
        for name in order {
            guard let state = views[name]?.state else { continue }
            views[name]!.snapshot = state
            let list = slots[name]!.map { "_\($0)" }.joined(separator: ", ")
            emit(Event(time: now, kind: .bodyEvaluated, presenter: name, detail: "\(name): \(list) changed."))
            for p in presentations where p.modifier.view == name {
                refreshContent(presentationID: p.id)
            }
        }
    }

    func runChangeObservers(_ changed: [StateRef]) {
        for ref in changed {
            guard let observers = views[ref.view]?.onChange else { continue }
            for o in observers where o.slot == ref.slot {
                emit(Event(time: now, kind: .onChange, presenter: ref.view, detail: "onChange(of: \(ref.slot))"))
                if let action = o.action {
                    runAction(action, kind: .onChange, presenter: ref.view, detail: "onChange(of: \(ref.slot))")
                }
            }
        }
    }

    /// Decides what a write to a modifier's binding asks for: whether the
    /// value is stored, and what the modifier then does.
    func decideTrigger(_ mod: ModifierID, old: Value, new: Value) -> (store: Bool, action: TriggerAction?) {
        let shown = presentationIndex(of: mod).map { presentations[$0] }
        if new.isEmpty {
            if let shown, shown.phase != .dismissing, !old.isEmpty { return (true, .dismiss(.binding)) }
            return (true, nil)
        }
        // A write while dismissing is a request even when the value is unchanged:
        // the user tapped again (B03).
        if old == new, shown?.phase != .dismissing { return (true, nil) }
        guard let m = modifier(mod) else { return (true, nil) }
        if !m.trigger.isItem, !old.isEmpty, shown != nil, shown?.phase != .dismissing { return (true, nil) }

        let stock = stockRequest(m, item: new, shown: shown)
        let (decision, source) =
            policyHooks.contains(.request)
            ? decideRequest(requestContext(mod, modifier: m, item: new, shown: shown, stock: stock))
            : (stock, "stock")
        emit(
            Event(
                time: now, kind: .request, presenter: mod.view, modifier: m.signature, item: new.itemID ?? "\(new)",
                source: source, note: .decision(decision)))
        switch decision {
        case .present:
            return (true, .present(new, override: source != "stock"))
        case .replace:
            return (true, .replace(new))
        case .queue:
            if shown == nil, presentationIndex(host: views[mod.view]!.host) == nil {
                return (true, .present(new, override: false))
            }
            held[mod, default: []].append(HeldRequest(serial: serial(), item: new, time: now))
            emit(
                Event(
                    time: now, kind: .queued, presenter: mod.view, modifier: m.signature, item: new.itemID,
                    source: source, note: .held(held[mod]!.count)))
            return (false, nil)
        case .drop:
            emit(
                Event(
                    time: now, kind: .dropped, presenter: mod.view, modifier: m.signature, item: new.itemID,
                    source: source, detail: "request dropped; binding keeps \(old)"))
            return (false, nil)
        }
    }

    /// What stock SwiftUI does with a request: `replace` when the slot shows
    /// another item (B04), otherwise `present`.
    func stockRequest(_ m: PresentationModifier, item: Value, shown: Presentation?) -> RequestDecision {
        guard let shown, shown.phase != .dismissing, m.trigger.isItem, shown.itemID != item.itemID else {
            return .present
        }
        return .replace
    }

    func requestContext(
        _ mod: ModifierID, modifier m: PresentationModifier, item: Value, shown: Presentation?, stock: RequestDecision
    ) -> RequestContext {
        let host = views[mod.view]!.host
        var busyWith: String?
        if let i = presentationIndex(host: host), presentations[i].modifier != mod {
            busyWith = describe(presentations[i])
        }
        return RequestContext(
            time: now, presenter: mod.view, kind: m.kind, modifier: m.signature, binding: m.trigger.binding.slot,
            item: item, itemID: item.itemID, phase: shown?.phase, currentItemID: shown?.itemID,
            held: held[mod]?.count ?? 0, presenterBusyWith: busyWith, blocked: blockReason(mod), stock: stock,
            os: profile.os.version)
    }

    /// Asks the policies, in load order; the first answer wins. A failure
    /// falls back to stock and is put on the timeline.
    func decideRequest(_ context: RequestContext) -> (RequestDecision, String) {
        for policy in policies where policy.hooks.contains(.request) {
            do {
                if let d = try policy.request(context) { return (d, policy.name) }
            } catch {
                policyFailed(policy, error)
                return (context.stock, "stock")
            }
        }
        return (context.stock, "stock")
    }

    func policyFailed(_ policy: any PresentationPolicy, _ failure: PolicyFailure) {
        emit(
            Event(
                time: now, kind: .policyError, source: policy.name,
                detail: "\(failure.message) (hook '\(failure.hook)' fell back to stock)"))
    }

    func describe(_ p: Presentation) -> String {
        "\(p.modifier.view).\(p.signature)" + (p.itemID.map { " item=\($0)" } ?? "")
    }
}

extension Value {
    /// The value as a detent, when it is one or a string naming one.
    public var asDetent: Detent? {
        switch self {
        case .detent(let d): return d
        case .string(let s): return try? Detent(parsing: s)
        default: return nil
        }
    }
}
