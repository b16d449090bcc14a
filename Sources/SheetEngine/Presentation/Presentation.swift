import Synchronization

/// How a presentation is shown on this device and orientation.
public enum PresentationStyle: String, Sendable, Hashable, Codable {
    /// An edge-attached sheet with detents (compact width).
    case sheet
    /// A form sheet, centred; detents do not apply (regular width, B19); its size follows `sizing` (B30).
    case formSheet
    /// A popover (regular width; in compact width it adapts to a sheet, B40).
    case popover
    /// Full screen: a cover, or a sheet adapted in compact height (B20).
    case fullScreen
}

/// One live presentation, as a value in the world's stack.
///
/// Invariants: the modifier shows no other presentation; `host` is the host
/// of the modifier's view; content views listed in `contentViews` exist in
/// the view table with host `.presentation(modifier)`; `layout.detent` is
/// one of `layout.detents`. The lifecycle carries what each phase has.
struct Presentation: Hashable {
    let modifier: ModifierRef
    let host: Host
    /// Identity: the serial of the request it was presented for (held
    /// requests for the same item stay distinct, P01). Bookkeeping.
    @Uncompared var request: Int
    var lifecycle: Lifecycle
    /// Its item (`true` for an `isPresented` presentation) and the item's identity.
    var item: Value { didSet { cachedHash = nil } }
    var itemID: String? { didSet { cachedHash = nil } }
    /// What the content closure last returned, boxed so that copying a
    /// presentation stays cheap. The engine reads it as `world.stack[i].shown.value`:
    /// a path of stored properties, read in place, where a computed
    /// property of a presentation in the world (a class's property) made a
    /// copy of the whole presentation first.
    private(set) var shown: ContentBox { didSet { cachedHash = nil } }
    var contentViews: [ViewRef] = [] { didSet { cachedHash = nil } }
    /// Slots the content read through bindings (B14).
    var dependencies: [SlotRef] = [] { didSet { cachedHash = nil } }
    var layout = SheetLayout() { didSet { cachedHash = nil } }
    /// While dragging, the dragged height.
    var dragHeight: Double? { didSet { cachedHash = nil } }
    /// The content button the running drag started on (B51).
    var dragButton: String? { didSet { cachedHash = nil } }
    /// A detent change that waits: until presented (B49) or the drag ends (B50).
    var deferredLayout: DeferredLayout? { didSet { cachedHash = nil } }
    /// How it presents and dismisses, once its content has been read (B38, B45).
    var transition: SheetTransition = .standard { didSet { cachedHash = nil } }
    /// Reopened within the window after a dismissal, it ignores its detents (B34, 18.0-18.3).
    var ignoresDetents = false { didSet { cachedHash = nil } }
    /// The hash of the compared fields but the lifecycle, while none of
    /// them has changed since it was taken (each clears it when written;
    /// `World.cacheHashes()` sets it). The lifecycle is left out because
    /// every wait ages it; it is hashed each time, which is cheap.
    @Uncompared private(set) var cachedHash: Int?

    var content: SheetContent {
        _read { yield shown.value }
        set { shown = ContentBox(newValue) }
    }

    var phase: Phase { lifecycle.phase }

    /// The hash of the compared fields but the lifecycle (`==` compares
    /// them all; PresentationHashTests fails when a field is added here
    /// and not to this list).
    private var hashBesidesLifecycle: Int {
        var h = Hasher()
        h.combine(modifier)
        h.combine(host)
        h.combine(item)
        h.combine(itemID)
        h.combine(shown)
        h.combine(contentViews)
        h.combine(dependencies)
        h.combine(layout)
        h.combine(dragHeight)
        h.combine(dragButton)
        h.combine(deferredLayout)
        h.combine(transition)
        h.combine(ignoresDetents)
        return h.finalize()
    }

    /// Equal presentations hash alike whether or not their hash is cached.
    /// Inlined, so that the world's hash reads the two fields in place.
    @inline(__always)
    func hash(into hasher: inout Hasher) {
        // Not `??`: its autoclosure would copy the presentation.
        if let cachedHash { hasher.combine(cachedHash) } else { hasher.combine(hashBesidesLifecycle) }
        hasher.combine(lifecycle)
    }

    /// Caches the hash of all but the lifecycle (see `World.cacheHashes()`).
    mutating func cacheHash() { cachedHash = hashBesidesLifecycle }

    /// Whether the cached hash, if any, is that of the fields as they are (tests).
    var cachedHashIsCurrent: Bool { cachedHash.map { $0 == hashBesidesLifecycle } ?? true }
}

extension Presentation {
    /// Delegates to the memberwise init, which builds the value where it
    /// goes (assignments in an init of the struct's own made a copy and
    /// destroyed the original).
    init(modifier: ModifierRef, host: Host, request: Int, lifecycle: Lifecycle, item: Value, itemID: String?) {
        self.init(
            modifier: modifier, host: host, request: request, lifecycle: lifecycle, item: item, itemID: itemID,
            shown: ContentBox.empty)
    }
}

/// An immutable `SheetContent`, compared by value. Its hash is computed
/// the first time something asks for it and kept: `sheetlab check` hashes
/// the world after every step, and a presentation's content (text, detents,
/// options) seldom changes between steps (issue 27: about a sixth of the
/// world's hashing), while a run that never hashes the world does not pay
/// for it (issue 28: about 130 instructions an engine event). Boxes are
/// shared by the checker's worlds across threads, so the kept hash is an
/// atomic (relaxed: any thread computes the same value).
final class ContentBox: Hashable {
    let value: SheetContent
    /// The hash, or 0 while not yet computed (a hash of 0 is kept as 1).
    private let keptHash = Atomic<Int>(0)

    init(_ value: consuming SheetContent) { self.value = value }

    /// Calls `body` with the content in place: `box.value` passed on or
    /// kept in a local is a copy, which retains each of its fields.
    @inline(__always)
    func withValue<R>(_ body: (SheetContent) throws -> R) rethrows -> R { try body(value) }

    nonisolated(unsafe) static let empty = ContentBox(SheetContent())

    private var hash: Int {
        let kept = keptHash.load(ordering: .relaxed)
        if kept != 0 { return kept }
        var h = Hasher()
        h.combine(value)
        let made = h.finalize()
        let nonzero = made == 0 ? 1 : made
        keptHash.store(nonzero, ordering: .relaxed)
        return nonzero
    }

    static func == (a: ContentBox, b: ContentBox) -> Bool { a === b || (a.hash == b.hash && a.value == b.value) }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// Where a presentation sits: its style and detents as last laid out.
/// When a waiting detent change is applied (B49, B50).
enum DeferredLayout: Hashable {
    case presented, dragEnd
}

struct SheetLayout: Hashable {
    var style: PresentationStyle = .sheet
    /// Active detents, smallest first.
    var detents: [ResolvedDetent] = []
    var detent: Detent?
    var height: Double = 0
    /// The detent selection binding, when detents are in effect (B23).
    var selection: SlotRef?
    /// A sheet's placement as last reported, so that a change is said once
    /// and against what was on screen (B36, B37).
    var placement: SheetPlacement?
}

/// A request held by the engine for a modifier (P01 `queue`, B04 `replace`).
struct HeldRequest: Hashable {
    /// Orders requests across modifiers (the oldest goes first). Bookkeeping.
    @Uncompared var serial: Int
    var item: Value
    /// When it was asked for, for display. Bookkeeping.
    @Uncompared var time: Int
}

/// The requests a modifier holds, oldest first. Taking the oldest is O(1)
/// amortised, so the per-event cost does not grow with the queue's length.
/// Equal when the requests waiting are. `cachedHash`, when set, is the
/// hash of the requests waiting (the mutating methods clear it).
struct HeldQueue: Sequence, ExpressibleByArrayLiteral, Hashable {
    private var items: [HeldRequest] = [] { didSet { cachedHash = nil } }
    private var head = 0 { didSet { cachedHash = nil } }
    private(set) var cachedHash: Int?

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

    static func == (a: HeldQueue, b: HeldQueue) -> Bool { a.items[a.head...] == b.items[b.head...] }

    private var contentHash: Int {
        var h = Hasher()
        h.combine(count)
        for r in self { h.combine(r) }
        return h.finalize()
    }

    func hash(into hasher: inout Hasher) {
        if let cachedHash { hasher.combine(cachedHash) } else { hasher.combine(contentHash) }
    }

    /// Caches the hash (see `World.cacheHashes()`).
    mutating func cacheHash() { cachedHash = contentHash }

    /// Whether the cached hash, if any, is that of the requests waiting (tests).
    var cachedHashIsCurrent: Bool { cachedHash.map { $0 == contentHash } ?? true }
}
