/// The comparison as people read it: each outcome that differs, then its
/// values, each with the profiles that gave it.
///
///     note: the scenario's profile("iphone15-ios14.4") is overridden by each compared profile
///     Outcomes that differ across 63 profiles:
///
///     expect examples/seeds/seed004_sheet_and_cover.lua:46: B10: the sheet is shadowed by the cover applied after it
///       pass  ios14.4 on every device (7 profiles)
///       fail  ios15 to ios27 on every device (56 profiles)
///
///     20 outcomes are the same on every profile.
extension ProfileComparison {
    /// The text for standard output. Text the scenario controls (messages,
    /// names) has its control characters escaped.
    /// - Parameter style: makes a heading stand out (bold on a terminal).
    func text(style: (String) -> String = { $0 }) -> String {
        var lines: [String] = []
        if !overriddenProfiles.isEmpty {
            let calls = overriddenProfiles.map { "profile(\"\(TerminalText.escape($0))\")" }.joined(separator: ", ")
            lines.append("note: the scenario's \(calls) is overridden by each compared profile")
        }
        if rows.isEmpty {
            let same =
                switch sameCount {
                case 0: "the runs had no outcome to compare (no expectation, presentation or warning)."
                case 1: "the one outcome is the same on every profile."
                default: "all \(sameCount) outcomes are the same on every profile."
                }
            lines.append("No differences across the \(profiles.count) profiles: " + same)
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append(style("Outcomes that differ across \(profiles.count) profiles:"))
        for row in rows {
            lines.append("")
            lines.append(style(TerminalText.escape(row.outcome.label, indent: "    ")))
            let groups = groups(row).map { value, members in
                (TerminalText.escape(value.text, indent: "    "), ProfileSetSummary.describe(members, among: profiles))
            }
            let width = groups.map(\.0.count).max() ?? 0
            for (cell, who) in groups {
                // Short values line up in a column; a long one (an error message) follows its profiles.
                lines.append(
                    width > Self.widestAlignedValue
                        ? "  \(who): \(cell)"
                        : "  " + cell + String(repeating: " ", count: width - cell.count + 2) + who)
            }
        }
        lines.append("")
        lines.append(
            sameCount == 1
                ? "1 outcome is the same on every profile."
                : "\(sameCount) outcomes are the same on every profile.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row whose values are longer than this shows each after its profiles.
    static let widestAlignedValue = 30

    /// Lines for standard error: which profiles failed an expectation or
    /// stopped on a script error (those that failed everywhere too), so
    /// that a non-zero exit code says where it comes from.
    var problemLines: [String] {
        var lines: [String] = []
        for (key, failing) in failedExpectations {
            let what = (key.location.map { "\($0): " } ?? "") + key.message
            lines.append(
                "FAIL on \(ProfileSetSummary.describe(failing, among: profiles)): "
                    + TerminalText.escape(what, indent: "    "))
        }
        for (message, stopped) in scriptErrors {
            lines.append(
                "error on \(ProfileSetSummary.describe(stopped, among: profiles)): "
                    + TerminalText.escape(message, indent: "    "))
        }
        return lines
    }
}
