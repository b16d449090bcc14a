import Dispatch
import Synchronization
import Testing

@testable import SheetEngine

/// The app's state is one value: copies are independent, and equality and
/// the fingerprint come from the types, whatever the clock reads.
@Suite struct WorldValueTests {
    let item = Views.ref("item")

    func openedAt(_ start: Int) throws -> SheetApp {
        let app = SheetApp()
        try app.addView(Views.itemSheet())
        try app.advance(by: start)
        try app.set(item, Views.item(1))
        try app.advance(by: 200)  // 300 ms of the present transition left
        return app
    }

    @Test func sameSituation_atDifferentTimes_isTheSameState() throws {
        let early = try openedAt(0)
        let late = try openedAt(12_345)
        #expect(early.now != late.now)
        #expect(early.sameState(as: late))
        #expect(early.fingerprint() == late.fingerprint())
    }

    @Test func aDifferentRemainingTime_isAnotherState() throws {
        let a = try openedAt(0)
        let b = try openedAt(0)
        try b.advance(by: 1)
        #expect(!a.sameState(as: b))
    }

    @Test func clone_isIndependent_ofTheOriginal() throws {
        let app = try openedAt(0)
        let copy = app.clone()
        try copy.advance(by: 300)
        try copy.swipeDown()
        #expect(app.stack.first?.phase == .presenting, "the original did not move")
        #expect(copy.stack.first?.phase == .dismissing)
        #expect(
            copy.timeline.events.map(\.kind) == [.presented, .swipe, .dismissing], "a copy starts a timeline of its own"
        )
        try app.advance(by: 300)
        #expect(app.stack.first?.phase == .presented)
    }

    /// Serial numbers are bookkeeping: the same sheet and the same held
    /// request, reached after different histories, are the same state.
    @Test func serialNumbers_doNotMakeStatesDiffer() throws {
        final class QueueAll: PresentationPolicy {
            var name: String { "queue-all" }
            var hooks: PolicyHooks { [.request] }
            func request(_ c: RequestContext) throws(PolicyFailure) -> RequestDecision? {
                c.phase == nil ? nil : .queue
            }
        }
        let a = SheetApp(policies: [QueueAll()])
        try a.addView(Views.itemSheet())
        try a.set(item, Views.item(1))
        try a.set(item, Views.item(2))
        try a.advance(by: 500)

        let b = SheetApp(policies: [QueueAll()])
        try b.addView(Views.itemSheet())
        try b.set(item, Views.item(3))
        try b.advance(by: 500)
        try b.swipeDown()
        try b.advance(by: 250)
        try b.set(item, Views.item(1))
        try b.set(item, Views.item(2))
        try b.advance(by: 500)

        #expect(a.state().held.map(\.item) == [Views.item(2)])
        #expect(a.sameState(as: b))
        try b.set(item, Views.item(4))  // one more held request
        #expect(!a.sameState(as: b))
    }

    /// A content box hashes its content the first time it is asked, and
    /// keeps it: equal contents in two boxes hash and compare alike, different
    /// ones apart, whichever box was asked first and from however many threads.
    @Test func contentBoxes_hashByValue_computedOnce() {
        let a = ContentBox(SheetContent(text: "item 1"))
        let b = ContentBox(SheetContent(text: "item 1"))
        let c = ContentBox(SheetContent(text: "item 2"))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(a.hashValue != c.hashValue, "different contents hash apart (a collision would be a 2^-64 chance)")

        // A box first hashed on several threads at once keeps one hash, that of its content.
        // (The checker's store hands worlds, boxes and all, between workers as unchecked-Sendable records.)
        nonisolated(unsafe) let shared = ContentBox(SheetContent(text: "item 1"))
        let seen = Mutex<Set<Int>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let h = shared.hashValue
            seen.withLock { _ = $0.insert(h) }
        }
        #expect(seen.withLock { $0 } == [a.hashValue])
    }

    /// Two apps showing different content are different states, though
    /// the content's hash is cached.
    @Test func differentContent_isAnotherState() throws {
        let a = try openedAt(0)
        let b = SheetApp()
        try b.addView(Views.itemSheet())
        try b.set(item, Views.item(2))
        try b.advance(by: 200)
        #expect(!a.sameState(as: b))
        #expect(a.fingerprint() != b.fingerprint())
    }

    /// A record's item id is its "id" field, whether the record is small
    /// (scanned) or not (looked up); nested or missing, it has none.
    @Test(arguments: [1, 4, 5, 12])
    func recordItemIDs_smallOrLarge(fields: Int) {
        var record: [String: Value] = ["id": .int(7)]
        for i in 1..<fields { record["field\(i)"] = .string("x") }
        #expect(Value.record(record).itemID == "7")
        record["id"] = .record(["id": .int(7)])
        #expect(Value.record(record).itemID == nil)
        record["id"] = nil
        #expect(Value.record(record).itemID == nil)
    }
}
