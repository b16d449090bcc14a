/// A view as it lives in the world: its declaration, its state, what its
/// last `body` evaluation captured, and where it sits.
///
/// Invariants: `state` and `snapshot` have one value per declared slot;
/// `snapshot` holds `state` as of the last `body` evaluation, so the two
/// differ only in slots `body` does not depend on (B13).
struct ViewNode: Hashable {
    let declaration: DeclaredView
    /// The presenter it belongs to.
    let host: Host
    let parent: ViewRef?
    var children: [ViewRef] = []
    /// Slot values, by slot index.
    var state: [Value]
    /// What the last `body` evaluation saw, by slot index (B13).
    var snapshot: [Value]
    /// Per slot: the modifiers whose binding is this slot (in any view).
    /// Derived from the modifiers of the views in the table, which keeps it.
    @Uncompared var triggers: [[ModifierRef]]
    /// Per modifier: the slot its binding names, while that slot's view
    /// lives. Derived from the view table, which keeps it.
    @Uncompared var bindings: [SlotRef?]

    init(declaration: DeclaredView, host: Host, parent: ViewRef?, state: [Value]) {
        self.declaration = declaration
        self.host = host
        self.parent = parent
        self.state = state
        self.snapshot = state
        self.triggers = Array(repeating: [], count: state.count)
        self.bindings = Array(repeating: nil, count: declaration.modifiers.count)
    }

    var name: String { declaration.name }

    /// What a free row of the view table holds. Immutable and without code,
    /// so sharing it between threads is safe.
    nonisolated(unsafe) static let free = ViewNode(declaration: .free, host: .root, parent: nil, state: [])
    var isFree: Bool { declaration === DeclaredView.free }
}
