import SheetEngine
import Synchronization

/// Exhaustive exploration: every sequence of steps up to a depth, breadth
/// first, each state once, on any number of workers with the same result.
///
/// Level by level: the states of one depth (the frontier, in breadth-first
/// order) are shared out among the workers, each expands its own, and the
/// states they reach go into one shared store, which keeps, for each, the
/// least way in (`Arrival`) whichever worker came first. Between levels the
/// new states are put in that order; so the states, the paths to them and
/// the first violation are those one worker finds alone.
///
/// A snapshot belongs to the worker whose app took it (the views' code
/// runs in that worker's Lua state), so a worker expands the states it
/// reached. When that leaves one worker with more than its share, some
/// states move to another, which replays their path from the set-up.
final class Explorer {
    let workers: [ExplorationWorker]
    let plan: ExplorationPlan
    let signal: StopSignal
    let store = StateStore()
    /// Whether steps are skipped by sleep sets: the plan allows them, and the
    /// views run no code (where they do, every changing step may read
    /// what any other changed, so no two are independent and no footprint
    /// is worth taking).
    let sleepSets: Bool
    /// Per depth, how each state was reached: `arrivals[d][i]` is the way into
    /// state `i` of depth `d` (depth 0: the set-up).
    private(set) var arrivals: [[Way]] = []
    /// The distinct steps of the ways in, numbered (a way in holds a number, not a step).
    private var steps = StepTable()
    /// The number of the first state of each depth.
    private(set) var firstNumber: [Int] = []
    /// Per state, by number: whether it was expanded (its steps tried).
    private var expanded: [Bool] = []

    /// Whether a state's steps were all tried (not at the depth bound, not cut short by a stop).
    func isExpanded(_ number: Int) -> Bool { number < expanded.count && expanded[number] }

    /// How many states reached were not expanded.
    func unexpandedCount(of states: Int) -> Int { states - expanded.lazy.filter { $0 }.count }
    /// Steps between states, when the plan records the graph.
    private(set) var graph = StateGraph()
    /// What each step reached, when the plan records coverage.
    private(set) var coverage = CoverageRecorder()
    /// Per state, by number, its snapshot, when the plan records the graph.
    private(set) var snapshots: [SheetApp.Snapshot] = []
    /// Per state, by number, the clock its path reached, when the plan records the graph.
    private(set) var clocks: [Int] = []
    /// Each worker's table of distinct events, when the plan records the graph.
    private let recorders: [GraphRecorder]

    init(workers: [ExplorationWorker], plan: ExplorationPlan, signal: StopSignal) {
        self.workers = workers
        self.plan = plan
        self.signal = signal
        sleepSets = plan.sleepSets && !workers.contains { $0.stepsMayReadEverything }
        recorders = workers.map { _ in GraphRecorder() }
    }

    /// A state of the frontier: its snapshot, clock and owner.
    struct Node {
        var state: SheetApp.Snapshot
        var clock: Int
        var owner: Int
        var number: Int32
        /// Set when the state moved to a worker that must replay its path.
        var replay: [CheckAction]?
        /// The steps it need not take (sleep sets).
        var sleep = SleepSet()
    }

    /// What one worker did in one level.
    final class LevelWork: @unchecked Sendable {
        /// Per frontier position expanded: the events of each step that applied, by step position.
        var counts: [(node: Int32, action: Int32, events: Int32)] = []
        var stepViolation: (arrival: Arrival, found: InvariantChecks.Found)?
        var edges: [StateGraph.PendingEdge] = []
        var coverage = CoverageRecorder()
        var failure: CheckFailure?
        /// Steps replayed to reach states that moved to this worker.
        var replayed = 0
        /// Per frontier position, the steps its sleep set skipped, by step position.
        var skipped: [(node: Int32, action: Int32)] = []
    }

    /// The result: what was explored, and the first violation.
    struct Outcome {
        var states = 0
        /// The states they stand for (with symmetry, more than `states`).
        var standsFor = 0
        var steps = 0
        /// Steps not taken because a sleep set held them (0 without sleep sets).
        var skipped = 0
        var events = 0
        var depthReached = 0
        var violation: (steps: [CheckAction], name: String, message: String)?
        /// Whether states at the last depth were left unexpanded (the depth bound cut paths).
        var cut = false
        var failure: CheckFailure?
        /// Per worker, the steps it applied (replays included): how evenly the work was shared.
        var work: [Int] = []
    }

    /// The way into state `index` of depth `depth`, from the set-up.
    func path(depth: Int, index: Int) -> [CheckAction] {
        var steps: [CheckAction] = []
        var d = depth
        var i = index
        while d > 0 {
            let a = arrivals[d][i]
            steps.append(self.steps.steps[Int(a.step)])
            i = Int(a.parent)
            d -= 1
        }
        return steps.reversed()
    }

    /// The depth and position of a state, by number.
    func place(ofNumber n: Int) -> (depth: Int, index: Int) {
        var d = firstNumber.count - 1
        while firstNumber[d] > n { d -= 1 }
        return (d, n - firstNumber[d])
    }

    func run(depth: Int) -> Outcome {
        var outcome = Outcome()
        let root = workers[0]
        let (rootSnapshot, rootStandsFor) = root.key()
        let rootKey = StateKey(rootSnapshot)
        var rootRecord = StateStore.Record(
            state: root.root, clock: root.rootClock, owner: 0, level: 0, arrival: Arrival(parent: -1, action: -1))
        rootRecord.standsFor = rootStandsFor
        outcome.standsFor = rootStandsFor
        _ = store.insert(rootKey, level: 0, arrival: rootRecord.arrival) { rootRecord }
        _ = store.takeFresh(numberingFrom: 0)
        arrivals = [[Way(parent: -1, step: -1)]]
        firstNumber = [0]
        if plan.recordsGraph {
            snapshots = [root.root]
            clocks = [root.rootClock]
        }
        var frontier = [Node(state: root.root, clock: root.rootClock, owner: 0, number: 0)]
        outcome.states = 1
        signal.states.store(1, ordering: .relaxed)
        var meanSteps = 8.0

        for level in 1...max(1, depth) {
            signal.depth.store(level, ordering: .relaxed)
            balance(&frontier, level: level - 1, meanSteps: meanSteps)
            let works = (0..<workers.count).map { _ in LevelWork() }
            let best = SharedMinimum()
            let shared = frontier
            Parallel.forEach(workers.count) { w in
                expand(shared, by: w, level: Int32(level), into: works[w], best: best)
            }
            if outcome.work.isEmpty { outcome.work = Array(repeating: 0, count: workers.count) }
            for (w, work) in works.enumerated() { outcome.work[w] += work.counts.count + work.replayed }
            if let failure = works.compactMap(\.failure).first {
                outcome.failure = failure
                return outcome
            }
            let fresh = store.takeFresh(numberingFrom: outcome.states)
            let stopped = signal.isStopped
            let first = Self.firstViolation(in: works, fresh: fresh)
            // Steps past the first violation (in breadth-first order) are not counted: one worker would not take them.
            var counted = works.flatMap(\.counts)
            if let first { counted = counted.filter { Arrival(parent: $0.node, action: $0.action) <= first.arrival } }
            outcome.steps += counted.count
            var skipped = works.flatMap(\.skipped)
            if let first { skipped = skipped.filter { Arrival(parent: $0.node, action: $0.action) <= first.arrival } }
            outcome.skipped += skipped.count
            outcome.events += counted.reduce(0) { $0 + Int($1.events) }
            outcome.depthReached = level
            if let first {
                let kept = fresh.filter { $0.arrival < first.arrival }
                outcome.states += kept.count
                outcome.standsFor += kept.reduce(0) { $0 + $1.standsFor }
                let step = first.arrival
                let path = path(depth: level - 1, index: Int(step.parent)) + [step.step!]
                outcome.violation = (path, first.found.name, first.found.message)
                return outcome
            }
            outcome.standsFor += fresh.reduce(0) { $0 + $1.standsFor }
            if counted.count > 0 { meanSteps = Double(counted.count) / Double(max(1, frontier.count)) }
            mergeLevel(works, fresh: fresh, expanded: frontier.count, stopped: stopped, numberedFrom: outcome.states)
            outcome.states += fresh.count
            signal.states.store(outcome.states, ordering: .relaxed)
            if stopped { return outcome }
            frontier = fresh.map {
                Node(state: $0.state, clock: $0.clock, owner: Int($0.owner), number: $0.number, sleep: $0.sleep)
            }
            if frontier.isEmpty { return outcome }
        }
        // The frontier at the depth bound is left unexpanded.
        outcome.cut = !frontier.isEmpty
        return outcome
    }

    /// The first violation of a level in breadth-first order: a step's (its
    /// events broke an invariant) or a new state's, at its least way in;
    /// between two at the same place, the invariant reported first.
    static func firstViolation(in works: [LevelWork], fresh: [StateStore.Record]) -> (
        arrival: Arrival, found: InvariantChecks.Found
    )? {
        var first: (arrival: Arrival, found: InvariantChecks.Found)?
        func consider(_ arrival: Arrival, _ found: InvariantChecks.Found) {
            if let f = first, (f.arrival, f.found.order) <= (arrival, found.order) { return }
            first = (arrival, found)
        }
        for work in works { if let v = work.stepViolation { consider(v.arrival, v.found) } }
        for r in fresh { if let found = r.violation { consider(r.arrival, found) } }
        return first
    }

    /// Keeps what a finished level found: the new states' ways in and their
    /// numbers (from `first`), which states of the frontier were expanded
    /// (all of them, unless a stop cut the level short) and, as the plan
    /// asks, the steps between states and what they reached.
    private func mergeLevel(
        _ works: [LevelWork], fresh: [StateStore.Record], expanded count: Int, stopped: Bool, numberedFrom first: Int
    ) {
        arrivals.append(fresh.map { Way(parent: $0.arrival.parent, step: steps.id(of: $0.arrival.step!)) })
        firstNumber.append(first)
        expanded += Array(repeating: !stopped, count: count)
        if plan.recordsGraph {
            snapshots += fresh.map(\.state)
            clocks += fresh.map(\.clock)
            for (w, work) in works.enumerated() { graph.add(work.edges, recorder: recorders[w], store: store) }
        }
        if plan.recordsCoverage {
            for work in works { coverage.merge(work.coverage) }
        }
    }

    /// Expands worker `w`'s states of the frontier, in order.
    private func expand(_ frontier: [Node], by w: Int, level: Int32, into work: LevelWork, best: SharedMinimum) {
        let worker = workers[w]
        let app = worker.app
        for (i, node) in frontier.enumerated() where node.owner == w {
            if i > best.value { return }
            var state = node.state
            var clock = node.clock
            if let path = node.replay {
                // The state moved here: reach it on this worker's own app.
                work.replayed += path.count
                guard worker.replay(path), app.snapshot() == node.state else {
                    work.failure = .replayDiverged(steps: path)
                    return
                }
                state = app.snapshot()
                clock = app.now
            }
            app.restore(state, clock: clock)
            let candidates = worker.candidates()
            if plan.recordsCoverage { work.coverage.recordLayout(of: app) }
            // Sleep sets: the parts of the state, and the footprints of the steps taken from it so far.
            let reducing = sleepSets
            let parts = reducing ? state.partHashes() : []
            var taken: [StepFootprint] = []
            for (a, action) in candidates.enumerated() {
                if signal.poll() { return }
                if reducing, node.sleep.contains(action) {
                    work.skipped.append((Int32(i), Int32(a)))
                    continue
                }
                if a > 0 { app.restore(state, clock: clock) }
                guard let events = worker.apply(action) else { continue }
                // The key first: it caches the changed parts' hashes, which the footprint then reads.
                let (snapshot, standsFor) = worker.key()
                var sleep = SleepSet()
                if reducing {
                    let footprint = worker.footprint(of: action, from: parts, events: events)
                    sleep = SleepSet(taken.lazy.filter { $0.isIndependent(of: footprint) }.map(\.action))
                    taken.append(footprint)
                }
                let arrival = Arrival(parent: Int32(i), action: Int32(a), step: action)
                work.counts.append((Int32(i), Int32(a), Int32(events.count)))
                signal.steps.add(1, ordering: .relaxed)
                let stepBreaks = worker.checks.eventViolation(app, events)
                let (ref, isNew) = store.insert(StateKey(snapshot), level: level, arrival: arrival) {
                    var r = StateStore.Record(
                        state: app.snapshot(), clock: app.now, owner: Int32(w), level: level, arrival: arrival)
                    r.standsFor = standsFor
                    r.sleep = sleep
                    return r
                }
                if reducing, !isNew { store.meetSleep(ref, sleep) }
                var stateBreaks: InvariantChecks.Found?
                if isNew {
                    signal.states.add(1, ordering: .relaxed)
                    stateBreaks = worker.checks.stateViolation(app)
                    if let found = stateBreaks { store.setViolation(ref, found) }
                }
                if plan.recordsGraph {
                    work.edges.append(
                        recorders[w].edge(
                            from: node.number, to: ref, position: Int32(a), step: action, events: events, worker: w))
                }
                if plan.recordsCoverage {
                    work.coverage.record(events, at: CoveragePlace(level: level, arrival: arrival))
                }
                if stepBreaks != nil || stateBreaks != nil {
                    // Whatever this worker would find further on comes later in breadth-first order.
                    if let found = stepBreaks { work.stepViolation = (arrival, found) }
                    best.lower(to: i)
                    return
                }
            }
        }
    }

    /// The bytes kept per state explored, once its level is done: the
    /// store's (`StateStore.bytesPerState`), its way in, and whether it was
    /// expanded; with liveness, the graph's snapshots and steps come on top.
    var bytesPerState: Double {
        let ways = arrivals.reduce(0) { $0 + $1.capacity } * MemoryLayout<Way>.stride
        let states = max(1, store.count)
        return store.bytesPerState + Double(ways + expanded.capacity) / Double(states)
    }

    /// Shares the frontier out so that each worker has about as much to do:
    /// a state that moves costs its path's replay besides its own steps.
    private func balance(_ frontier: inout [Node], level: Int, meanSteps: Double) {
        let n = workers.count
        guard n > 1, frontier.count >= 2 else { return }
        var mine = Array(repeating: [Int](), count: n)
        for (i, node) in frontier.enumerated() { mine[node.owner].append(i) }
        var load = mine.map { Double($0.count) * meanSteps }
        let moveCost = meanSteps + Double(level)
        while true {
            let heavy = load.indices.max { load[$0] < load[$1] }!
            let light = load.indices.min { load[$0] < load[$1] }!
            let gap = load[heavy] - load[light]
            guard gap > 2 * moveCost, !mine[heavy].isEmpty else { break }
            let m = max(1, Int(gap / (meanSteps + moveCost)))
            let moved = mine[heavy].suffix(min(m, mine[heavy].count))
            mine[heavy].removeLast(moved.count)
            for i in moved {
                frontier[i].owner = light
                frontier[i].replay = path(depth: level, index: i)
                mine[light].append(i)
            }
            load[heavy] -= Double(moved.count) * meanSteps
            load[light] += Double(moved.count) * moveCost
        }
    }
}

/// How a state was first reached, as kept for its path: the position of
/// the state it comes from in its level, and its step's number (`StepTable`).
struct Way {
    var parent: Int32
    var step: Int32
}

/// The distinct steps of the ways in, each numbered the first time it is
/// seen (a handful of steps recur over all the states).
struct StepTable {
    private(set) var steps: [CheckAction] = []
    private var index: [CheckAction: Int32] = [:]

    mutating func id(of step: CheckAction) -> Int32 {
        if let id = index[step] { return id }
        let id = Int32(steps.count)
        steps.append(step)
        index[step] = id
        return id
    }
}

/// The least position a worker found a violation at, shared by the workers
/// of one level: none of them looks past it.
final class SharedMinimum: Sendable {
    private let atomic = Atomic<Int>(.max)

    var value: Int { atomic.load(ordering: .relaxed) }

    func lower(to value: Int) {
        var current = atomic.load(ordering: .relaxed)
        while value < current {
            let (exchanged, original) = atomic.compareExchange(expected: current, desired: value, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
