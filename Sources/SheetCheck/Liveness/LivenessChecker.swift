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
    /// Per state, where its steps start in `graph.edges` (one more entry at the end).
    private let firstEdge: [Int]
    private let stateCount: Int
    /// Per state atom, its value in each state (computed when first needed).
    private var stateValues: [Atom: [Bool]] = [:]
    /// Per event atom, its value for each distinct event.
    private var eventValues: [Atom: [Bool]] = [:]

    init(explorer: Explorer, worker: ExplorationWorker) {
        self.explorer = explorer
        self.worker = worker
        var graph = explorer.graph
        graph.sort()
        self.graph = graph
        stateCount = explorer.snapshots.count
        var first = Array(repeating: 0, count: stateCount + 1)
        for e in graph.edges { first[Int(e.from) + 1] += 1 }
        for s in 0..<stateCount { first[s + 1] += first[s] }
        firstEdge = first
    }

    func check(_ properties: [Property]) -> [PropertyResult] {
        properties.map { p in
            do {
                return PropertyResult(name: p.name, verdict: try verdict(p))
            } catch {
                return PropertyResult(name: p.name, verdict: .error("\(error)"))
            }
        }
    }

    /// What the property comes to: a violation (the first, in the order of
    /// its parts), or inconclusive when a part could break past the depth
    /// bound, or holds.
    private func verdict(_ property: Property) throws -> PropertyResult.Verdict {
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
    private func parts(_ f: Formula, instance: String) throws -> [(instance: String, formula: Formula)] {
        switch f {
        case .and(let fs):
            return try fs.flatMap { try parts($0, instance: instance) }
        case .each(let each):
            var out: [(instance: String, formula: Formula)] = []
            for event in graph.events where each.pattern.filter.matches(event, index: 1) {
                let made = try each.instance(event)
                let name = event.summary
                out += try parts(made, instance: instance.isEmpty ? name : "\(instance), \(name)")
            }
            return out
        default:
            return [(instance, try instantiate(f))]
        }
    }

    /// The formula with every `each` inside it made a conjunction of its instances.
    private func instantiate(_ f: Formula) throws -> Formula {
        switch f {
        case .constant, .atom: return f
        case .not(let g): return .not(try instantiate(g))
        case .and(let fs): return .and(try fs.map(instantiate))
        case .or(let fs): return .or(try fs.map(instantiate))
        case .until(let a, let b): return .until(try instantiate(a), try instantiate(b))
        case .release(let a, let b): return .release(try instantiate(a), try instantiate(b))
        case .each(let each):
            var instances: [Formula] = []
            for event in graph.events where each.pattern.filter.matches(event, index: 1) {
                instances.append(try instantiate(try each.instance(event)))
            }
            return .and(instances)
        }
    }

    // MARK: The product search

    enum Outcome {
        case holds
        /// No violation, but one could lie past the depth bound.
        case cut
        case violated(Lasso)
    }

    /// Searches the product of the graph with the automaton of `¬formula`.
    private func search(_ formula: Formula) throws -> Outcome {
        let automaton = BuchiAutomaton(Formula.not(formula).normalized)
        let atoms = Array(Formula.not(formula).normalized.atoms).sorted { $0.description < $1.description }
        guard atoms.count <= 64 else {
            throw CheckError("a property may read at most 64 atoms; this one reads \(atoms.count)")
        }
        let atomIndex = Dictionary(uniqueKeysWithValues: atoms.enumerated().map { ($1, $0) })
        var masks: [(set: UInt64, clear: UInt64)] = []
        for node in automaton.nodes {
            var set: UInt64 = 0
            var clear: UInt64 = 0
            for l in node.literals {
                let bit = UInt64(1) << UInt64(atomIndex[l.atom]!)
                if l.holds { set |= bit } else { clear |= bit }
            }
            masks.append((set, clear))
        }
        let edgeBits = try labels(atoms)
        let rootBits = try stateBits(atoms, state: 0)
        let q = automaton.nodes.count
        let live = automaton.live()
        func fits(_ node: Int, _ bits: UInt64) -> Bool {
            bits & masks[node].set == masks[node].set && bits & masks[node].clear == 0
        }
        /// Product steps from (s, a): the target and the graph edge.
        func steps(_ p: Int) -> [(to: Int, edge: Int)] {
            let s = p / q
            let a = p % q
            var out: [(to: Int, edge: Int)] = []
            for e in firstEdge[s]..<firstEdge[s + 1] {
                let target = Int(graph.edges[e].to)
                for b in automaton.nodes[a].successors where fits(b, edgeBits[e]) { out.append((target * q + b, e)) }
            }
            return out
        }
        let roots = automaton.initial.filter { fits($0, rootBits) }.map { $0 }  // state 0
        var reachesCut = false
        let components = StronglyConnected.components(count: stateCount * q, roots: roots) { p in
            if !explorer.isExpanded(p / q), live[p % q] { reachesCut = true }
            return steps(p).map(\.to)
        }
        // Of the cycles that break it, the shortest lasso (prefix and cycle): counterexamples read best short.
        var best: Lasso?
        var distance: [Int: Int]?
        for scc in components {
            let members = Set(scc)
            var cyclic = scc.count > 1
            var passesTime = false
            for p in scc {
                for (to, e) in steps(p) where members.contains(to) {
                    if to == p { cyclic = true }
                    if graph.edges[e].passesTime { passesTime = true }
                }
            }
            guard cyclic, passesTime else { continue }
            let covers = (0..<automaton.acceptanceSets).allSatisfy { k in
                scc.contains { automaton.nodes[$0 % q].accepting[k] }
            }
            guard covers else { continue }
            if distance == nil { distance = distances(from: roots, steps: steps) }
            let found = lasso(in: members, roots: roots, distance: distance!, q: q, automaton: automaton, steps: steps)
            if let b = best,
                (b.prefix.count + b.cycle.count, b.prefix.count) <= (
                    found.prefix.count + found.cycle.count, found.prefix.count
                )
            {
                continue
            }
            best = found
        }
        if let best { return .violated(best) }
        return reachesCut ? .cut : .holds
    }

    /// Steps from the roots to each product node reached, breadth first.
    private func distances(from roots: [Int], steps: (Int) -> [(to: Int, edge: Int)]) -> [Int: Int] {
        var distance: [Int: Int] = [:]
        var queue = roots
        for r in roots { distance[r] = 0 }
        var head = 0
        while head < queue.count {
            let p = queue[head]
            head += 1
            for (to, _) in steps(p) where distance[to] == nil {
                distance[to] = distance[p]! + 1
                queue.append(to)
            }
        }
        return distance
    }

    /// A lasso into an accepting component: for a few of its nodes nearest
    /// the set-up, the shortest way in and a short cycle from there that
    /// passes time and visits every acceptance set; the shortest of them.
    private func lasso(
        in members: Set<Int>, roots: [Int], distance: [Int: Int], q: Int, automaton: BuchiAutomaton,
        steps: (Int) -> [(to: Int, edge: Int)]
    ) -> Lasso {
        /// Breadth first from `start` to where `goal` holds (of the node a step
        /// reaches, and the step), within `members` if `inside`: the steps and the nodes they reach.
        func path(from start: [Int], inside: Bool, goal: (Int, Int) -> Bool) -> (edges: [Int], nodes: [Int])? {
            var parent: [Int: (from: Int, edge: Int)] = [:]
            var queue = start
            var seen = Set(start)
            var head = 0
            func trace(from p: Int, last e: Int, to end: Int) -> (edges: [Int], nodes: [Int]) {
                var edges = [e]
                var nodes = [end]
                var node = p
                while let link = parent[node] {
                    edges.append(link.edge)
                    nodes.append(node)
                    node = link.from
                }
                return (edges.reversed(), nodes.reversed())
            }
            while head < queue.count {
                let p = queue[head]
                head += 1
                for (to, e) in steps(p) where !inside || members.contains(to) {
                    // The last step may come back to a node seen already (the cycle's start).
                    if goal(to, e) { return trace(from: p, last: e, to: to) }
                    if seen.insert(to).inserted {
                        parent[to] = (p, e)
                        queue.append(to)
                    }
                }
            }
            return nil
        }
        let candidates = members.sorted { (distance[$0] ?? .max, $0) < (distance[$1] ?? .max, $1) }.prefix(32)
        var best: (prefix: [Int], cycle: [Int])?
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
            if let b = best,
                (b.prefix.count + b.cycle.count, b.prefix.count) <= (entry.edges.count + cycle.count, entry.edges.count)
            {
                continue
            }
            best = (entry.edges, cycle)
        }
        let chosen = best ?? ([], [])
        return Lasso(
            prefix: chosen.prefix.map { graph.edges[$0].step }, cycle: chosen.cycle.map { graph.edges[$0].step },
            instance: "", message: "")
    }

    // MARK: Atoms

    /// Per graph edge, which atoms hold at the position it leads to.
    private func labels(_ atoms: [Atom]) throws -> [UInt64] {
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
    private func stateBits(_ atoms: [Atom], state: Int) throws -> UInt64 {
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

    private func stateValues(_ atom: Atom) throws -> [Bool] {
        if let known = stateValues[atom] { return known }
        guard case .state(let predicate) = atom else { return [] }
        var values: [Bool] = []
        values.reserveCapacity(stateCount)
        let app = worker.app
        for s in 0..<stateCount {
            app.restore(explorer.snapshots[s], clock: explorer.clocks[s])
            do {
                values.append(try predicate.test(app.state()))
            } catch {
                throw CheckError("\(predicate.name): the state predicate failed: \(error)")
            }
        }
        stateValues[atom] = values
        return values
    }
}

/// An error that makes a check, or one of its properties, impossible to run.
public struct CheckError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
