/// Everything that decides what the app does next, as one value: views
/// and their state, the modal stack, held requests and the oscillation
/// guard's counts. Copying it is copying the app (`SheetApp.clone()`), and
/// two apps whose worlds are equal behave alike from here on, given the same
/// profile and stateless policies (`SheetApp.fingerprint()`).
///
/// Times inside are what is left of running transitions, never clock
/// readings; serial numbers and display times are `Uncompared`.
///
/// Invariants: each host shows at most one presentation, and each modifier
/// at most one (B05); `stack` is ordered bottom first, each presentation's
/// host being the root or a presentation below it; `held` has no empty
/// queue; `roots` lists the root views in the order they were added.
///
/// Hashing it re-hashes only the parts changed since `cacheHashes()`: views,
/// presentations (but for their lifecycle) and held queues keep their hash
/// until one of their fields is written (issue 27). The hash is a function
/// of the compared fields whatever is cached, so equal worlds hash alike.
struct World: Hashable {
    var orientation: Orientation = .portrait
    var views = ViewTable()
    /// Views added with no parent, in order.
    var roots: [ViewRef] = []
    /// Live presentations, bottom first.
    var stack: [Presentation] = []
    /// Requests held per modifier (P01 `queue`, a replacement waiting, B04).
    var held = ModifierMap<HeldQueue>()
    /// Milliseconds left of each modifier's reopen window after its last
    /// dismissal ended (B34; kept only on versions with the bug).
    var reopenWindows = ModifierMap<Int>()
    /// Presentations each modifier made since the last user action (P05).
    var presentationsWithoutInput = ModifierMap<Int>()
    /// The next serial number for a request. Bookkeeping.
    @Uncompared var nextSerial = 1

    /// Every compared field (`==` is synthesised; WorldHashTests fails when
    /// a field is added and not hashed here).
    func hash(into hasher: inout Hasher) {
        hasher.combine(orientation)
        hasher.combine(views)
        hasher.combine(roots)
        hasher.combine(stack.count)
        // Field by field (`Presentation.hash(into:)`'s parts): calling a
        // method on each presentation copied it (every field retained).
        for i in stack.indices {
            if let cached = stack[i].cachedHash {
                hasher.combine(cached)
                hasher.combine(stack[i].lifecycle)
            } else {
                stack[i].hash(into: &hasher)
            }
        }
        hasher.combine(held)
        hasher.combine(reopenWindows)
        hasher.combine(presentationsWithoutInput)
    }

    /// Caches the hashes of the views, presentations and held queues that
    /// changed since they were last cached. Writes only those, so a world
    /// whose parts are all cached is not copied.
    mutating func cacheHashes() {
        views.cacheHashes()
        // Looked for before writing (see `ViewTable.cacheHashes()`).
        if let first = stack.firstIndex(where: { $0.cachedHash == nil }) {
            for i in first..<stack.count where stack[i].cachedHash == nil { stack[i].cacheHash() }
        }
        held.modify(where: { $0.cachedHash == nil }) { $0.cacheHash() }
    }

    /// Whether every cached hash is that of its part as it is (tests).
    var cachedHashesAreCurrent: Bool {
        views.cachedHashesAreCurrent && stack.allSatisfy(\.cachedHashIsCurrent)
            && held.allSatisfy { $0.value.cachedHashIsCurrent }
    }

    mutating func serial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// The position in the stack of what a modifier shows.
    func index(of modifier: ModifierRef) -> Int? {
        stack.firstIndex { $0.modifier == modifier }
    }

    /// The position in the stack of the presentation a host shows.
    func index(host: Host) -> Int? {
        stack.firstIndex { $0.host == host }
    }

    /// The position in the stack of a presentation, by its request serial.
    func index(request: Int) -> Int? {
        stack.firstIndex { $0.request == request }
    }

    /// Every live view, roots first (each before its children), then the
    /// views inside presentations, bottom first.
    var viewOrder: [ViewRef] {
        var out: [ViewRef] = []
        for r in roots { out += views.subtree(r) }
        for p in stack { for v in p.contentViews { out += views.subtree(v) } }
        return out
    }
}
