/// A unified diff of two texts, line by line, as `diff -u` writes it:
/// `---`/`+++` headers, then hunks `@@ -a,b +c,d @@` with three lines of
/// context around each change.
///
/// The edit script is a shortest one, found by Myers' O(ND) algorithm in
/// its linear-space form (`EditScript`): time proportional to the lines
/// times the changes, memory to the lines. A diff stops after
/// `maximumSteps` steps of the search (two 80,000-line texts that differ in
/// 200 scattered lines take 780,000); past it the texts are only known to
/// differ (`Comparison.tooLarge`).
enum UnifiedDiff {
    /// One line of the edit script.
    enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// What comparing two texts gave.
    enum Comparison: Equatable {
        /// They are the same.
        case same
        /// They differ: the unified diff's lines.
        case differs([String])
        /// They differ by more than a diff is computed for: the line counts.
        case tooLarge(oldLines: Int, newLines: Int)
    }

    /// The most steps (diagonals tried and lines compared) a diff may take.
    static let maximumSteps = 100_000_000

    /// Compares two texts.
    /// - Parameters:
    ///   - old: the recorded text.
    ///   - new: the text it is compared with.
    ///   - oldName: the header of the old text (`--- NAME`).
    ///   - newName: the header of the new text (`+++ NAME`).
    ///   - context: lines of context kept around each change.
    ///   - maximumSteps: where the search stops.
    static func compare(
        _ old: String, _ new: String, oldName: String, newName: String, context: Int = 3,
        maximumSteps: Int = maximumSteps
    ) -> Comparison {
        let a = split(old)
        let b = split(new)
        guard a != b else { return .same }
        guard let script = editScript(a, b, maximumSteps: maximumSteps) else {
            return .tooLarge(oldLines: a.count, newLines: b.count)
        }
        return .differs(hunks(script, oldName: oldName, newName: newName, context: context))
    }

    /// The lines of a diff from `old` to `new`, or nil when they are the
    /// same; past `maximumSteps`, the headers and a line saying so.
    static func lines(
        from old: String, to new: String, oldName: String, newName: String, context: Int = 3
    ) -> [String]? {
        switch compare(old, new, oldName: oldName, newName: newName, context: context) {
        case .same: return nil
        case .differs(let lines): return lines
        case .tooLarge(let oldLines, let newLines):
            return ["--- \(oldName)", "+++ \(newName)", tooLargeNote(oldLines: oldLines, newLines: newLines)]
        }
    }

    /// `too large to diff (24000 lines against 24000; ...)`.
    static func tooLargeNote(oldLines: Int, newLines: Int) -> String {
        "too large to diff (\(oldLines) lines against \(newLines); a diff stops after "
            + "\(maximumSteps.formatted(grouping: ",")) steps)"
    }

    /// The headers and hunks of an edit script.
    static func hunks(_ script: [Line], oldName: String, newName: String, context: Int) -> [String] {
        var out = ["--- \(oldName)", "+++ \(newName)"]
        // Positions (in the script) of changed lines, grouped into hunks.
        var hunks: [ClosedRange<Int>] = []
        for i in script.indices where script[i] != .same(text(script[i])) {
            let range = max(0, i - context)...min(script.count - 1, i + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...range.upperBound
            } else {
                hunks.append(range)
            }
        }
        // Line numbers before each script position.
        var oldLine = [Int](), newLine = [Int]()
        oldLine.reserveCapacity(script.count)
        newLine.reserveCapacity(script.count)
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

    /// A shortest edit script from `a` to `b`, removals before additions at
    /// each place; nil past `maximumSteps`.
    static func editScript(_ a: [String], _ b: [String], maximumSteps: Int = maximumSteps) -> [Line]? {
        // Lines as numbers: equal lines, equal numbers.
        var numbers: [String: Int] = [:]
        let x = a.map { line in
            numbers[line]
                ?? {
                    numbers[line] = numbers.count; return numbers.count - 1
                }()
        }
        let y = b.map { line in
            numbers[line]
                ?? {
                    numbers[line] = numbers.count; return numbers.count - 1
                }()
        }
        guard let matches = EditScript.matches(x, y, maximumSteps: maximumSteps) else { return nil }
        var script: [Line] = []
        script.reserveCapacity(a.count + b.count - matches.count)
        var i = 0, j = 0
        for (mi, mj) in matches + [(a.count, b.count)] {
            while i < mi {
                script.append(.removed(a[i]))
                i += 1
            }
            while j < mj {
                script.append(.added(b[j]))
                j += 1
            }
            if i < a.count {
                script.append(.same(a[i]))
                i += 1
                j += 1
            }
        }
        return script
    }
}

extension Int {
    /// `50,000,000`.
    fileprivate func formatted(grouping separator: String) -> String {
        let digits = String(self)
        var out = ""
        for (n, c) in digits.enumerated() {
            if n > 0, (digits.count - n) % 3 == 0 { out += separator }
            out.append(c)
        }
        return out
    }
}
