import Testing

@testable import SheetCheck

/// Tarjan's components, without recursion.
@Suite struct StronglyConnectedTests {
    static func components(_ edges: [Int: [Int]], count: Int, roots: [Int]? = nil) -> [[Int]] {
        StronglyConnected.components(count: count, roots: roots) { edges[$0] ?? [] }
    }

    @Test func cyclesAreComponents_successorsComeFirst() {
        // 0 -> 1 <-> 2 -> 3 (a self-loop), 4 alone.
        let found = Self.components([0: [1], 1: [2], 2: [1, 3], 3: [3]], count: 5)
        #expect(found.map { Set($0) } == [[3], [1, 2], [0], [4]])
    }

    @Test func roots_limitTheSearchToWhatTheyReach() {
        let found = Self.components([0: [1], 1: [0], 2: [0]], count: 3, roots: [0])
        #expect(found.map { Set($0) } == [[0, 1]])
    }

    @Test func aLongChain_needsNoRecursion() {
        let n = 200_000
        let found = StronglyConnected.components(count: n) { $0 + 1 < n ? [$0 + 1] : [0] }
        #expect(found.count == 1 && found[0].count == n, "one cycle through every node")
    }
}
