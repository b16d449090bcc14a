import SheetEngine

/// The explored states and the steps between them, kept for liveness:
/// states by number (breadth-first order, the set-up 0), each step with the
/// distinct events it produced (without their times).
struct StateGraph {
    struct Edge {
        var from: Int32
        var to: Int32
        /// The step's position among its state's steps (edges are sorted by it).
        var position: Int32
        var step: CheckAction
        /// Its events: a range of `eventIDs`.
        var events: Range<Int32>
        /// Whether time passes in it (a wait), and whether the user acts.
        var passesTime: Bool { !step.isUserAction }
    }

    /// A step recorded by a worker, before its target has its number.
    struct PendingEdge {
        var from: Int32
        var to: StateStore.Ref
        var position: Int32
        var step: CheckAction
        /// The worker's own ids of its events (`GraphRecorder`).
        var events: [Int32]
        var worker: Int
    }

    private(set) var edges: [Edge] = []
    private(set) var eventIDs: [Int32] = []
    /// Distinct events (time 0), numbered across the workers.
    private var table = EventTable()
    /// Distinct events (time 0), by id.
    var events: [Event] { table.events }

    /// The events of a step.
    func events(of edge: Edge) -> ArraySlice<Int32> {
        eventIDs[Int(edge.events.lowerBound)..<Int(edge.events.upperBound)]
    }

    /// Adds the steps a worker recorded in one level (their targets numbered).
    mutating func add(_ pending: [PendingEdge], recorder: GraphRecorder, store: StateStore) {
        let global = recorder.events.map { table.id(of: $0) }
        for p in pending {
            let start = Int32(eventIDs.count)
            for local in p.events { eventIDs.append(global[Int(local)]) }
            edges.append(
                Edge(
                    from: p.from, to: store.number(p.to), position: p.position, step: p.step,
                    events: start..<Int32(eventIDs.count)))
        }
    }

    /// Puts the steps in a fixed order (by state, then position), so that
    /// searches over the graph do not depend on which worker found what.
    mutating func sort() {
        edges.sort { ($0.from, $0.position) < ($1.from, $1.position) }
    }
}

/// One worker's table of the distinct events its steps produced.
final class GraphRecorder {
    private var table = EventTable()
    /// The events, by the worker's own ids.
    var events: [Event] { table.events }

    func edge(
        from: Int32, to: StateStore.Ref, position: Int32, step: CheckAction, events list: ArraySlice<Event>, worker: Int
    )
        -> StateGraph.PendingEdge
    {
        var ids: [Int32] = []
        ids.reserveCapacity(list.count)
        for event in list { ids.append(table.id(of: event.timeless)) }
        return StateGraph.PendingEdge(from: from, to: to, position: position, step: step, events: ids, worker: worker)
    }
}

/// Distinct events, each numbered the first time it is seen: the one place
/// events are interned (a worker's table, then the graph's across workers).
struct EventTable {
    /// The events, by number.
    private(set) var events: [Event] = []
    private var index: [Event: Int32] = [:]

    /// The event's number, given now if it is new.
    mutating func id(of event: Event) -> Int32 {
        if let id = index[event] { return id }
        let id = Int32(events.count)
        events.append(event)
        index[event] = id
        return id
    }
}
