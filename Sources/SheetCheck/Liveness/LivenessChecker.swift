import SheetEngine

/// Checks liveness properties over the graph an exhaustive exploration
/// recorded: for each property (each instance of its `each`), the product
/// of the graph with a Büchi automaton of the property's negation is
/// searched for a fair accepting cycle, a run that breaks the property.
///
/// Fairness: time always eventually passes. A cycle counts only if time
/// passes in one of its steps; the user may act in it or not (a user may
/// stop acting: an idle app lets time pass with nothing happening). A
/// state at the depth bound has unknown steps: when the product reaches
/// one where the property could still break, and no cycle breaks it, the
/// verdict is inconclusive, never a pass.
final class LivenessChecker {
    let explorer: Explorer
    let worker: ExplorationWorker
    let graph: StateGraph
    /// Asked during the automaton's construction, the product search and the
    /// predicates' evaluation: the time limit and Ctrl-C stop them too.
    let signal: StopSignal
    /// Per state, where its steps start in `graph.edges` (one more entry at the end).
    private let firstEdge: [Int]
    private let stateCount: Int
    /// Per state atom, its value in each state (computed when first needed).
    private var stateValues: [Atom: [Bool]] = [:]
    /// Per event atom, its value for each distinct event.
    private var eventValues: [Atom: [Bool]] = [:]

    init(explorer: Explorer, worker: ExplorationWorker, signal: StopSignal) {
        self.explorer = explorer
        self.worker = worker
        self.signal = signal
        var graph = explorer.graph
        graph.sort()
        self.graph = graph
        stateCount = explorer.snapshots.count
        var first = Array(repeating: 0, count: stateCount + 1)
        for e in graph.edges { first[Int(e.from) + 1] += 1 }
        for s in 0..<stateCount { first[s + 1] += first[s] }
        firstEdge = first
    }

    /// What a property not checked to its end says.
    static let stoppedBeforeChecked = "the check stopped before this property was checked to its end"

    func check(_ properties: [Property]) -> [PropertyResult] {
        properties.map { p in
            guard !signal.isStopped else {
                return PropertyResult(name: p.name, verdict: .inconclusive(Self.stoppedBeforeChecked))
            }
            do throws(CheckFailure) {
                return PropertyResult(name: p.name, verdict: try verdict(p))
            } catch {
                return PropertyResult(name: p.name, verdict: .error(error))
            }
        }
    }

    /// What the property comes to: a violation (the first, in the order of
    /// its parts), or inconclusive when a part could break past the depth
    /// bound, or holds.
    private func verdict(_ property: Property) throws(CheckFailure) -> PropertyResult.Verdict {
        var cut = false
        let all = try parts(property.formula, instance: "")
        for part in all {
            switch try search(part.formula) {
            case .violated(var lasso):
                lasso.instance = part.instance
                lasso.message =
                    "property '\(property.name)' is broken"
                    + (part.instance.isEmpty ? "" : " for \(part.instance)")
                    + ": after \(Self.steps(lasso.prefix.count)), a cycle of \(Self.steps(lasso.cycle.count)) can repeat forever, time passing in it"
                    + (property.summary.isEmpty ? "" : " (\(property.summary): not so)")
                return .violated(lasso)
            case .cut: cut = true
            case .stopped: return .inconclusive(Self.stoppedBeforeChecked)
            case .holds: break
            }
        }
        // With no part to check (no event matched an `each`), any state left unexplored may hold one.
        let unexpanded = explorer.unexpandedCount(of: stateCount)
        if cut || (unexpanded > 0 && all.isEmpty) {
            return .inconclusive(
                "no run found breaks it, but the depth bound left \(unexpanded) state\(unexpanded == 1 ? "" : "s") unexplored from which it could still break (--depth raises the bound)"
            )
        }
        return .holds
    }

    static func steps(_ n: Int) -> String { n == 1 ? "1 step" : "\(n) steps" }

    /// The formula split into the parts checked one by one: the members of
    /// a conjunction, and one instance of `each` per distinct event the
    /// exploration met that matches its pattern.
    private func parts(_ f: Formula, instance: String) throws(CheckFailure) -> [(instance: String, formula: Formula)] {
        switch f {
        case .and(let fs):
            var out: [(instance: String, formula: Formula)] = []
            for g in fs { out += try parts(g, instance: instance) }
            return out
        case .each(let each):
            var out: [(instance: String, formula: Formula)] = []
            for event in graph.events where each.pattern.filter.matches(event, index: 1) {
                let made = try Self.instance(of: each, for: event)
                let name = event.summary
                out += try parts(made, instance: instance.isEmpty ? name : "\(instance), \(name)")
            }
            return out
        default:
            return [(instance, try instantiate(f))]
        }
    }

    /// The formula with every `each` inside it made a conjunction of its instances.
    private func instantiate(_ f: Formula) throws(CheckFailure) -> Formula {
        switch f {
        case .constant, .atom: return f
        case .not(let g): return .not(try instantiate(g))
        case .and(let fs): return .and(try fs.map { (g) throws(CheckFailure) in try instantiate(g) })
        case .or(let fs): return .or(try fs.map { (g) throws(CheckFailure) in try instantiate(g) })
        case .until(let a, let b): return .until(try instantiate(a), try instantiate(b))
        case .release(let a, let b): return .release(try instantiate(a), try instantiate(b))
        case .each(let each):
            var instances: [Formula] = []
            for event in graph.events where each.pattern.filter.matches(event, index: 1) {
                instances.append(try instantiate(try Self.instance(of: each, for: event)))
            }
            return .and(instances)
        }
    }

    /// The formula `each` makes for one event (its function may fail: a Lua error, say).
    private static func instance(of each: EachEvent, for event: Event) throws(CheckFailure) -> Formula {
        do { return try each.instance(event) } catch {
            throw .instanceFailed(event: event.summary, reason: "\(error)")
        }
    }

    // MARK: The product search

    enum Outcome {
        case holds
        /// No violation, but one could lie past the depth bound.
        case cut
        case violated(Lasso)
        /// The time limit or Ctrl-C stopped the search.
        case stopped
    }

    /// Asks the stop signal now (each few thousand nodes of a search).
    private func shouldStop() -> Bool { signal.poll() }

    /// Searches the product of the graph with the automaton of `¬formula`.
    private func search(_ formula: Formula) throws(CheckFailure) -> Outcome {
        let negation = Formula.not(formula).normalized
        let automaton = BuchiAutomaton(negation, shouldStop: { [signal] in signal.poll() })
        guard automaton.isComplete else { return .stopped }
        let atoms = Array(negation.atoms).sorted { $0.description < $1.description }
        guard atoms.count <= 64 else { throw .tooManyAtoms(count: atoms.count, limit: 64) }
        let product = Product(
            graph: graph, firstEdge: firstEdge, automaton: automaton, atoms: atoms, edgeBits: try labels(atoms))
        let q = product.q
        let live = automaton.live()
        let roots = product.roots(setUp: try stateBits(atoms, state: 0))
        var reachesCut = false
        guard !signal.isStopped else { return .stopped }
        let components = StronglyConnected.components(count: stateCount * q, roots: roots, shouldStop: shouldStop) {
            p in
            if !explorer.isExpanded(p / q), live[p % q] { reachesCut = true }
            return product.steps(p).map(\.to)
        }
        // Of the cycles that break it, the shortest lasso (prefix and cycle): counterexamples read best short.
        var best: Lasso?
        var distance: [Int: Int]?
        for scc in components {
            guard !signal.isStopped else { return .stopped }
            let members = Set(scc)
            var cyclic = scc.count > 1
            var passesTime = false
            for p in scc {
                for (to, e) in product.steps(p) where members.contains(to) {
                    if to == p { cyclic = true }
                    if graph.edges[e].passesTime { passesTime = true }
                }
            }
            guard cyclic, passesTime else { continue }
            let covers = (0..<automaton.acceptanceSets).allSatisfy { k in
                scc.contains { automaton.nodes[$0 % q].accepting[k] }
            }
            guard covers else { continue }
            if distance == nil { distance = product.distances(from: roots) }
            let found = lasso(in: members, roots: roots, distance: distance!, product: product)
            if best.map({ found.isShorter(than: $0) }) ?? true { best = found }
        }
        if let best { return .violated(best) }
        return reachesCut ? .cut : .holds
    }

    /// A lasso into an accepting component: for a few of its nodes nearest
    /// the set-up, the shortest way in and a short cycle from there that
    /// passes time and visits every acceptance set; the shortest of them.
    private func lasso(in members: Set<Int>, roots: [Int], distance: [Int: Int], product: Product) -> Lasso {
        let automaton = product.automaton
        let q = product.q
        /// The way from `start` to the first step after which `goal` holds
        /// (of the node it reaches and its edge), inside the component if `inside`.
        func path(from start: [Int], inside: Bool, goal: (Int, Int) -> Bool) -> (edges: [Int], nodes: [Int])? {
            // The last step may come back to a node seen already (the cycle's start).
            product.breadthFirst(from: start, inside: inside ? members : nil) { _, to, e in goal(to, e) }
        }
        func steps(_ edges: [Int]) -> [CheckAction] { edges.map { graph.edges[$0].step } }
        let candidates = members.sorted { (distance[$0] ?? .max, $0) < (distance[$1] ?? .max, $1) }.prefix(32)
        var best: Lasso?
        for u in candidates {
            let entry =
                roots.contains(u)
                ? (edges: [Int](), nodes: [Int]()) : path(from: roots, inside: false) { p, _ in p == u }
            guard let entry else { continue }
            var cycle: [Int] = []
            var at = u
            var visited: [Int] = [u]
            var complete = true
            for k in 0..<automaton.acceptanceSets
            where !visited.contains(where: { automaton.nodes[$0 % q].accepting[k] }) {
                guard let leg = path(from: [at], inside: true, goal: { p, _ in automaton.nodes[p % q].accepting[k] })
                else {
                    complete = false
                    break
                }
                cycle += leg.edges
                visited += leg.nodes
                at = leg.nodes.last!
            }
            guard complete else { continue }
            if !cycle.contains(where: { graph.edges[$0].passesTime }) {
                guard let leg = path(from: [at], inside: true, goal: { _, e in graph.edges[e].passesTime }) else {
                    continue
                }
                cycle += leg.edges
                at = leg.nodes.last!
            }
            if at != u {
                guard let back = path(from: [at], inside: true, goal: { p, _ in p == u }) else { continue }
                cycle += back.edges
            }
            let found = Lasso(prefix: steps(entry.edges), cycle: steps(cycle), instance: "", message: "")
            if best.map({ found.isShorter(than: $0) }) ?? true { best = found }
        }
        return best ?? Lasso(prefix: [], cycle: [], instance: "", message: "")
    }

    // MARK: Atoms

    /// Per graph edge, which atoms hold at the position it leads to.
    private func labels(_ atoms: [Atom]) throws(CheckFailure) -> [UInt64] {
        var bits = Array(repeating: UInt64(0), count: graph.edges.count)
        for (i, atom) in atoms.enumerated() {
            let bit = UInt64(1) << UInt64(i)
            switch atom {
            case .userActs:
                for (e, edge) in graph.edges.enumerated() where edge.step.isUserAction { bits[e] |= bit }
            case .timePasses:
                for (e, edge) in graph.edges.enumerated() where edge.passesTime { bits[e] |= bit }
            case .happens, .occurs:
                let values = eventValues(atom)
                for (e, edge) in graph.edges.enumerated()
                where graph.events(of: edge).contains(where: { values[Int($0)] }) {
                    bits[e] |= bit
                }
            case .state:
                let values = try stateValues(atom)
                for (e, edge) in graph.edges.enumerated() where values[Int(edge.to)] { bits[e] |= bit }
            }
        }
        return bits
    }

    /// Which atoms hold at the first position (the set-up: no step, no event).
    private func stateBits(_ atoms: [Atom], state: Int) throws(CheckFailure) -> UInt64 {
        var bits: UInt64 = 0
        for (i, atom) in atoms.enumerated() {
            if case .state = atom, try stateValues(atom)[state] { bits |= UInt64(1) << UInt64(i) }
        }
        return bits
    }

    private func eventValues(_ atom: Atom) -> [Bool] {
        if let known = eventValues[atom] { return known }
        let values = graph.events.map { e -> Bool in
            switch atom {
            case .happens(let m): return m.filter.matches(e, index: 1)
            case .occurs(let identity): return identity.event == e
            default: return false
            }
        }
        eventValues[atom] = values
        return values
    }

    private func stateValues(_ atom: Atom) throws(CheckFailure) -> [Bool] {
        if let known = stateValues[atom] { return known }
        guard case .state(let predicate) = atom else { return [] }
        var values: [Bool] = []
        values.reserveCapacity(stateCount)
        let app = worker.app
        for s in 0..<stateCount {
            // Stopped: values that are never kept (the search asks the signal and stops).
            if s % 16 == 0, shouldStop() { return Array(repeating: false, count: stateCount) }
            app.restore(explorer.snapshots[s], clock: explorer.clocks[s])
            do {
                values.append(try predicate.test(app.state()))
            } catch {
                throw .predicateFailed(predicate: predicate.name, reason: "\(error)")
            }
        }
        stateValues[atom] = values
        return values
    }
}
