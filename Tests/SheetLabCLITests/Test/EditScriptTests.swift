import Testing

@testable import SheetLabCLI

/// The snapshot diff's edit script (Myers, linear space): shortest, valid,
/// and bounded by its step budget, checked on random line sets against a
/// reference longest common subsequence.
@Suite struct EditScriptTests {
    /// A reproducible generator (a 64-bit linear congruential one; plenty for test data).
    struct Numbers: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    /// The length of a longest common subsequence, by the textbook table.
    static func referenceLCS(_ a: [String], _ b: [String]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            var diagonal = 0
            for j in 1...b.count {
                let above = row[j]
                row[j] = a[i - 1] == b[j - 1] ? diagonal + 1 : max(row[j], row[j - 1])
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// What the script keeps and removes is `a`; what it keeps and adds is `b`.
    static func sides(_ script: [UnifiedDiff.Line]) -> (old: [String], new: [String], kept: Int) {
        var old: [String] = [], new: [String] = [], kept = 0
        for line in script {
            switch line {
            case .same(let s):
                old.append(s)
                new.append(s)
                kept += 1
            case .removed(let s): old.append(s)
            case .added(let s): new.append(s)
            }
        }
        return (old, new, kept)
    }

    @Test(arguments: [1, 2, 3, 4, 8])
    func randomLineSets_giveAValidShortestScript(alphabet: Int) throws {
        var random = Numbers(state: UInt64(alphabet) * 7919)
        let words = (0..<alphabet).map { "line \($0)" }
        for _ in 0..<600 {
            let a = (0..<Int.random(in: 0...14, using: &random)).map { _ in words.randomElement(using: &random)! }
            let b = (0..<Int.random(in: 0...14, using: &random)).map { _ in words.randomElement(using: &random)! }
            let script = try #require(UnifiedDiff.editScript(a, b))
            let (old, new, kept) = Self.sides(script)
            #expect(old == a && new == b, "the script turns \(a) into \(b)")
            #expect(kept == Self.referenceLCS(a, b), "shortest: it keeps a longest common subsequence of \(a), \(b)")
            // Removals come before additions at each place.
            for (line, next) in zip(script, script.dropFirst()) {
                if case .added = line, case .removed = next { Issue.record("an addition before a removal: \(script)") }
            }
        }
    }

    @Test func editedCopies_ofALongerText_keepEverythingNotEdited() throws {
        var random = Numbers(state: 42)
        for _ in 0..<200 {
            let a = (0..<Int.random(in: 20...200, using: &random)).map { "l\($0 % 17)" }
            var b = a
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let at = Int.random(in: 0...b.count, using: &random)
                if Bool.random(using: &random), at < b.count { b.remove(at: at) } else { b.insert("new", at: at) }
            }
            let script = try #require(UnifiedDiff.editScript(a, b))
            #expect(Self.sides(script).kept == Self.referenceLCS(a, b))
        }
    }

    /// 80,000 lines with 200 scattered changes: about 780,000 steps, far
    /// under the budget (the old diff took more than 30 s on this).
    @Test func anEightyThousandLineSnapshot_withScatteredChanges_isDiffedWithinTheBudget() throws {
        let old = (0..<80_000).map { "   \($0) ms   set   ContentView  counter = \($0)" }
        var new = old
        for n in stride(from: 100, to: 80_000, by: 400) { new[n] = "changed \(n)" }
        let numbers = old.indices.map { $0 }
        let steps = EditScript.steps(numbers, numbers.map { $0 % 400 == 100 ? -$0 : $0 })
        #expect(steps < 2_000_000, "\(steps) steps (780,000 when written): linear in the lines for few changes")
        let script = try #require(UnifiedDiff.editScript(old, new))
        #expect(Self.sides(script).kept == 80_000 - 200)
        let diff = UnifiedDiff.compare(
            old.joined(separator: "\n") + "\n", new.joined(separator: "\n") + "\n", oldName: "a", newName: "b")
        guard case .differs(let lines) = diff else {
            Issue.record("expected a diff, got \(diff)")
            return
        }
        #expect(lines.filter { $0.hasPrefix("@@") }.count == 200)
    }

    /// Two unrelated 80,000-line texts: the search stops at its budget
    /// instead of running for minutes, and says the texts only differ.
    @Test func unrelatedLongTexts_areTooLargeToDiff() {
        let old = (0..<80_000).map { "old \($0)" }.joined(separator: "\n")
        let new = (0..<80_000).map { "new \($0)" }.joined(separator: "\n")
        #expect(
            UnifiedDiff.compare(old, new, oldName: "a", newName: "b", maximumSteps: 5_000_000)
                == .tooLarge(oldLines: 80_000, newLines: 80_000))
        #expect(UnifiedDiff.editScript(["a", "b"], ["c", "d"], maximumSteps: 3) == nil)
    }
}
