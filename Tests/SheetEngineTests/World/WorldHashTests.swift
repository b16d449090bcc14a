import Testing

@testable import SheetEngine

/// The world's hand-written hashes (issue 27's incremental fingerprints):
/// views, presentations (but for their lifecycle) and held queues cache
/// their hash, and the hash is the same whatever is cached. `==` is
/// synthesised, so a field added to one of these types is compared at once;
/// the field lists below make such a field fail here until it is hashed too.
@Suite struct WorldHashTests {
    static let item = Views.ref("item")
    static let inner = Views.ref("isPresented", "Inner")

    final class QueueAll: PresentationPolicy {
        var name: String { "queue-all" }
        var hooks: PolicyHooks { [.request] }
        func request(_ c: RequestContext) throws(PolicyFailure) -> RequestDecision? {
            c.phase == nil ? nil : .queue
        }
    }

    /// Seed 000's item sheet, whose content holds a view with a sheet of its
    /// own (content views, children, a nested presentation), with requests
    /// made while a sheet shows held (a held queue).
    static func app() throws -> SheetApp {
        let app = SheetApp(profile: try Profile.named("iphone15-ios17"), policies: [QueueAll()])
        try app.addView(
            Views.itemSheet(content: { ctx in
                SheetContent(
                    text: "item \(ctx.item["id"])", view: Views.flagSheet(name: "Inner"),
                    detents: DetentsModifier([.medium, .large]))
            }))
        return app
    }

    /// Steps through every kind of part the world caches: views added and
    /// removed, state written, presentations presented, dragged, laid out
    /// and dismissed, requests held and taken, the orientation.
    static let steps: [(String, @Sendable (SheetApp) throws -> Void)] = [
        ("present item 1", { try $0.set(item, Views.item(1)) }),
        ("half the transition", { try $0.advance(by: 250) }),
        ("hold item 2", { try $0.set(item, Views.item(2)) }),
        ("hold item 3", { try $0.set(item, Views.item(3)) }),
        ("presented", { try $0.advance(by: 500) }),
        ("drag", { try $0.drag(to: 700) }),
        ("release", { try $0.release() }),
        ("settle", { try $0.advance(by: 500) }),
        ("present the inner sheet", { try $0.set(inner, true) }),
        ("inner presented", { try $0.advance(by: 500) }),
        ("rotate", { $0.rotate(to: .landscape) }),
        ("rotate back", { $0.rotate(to: .portrait) }),
        ("swipe the inner sheet down", { try $0.swipeDown() }),
        ("inner dismissed", { try $0.advance(by: 500) }),
        ("swipe item 1 down", { try $0.swipeDown() }),
        ("item 2 from the queue", { try $0.advance(by: 1000) }),
        ("dismiss from code", { try $0.set(item, .none) }),
        ("item 3 from the queue", { try $0.advance(by: 1000) }),
        ("idle", { try $0.advance(by: 1000) }),
    ]

    static func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.map { $0.label ?? "?" } }

    // MARK: Field lists

    /// A field added to `World` must be hashed in `World.hash(into:)` (or be
    /// `Uncompared`), then listed here.
    @Test func worldFields_areTheHashedOnes() throws {
        #expect(
            Self.labels(World()) == [
                "orientation", "views", "roots", "stack", "held", "reopenWindows", "presentationsWithoutInput",
                "_nextSerial",
            ])
        #expect(Self.labels(ViewTable()) == ["rows", "_byName", "_freeRows"], "ViewTable.hash(into:) hashes rows")
    }

    /// A field added to `ViewNode` must be hashed in its `contentHash` and
    /// clear `cachedHash` when written, then listed here.
    @Test func viewNodeFields_areTheHashedOnes() {
        #expect(
            Self.labels(ViewNode.free) == [
                "declaration", "host", "parent", "children", "state", "snapshot", "_triggers", "_bindings",
                "_cachedHash",
            ])
    }

    /// A field added to `Presentation` must be hashed in
    /// `hashBesidesLifecycle` and clear `cachedHash` when written, then listed here.
    @Test func presentationFields_areTheHashedOnes() throws {
        let app = try Self.app()
        try app.set(Self.item, Views.item(1))
        let p = try #require(app.world.stack.first)
        #expect(
            Self.labels(p) == [
                "modifier", "host", "_request", "lifecycle", "item", "itemID", "shown", "contentViews", "dependencies",
                "layout", "dragHeight", "dragButton", "deferredLayout", "transition", "ignoresDetents", "_cachedHash",
            ])
    }

    /// `HeldQueue` hashes the requests waiting; its storage clears the cache.
    @Test func heldQueueFields_areTheHashedOnes() {
        #expect(Self.labels([] as HeldQueue) == ["items", "head", "cachedHash"])
    }

    // MARK: Cached and uncached agree

    /// Two apps take the same steps; one caches its hashes after each step
    /// (as `sheetlab check` does), the other never. Their fingerprints and
    /// snapshots' hashes agree at every step, and no cached hash is stale.
    @Test func cachedAndUncachedFingerprints_agreeAlongAScenario() throws {
        let cached = try Self.app()
        let uncached = try Self.app()
        cached.cacheHashes()
        var fingerprints: Set<Int> = [cached.fingerprint()]
        for (name, step) in Self.steps {
            try step(cached)
            try step(uncached)
            #expect(cached.cachedHashesAreCurrent, "after \(name): a write left a stale hash")
            #expect(cached.sameState(as: uncached), "after \(name)")
            #expect(cached.fingerprint() == uncached.fingerprint(), "after \(name), before caching")
            cached.cacheHashes()
            #expect(cached.cachedHashesAreCurrent, "after \(name), cached")
            #expect(cached.fingerprint() == uncached.fingerprint(), "after \(name), cached")
            #expect(cached.snapshot().hashValue == uncached.snapshot().hashValue, "after \(name)")
            fingerprints.insert(cached.fingerprint())
        }
        #expect(fingerprints.count > Self.steps.count / 2, "the scenario goes through many states")
        #expect(cached.world.held.isEmpty, "the queue was emptied")
    }

    /// A snapshot keeps the hashes cached in it: restored into another app
    /// and stepped on, it hashes as the same steps from scratch do.
    @Test func restoredSnapshots_hashAsFreshWorlds() throws {
        let explorer = try Self.app()
        let fresh = try Self.app()
        for (name, step) in Self.steps {
            explorer.cacheHashes()
            let saved = explorer.snapshot()
            try step(explorer)
            try step(fresh)
            // Back and forth, as an explorer does between successors.
            let here = explorer.snapshot()
            explorer.restore(saved, clock: explorer.now)
            explorer.cacheHashes()
            explorer.restore(here, clock: explorer.now)
            #expect(explorer.cachedHashesAreCurrent, "after \(name)")
            #expect(explorer.fingerprint() == fresh.fingerprint(), "after \(name)")
        }
    }

    // MARK: Writing a cached part clears its hash

    /// A world with a presentation and held requests, every hash cached.
    static func cachedWorld() throws -> World {
        let app = try Self.app()
        for (_, step) in Self.steps.prefix(5) { try step(app) }
        app.cacheHashes()
        let w = app.world
        #expect(w.stack.count == 1 && w.held.keys.count == 1 && w.views.rows.count == 2)
        #expect(w.stack.allSatisfy { $0.cachedHash != nil } && w.views.rows.allSatisfy { $0.cachedHash != nil })
        #expect(w.held.allSatisfy { $0.value.cachedHash != nil })
        return w
    }

    /// Writes one field of a world whose hashes are all cached, and checks
    /// that the world is another state, with another hash, and that the hash
    /// is the one a world with nothing cached has.
    func expectWritingClearsTheHash(
        _ field: String, sourceLocation: SourceLocation = #_sourceLocation, _ write: (inout World) -> Void
    ) throws {
        let before = try Self.cachedWorld()
        var after = before
        write(&after)
        let current = after.cachedHashesAreCurrent
        #expect(current, "\(field): the write left a stale hash", sourceLocation: sourceLocation)
        let changed = after != before
        #expect(changed, "\(field): the write changed nothing", sourceLocation: sourceLocation)
        #expect(after.hashValue != before.hashValue, "\(field) is not hashed", sourceLocation: sourceLocation)
        var recached = after
        recached.cacheHashes()
        #expect(recached.hashValue == after.hashValue, "\(field)", sourceLocation: sourceLocation)
    }

    @Test func writingAView_clearsItsHash() throws {
        let row = ViewRef(index: 0)
        try expectWritingClearsTheHash("state") { $0.views[row].state[0] = Views.item(9) }
        try expectWritingClearsTheHash("snapshot") { $0.views[row].snapshot[0] = Views.item(9) }
        try expectWritingClearsTheHash("children") { $0.views[row].children.append(ViewRef(index: 7)) }
        try expectWritingClearsTheHash("slot") { $0.views[SlotRef(view: row, index: 0)] = .int(9) }
    }

    @Test func writingAPresentation_clearsItsHash() throws {
        try expectWritingClearsTheHash("item") { $0.stack[0].item = Views.item(9) }
        try expectWritingClearsTheHash("itemID") { $0.stack[0].itemID = "9" }
        try expectWritingClearsTheHash("shown") { $0.stack[0].content = SheetContent(text: "other") }
        try expectWritingClearsTheHash("contentViews") { $0.stack[0].contentViews.append(ViewRef(index: 7)) }
        try expectWritingClearsTheHash("dependencies") {
            $0.stack[0].dependencies.append(SlotRef(view: ViewRef(index: 0), index: 0))
        }
        try expectWritingClearsTheHash("layout") { $0.stack[0].layout.height += 1 }
        try expectWritingClearsTheHash("dragHeight") { $0.stack[0].dragHeight = 123 }
        try expectWritingClearsTheHash("dragButton") { $0.stack[0].dragButton = "OK" }
        try expectWritingClearsTheHash("deferredLayout") { $0.stack[0].deferredLayout = .dragEnd }
        try expectWritingClearsTheHash("transition") { $0.stack[0].transition = .crossFade }
        try expectWritingClearsTheHash("ignoresDetents") { $0.stack[0].ignoresDetents.toggle() }
        // Not cached, hashed each time.
        try expectWritingClearsTheHash("lifecycle") { $0.stack[0].lifecycle = .presenting(left: 1, then: nil) }
    }

    @Test func writingAHeldQueue_clearsItsHash() throws {
        let request = HeldRequest(serial: 99, item: Views.item(9), time: 0)
        let m = try #require(try Self.cachedWorld().held.first { _ in true }?.key)
        try expectWritingClearsTheHash("append") { $0.held[m]!.append(request) }
        try expectWritingClearsTheHash("prepend") { $0.held[m]!.prepend(request) }
        try expectWritingClearsTheHash("removeFirst") { $0.held[m]!.removeFirst() }
    }

    @Test func writingTheWorldsOtherFields_changesItsHash() throws {
        let m = try #require(try Self.cachedWorld().stack.first?.modifier)
        try expectWritingClearsTheHash("orientation") { $0.orientation = .landscape }
        try expectWritingClearsTheHash("roots") { $0.roots.append(ViewRef(index: 7)) }
        try expectWritingClearsTheHash("stack") { $0.stack.removeAll() }
        try expectWritingClearsTheHash("reopenWindows") { $0.reopenWindows[m] = 5 }
        try expectWritingClearsTheHash("presentationsWithoutInput") { $0.presentationsWithoutInput[m] = 5 }
    }

    /// Bookkeeping is neither compared nor hashed, cached or not.
    @Test func bookkeeping_isNotHashed() throws {
        let before = try Self.cachedWorld()
        var after = before
        after.nextSerial += 10
        after.stack[0].request += 10
        #expect(after == before && after.hashValue == before.hashValue)
    }
}
