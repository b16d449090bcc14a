import Testing

@testable import SheetLabCLI

/// The diff `sheetlab test` prints when a timeline differs from its snapshot.
@Suite struct UnifiedDiffTests {
    static func lines(_ range: ClosedRange<Int>) -> String {
        range.map { "line \($0)\n" }.joined()
    }

    @Test func sameText_noDiff() {
        #expect(UnifiedDiff.lines(from: "a\nb\n", to: "a\nb\n", oldName: "o", newName: "n") == nil)
    }

    @Test func oneChangedLine_isOneHunkWithThreeLinesOfContext() {
        let old = Self.lines(1...10)
        let new = old.replacing("line 5\n", with: "line five\n")
        #expect(
            UnifiedDiff.lines(from: old, to: new, oldName: "x.timeline", newName: "x.lua (this run)") == [
                "--- x.timeline", "+++ x.lua (this run)", "@@ -2,7 +2,7 @@",
                " line 2", " line 3", " line 4", "-line 5", "+line five", " line 6", " line 7", " line 8",
            ])
    }

    @Test func changesFarApart_areSeparateHunks_closeOnesMerge() {
        let old = Self.lines(1...30)
        let far = old.replacing("line 3\n", with: "").replacing("line 25\n", with: "line 25\nline 25b\n")
        let diff = UnifiedDiff.lines(from: old, to: far, oldName: "a", newName: "b") ?? []
        #expect(
            diff.filter { $0.hasPrefix("@@") } == ["@@ -1,6 +1,5 @@", "@@ -23,6 +22,7 @@"], "as diff -u writes them")
        let close = old.replacing("line 3\n", with: "").replacing("line 8\n", with: "line eight\n")
        #expect(
            (UnifiedDiff.lines(from: old, to: close, oldName: "a", newName: "b") ?? []).filter { $0.hasPrefix("@@") }
                .count == 1)
    }

    @Test func linesAddedToAnEmptyText() {
        #expect(
            UnifiedDiff.lines(from: "", to: "a\nb\n", oldName: "o", newName: "n") == [
                "--- o", "+++ n", "@@ -0,0 +1,2 @@", "+a", "+b",
            ])
    }
}
