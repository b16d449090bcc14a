/// A view as it lives in the engine: its state, what its last `body`
/// evaluation captured, and where it sits.
///
/// A reference type so that the engine's lookups do not copy it.
///
/// Invariant: `snapshot` holds the values of `state` as of the last `body`
/// evaluation; they differ only in slots `body` does not read (B13).
final class ViewNode {
    let name: String
    let parent: String?
    let host: Host
    var state: [String: Value]
    var slotOrder: [String]
    var snapshot: [String: Value]
    var bodyReads: Set<String>
    var onChange: [ChangeObserver]
    var modifiers: [PresentationModifier]
    var environmentObjects: [String]
    var children: [String] = []
    /// False once the view has left the hierarchy.
    var alive = true

    init(
        name: String, parent: String?, host: Host, state: [String: Value], slotOrder: [String],
        snapshot: [String: Value], bodyReads: Set<String>, onChange: [ChangeObserver],
        modifiers: [PresentationModifier], environmentObjects: [String]
    ) {
        self.name = name
        self.parent = parent
        self.host = host
        self.state = state
        self.slotOrder = slotOrder
        self.snapshot = snapshot
        self.bodyReads = bodyReads
        self.onChange = onChange
        self.modifiers = modifiers
        self.environmentObjects = environmentObjects
    }

    /// Slots whose change re-evaluates `body`: those it reads and those observed by `onChange` (B14).
    func bodyDepends(on slot: String) -> Bool {
        bodyReads.contains(slot) || onChange.contains { $0.slot == slot }
    }
}
