/// A generalised Büchi automaton for a formula in negation normal form,
/// built with the tableau of Gerth, Peled, Vardi and Wolper ("Simple
/// on-the-fly automatic verification of linear temporal logic", 1995): it
/// accepts exactly the runs the formula is true of.
///
/// Each node says what must hold at the position the run is at when it is
/// in the node (its literals); a run is accepted when it stays in nodes
/// whose literals hold and visits a node of every acceptance set infinitely
/// often (one set per `until`: the `until` is fulfilled, or not asked).
struct BuchiAutomaton {
    struct Node {
        /// Atoms that must hold (`true`) or must not (`false`) at the position.
        var literals: [(atom: Atom, holds: Bool)]
        var successors: [Int]
        /// Per acceptance set, whether this node is in it.
        var accepting: [Bool]
    }

    private(set) var nodes: [Node] = []
    /// The nodes a run starts in.
    private(set) var initial: [Int] = []
    private(set) var acceptanceSets = 0
    /// False when `shouldStop` cut the construction short: the automaton is
    /// then only part of the formula's and must not be searched.
    private(set) var isComplete = true

    /// - Parameters:
    ///   - formula: in negation normal form (`Formula.normalized`), without `each`.
    ///   - shouldStop: asked every thousand or so expansions (the tableau of a
    ///     formula with many `until`s is exponential in their number); true
    ///     stops the construction (`isComplete` is then false).
    init(_ formula: Formula, shouldStop: @escaping () -> Bool = { false }) {
        var tableau = Tableau(shouldStop: shouldStop)
        tableau.expand(Tableau.Pending(incoming: [Tableau.start], new: [formula], old: [], next: []))
        guard !tableau.stopped else {
            isComplete = false
            return
        }
        let untils = Array(formula.untils)
        acceptanceSets = untils.count
        for (i, n) in tableau.nodes.enumerated() {
            var literals: [(atom: Atom, holds: Bool)] = []
            for f in n.old {
                switch f {
                case .atom(let a): literals.append((a, true))
                case .not(.atom(let a)): literals.append((a, false))
                default: break
                }
            }
            literals.sort { ($0.atom.description, $0.holds ? 1 : 0) < ($1.atom.description, $1.holds ? 1 : 0) }
            let accepting = untils.map { u -> Bool in
                guard case .until(_, let b) = u else { return true }
                return n.old.contains(b) || !n.old.contains(u)
            }
            nodes.append(Node(literals: literals, successors: [], accepting: accepting))
            if n.incoming.contains(Tableau.start) { initial.append(i) }
        }
        for (j, n) in tableau.nodes.enumerated() {
            for i in n.incoming where i != Tableau.start { nodes[i].successors.append(j) }
        }
        for i in nodes.indices { nodes[i].successors.sort() }
    }

    /// Per node, whether an accepting run can start there (ignoring what
    /// the literals ask): it reaches a cycle that visits every acceptance set.
    func live() -> [Bool] {
        let sccs = StronglyConnected.components(count: nodes.count) { nodes[$0].successors }
        var good = Array(repeating: false, count: nodes.count)
        for scc in sccs {
            let members = Set(scc)
            let cyclic = scc.count > 1 || nodes[scc[0]].successors.contains(scc[0])
            guard cyclic else { continue }
            let covers = (0..<acceptanceSets).allSatisfy { k in scc.contains { nodes[$0].accepting[k] } }
            if covers { for n in members { good[n] = true } }
        }
        // Backwards: a node that reaches a good one is live.
        var changed = true
        while changed {
            changed = false
            for i in nodes.indices where !good[i] && nodes[i].successors.contains(where: { good[$0] }) {
                good[i] = true
                changed = true
            }
        }
        return good
    }
}

/// The tableau construction: nodes are sets of formulas true now (`old`)
/// and formulas that must be true at the next position (`next`).
private struct Tableau {
    static let start = -1

    struct Pending {
        var incoming: Set<Int>
        var new: [Formula]
        var old: Set<Formula>
        var next: Set<Formula>
    }

    private struct Key: Hashable {
        var old: Set<Formula>
        var next: Set<Formula>
    }

    private(set) var nodes: [(incoming: Set<Int>, old: Set<Formula>, next: Set<Formula>)] = []
    /// Each node's place in `nodes`, by what it holds.
    private var places: [Key: Int] = [:]
    let shouldStop: () -> Bool
    private var expansions = 0
    private(set) var stopped = false

    init(shouldStop: @escaping () -> Bool) {
        self.shouldStop = shouldStop
    }

    mutating func expand(_ node: Pending) {
        guard !stopped else { return }
        expansions += 1
        if expansions % 1024 == 0, shouldStop() {
            stopped = true
            return
        }
        var n = node
        guard let eta = n.new.popLast() else {
            let key = Key(old: n.old, next: n.next)
            if let i = places[key] {
                nodes[i].incoming.formUnion(n.incoming)
                return
            }
            places[key] = nodes.count
            nodes.append((n.incoming, n.old, n.next))
            expand(Pending(incoming: [nodes.count - 1], new: Array(n.next), old: [], next: []))
            return
        }
        if n.old.contains(eta) {
            expand(n)
            return
        }
        switch eta {
        case .constant(let b):
            guard b else { return }
            expand(n)
        case .atom:
            guard !n.old.contains(.not(eta)) else { return }
            n.old.insert(eta)
            expand(n)
        case .not(let a):
            guard !n.old.contains(a) else { return }
            n.old.insert(eta)
            expand(n)
        case .and(let fs):
            n.old.insert(eta)
            n.new += fs.filter { !n.old.contains($0) }
            expand(n)
        case .or(let fs):
            n.old.insert(eta)
            for f in fs {
                var m = n
                m.new.append(f)
                expand(m)
            }
        case .until(let a, let b):
            n.old.insert(eta)
            var first = n
            first.new.append(a)
            first.next.insert(eta)
            var second = n
            second.new.append(b)
            expand(first)
            expand(second)
        case .release(let a, let b):
            n.old.insert(eta)
            var first = n
            first.new.append(b)
            first.next.insert(eta)
            var second = n
            second.new += [a, b]
            expand(first)
            expand(second)
        case .each:
            preconditionFailure("each is instantiated before the automaton is built")
        }
    }
}

extension Formula {
    /// Its `until` subformulas (each an acceptance set), in a fixed order.
    var untils: [Formula] {
        var out: [Formula] = []
        var seen: Set<Formula> = []
        func walk(_ f: Formula) {
            switch f {
            case .constant, .atom, .each: return
            case .not(let g): walk(g)
            case .and(let fs), .or(let fs): fs.forEach(walk)
            case .until(let a, let b):
                walk(a)
                walk(b)
                if seen.insert(f).inserted { out.append(f) }
            case .release(let a, let b):
                walk(a)
                walk(b)
            }
        }
        walk(self)
        return out
    }
}

/// Tarjan's strongly connected components, without recursion (graphs of
/// explored states are deep).
enum StronglyConnected {
    /// The components of the graph over `0..<count`, in the order Tarjan's
    /// algorithm completes them (successors before predecessors).
    /// `shouldStop` is asked every few thousand nodes; when it says true, the
    /// components found so far are returned (the caller asks it again).
    static func components(
        count: Int, roots: [Int]? = nil, shouldStop: () -> Bool = { false }, successors: (Int) -> [Int]
    ) -> [[Int]] {
        var index = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var out: [[Int]] = []
        var next = 0
        var iterations = 0
        for root in roots ?? Array(0..<count) where index[root] < 0 {
            var work: [(node: Int, successors: [Int], position: Int)] = [(root, successors(root), 0)]
            index[root] = next
            low[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while !work.isEmpty {
                iterations += 1
                if iterations % 4096 == 0, shouldStop() { return out }
                let top = work.count - 1
                let v = work[top].node
                if work[top].position < work[top].successors.count {
                    let w = work[top].successors[work[top].position]
                    work[top].position += 1
                    if index[w] < 0 {
                        index[w] = next
                        low[w] = next
                        next += 1
                        stack.append(w)
                        onStack[w] = true
                        work.append((w, successors(w), 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last?.node { low[parent] = min(low[parent], low[v]) }
                    if low[v] == index[v] {
                        var scc: [Int] = []
                        while true {
                            let w = stack.removeLast()
                            onStack[w] = false
                            scc.append(w)
                            if w == v { break }
                        }
                        out.append(scc)
                    }
                }
            }
        }
        return out
    }
}
