/// Why the engine itself wrote a slot.
enum EngineReason: String {
    /// A detent selection binding following the sheet (B23).
    case selection
    /// The oscillation guard putting a binding back to empty (P05).
    case oscillationGuard = "oscillation guard"
    /// A held request made current (P01).
    case heldRequest = "held request"
    /// A replacement presented after its predecessor went (B04).
    case replacement = "replacement (B04)"
}

/// Who wrote a value into state.
enum WriteCause: Equatable {
    /// A user action (what a button does).
    case user
    /// App code: an action such as `onDismiss` or `onChange`.
    case app
    /// A policy's `dismissed` answer.
    case policy(String)
    /// The binding cleared when a dismiss transition ends (B02).
    case writeBack
    /// The binding of a modifier removed while presenting, reset before 18 (B31).
    case removedModifier
    /// The engine itself. Does not make requests.
    case engine(EngineReason)

    /// Whether a write with this cause can make a presentation request.
    var makesRequests: Bool {
        switch self {
        case .user, .app, .policy: return true
        case .writeBack, .removedModifier, .engine: return false
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
        // `set([StateWrite(ref, value)])` without the array of writes, unless the write must wait.
        try checkLimits()
        try Self.checkDepth(of: value, in: ref)
        guard let slot = resolveSlot(ref) else { throw unknownSlot(ref) }
        if steps.busy {
            steps.pending.append(.set([StateWrite(ref, value)]))
            return
        }
        step(user: true) { applyWrite(slot, value, cause: .user) }
    }

    /// The error for a public slot name that names no slot.
    func unknownSlot(_ ref: StateRef) -> EngineError {
        hasView(ref.view)
            ? EngineError(.unknownSlot(view: ref.view, slot: ref.slot)) : EngineError(.unknownView(ref.view))
    }

    /// Sets several slots in one update, as one button action writing two
    /// `@State` properties does (seed 001).
    /// - Throws: `EngineError` when a view or slot does not exist.
    public func set(_ writes: [StateWrite]) throws(EngineError) {
        try checkLimits()
        var resolved: [(SlotRef, Value)] = []
        resolved.reserveCapacity(writes.count)
        for w in writes {
            try Self.checkDepth(of: w.value, in: w.ref)
            guard let slot = resolveSlot(w.ref) else { throw unknownSlot(w.ref) }
            resolved.append((slot, w.value))
        }
        if steps.busy {
            steps.pending.append(.set(writes))
            return
        }
        step(user: true) { applyWrites(resolved, cause: .user) }
    }

    /// The slot a public name names, from `lastSlot` when it names the same
    /// slot of the same live view.
    func resolveSlot(_ ref: StateRef) -> SlotRef? {
        if let last = lastSlot, last.ref == ref, world.views.holds(last.declaration, at: last.slot.view) {
            return last.slot
        }
        guard let slot = world.views.slot(ref) else { return nil }
        lastSlot = (ref, slot, world.views[slot.view].declaration)
        return slot
    }

    /// Refuses a value that nests deeper than state holds (`Value.maximumDepth`).
    static func checkDepth(of value: Value, in ref: StateRef) throws(EngineError) {
        guard value.nests(deeperThan: Value.maximumDepth) else { return }
        throw EngineError(
            .invalidArgument(
                "the value of \(ref) nests lists and records more than \(Value.maximumDepth) levels deep; state holds at most \(Value.maximumDepth)"
            ))
    }

    /// Writes by name as slots; writes to slots that no longer exist are left out.
    func resolve(_ writes: [StateWrite]) -> [(SlotRef, Value)] {
        writes.compactMap { w in world.views.slot(w.ref).map { ($0, w.value) } }
    }

    /// B12: several writes to one slot in one update: the last one wins.
    ///
    /// Applies writes as one update: decide presentation requests, store,
    /// re-evaluate the `body` of views that depend on what changed (B13-B15),
    /// act on presentation bindings, move sheets whose selection changed,
    /// refresh content that read a changed binding, then run `onChange` actions.
    func applyWrites(_ writes: [(SlotRef, Value)], cause: WriteCause) {
        var update = Update()
        for (slot, value) in writes { record(slot, value, cause: cause, in: &update) }
        finish(update, cause: cause)
    }

    /// `applyWrites` of one write, without an array to hold it (its
    /// allocation and its destruction through the tuple's metadata cost
    /// about 200 instructions a write).
    func applyWrite(_ slot: SlotRef, _ value: Value, cause: WriteCause) {
        var update = Update()
        record(slot, value, cause: cause, in: &update)
        finish(update, cause: cause)
    }

    /// The slots an update changed and the presentation actions it
    /// decided, in order.
    struct Update {
        var changed = InlineFirstList<SlotRef>()
        var actions = InlineFirstList<(ModifierRef, TriggerAction)>()
    }

    /// Decides and stores one write of an update.
    private func record(_ slot: SlotRef, _ value: Value, cause: WriteCause, in update: inout Update) {
        guard world.views.contains(slot.view) else { return }
        let old = world.views[slot]
        let new = normalized(value, replacing: old)
        // The user's action is recorded even when a policy then refuses the write.
        // Measured once, for the event and for the memory it holds (about 160 instructions a record).
        var newBytes: Int?
        if cause == .user {
            newBytes = new.estimatedBytes
            emitWrite(slot, new, bytes: newBytes!, cause: cause)
        }
        var store = true
        let mods = world.views[slot.view].triggers[slot.index]
        if cause.makesRequests, !mods.isEmpty {
            var rejected = 0
            for mod in mods {
                let (keep, action) = decideTrigger(mod, old: old, new: new)
                if !keep { rejected += 1 }
                if let action {
                    // B12: the last write to a slot in one update wins.
                    update.actions.removeAll { $0.0 == mod }
                    update.actions.append((mod, action))
                }
            }
            store = rejected < mods.count
        }
        guard store, old != new else { return }
        world.views[slot] = new
        let bytes = newBytes ?? new.estimatedBytes
        charge(bytes - old.estimatedBytes)
        update.changed.append(slot)
        if cause != .user { emitWrite(slot, new, bytes: bytes, cause: cause) }
    }

    /// What follows the writes of an update: bodies, presentation actions,
    /// selections, dependent content, `onChange`.
    private func finish(_ update: Update, cause: WriteCause) {
        guard !update.changed.isEmpty || !update.actions.isEmpty else { return }

        reevaluateBodies(update.changed)
        let waiting = update.actions.count > 1 ? heldByPopoverDismissal(Array(update.actions)) : []
        for (mod, action) in update.actions where !waiting.contains(mod) {
            switch action {
            case .present(let item, let override): present(mod, item: item, override: override)
            case .replace(let item): replace(mod, item: item)
            case .dismiss(let cause): if let i = world.index(of: mod) { beginDismiss(i, cause: cause) }
            }
        }
        for slot in update.changed
        where world.stack.contains(where: { $0.layout.selection == slot || $0.dependencies.contains(slot) }) {
            for request in world.stack.filter({ $0.layout.selection == slot }).map(\.request)
            where cause != .engine(.selection) {
                selectionChanged(request: request, to: world.views[slot])
            }
            for request in world.stack.filter({ $0.dependencies.contains(slot) }).map(\.request) {
                refreshContent(request: request)
            }
        }
        runChangeObservers(update.changed)
    }

    /// Records a write of `value` (its `estimatedBytes` is `bytes`) to `slot`.
    func emitWrite(_ slot: SlotRef, _ value: Value, bytes: Int, cause: WriteCause) {
        let declaration = world.views[slot.view].declaration
        let name = declaration.slotNames[slot.index]
        let kind: EventKind
        let decider: Decider?
        var why: String?
        switch cause {
        case .user: (kind, decider) = (.set, nil)
        case .app: (kind, decider) = (.stateChanged, .app)
        case .policy(let policy): (kind, decider) = (.stateChanged, .policy(policy))
        case .writeBack, .removedModifier: (kind, decider) = (.writeBack, nil)
        case .engine(let reason): (kind, decider, why) = (.stateChanged, .engine, reason.rawValue)
        }
        emit(
            Event(
                time: now, kind: kind, presenter: declaration.name, decider: decider,
                rule: cause == .removedModifier ? .b31 : kind == .writeBack ? .b02 : nil,
                note: .write(slot: name, value: value, why: why)),
            estimatedBytes: Event.estimatedBytes(ofWrite: bytes))
    }

    /// Keeps detent selections in the form the slot already uses, so that
    /// `"medium"` and `.detent(.medium)` are the same value.
    func normalized(_ new: Value, replacing old: Value) -> Value {
        guard let d = new.asDetent, let o = old.asDetent else { return new }
        if d == o { return old }
        if case .string = old { return .string(d.description) }
        return .detent(d)
    }

    /// B15: body re-evaluation is reported like _printChanges(); on 18+ an observable property by its key path.
    ///
    /// Re-evaluates the `body` of each view that depends on a
    /// changed slot (it reads or observes it), refreshing what its sheets
    /// captured, and reports it as `_printChanges()` does.
    func reevaluateBodies(_ changed: InlineFirstList<SlotRef>) {
        guard changed.contains(where: { world.views[$0.view].declaration.bodyDepends[$0.index] }) else { return }
        var order: [ViewRef] = []
        for slot in changed where world.views[slot.view].declaration.bodyDepends[slot.index] {
            if !order.contains(slot.view) { order.append(slot.view) }
        }
        for v in order {
            let declaration = world.views[v].declaration
            world.views[v].snapshot = world.views[v].state
            var names: [String] = []
            for slot in changed where slot.view == v && declaration.bodyDepends[slot.index] {
                let name = changeName(declaration, slot.index)
                if !names.contains(name) { names.append(name) }
            }
            let list = names.joined(separator: ", ")
            emit(
                Event(
                    time: now, kind: .bodyEvaluated, presenter: declaration.name, rule: .b15,
                    note: .text("\(declaration.name): \(list) changed.")))
            for request in world.stack.filter({ $0.modifier.view == v }).map(\.request) {
                refreshContent(request: request)
            }
        }
    }

    /// How `_printChanges()` names a changed slot: `_x` for `@State`; for a
    /// property of an `@Observable` model its key path on 18+
    /// (`\\Model.x`), `@dependencies` before (B15).
    func changeName(_ declaration: DeclaredView, _ index: Int) -> String {
        guard let model = declaration.observableType[index] else { return "_\(declaration.slotNames[index])" }
        return profile.os.printsKeyPaths ? "\\\(model).\(declaration.slotNames[index])" : "@dependencies"
    }

    func runChangeObservers(_ changed: InlineFirstList<SlotRef>) {
        // Checked on the row in one step: `contains` and the subscript cost about 250 a call.
        for slot in changed where world.views.observes(slot.view) {
            let declaration = world.views[slot.view].declaration
            let name = declaration.slotNames[slot.index]
            for o in declaration.observers[slot.index] {
                // An earlier observer's action may have removed the view.
                guard isLive(slot.view, declaration) else { break }
                emit(
                    Event(time: now, kind: .onChange, presenter: declaration.name, note: .text("onChange(of: \(name))"))
                )
                if let action = o.action {
                    runAction(action, presenter: declaration.name, detail: "onChange(of: \(name))")
                }
            }
        }
    }

    /// Decides what a write to a modifier's binding asks for: whether the
    /// value is stored, and what the modifier then does.
    func decideTrigger(_ mod: ModifierRef, old: Value, new: Value) -> (store: Bool, action: TriggerAction?) {
        let shownIndex = world.index(of: mod)
        let dismissing = shownIndex.map { world.stack[$0].lifecycle.isDismissing } ?? false
        if new.isEmpty {
            if shownIndex != nil, !dismissing, !old.isEmpty { return (true, .dismiss(.binding)) }
            return (true, nil)
        }
        // A write while dismissing is a request even when the value is unchanged:
        // the user tapped again (B03).
        if old == new, !dismissing { return (true, nil) }
        let item = isItem(mod)
        if !item, !old.isEmpty, shownIndex != nil, !dismissing { return (true, nil) }

        let id = new.itemID
        let stock = stockRequest(isItem: item, itemID: id, shown: shownIndex)
        let (decision, decider) =
            consult(
                .request,
                {
                    requestContext(mod, item: new, itemID: id, shown: shownIndex, stock: stock)
                }
            ) { (p, context) throws(PolicyFailure) in try p.request(context) } ?? (stock, .stock)
        let view = world.views[mod.view].name
        let signature = signature(of: mod)
        emit(
            Event(
                time: now, kind: .request, presenter: view, modifier: signature, item: id ?? "\(new)",
                decider: decider, rule: decider == .stock && decision == .replace ? .b04 : nil,
                note: .decision(decision)))
        switch decision {
        case .present:
            return (true, .present(new, override: decider != .stock))
        case .replace:
            return (true, .replace(new))
        case .queue:
            if shownIndex == nil, canPresentHeld(mod) { return (true, .present(new, override: false)) }
            let serial = world.serial()
            world.held[mod, default: []].append(HeldRequest(serial: serial, item: new, time: now))
            emit(
                Event(
                    time: now, kind: .queued, presenter: view, modifier: signature, item: id,
                    decider: decider,
                    note: .held(world.held.waiting(for: mod))))
            return (false, nil)
        case .drop:
            emit(
                Event(
                    time: now, kind: .dropped, presenter: view, modifier: signature, item: id,
                    decider: decider, note: .text("request dropped; binding keeps \(old)")))
            return (false, nil)
        }
    }

    /// B04: an item with another id dismisses what the slot shows, then presents; the same id updates in place.
    ///
    /// Stock SwiftUI replaces what an item slot shows when another item
    /// is written (dismiss, then present); otherwise it presents.
    func stockRequest(isItem: Bool, itemID: String?, shown: Int?) -> RequestDecision {
        guard let i = shown, !world.stack[i].lifecycle.isDismissing, isItem, world.stack[i].itemID != itemID
        else { return .present }
        return .replace
    }

    func requestContext(_ mod: ModifierRef, item: Value, itemID: String?, shown: Int?, stock: RequestDecision)
        -> RequestContext
    {
        // Read in place from the declaration (a class): a copy of the
        // modifier retains each of its fields.
        let declaration = world.views[mod.view].declaration
        let host = world.views[mod.view].host
        var busyWith: String?
        if let i = world.index(host: host), world.stack[i].modifier != mod { busyWith = describe(world.stack[i]) }
        return RequestContext(
            time: now, presenter: world.views[mod.view].name, kind: declaration.modifiers[mod.index].kind,
            modifier: declaration.modifiers[mod.index].signature,
            binding: declaration.modifiers[mod.index].trigger.binding.slot, item: item, itemID: itemID,
            phase: shown.map { world.stack[$0].phase },
            currentItemID: shown.flatMap { world.stack[$0].itemID }, held: world.held.waiting(for: mod),
            presenterBusyWith: busyWith, blocked: blockReason(mod), reopenWindowLeft: world.reopenWindows[mod],
            stock: stock, os: profile.os.version)
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

    /// About how many bytes the value holds, for the engine's memory limit
    /// (counted as a tree): 16 a scalar, 32 a list, 48 a record, plus
    /// string and key bytes. Less than the value takes as Lua tables, so a
    /// host can tell early that a value will not fit in a Lua state.
    ///
    /// Scalars inside a list or record are measured in the loop, not by a
    /// recursive call (about 150 instructions for an `{id = n}` item before).
    public var estimatedBytes: Int {
        switch self {
        case .list(let items):
            var bytes = 32
            for item in items { bytes += item.isRecordOrList ? item.estimatedBytes : item.scalarBytes }
            return bytes
        case .record(let fields):
            var bytes = 48
            for (key, field) in fields {
                bytes += 16 + key.utf8.count + (field.isRecordOrList ? field.estimatedBytes : field.scalarBytes)
            }
            return bytes
        default: return scalarBytes
        }
    }

    /// `estimatedBytes` of a value that is not a list or a record.
    @inline(__always)
    private var scalarBytes: Int {
        if case .string(let s) = self { return 16 + s.utf8.count }
        return 16
    }
}
