/// A view as it lives in the engine: its state, what its last `body`
/// evaluation captured, and where it sits.
///
/// Invariant: `snapshot` holds the values of `state` as of the last `body`
/// evaluation; they differ only in slots `body` does not read (B13).
struct ViewNode {
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

    /// Slots whose change re-evaluates `body`: those it reads and those observed by `onChange` (B14).
    func bodyDepends(on slot: String) -> Bool {
        bodyReads.contains(slot) || onChange.contains { $0.slot == slot }
    }
}
