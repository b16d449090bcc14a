/// Which presenter (UIKit: view controller) a view belongs to: the root
/// window, or the content of a presentation. A presenter shows at most one
/// presentation at a time (B05), so presentations form a stack.
public enum Host: Hashable, Sendable {
    case root
    case presentation(Int)
}

/// A presentation modifier: the view it is on and its index there.
public struct ModifierID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The view the modifier is on.
    public var view: String
    /// Its position among the view's modifiers, from 0.
    public var index: Int

    public static func < (a: ModifierID, b: ModifierID) -> Bool {
        a.view == b.view ? a.index < b.index : a.view < b.view
    }

    public var description: String { "\(view)#\(index)" }
}

/// How a presentation is shown on this device and orientation.
public enum PresentationStyle: String, Sendable, Hashable, Codable {
    /// An edge-attached sheet with detents (compact width).
    case sheet
    /// A form sheet, centred; detents do not apply (regular width, B19).
    case formSheet
    /// Full screen: a cover, or a sheet adapted in compact height (B20).
    case fullScreen
}

/// A request held by the engine for a modifier (P01 `queue`, B04 `replace`).
struct HeldRequest: Hashable {
    var serial: Int
    var item: Value
    var time: Int
}

/// The requests a modifier holds, oldest first. Taking the oldest is O(1)
/// amortised, so the per-event cost does not grow with the queue's length.
struct HeldQueue: Sequence, ExpressibleByArrayLiteral {
    private var items: [HeldRequest] = []
    private var head = 0

    init(arrayLiteral elements: HeldRequest...) { items = elements }

    var count: Int { items.count - head }
    var isEmpty: Bool { count == 0 }
    var first: HeldRequest? { isEmpty ? nil : items[head] }

    mutating func append(_ r: HeldRequest) { items.append(r) }

    /// Puts a request back at the front (it was taken but could not be presented).
    mutating func prepend(_ r: HeldRequest) {
        if head > 0 {
            head -= 1
            items[head] = r
        } else {
            items.insert(r, at: 0)
        }
    }

    mutating func removeFirst() {
        head += 1
        // Drop the taken part once it is most of the storage.
        if head >= 64 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
    }

    func makeIterator() -> ArraySlice<HeldRequest>.Iterator { items[head...].makeIterator() }
}

/// One live presentation. A reference type: the engine mutates it in place
/// on hot paths, and nothing outside the engine holds one.
///
/// Invariants: `phaseEnds` is set exactly when `phase` is `presenting` or
/// `dismissing`; `detent` is one of `detents` when `style == .sheet` and
/// detents are in effect; content views listed in `contentViews` exist in
/// the view table with `host == .presentation(id)`.
final class Presentation {
    let id: Int
    let modifier: ModifierID
    /// The presenter's view node and the modifier as declared there, kept so
    /// that hot paths need no lookups.
    let node: ViewNode
    let definition: PresentationModifier
    var kind: PresentationKind { definition.kind }
    var trigger: PresentationTrigger { definition.trigger }
    /// The presenter it was presented from.
    let host: Host

    /// Its signature, `sheet(item:)`.
    var signature: String { definition.signature }
    var phase: Phase
    var phaseEnds: Int?
    var item: Value
    var itemID: String?
    /// Serial of the request that led to it: held requests for the same item
    /// stay distinct (P01).
    var request: Int
    var content: SheetContent?
    var contentViews: [String] = []
    /// Slots read through bindings by the content (B14).
    var dependencies: [StateRef] = []
    var style: PresentationStyle = .sheet
    /// Active detents, smallest first.
    var detents: [ResolvedDetent] = []
    var detent: Detent?
    var height: Double = 0
    var dragHeight: Double?
    var dismissCause: DismissCause?
    /// A dismissal asked for while presenting; starts when presented.
    var deferredDismiss: DismissCause?
    /// B04: what to present once this one is gone.
    var replacement: HeldRequest?
    /// B03: a request made while dismissing, which the write-back will overwrite.
    var lostRequest: Value?
    /// Whether its dismiss transition animates (B06: only the top one does).
    var animated = true

    /// The detent selection binding, when detents are in effect (B23).
    var selection: StateRef?

    init(
        id: Int, modifier: ModifierID, node: ViewNode, phase: Phase, phaseEnds: Int?, item: Value, itemID: String?,
        request: Int
    ) {
        self.id = id
        self.modifier = modifier
        self.node = node
        self.definition = node.modifiers[modifier.index]
        self.host = node.host
        self.phase = phase
        self.phaseEnds = phaseEnds
        self.item = item
        self.itemID = itemID
        self.request = request
    }
}
