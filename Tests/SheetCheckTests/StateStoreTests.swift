import SheetEngine
import Testing

@testable import SheetCheck

/// The store the workers share: each state once, with its least way in,
/// numbered in breadth-first order between levels.
@Suite struct StateStoreTests {
    /// Three distinct states of seed 000's app: nothing chosen, item 0, item 1.
    static func snapshots() throws -> [SheetApp.Snapshot] {
        let app = try SeedApp.make()
        var out = [app.snapshot()]
        for id in [0, 1] {
            try app.set(SeedApp.item, .record(["id": .int(id)]))
            try app.advanceUntilIdle()
            out.append(app.snapshot())
        }
        return out
    }

    static func record(_ s: SheetApp.Snapshot, level: Int32, _ arrival: Arrival) -> StateStore.Record {
        StateStore.Record(state: s, clock: 0, owner: 0, level: level, arrival: arrival)
    }

    @Test func aStateIsStoredOnce_keepingItsLeastWayIn_atItsLevel() throws {
        let s = try Self.snapshots()
        let store = StateStore()
        let late = Arrival(parent: 3, action: 1)
        let early = Arrival(parent: 1, action: 4)
        let (ref, isNew) = store.insert(StateKey(s[1]), level: 1, arrival: late) { Self.record(s[1], level: 1, late) }
        #expect(isNew)
        let again = store.insert(StateKey(s[1]), level: 1, arrival: early) { Self.record(s[1], level: 1, early) }
        #expect(!again.isNew && again.ref == ref)
        #expect(store.arrival(ref) == early, "the least way in, whoever came first")
        _ = store.insert(StateKey(s[1]), level: 2, arrival: Arrival(parent: 0, action: 0)) {
            Self.record(s[1], level: 2, Arrival(parent: 0, action: 0))
        }
        #expect(store.arrival(ref) == early, "a way in from a deeper level is not a shortest path")
        #expect(store.count == 1)
    }

    @Test func freshStates_comeInBreadthFirstOrder_numbered() throws {
        let s = try Self.snapshots()
        let store = StateStore()
        let arrivals = [Arrival(parent: 2, action: 0), Arrival(parent: 0, action: 5), Arrival(parent: 0, action: 1)]
        var refs: [StateStore.Ref] = []
        for (snapshot, arrival) in zip(s, arrivals) {
            refs.append(
                store.insert(StateKey(snapshot), level: 1, arrival: arrival) {
                    Self.record(snapshot, level: 1, arrival)
                }.ref)
        }
        let fresh = store.takeFresh(numberingFrom: 10)
        #expect(fresh.map(\.arrival) == arrivals.sorted())
        #expect(fresh.map(\.number) == [10, 11, 12])
        #expect(store.number(refs[2]) == 10 && store.number(refs[0]) == 12)
        #expect(store.takeFresh(numberingFrom: 13).isEmpty, "taken once")
    }

    @Test func aViolation_staysWithItsState() throws {
        let s = try Self.snapshots()
        let store = StateStore()
        let a = Arrival(parent: 0, action: 0)
        let (ref, _) = store.insert(StateKey(s[2]), level: 1, arrival: a) { Self.record(s[2], level: 1, a) }
        store.setViolation(ref, InvariantChecks.Found(name: "x", order: 0, message: "m"))
        #expect(store.takeFresh(numberingFrom: 1).first?.violation?.message == "m")
    }

    @Test func aDoneLevel_keepsOnlyTheCompactPart_ofItsStates() throws {
        let s = try Self.snapshots()
        let store = StateStore()
        let a = Arrival(parent: 0, action: 2, step: .swipe)
        let (ref, _) = store.insert(StateKey(s[1]), level: 1, arrival: a) { Self.record(s[1], level: 1, a) }
        #expect(store.arrival(ref).step == .swipe, "in full while its level is explored")
        _ = store.takeFresh(numberingFrom: 1)
        #expect(store.arrival(ref) == a && store.arrival(ref).step == nil, "positions only after it")
        #expect(store.number(ref) == 1)
        #expect(!store.insert(StateKey(s[1]), level: 2, arrival: a) { Self.record(s[1], level: 2, a) }.isNew)
    }

    @Test func exhaustiveChecks_keepAFewBytesPerState() throws {
        let checker = try SeedApp.checker(policies: { [QueuePolicy()] }, invariants: [.noRequestLost])
        checker.itemIDs = Array(0..<4)
        let report = checker.exhaustive(depth: 64)
        #expect(report.states > 500)
        let bytes = try #require(report.bytesPerState)
        #expect(bytes > 16 && bytes < 80, "\(bytes) bytes per state")
    }
}
