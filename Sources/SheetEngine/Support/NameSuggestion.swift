/// "Did you mean …?" for a name that is not one of the names known: the
/// known names closest to it by edit distance (case ignored), or those it
/// is a prefix of. One rule for unknown hooks, profiles, options, slots,
/// commands, formats and project settings, in every layer.
public enum NameSuggestion {
    /// The names in `known` closest to `name` (at most `limit`): those it is a prefix of, else those at the least edit distance.
    public static func close(to name: String, in known: [String], limit: Int = 3) -> [String] {
        let wanted = Array(name.lowercased())
        guard !wanted.isEmpty else { return [] }
        // A name of n letters may be off by about a third of them.
        let allowed = max(1, wanted.count / 3)
        var scored: [(name: String, distance: Int)] = []
        for candidate in known where candidate != name {
            let lowered = candidate.lowercased()
            if lowered.hasPrefix(name.lowercased()) && wanted.count >= 3 {
                scored.append((candidate, 0))
                continue
            }
            let d = distance(wanted, Array(lowered))
            if d <= allowed { scored.append((candidate, d)) }
        }
        // Only the closest: `iphon15-ios17` suggests iphone15-ios17, not every iphone15.
        let best = scored.map(\.distance).min() ?? 0
        scored = scored.filter { $0.distance == best }
        var seen: Set<String> = []
        return scored.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
            .map(\.name).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
    }

    /// `; did you mean request?` (or `request or settle?`), or "" when nothing is close.
    public static func hint(for name: String, in known: [String]) -> String {
        let names = close(to: name, in: known)
        guard !names.isEmpty else { return "" }
        let list =
            names.count == 1
            ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
        return "; did you mean \(list)?"
    }

    /// The Damerau-Levenshtein (optimal string alignment) distance: a swap of neighbours counts once.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, table[i - 2][j - 2] + 1) }
                table[i][j] = d
            }
        }
        return table[a.count][b.count]
    }
}
