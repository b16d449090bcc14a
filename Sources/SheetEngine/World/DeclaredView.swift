/// What a view's declaration (`ViewSpec`) says, checked and indexed once when
/// the view is added: it never changes afterwards, so views share it, and
/// comparing or hashing a view costs one look at it.
///
/// Equal when the declarations are equal in everything but code (closures
/// are `Uncompared`); the hash is computed once.
final class DeclaredView: Hashable {
    let name: String
    /// Slot names in declaration order; a slot's position is its index.
    let slotNames: [String]
    let slotIndex: [String: Int]
    /// Per slot: whether a change re-evaluates `body`, because `body` reads
    /// it or an `onChange` observes it (B13, B14).
    let bodyDepends: [Bool]
    /// Per slot: its `onChange` observers, in declaration order.
    let observers: [[ChangeObserver]]
    /// Presentation modifiers in the order they are applied (B10).
    let modifiers: [PresentationModifier]
    /// Environment object types this view provides to its subtree (B16).
    let environmentObjects: [String]
    /// Environment values this view sets for its subtree (B43).
    let environmentValues: [String: Value]
    /// Per slot: the `@Observable` model type it is a property of, if it is one (B15).
    let observableType: [String?]
    /// `.matchedTransitionSource` marks on the view and its toolbar items (B38).
    let transitionSources: [TransitionSource]
    /// Whether any slot has an `onChange` observer.
    let observes: Bool
    private let hash: Int

    /// The declaration of a free row of the view table: immutable, no code.
    nonisolated(unsafe) static let free = try! DeclaredView(ViewSpec(name: ""))

    /// - Throws: `EngineError.unknownSlot` when `reads` or `onChange` name a
    ///   slot the view does not declare.
    init(_ spec: ViewSpec) throws(EngineError) {
        name = spec.name
        slotNames = spec.state.map(\.0)
        var index: [String: Int] = [:]
        for (i, slot) in slotNames.enumerated() where index[slot] == nil { index[slot] = i }
        slotIndex = index
        var depends = Array(repeating: false, count: slotNames.count)
        var observers = Array(repeating: [ChangeObserver](), count: slotNames.count)
        for slot in spec.bodyReads.sorted() {
            guard let i = index[slot] else { throw EngineError(.unknownSlot(view: spec.name, slot: slot)) }
            depends[i] = true
        }
        for o in spec.onChange {
            guard let i = index[o.slot] else { throw EngineError(.unknownSlot(view: spec.name, slot: o.slot)) }
            depends[i] = true
            observers[i].append(o)
        }
        bodyDepends = depends
        self.observers = observers
        observes = !spec.onChange.isEmpty
        modifiers = spec.modifiers
        environmentObjects = spec.environmentObjects
        environmentValues = spec.environmentValues
        for slot in spec.observableProperties.keys.sorted() where index[slot] == nil {
            throw EngineError(.unknownSlot(view: spec.name, slot: slot))
        }
        observableType = slotNames.map { spec.observableProperties[$0] }
        transitionSources = spec.transitionSources
        var h = Hasher()
        h.combine(name)
        h.combine(slotNames)
        h.combine(bodyDepends)
        h.combine(self.observers)
        h.combine(modifiers)
        h.combine(environmentObjects)
        h.combine(environmentValues)
        h.combine(observableType)
        h.combine(transitionSources)
        hash = h.finalize()
    }

    static func == (a: DeclaredView, b: DeclaredView) -> Bool {
        a === b
            || (a.hash == b.hash && a.name == b.name && a.slotNames == b.slotNames && a.bodyDepends == b.bodyDepends
                && a.observers == b.observers && a.modifiers == b.modifiers
                && a.environmentObjects == b.environmentObjects && a.environmentValues == b.environmentValues
                && a.observableType == b.observableType && a.transitionSources == b.transitionSources)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
