import SheetEngine

/// What the tools know about the behaviour rules: every id the engine has
/// (`RuleID`), the one-line summary and the place in the code from the
/// rule table of docs/engine.md, and, for version-dependent rules, the OS
/// versions they hold on (`OSVersion`'s flags).
///
/// A rule catalogue in the engine itself (ids, OS ranges, sources,
/// confidence) is planned; this is the one place to switch over to it.
struct RuleCatalogue {
    /// One rule.
    struct Rule {
        var id: RuleID
        /// What it says, from docs/engine.md; nil when the table has no row for it.
        var summary: String?
        /// Where it lives in the code, from the same table.
        var location: String?
        /// For a version-dependent rule: the `OSVersion` flag and the versions where it is true.
        var flag: String?
        var versions: [String]?

        var json: JSON {
            var members: [String: JSON] = ["id": .string(id.rawValue)]
            if let summary { members["summary"] = .string(summary) }
            if let location { members["where"] = .string(location) }
            if let flag, let versions {
                members["os_flag"] = .string(flag)
                members["holds_on"] = .array(versions.map { .string($0) })
            }
            return .object(members)
        }

        /// `B03: a request written while dismissing is overwritten ...`.
        var line: String {
            var text = id.rawValue + ": " + (summary ?? "(no summary in docs/engine.md; see BEHAVIOURS.md)")
            if let flag, let versions {
                text += " [OS flag \(flag): iOS \(versions.isEmpty ? "none" : versions.joined(separator: ", "))]"
            }
            return text
        }
    }

    /// The version-dependent rules and the `OSVersion` flag of each (the flags cite these ids).
    static let versionFlags: [(RuleID, String, KeyPath<OSVersion, Bool> & Sendable)] = [
        (.b10, "lastModifierWins", \.lastModifierWins),
        (.b11, "emptyViewHostFires", \.emptyViewHostFires),
        (.b16, "sheetsInheritEnvironment", \.sheetsInheritEnvironment),
        (.b27, "supportsBackgroundInteraction", \.supportsBackgroundInteraction),
        (.b28, "supportsDetents", \.supportsDetents),
    ]

    let rules: [Rule]

    /// The catalogue, with summaries from `engineDoc` (the text of docs/engine.md; nil when it is not there).
    init(engineDoc: String?) {
        var rows: [RuleID: (String, String)] = [:]
        for line in (engineDoc ?? "").split(separator: "\n") where line.hasPrefix("| B") || line.hasPrefix("| P") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmed() }
            guard cells.count >= 4 else { continue }
            for id in RuleCatalogue.ids(in: cells[1]) { rows[id] = (cells[2], cells[3]) }
        }
        rules = RuleID.allCases.map { id in
            var rule = Rule(id: id, summary: rows[id]?.0, location: rows[id]?.1)
            if let (_, flag, keyPath) = RuleCatalogue.versionFlags.first(where: { $0.0 == id }) {
                rule.flag = flag
                rule.versions = OSVersion.all.filter { $0[keyPath: keyPath] }.map(\.version)
            }
            return rule
        }
    }

    /// The ids a table cell names: `B10, B11`, `B13-B15`, `B22-B24, B29`.
    static func ids(in cell: String) -> [RuleID] {
        var out: [RuleID] = []
        for part in cell.split(separator: ",").map({ String($0).trimmed() }) {
            let ends = part.split(separator: "-").map(String.init)
            if ends.count == 2, let a = RuleID(rawValue: ends[0]), let b = RuleID(rawValue: ends[1]) {
                out += RuleID.allCases.filter { $0 >= a && $0 <= b }
            } else if let id = RuleID(rawValue: part) {
                out.append(id)
            }
        }
        return out
    }

    /// The rule with this id.
    subscript(_ id: RuleID) -> Rule? { rules.first { $0.id == id } }
}
