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

    init(declaration: DeclaredView, host: Host, parent: ViewRef?, state: [Value]) {
        self.declaration = declaration
        self.host = host
        self.parent = parent
        self.state = state
        self.snapshot = state
        self.triggers = Array(repeating: [], count: state.count)
    }

    var name: String { declaration.name }
}
