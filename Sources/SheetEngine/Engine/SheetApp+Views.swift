extension SheetApp {
    /// Adds a view and its children under `parent` (a root view when nil).
    /// Its `body` is evaluated once; bindings that are already set present.
    /// - Throws: `EngineError` for a duplicate name, an unknown parent, or a
    ///   declaration naming a slot that does not exist (`reads`, `onChange`,
    ///   a modifier's binding).
    public func addView(_ spec: ViewSpec, parent: String? = nil) throws(EngineError) {
        try checkLimits()
        var parentRef: ViewRef?
        if let parent {
            guard let p = world.views.ref(named: parent) else { throw EngineError(.unknownView(parent)) }
            parentRef = p
        }
        let declared = try declare(spec)
        insert(declared, under: parentRef, host: parentRef.map { world.views[$0].host } ?? .root)
        perform(user: false, .presentInitiallySet(spec.name))
    }

    /// A view's declaration and its children's, checked: names unused and
    /// distinct, `reads` and `onChange` naming declared slots, bindings
    /// naming slots that exist or are declared in this subtree.
    func declare(_ spec: ViewSpec) throws(EngineError) -> DeclaredTree {
        var names: Set<String> = []
        var slots: Set<StateRef> = []
        func collect(_ s: ViewSpec) throws(EngineError) {
            if world.views.ref(named: s.name) != nil || !names.insert(s.name).inserted {
                throw EngineError(.duplicateView(s.name))
            }
            for (slot, value) in s.state {
                let ref = StateRef(view: s.name, slot: slot)
                try Self.checkDepth(of: value, in: ref)
                slots.insert(ref)
            }
            for (name, value) in s.environmentValues {
                try Self.checkDepth(of: value, in: StateRef(view: s.name, slot: name))
            }
            for c in s.children { try collect(c) }
        }
        try collect(spec)
        func build(_ s: ViewSpec) throws(EngineError) -> DeclaredTree {
            let declaration = try DeclaredView(s)
            for m in s.modifiers {
                let b = m.trigger.binding
                guard slots.contains(b) || value(b) != nil else {
                    if names.contains(b.view) || hasView(b.view) {
                        throw EngineError(.unknownSlot(view: b.view, slot: b.slot))
                    }
                    throw EngineError(.unknownView(b.view))
                }
            }
            var children: [DeclaredTree] = []
            for c in s.children { children.append(try build(c)) }
            return DeclaredTree(
                declaration: declaration, initial: s.state.map(\.1), children: children)
        }
        return try build(spec)
    }

    /// Puts a checked declaration into the view table.
    @discardableResult
    func insert(_ tree: DeclaredTree, under parent: ViewRef?, host: Host) -> ViewRef {
        let ref = world.views.insert(
            ViewNode(declaration: tree.declaration, host: host, parent: parent, state: tree.initial))
        if parent == nil, host == .root { world.roots.append(ref) }
        charge(tree.initial.reduce(0) { $0 + $1.estimatedBytes })
        for c in tree.children { insert(c, under: ref, host: host) }
        return ref
    }

    /// SwiftUI presents on appear when a binding is already set.
    func presentInitiallySet(_ root: ViewRef) {
        for v in world.views.subtree(root) where world.views.contains(v) {
            let declaration = world.views[v].declaration
            for (i, m) in declaration.modifiers.enumerated() {
                // App code run by an earlier presentation may have removed the view.
                guard isLive(v, declaration), let slot = world.views.slot(m.trigger.binding) else { break }
                let value = world.views[slot]
                guard !value.isEmpty else { continue }
                let mod = ModifierRef(view: v, index: i)
                switch decideTrigger(mod, old: .none, new: value).action {
                case .present(let item, let override)?: present(mod, item: item, override: override)
                case .replace(let item)?: replace(mod, item: item)
                case .dismiss?, nil: break
                }
            }
        }
    }

    /// Whether `ref` still holds the view that had `declaration` (app code
    /// can remove a view, and a row can be reused, while a step runs).
    func isLive(_ ref: ViewRef, _ declaration: DeclaredView) -> Bool {
        world.views.holds(ref, declaration)
    }

    // MARK: Removing

    /// Removes a view and its subtree; what they present disappears at
    /// once, without a transition.
    /// - Throws: `EngineError` when there is no such view.
    public func removeView(_ name: String) throws(EngineError) {
        try checkLimits()
        guard hasView(name) else { throw EngineError(.unknownView(name)) }
        perform(user: true, .removeView(name))
    }

    func removeViewNow(_ name: String) {
        guard let ref = world.views.ref(named: name) else { return }
        emit(Event(time: now, kind: .viewRemoved, presenter: name, note: .text("")))
        removeSubtree(ref)
    }

    /// B09: a presenter leaving the hierarchy takes its presentations with it at once, without a transition.
    ///
    /// A presenter leaving the hierarchy takes its presentations with
    /// it, at once, without a transition.
    func removeSubtree(_ ref: ViewRef) {
        let doomed = Set(world.views.subtree(ref))
        var resets: [(SlotRef, Value)] = []
        if let i = world.stack.firstIndex(where: { doomed.contains($0.modifier.view) }) {
            let group = world.stack[i...].reversed()
            world.stack.removeSubrange(i...)
            for q in group {
                let kept = removedBinding(q, doomed: doomed)
                emit(
                    Event(
                        time: now, kind: .removed, presenter: presenterName(q),
                        modifier: signature(of: q.modifier),
                        item: q.itemID, rule: .b09, animated: false,
                        note: .text(
                            "presenter left the hierarchy; removed without a transition (B09)"
                                + (kept.map { $0 ? "; its binding is left as it was (B31)" : "" } ?? ""))))
                if kept == false, let slot = world.views.binding(of: q.modifier) {
                    resets.append((slot, emptyValue(of: q.modifier)))
                }
                removeContentViews(q.contentViews)
            }
        }
        world.roots.removeAll { $0 == ref }
        for v in world.views.subtree(ref).reversed() { forget(v) }
        if !resets.isEmpty { applyWrites(resets, cause: .removedModifier) }
    }

    /// B31: a sheet modifier removed while presenting leaves its binding as it was (18+); before, it is reset.
    ///
    /// For a presentation whose modifier left with its view while its
    /// binding lives on in a view that stays: whether the binding is kept
    /// (nil when the binding goes with the view).
    func removedBinding(_ q: borrowing Presentation, doomed: Set<ViewRef>) -> Bool? {
        guard let slot = world.views.binding(of: q.modifier), !doomed.contains(slot.view),
            !world.views[slot].isEmpty
        else { return nil }
        return profile.os.removedModifierKeepsBinding
    }

    func removeContentViews(_ views: [ViewRef]) {
        for v in views where world.views.contains(v) {
            for n in world.views.subtree(v).reversed() { forget(n) }
        }
    }

    /// Drops a view: its row, its held requests (each reported) and its
    /// oscillation counts.
    func forget(_ ref: ViewRef) {
        let node = world.views[ref]
        for (i, m) in node.declaration.modifiers.enumerated() {
            let mod = ModifierRef(view: ref, index: i)
            for r in world.held.removeValue(forKey: mod) ?? [] {
                emit(
                    Event(
                        time: now, kind: .dropped, presenter: node.name, modifier: m.signature, item: r.item.itemID,
                        note: .text("held request dropped: its view left the hierarchy")))
            }
            world.presentationsWithoutInput[mod] = nil
            world.reopenWindows[mod] = nil
        }
        charge(-node.state.reduce(0) { $0 + $1.estimatedBytes })
        world.views.remove(ref)
    }
}

/// A view declaration checked by `SheetApp.declare`, ready to insert.
struct DeclaredTree {
    var declaration: DeclaredView
    var initial: [Value]
    var children: [DeclaredTree]
}
