import SheetEngine
import Synchronization

/// A state as explored states are told apart: its 64-bit fingerprint (the
/// hash of its world), not the world itself. Two distinct states with one
/// fingerprint would count as one; with n states that has a probability of
/// about n²/2⁶⁵ (one in 37 million for a million states), the trade TLC,
/// Specl and stateright make for a store of a few bytes per state.
struct StateKey: Hashable, Sendable {
    let fingerprint: Int

    init(_ snapshot: SheetApp.Snapshot) { fingerprint = snapshot.hashValue }

    init(fingerprint: Int) { self.fingerprint = fingerprint }

    func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
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

/// Every state explored, shared by the workers: a map from each state's
/// fingerprint to what is known of it, split in shards with a lock each so
/// that workers seldom wait for one another.
///
/// Compact: a state of a finished level keeps its fingerprint, its level,
/// its least way in (positions only) and its number, some 30 bytes with the
/// map's share (`bytesPerState`). Its world, clock, owner, step and
/// violation are kept only while its level is explored, until `takeFresh`
/// hands them to the next frontier (the world is then dropped once it has
/// been expanded, unless liveness keeps the graph).
final class StateStore: @unchecked Sendable {
    /// A state's place in the store: its shard and its row there.
    struct Ref: Hashable, Sendable {
        var shard: Int32
        var row: Int32
    }

    /// What is known of a state while its level is explored.
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
        /// The steps it need not take (sleep sets), met over its ways in at its level.
        var sleep = SleepSet()
    }

    /// What is kept of every state.
    struct Stored {
        var level: Int32
        var parent: Int32
        var action: Int32
        var number: Int32 = -1
    }

    private final class Shard: @unchecked Sendable {
        struct Content {
            var index: [StateKey: Int32] = [:]
            var stored: [Stored] = []
            /// The rows added at the level being explored, from `freshBase` on, in full.
            var fresh: [Record] = []
            var freshBase: Int32 = 0
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
        let s = Int32(truncatingIfNeeded: UInt(bitPattern: key.fingerprint) % UInt(Self.shardCount))
        return shards[Int(s)].content.withLock { c in
            if let row = c.index[key] {
                let r = Int(row)
                if c.stored[r].level == level, arrival < Arrival(parent: c.stored[r].parent, action: c.stored[r].action)
                {
                    c.stored[r].parent = arrival.parent
                    c.stored[r].action = arrival.action
                    c.fresh[r - Int(c.freshBase)].arrival = arrival
                }
                return (Ref(shard: s, row: row), false)
            }
            let row = Int32(c.stored.count)
            c.stored.append(Stored(level: level, parent: arrival.parent, action: arrival.action))
            c.fresh.append(make())
            c.index[key] = row
            total.add(1, ordering: .relaxed)
            return (Ref(shard: s, row: row), true)
        }
    }

    /// Meets a fresh state's sleep set with what another way in at its
    /// level lets it sleep on; a state of an earlier level is left alone
    /// (it was expanded already).
    func meetSleep(_ ref: Ref, _ sleep: SleepSet) {
        shards[Int(ref.shard)].content.withLock { c in
            guard ref.row >= c.freshBase else { return }
            let i = Int(ref.row - c.freshBase)
            c.fresh[i].sleep = c.fresh[i].sleep.meet(sleep)
        }
    }

    /// Records that a new state breaks an invariant.
    func setViolation(_ ref: Ref, _ found: InvariantChecks.Found) {
        shards[Int(ref.shard)].content.withLock { $0.fresh[Int(ref.row - $0.freshBase)].violation = found }
    }

    /// The least way in to a state (with its step while its level is explored).
    func arrival(_ ref: Ref) -> Arrival {
        shards[Int(ref.shard)].content.withLock { c in
            if ref.row >= c.freshBase { return c.fresh[Int(ref.row - c.freshBase)].arrival }
            let s = c.stored[Int(ref.row)]
            return Arrival(parent: s.parent, action: s.action)
        }
    }

    /// The states added since the last call, in breadth-first order (by
    /// their least way in), numbered from `firstNumber`. Call it between
    /// levels, when no worker is inserting. The store keeps only their
    /// compact part from then on.
    func takeFresh(numberingFrom firstNumber: Int) -> [Record] {
        var all: [(ref: Ref, record: Record)] = []
        for (s, shard) in shards.enumerated() {
            shard.content.withLock { c in
                for (i, record) in c.fresh.enumerated() {
                    all.append((Ref(shard: Int32(s), row: c.freshBase + Int32(i)), record))
                }
                c.fresh.removeAll()
                c.freshBase = Int32(c.stored.count)
            }
        }
        all.sort { $0.record.arrival < $1.record.arrival }
        for (i, entry) in all.enumerated() {
            let number = Int32(firstNumber + i)
            all[i].record.number = number
            shards[Int(entry.ref.shard)].content.withLock { $0.stored[Int(entry.ref.row)].number = number }
        }
        return all.map(\.record)
    }

    /// The number of a state whose level is done.
    func number(_ ref: Ref) -> Int32 {
        shards[Int(ref.shard)].content.withLock { $0.stored[Int(ref.row)].number }
    }

    /// The bytes the store holds per state once their levels are done: the
    /// map's slots (key, row and the map's bit of occupancy, at its load)
    /// and the compact rows.
    var bytesPerState: Double {
        var bytes = 0
        for shard in shards {
            shard.content.withLock { c in
                let slot = MemoryLayout<StateKey>.stride + MemoryLayout<Int32>.stride
                bytes += c.index.capacity * slot + c.index.capacity / 8
                bytes += c.stored.capacity * MemoryLayout<Stored>.stride
            }
        }
        return Double(bytes) / Double(max(1, count))
    }
}
