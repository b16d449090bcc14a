/// Every live view, by row, with an index by name.
///
/// Invariants (kept by its methods, the only writers): a live view's name
/// maps to its row in `rows`; a free row holds `ViewNode.free` and no live
/// view refers to it; rows past the last live view are trimmed, so equal
/// sets of views built in the same order compare equal; `triggers` of each
/// slot lists the modifiers bound to it. A binding is indexed when its view
/// is added; one whose target view is removed stops triggering.
struct ViewTable: Hashable {
    private(set) var rows: [ViewNode] = []
    /// Derived from `rows`.
    @Uncompared private(set) var byName: [String: ViewRef] = [:]
    /// Derived from `rows`: the free rows, lowest first (a scan of `rows`
    /// per insert made adding n views O(n^2)).
    @Uncompared private var freeRows: [Int] = []

    /// A live view (reading yields it in place, without a copy).
    subscript(ref: ViewRef) -> ViewNode {
        _read { yield rows[ref.index] }
        _modify { yield &rows[ref.index] }
    }

    func ref(named name: String) -> ViewRef? { byName[name] }

    func contains(_ ref: ViewRef) -> Bool {
        // The stored declaration, not `isFree`: a computed property copied the row (eight retains) first.
        ref.index < rows.count && rows[ref.index].declaration !== DeclaredView.free
    }

    /// The slot a public reference names, if the view and slot exist.
    func slot(_ ref: StateRef) -> SlotRef? {
        guard let v = byName[ref.view], let i = rows[v.index].declaration.slotIndex[ref.slot] else { return nil }
        return SlotRef(view: v, index: i)
    }

    /// Whether the row of `ref` holds a live view with this declaration.
    func holds(_ declaration: DeclaredView, at ref: ViewRef) -> Bool {
        ref.index < rows.count && rows[ref.index].declaration === declaration
    }

    subscript(slot: SlotRef) -> Value {
        _read { yield rows[slot.view.index].state[slot.index] }
        _modify { yield &rows[slot.view.index].state[slot.index] }
    }

    /// Whether the row `ref` holds `declaration` (a live view's: free rows
    /// hold `DeclaredView.free`). One comparison of the stored field: through
    /// `contains` and the subscript it cost about 240 instructions.
    func holds(_ ref: ViewRef, _ declaration: DeclaredView) -> Bool {
        ref.index < rows.count && rows[ref.index].declaration === declaration
    }

    /// Whether the view at `ref` has `onChange` observers (a free row's
    /// declaration has none), read in one step from the row.
    func observes(_ ref: ViewRef) -> Bool {
        ref.index < rows.count && rows[ref.index].declaration.observes
    }

    /// The public name of a slot.
    func stateRef(_ slot: SlotRef) -> StateRef {
        let d = rows[slot.view.index].declaration
        return StateRef(view: d.name, slot: d.slotNames[slot.index])
    }

    func modifier(_ m: ModifierRef) -> PresentationModifier { rows[m.view.index].declaration.modifiers[m.index] }

    /// Adds a view in the lowest free row and indexes its bindings.
    /// The caller has checked that the name is free and the bindings resolve.
    mutating func insert(_ node: ViewNode) -> ViewRef {
        let row = freeRows.isEmpty ? rows.count : freeRows.removeFirst()
        if row == rows.count { rows.append(node) } else { rows[row] = node }
        let ref = ViewRef(index: row)
        byName[node.name] = ref
        if let parent = node.parent { rows[parent.index].children.append(ref) }
        for (i, m) in node.declaration.modifiers.enumerated() {
            if let target = slot(m.trigger.binding) {
                rows[target.view.index].triggers[target.index].append(ModifierRef(view: ref, index: i))
                rows[row].bindings[i] = target
            }
        }
        return ref
    }

    /// The slot a modifier's binding names, while that slot's view lives.
    func binding(of m: ModifierRef) -> SlotRef? { rows[m.view.index].bindings[m.index] }

    /// Removes one view (not its children) and its bindings from the index.
    mutating func remove(_ ref: ViewRef) {
        let declaration = rows[ref.index].declaration
        for (i, target) in rows[ref.index].bindings.enumerated() {
            if let target, target.view != ref {
                rows[target.view.index].triggers[target.index].removeAll { $0 == ModifierRef(view: ref, index: i) }
            }
        }
        // Modifiers elsewhere bound to this view's slots stop triggering.
        for binders in rows[ref.index].triggers {
            for m in binders where m.view != ref { rows[m.view.index].bindings[m.index] = nil }
        }
        if let parent = rows[ref.index].parent, contains(parent) {
            rows[parent.index].children.removeAll { $0 == ref }
        }
        byName[declaration.name] = nil
        rows[ref.index] = .free
        freeRows.insert(ref.index, at: freeRows.firstIndex { $0 > ref.index } ?? freeRows.count)
        while let last = rows.last, last.isFree {
            rows.removeLast()
            freeRows.removeLast()
        }
    }

    /// Caches the hash of each row whose hash is not cached (`World.cacheHashes()`).
    mutating func cacheHashes() {
        // Looked for before writing: a loop that may write makes the rows
        // unique (copies them when shared) before it starts.
        guard let first = rows.firstIndex(where: { $0.cachedHash == nil }) else { return }
        for i in first..<rows.count where rows[i].cachedHash == nil { rows[i].cacheHash() }
    }

    /// Whether every cached row hash is that of the row as it is (tests).
    var cachedHashesAreCurrent: Bool { rows.allSatisfy(\.cachedHashIsCurrent) }

    /// Equal tables hash alike: the rows, each by its cached hash if it has one.
    func hash(into hasher: inout Hasher) {
        hasher.combine(rows.count)
        // Through the buffer: each row is read in place, not copied.
        rows.withUnsafeBufferPointer { rows in for i in rows.indices { rows[i].hash(into: &hasher) } }
    }

    /// A view and every view below it, depth first, each before its children.
    func subtree(_ ref: ViewRef) -> [ViewRef] {
        var out: [ViewRef] = []
        var todo = [ref]
        while let next = todo.popLast() {
            out.append(next)
            todo += rows[next.index].children.reversed()
        }
        return out
    }
}
