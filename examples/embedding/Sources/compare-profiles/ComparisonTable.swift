/// The comparison printed at the end: one row per scenario, one column per
/// profile, rows marked `*` where the profiles disagree.
struct ComparisonTable {
    var scenarios: [String]
    var profiles: [String]
    /// By scenario, then profile.
    var outcomes: [[Outcome]]

    func render(verbose: Bool) -> String {
        var rows = [["", "scenario"] + profiles]
        for (s, name) in scenarios.enumerated() {
            let row = outcomes[s]
            let differs = Set(row.map { "\($0.verdict) \($0.finalStack) \($0.warnings)" }).count > 1
            rows.append([differs ? "*" : " ", name] + row.map(\.cell))
        }
        let widths = rows[0].indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.enumerated().map { c, cell in
                c == row.count - 1 ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        lines.append("")
        for (p, profile) in profiles.enumerated() {
            let column = outcomes.map { $0[p] }
            let passed = column.filter { $0.verdict == .pass }.count
            lines.append("\(profile): \(passed) passed, \(column.count - passed) failed")
        }
        lines.append(
            "cells: verdict, warning events, final modal stack (presenter:phase, bottom first); * the profiles differ")
        if verbose {
            for (s, name) in scenarios.enumerated() {
                for (p, outcome) in outcomes[s].enumerated() where !outcome.problems.isEmpty {
                    lines.append("\(name) on \(profiles[p]):")
                    lines += outcome.problems.map { "    \($0)" }
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
