/// A view as it lives in the world: its declaration, its state, what its
/// last `body` evaluation captured, and where it sits.
///
/// Invariants: `state` and `snapshot` have one value per declared slot;
/// `snapshot` holds `state` as of the last `body` evaluation, so the two
/// differ only in slots `body` does not depend on (B13). `cachedHash`,
/// when set, is the hash of the compared fields as they are (every `var`
/// among them clears it when written; `World.cacheHashes()` sets it).
struct ViewNode: Hashable {
    let declaration: DeclaredView
    /// The presenter it belongs to.
    let host: Host
    let parent: ViewRef?
    var children: [ViewRef] = [] { didSet { cachedHash = nil } }
    /// Slot values, by slot index.
    var state: [Value] { didSet { cachedHash = nil } }
    /// What the last `body` evaluation saw, by slot index (B13).
    var snapshot: [Value] { didSet { cachedHash = nil } }
    /// Per slot: the modifiers whose binding is this slot (in any view).
    /// Derived from the modifiers of the views in the table, which keeps it.
    @Uncompared var triggers: [[ModifierRef]]
    /// Per modifier: the slot its binding names, while that slot's view
    /// lives. Derived from the view table, which keeps it.
    @Uncompared var bindings: [SlotRef?]
    /// The hash of the compared fields, while none has changed since it
    /// was taken (issue 27: a step re-hashes only the views it changed).
    @Uncompared private(set) var cachedHash: Int?

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

    /// The hash of what is compared, once: the fields `==` compares.
    private var contentHash: Int {
        var h = Hasher()
        h.combine(declaration)
        h.combine(host)
        h.combine(parent)
        h.combine(children)
        h.combine(state)
        h.combine(snapshot)
        return h.finalize()
    }

    /// Equal nodes hash alike whether or not their hash is cached.
    func hash(into hasher: inout Hasher) {
        // Not `??`: its autoclosure would copy the node.
        if let cachedHash { hasher.combine(cachedHash) } else { hasher.combine(contentHash) }
    }

    /// Caches the hash (see `World.cacheHashes()`).
    mutating func cacheHash() { cachedHash = contentHash }

    /// Whether the cached hash, if any, is that of the fields as they are (tests).
    var cachedHashIsCurrent: Bool { cachedHash.map { $0 == contentHash } ?? true }

    /// What a free row of the view table holds. Immutable and without code,
    /// so sharing it between threads is safe.
    nonisolated(unsafe) static let free = ViewNode(declaration: .free, host: .root, parent: nil, state: [])
    var isFree: Bool { declaration === DeclaredView.free }
}
