import SheetEngine
import Synchronization

/// A state as explored states are told apart, with its hash computed once.
struct StateKey: Hashable, @unchecked Sendable {
    let snapshot: SheetApp.Snapshot
    let hash: Int

    init(_ snapshot: SheetApp.Snapshot) {
        self.snapshot = snapshot
        hash = snapshot.hashValue
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    static func == (a: StateKey, b: StateKey) -> Bool { a.hash == b.hash && a.snapshot == b.snapshot }
}

/// Where a path reaches a state: the position of the state it comes from
/// in its level's frontier, and the step's position among that state's
/// steps. Paths are ordered by it (a breadth-first search's order), and of
/// all the ways into a state the least one is kept, whichever worker found
/// it first: results do not depend on the number of workers.
struct Arrival: Comparable, Hashable, Sendable {
    var parent: Int32
    var action: Int32
    /// The step itself (not compared: the positions say which it is).
    var step: CheckAction?

    init(parent: Int32, action: Int32, step: CheckAction? = nil) {
        self.parent = parent
        self.action = action
        self.step = step
    }

    static func < (a: Arrival, b: Arrival) -> Bool {
        a.parent != b.parent ? a.parent < b.parent : a.action < b.action
    }

    static func == (a: Arrival, b: Arrival) -> Bool { a.parent == b.parent && a.action == b.action }

    func hash(into hasher: inout Hasher) {
        hasher.combine(parent)
        hasher.combine(action)
    }
}

/// Every state explored, shared by the workers: a map from each state's key
/// to what is known of it, split in shards with a lock each so that workers
/// seldom wait for one another.
final class StateStore: @unchecked Sendable {
    /// A state's place in the store: its shard and its row there.
    struct Ref: Hashable, Sendable {
        var shard: Int32
        var row: Int32
    }

    /// What is known of a state.
    struct Record: @unchecked Sendable {
        /// The state as reached (with symmetry, one of the states the key stands for).
        var state: SheetApp.Snapshot
        var clock: Int
        /// The worker whose app took the snapshot (its views' code runs there).
        var owner: Int32
        /// Its depth: the steps from the set-up.
        var level: Int32
        /// The least way in found so far (see `Arrival`).
        var arrival: Arrival
        /// Its number once its level is done: states are numbered in
        /// breadth-first order, the set-up 0. -1 until then.
        var number: Int32 = -1
        /// The first invariant of the state it breaks, if any.
        var violation: InvariantChecks.Found?
        /// How many states it stands for (symmetry).
        var standsFor = 1
    }

    private final class Shard: @unchecked Sendable {
        struct Content {
            var index: [StateKey: Int32] = [:]
            var records: [Record] = []
            /// Rows added at the level being explored.
            var fresh: [Int32] = []
        }
        let content = Mutex(Content())
    }

    static let shardCount = 64
    private let shards = (0..<StateStore.shardCount).map { _ in Shard() }
    private let total = Atomic<Int>(0)

    /// How many states are stored.
    var count: Int { total.load(ordering: .relaxed) }

    /// Stores a state reached at `level`, or, when it is stored already at
    /// that level, keeps the least way in.
    /// - Returns: its place, and whether it is new.
    func insert(_ key: StateKey, level: Int32, arrival: Arrival, make: () -> Record) -> (ref: Ref, isNew: Bool) {
        let s = Int32(truncatingIfNeeded: UInt(bitPattern: key.hash) % UInt(Self.shardCount))
        return shards[Int(s)].content.withLock { c in
            if let row = c.index[key] {
                if c.records[Int(row)].level == level, arrival < c.records[Int(row)].arrival {
                    c.records[Int(row)].arrival = arrival
                }
                return (Ref(shard: s, row: row), false)
            }
            let row = Int32(c.records.count)
            c.records.append(make())
            c.index[key] = row
            c.fresh.append(row)
            total.add(1, ordering: .relaxed)
            return (Ref(shard: s, row: row), true)
        }
    }

    /// Records that a new state breaks an invariant.
    func setViolation(_ ref: Ref, _ found: InvariantChecks.Found) {
        shards[Int(ref.shard)].content.withLock { $0.records[Int(ref.row)].violation = found }
    }

    func record(_ ref: Ref) -> Record {
        shards[Int(ref.shard)].content.withLock { $0.records[Int(ref.row)] }
    }

    /// The states added since the last call, in breadth-first order (by
    /// their least way in), numbered from `firstNumber`. Call it between
    /// levels, when no worker is inserting.
    func takeFresh(numberingFrom firstNumber: Int) -> [Record] {
        var all: [(ref: Ref, record: Record)] = []
        for (s, shard) in shards.enumerated() {
            shard.content.withLock { c in
                for row in c.fresh { all.append((Ref(shard: Int32(s), row: row), c.records[Int(row)])) }
                c.fresh.removeAll(keepingCapacity: true)
            }
        }
        all.sort { $0.record.arrival < $1.record.arrival }
        for (i, entry) in all.enumerated() {
            let number = Int32(firstNumber + i)
            all[i].record.number = number
            shards[Int(entry.ref.shard)].content.withLock { $0.records[Int(entry.ref.row)].number = number }
        }
        return all.map(\.record)
    }

    /// The number of a state whose level is done.
    func number(_ ref: Ref) -> Int32 {
        shards[Int(ref.shard)].content.withLock { $0.records[Int(ref.row)].number }
    }
}
