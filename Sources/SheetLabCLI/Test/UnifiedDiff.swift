/// A unified diff of two texts, line by line, as `diff -u` writes it:
/// `---`/`+++` headers, then hunks `@@ -a,b +c,d @@` with three lines of
/// context around each change.
enum UnifiedDiff {
    /// One line of the edit script.
    enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The lines of a diff from `old` to `new`, or nil when they are the same.
    /// - Parameters:
    ///   - oldName: the header of the old text (`--- NAME`).
    ///   - newName: the header of the new text (`+++ NAME`).
    ///   - context: lines of context kept around each change.
    static func lines(
        from old: String, to new: String, oldName: String, newName: String, context: Int = 3
    ) -> [String]? {
        let a = split(old)
        let b = split(new)
        guard a != b else { return nil }
        let script = editScript(a, b)
        var out = ["--- \(oldName)", "+++ \(newName)"]
        // Positions (in the script) of changed lines, grouped into hunks.
        let changed = script.indices.filter { script[$0] != .same(text(script[$0])) }
        var hunks: [ClosedRange<Int>] = []
        for i in changed {
            let range = max(0, i - context)...min(script.count - 1, i + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...range.upperBound
            } else {
                hunks.append(range)
            }
        }
        // Line numbers before each script position.
        var oldLine = [Int](), newLine = [Int]()
        var o = 1, n = 1
        for line in script {
            oldLine.append(o)
            newLine.append(n)
            switch line {
            case .same: o += 1; n += 1
            case .removed: o += 1
            case .added: n += 1
            }
        }
        for hunk in hunks {
            let part = script[hunk]
            let oldCount = part.filter { if case .added = $0 { return false } else { return true } }.count
            let newCount = part.filter { if case .removed = $0 { return false } else { return true } }.count
            let oldStart = oldCount == 0 ? oldLine[hunk.lowerBound] - 1 : oldLine[hunk.lowerBound]
            let newStart = newCount == 0 ? newLine[hunk.lowerBound] - 1 : newLine[hunk.lowerBound]
            out.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            for line in part {
                switch line {
                case .same(let s): out.append(" " + s)
                case .removed(let s): out.append("-" + s)
                case .added(let s): out.append("+" + s)
                }
            }
        }
        return out
    }

    /// The lines of a text, without the newline that ends the last one.
    static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static func text(_ line: Line) -> String {
        switch line {
        case .same(let s), .removed(let s), .added(let s): return s
        }
    }

    /// The shortest edit script from `a` to `b` (the standard library's
    /// Myers difference), removals before additions at each place.
    static func editScript(_ a: [String], _ b: [String]) -> [Line] {
        let difference = b.difference(from: a)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var script: [Line] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) {
                script.append(.removed(a[i]))
                i += 1
            } else if j < b.count, inserted.contains(j) {
                script.append(.added(b[j]))
                j += 1
            } else {
                script.append(.same(a[i]))
                i += 1
                j += 1
            }
        }
        return script
    }
}
