import SheetEngine
import Testing

@testable import SheetCheck

/// The tableau construction (Gerth, Peled, Vardi, Wolper): the automaton of
/// a formula accepts exactly its runs. Checked here on small formulas by
/// running ultimately periodic words (a prefix, then a cycle forever) over
/// one or two atoms through the automaton.
@Suite struct BuchiAutomatonTests {
    static var p: Atom { .userActs }
    static var r: Atom { .timePasses }

    /// Whether the automaton accepts `prefix` followed by `cycle` repeated
    /// forever; each letter is the set of atoms true at that position.
    static func accepts(_ automaton: BuchiAutomaton, prefix: [Set<Atom>], cycle: [Set<Atom>]) -> Bool {
        let word = prefix + cycle
        let n = word.count
        func fits(_ node: Int, _ letter: Set<Atom>) -> Bool {
            automaton.nodes[node].literals.allSatisfy { letter.contains($0.atom) == $0.holds }
        }
        // The product of the word's lasso (positions, the last leads back to
        // the cycle's start) with the automaton, and its accepting cycles.
        let q = automaton.nodes.count
        func next(_ position: Int) -> Int { position + 1 < n ? position + 1 : prefix.count }
        func successors(_ v: Int) -> [Int] {
            let (i, a) = (v / q, v % q)
            let j = next(i)
            return automaton.nodes[a].successors.filter { fits($0, word[j]) }.map { j * q + $0 }
        }
        let roots = automaton.initial.filter { fits($0, word[0]) }
        for scc in StronglyConnected.components(count: n * q, roots: roots, successors: successors) {
            let members = Set(scc)
            let cyclic = scc.count > 1 || successors(scc[0]).contains(scc[0])
            guard cyclic else { continue }
            let covers = (0..<automaton.acceptanceSets).allSatisfy { k in
                members.contains { automaton.nodes[$0 % q].accepting[k] }
            }
            if covers { return true }
        }
        return false
    }

    static func accepts(_ f: Formula, prefix: [Set<Atom>] = [], cycle: [Set<Atom>]) -> Bool {
        accepts(BuchiAutomaton(f.normalized), prefix: prefix, cycle: cycle)
    }

    /// Six `eventually`s: the tableau is exponential in them (a time limit
    /// must be able to stop it, issue 32).
    static var manyUntils: Formula {
        let (p, r) = (Formula.atom(Self.p), Formula.atom(Self.r))
        return .and([p, r, .not(p), .not(r), .and([p, r]), .or([p, r])].map { Formula.eventually($0) })
    }

    @Test func theConstruction_asksWhetherToStop_andStopsWhenTold() {
        nonisolated(unsafe) var asked = 0
        let stopped = BuchiAutomaton(Self.manyUntils.normalized) {
            asked += 1
            return true
        }
        #expect(asked == 1, "asked once, then stopped")
        #expect(!stopped.isComplete)
        let whole = BuchiAutomaton(Self.manyUntils.normalized)
        #expect(whole.isComplete)
        #expect(whole.acceptanceSets == 6)
        #expect(whole.nodes.count > 64, "big enough to be asked on the way")
    }

    @Test func componentsSearch_returnsWhenTold() {
        // A line of 100,000 nodes: one component each; told to stop at the first ask.
        let all = StronglyConnected.components(count: 100_000, roots: [0]) { $0 + 1 < 100_000 ? [$0 + 1] : [] }
        #expect(all.count == 100_000)
        let cut = StronglyConnected.components(count: 100_000, roots: [0], shouldStop: { true }) {
            $0 + 1 < 100_000 ? [$0 + 1] : []
        }
        #expect(cut.count < 100_000)
    }

    @Test func eventually_acceptsExactlyTheRunsWhereItHappens() {
        let f = Formula.eventually(.atom(Self.p))
        #expect(Self.accepts(f, prefix: [[], []], cycle: [[Self.p]]))
        #expect(Self.accepts(f, prefix: [[Self.p]], cycle: [[]]))
        #expect(!Self.accepts(f, cycle: [[]]))
        #expect(BuchiAutomaton(f.normalized).acceptanceSets == 1, "one until, one acceptance set")
    }

    @Test func always_rejectsARunWithOneBadPosition() {
        let f = Formula.always(.atom(Self.p))
        #expect(Self.accepts(f, cycle: [[Self.p]]))
        #expect(!Self.accepts(f, prefix: [[Self.p], []], cycle: [[Self.p]]))
        #expect(!Self.accepts(f, cycle: [[Self.p], []]))
    }

    @Test func alwaysEventually_needsItInTheCycle_notOnlyThePrefix() {
        let f = Formula.always(.eventually(.atom(Self.p)))
        #expect(Self.accepts(f, prefix: [[]], cycle: [[], [Self.p]]))
        #expect(!Self.accepts(f, prefix: [[Self.p]], cycle: [[]]))
    }

    @Test func until_needsItsGoal_andItsConditionBefore() {
        let f = Formula.until(.atom(Self.p), .atom(Self.r))
        #expect(Self.accepts(f, prefix: [[Self.p], [Self.p]], cycle: [[Self.r]]))
        #expect(!Self.accepts(f, prefix: [[Self.p], []], cycle: [[Self.r]]), "p stops before r")
        #expect(!Self.accepts(f, cycle: [[Self.p]]), "r never comes")
    }

    @Test func leadsTo_isBrokenByARequestNeverAnswered() {
        let f = Formula.leadsTo(.atom(Self.p), .atom(Self.r))
        #expect(Self.accepts(f, cycle: [[Self.p], [Self.r]]))
        #expect(!Self.accepts(f, prefix: [[Self.r], [Self.p]], cycle: [[]]))
    }

    @Test func aFormulaAndItsNegation_neverAcceptTheSameRun() {
        let formulas: [Formula] = [
            .eventually(.atom(Self.p)), .always(.atom(Self.p)), .always(.eventually(.atom(Self.p))),
            .until(.atom(Self.p), .atom(Self.r)), .leadsTo(.atom(Self.p), .atom(Self.r)),
            .unless(.atom(Self.p), .atom(Self.r)),
        ]
        let letters: [Set<Atom>] = [[], [Self.p], [Self.r], [Self.p, Self.r]]
        for f in formulas {
            for a in letters {
                for b in letters {
                    for c in letters {
                        let yes = Self.accepts(f, prefix: [a], cycle: [b, c])
                        let no = Self.accepts(.not(f), prefix: [a], cycle: [b, c])
                        #expect(yes != no, "\(f) on \(a) then (\(b) \(c)) forever")
                    }
                }
            }
        }
    }

    @Test func live_marksNodesThatReachAnAcceptingCycle() {
        let automaton = BuchiAutomaton(Formula.eventually(.atom(Self.p)).normalized)
        let live = automaton.live()
        #expect(live.count == automaton.nodes.count)
        #expect(automaton.initial.contains { live[$0] })
    }
}
