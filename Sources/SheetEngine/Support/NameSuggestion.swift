/// "Did you mean ...?" for a name that is not one of the valid ones: the
/// closest by edit distance (at most 2 edits, and 1 for a name under 6),
/// or, for a prefix of valid names (`iphone15` for `iphone15-ios17`), the
/// last of those it begins.
public enum NameSuggestion {
    /// The valid name most likely meant, or nil when none is close.
    public static func closest(to name: String, among valid: [String]) -> String? {
        let lowered = name.lowercased()
        if let exact = valid.first(where: { $0.lowercased() == lowered }) { return exact }
        if !name.isEmpty, let longer = valid.last(where: { $0.hasPrefix(name + "-") }) { return longer }
        let allowed = min(2, max(1, name.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in valid {
            let d = distance(Array(lowered), Array(candidate.lowercased()))
            if d <= allowed, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Levenshtein distance, an adjacent swap counting one (Damerau's optimal string alignment).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
