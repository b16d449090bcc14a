/// The product of the explored graph with a Büchi automaton, the space a
/// liveness property is searched in: node `p` is the graph's state `p / q`
/// with the automaton's node `p % q` (`q` automaton nodes). A step follows
/// a graph edge and moves to a successor of the automaton node whose
/// literals hold at the position the edge leads to.
struct Product {
    let graph: StateGraph
    /// Per state, where its steps start in `graph.edges` (one more entry at the end).
    let firstEdge: [Int]
    let automaton: BuchiAutomaton
    /// Per graph edge, the atoms (by bit) that hold at the position it leads to.
    let edgeBits: [UInt64]
    /// Per automaton node, the atoms its literals need to hold and not to hold.
    private let masks: [(set: UInt64, clear: UInt64)]

    /// - Parameters:
    ///   - atoms: the atoms the automaton's literals read, in bit order (at most 64).
    ///   - edgeBits: per graph edge, the atoms that hold where it leads.
    init(graph: StateGraph, firstEdge: [Int], automaton: BuchiAutomaton, atoms: [Atom], edgeBits: [UInt64]) {
        self.graph = graph
        self.firstEdge = firstEdge
        self.automaton = automaton
        self.edgeBits = edgeBits
        let bit = Dictionary(uniqueKeysWithValues: atoms.enumerated().map { ($1, UInt64(1) << UInt64($0)) })
        masks = automaton.nodes.map { node in
            var set: UInt64 = 0
            var clear: UInt64 = 0
            for l in node.literals {
                if l.holds { set |= bit[l.atom]! } else { clear |= bit[l.atom]! }
            }
            return (set, clear)
        }
    }

    /// The automaton's nodes.
    var q: Int { automaton.nodes.count }

    /// Whether automaton node `node`'s literals hold where the atoms in `bits` do.
    func fits(_ node: Int, _ bits: UInt64) -> Bool {
        bits & masks[node].set == masks[node].set && bits & masks[node].clear == 0
    }

    /// Where a run starts: the set-up (state 0) with each initial automaton
    /// node whose literals hold there (`bits`: the atoms true at the set-up).
    func roots(setUp bits: UInt64) -> [Int] { automaton.initial.filter { fits($0, bits) } }

    /// The steps from product node `p`: the node each reaches and its graph edge, in edge order.
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

    /// Breadth first from `start`, inside `members` when given: shows
    /// `stop` every step from a node reached, in order (the node it leaves,
    /// the node it reaches, which may be one reached already, and its
    /// edge), until `stop` says so.
    /// - Returns: the way to the step it stopped at (the edges, and the
    ///   node each reaches), or nil when it never stopped.
    @discardableResult
    func breadthFirst(
        from start: [Int], inside members: Set<Int>? = nil, until stop: (_ from: Int, _ to: Int, _ edge: Int) -> Bool
    ) -> (edges: [Int], nodes: [Int])? {
        var parent: [Int: (from: Int, edge: Int)] = [:]
        var queue = start
        var seen = Set(start)
        var head = 0
        while head < queue.count {
            let p = queue[head]
            head += 1
            for (to, e) in steps(p) where members?.contains(to) ?? true {
                if stop(p, to, e) {
                    var edges = [e]
                    var nodes = [to]
                    var node = p
                    while let link = parent[node] {
                        edges.append(link.edge)
                        nodes.append(node)
                        node = link.from
                    }
                    return (edges.reversed(), nodes.reversed())
                }
                if seen.insert(to).inserted {
                    parent[to] = (p, e)
                    queue.append(to)
                }
            }
        }
        return nil
    }

    /// The steps from `roots` to each node reached, breadth first.
    func distances(from roots: [Int]) -> [Int: Int] {
        var distance: [Int: Int] = [:]
        for r in roots { distance[r] = 0 }
        breadthFirst(from: roots) { from, to, _ in
            if distance[to] == nil { distance[to] = distance[from]! + 1 }
            return false
        }
        return distance
    }
}
