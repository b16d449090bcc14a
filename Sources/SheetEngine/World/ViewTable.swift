/// Every live view, by row, with an index by name.
///
/// Invariants (kept by its methods, the only writers): a live view's name
/// maps to its row in `rows`; a free row is nil and no live view refers to
/// it; rows past the last live view are trimmed, so equal sets of views
/// built in the same order compare equal; `triggers` of each slot lists the
/// modifiers bound to it.
struct ViewTable: Hashable {
    private(set) var rows: [ViewNode?] = []
    /// Derived from `rows`.
    @Uncompared private(set) var byName: [String: ViewRef] = [:]

    subscript(ref: ViewRef) -> ViewNode {
        get { rows[ref.index]! }
        _modify { yield &rows[ref.index]! }
    }

    func ref(named name: String) -> ViewRef? { byName[name] }

    func contains(_ ref: ViewRef) -> Bool { ref.index < rows.count && rows[ref.index] != nil }

    /// The slot a public reference names, if the view and slot exist.
    func slot(_ ref: StateRef) -> SlotRef? {
        guard let v = byName[ref.view], let i = rows[v.index]!.declaration.slotIndex[ref.slot] else { return nil }
        return SlotRef(view: v, index: i)
    }

    subscript(slot: SlotRef) -> Value {
        get { rows[slot.view.index]!.state[slot.index] }
        set { rows[slot.view.index]!.state[slot.index] = newValue }
    }

    /// The public name of a slot.
    func stateRef(_ slot: SlotRef) -> StateRef {
        let d = self[slot.view].declaration
        return StateRef(view: d.name, slot: d.slotNames[slot.index])
    }

    func modifier(_ m: ModifierRef) -> PresentationModifier { self[m.view].declaration.modifiers[m.index] }

    /// Adds a view in the lowest free row and indexes its bindings.
    /// The caller has checked that the name is free and the bindings resolve.
    mutating func insert(_ node: ViewNode) -> ViewRef {
        let row = rows.firstIndex { $0 == nil } ?? rows.count
        if row == rows.count { rows.append(node) } else { rows[row] = node }
        let ref = ViewRef(index: row)
        byName[node.name] = ref
        if let parent = node.parent { self[parent].children.append(ref) }
        for (i, m) in node.declaration.modifiers.enumerated() {
            if let target = slot(m.trigger.binding) {
                self[target.view].triggers[target.index].append(ModifierRef(view: ref, index: i))
            }
        }
        return ref
    }

    /// Removes one view (not its children) and its bindings from the index.
    mutating func remove(_ ref: ViewRef) {
        let node = self[ref]
        for (i, m) in node.declaration.modifiers.enumerated() {
            if let target = slot(m.trigger.binding), target.view != ref {
                self[target.view].triggers[target.index].removeAll { $0 == ModifierRef(view: ref, index: i) }
            }
        }
        if let parent = node.parent, contains(parent) { self[parent].children.removeAll { $0 == ref } }
        byName[node.name] = nil
        rows[ref.index] = nil
        while let last = rows.last, last == nil { rows.removeLast() }
    }

    /// A view and every view below it, depth first, each before its children.
    func subtree(_ ref: ViewRef) -> [ViewRef] {
        var out: [ViewRef] = []
        var todo = [ref]
        while let next = todo.popLast() {
            out.append(next)
            todo += self[next].children.reversed()
        }
        return out
    }
}
