import SheetEngine

/// What the tools know about the behaviour rules: every id the engine has
/// (`RuleID`); for the rules the engine implements, the one-line summary
/// on the function that implements each (`/// B03: ...` in
/// `Sources/SheetEngine`, one per rule, as `RuleLocationTests` checks) and
/// its family from the rule table of docs/engine.md; and for
/// version-dependent rules, the OS versions they hold on (`OSVersion`'s
/// flags).
///
/// A rule catalogue in the engine itself (ids, OS ranges, sources,
/// confidence) is planned; this is the one place to switch over to it.
struct RuleCatalogue {
    /// One rule.
    struct Rule {
        var id: RuleID
        /// What it says: the summary on its function; nil when the engine has none.
        var summary: String?
        /// Where it lives: the file and the declaration.
        var location: String?
        /// Its family in docs/engine.md's table (`write-back, lost reopen, ...`).
        var family: String?
        /// For a version-dependent rule: the `OSVersion` flag and the versions where it is true.
        var flag: String?
        var versions: [String]?

        var json: JSON {
            var members: [String: JSON] = ["id": .string(id.rawValue)]
            if let summary { members["summary"] = .string(summary) }
            if let location { members["where"] = .string(location) }
            if let family { members["family"] = .string(family) }
            if let flag, let versions {
                members["os_flag"] = .string(flag)
                members["holds_on"] = .array(versions.map { .string($0) })
            }
            return .object(members)
        }

        /// `B03: a new item written while the sheet is dismissing ...`.
        var line: String {
            var text = id.rawValue + ": " + (summary ?? family ?? "(not implemented by the engine; see BEHAVIOURS.md)")
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

    /// The catalogue.
    /// - Parameters:
    ///   - engineDoc: the text of docs/engine.md (nil when it is not there), for the families.
    ///   - engineSources: the engine's source files (path relative to
    ///     `Sources/SheetEngine`, text), for the summaries.
    init(engineDoc: String?, engineSources: [(path: String, text: String)] = []) {
        var families: [RuleID: String] = [:]
        for line in (engineDoc ?? "").split(separator: "\n") where line.hasPrefix("| B") || line.hasPrefix("| P") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmed() }
            guard cells.count >= 4 else { continue }
            for id in RuleCatalogue.ids(in: cells[1]) { families[id] = cells[2] }
        }
        var summaries: [RuleID: (String, String)] = [:]
        for (path, text) in engineSources {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmed() }
            for (i, line) in lines.enumerated() {
                guard let (id, summary) = RuleCatalogue.summary(line) else { continue }
                let declaration = lines[(i + 1)...].first { !$0.hasPrefix("///") && !$0.hasPrefix("@") } ?? ""
                summaries[id] = (
                    summary, "\(path): \(declaration.split(separator: "{").first.map { String($0).trimmed() } ?? "")"
                )
            }
        }
        rules = RuleID.allCases.map { id in
            var rule = Rule(id: id, summary: summaries[id]?.0, location: summaries[id]?.1, family: families[id])
            if let (_, flag, keyPath) = RuleCatalogue.versionFlags.first(where: { $0.0 == id }) {
                rule.flag = flag
                rule.versions = OSVersion.all.filter { $0[keyPath: keyPath] }.map(\.version)
            }
            return rule
        }
    }

    /// The rule and summary of a `/// B03: summary` doc line.
    static func summary(_ line: String) -> (RuleID, String)? {
        guard line.hasPrefix("/// "), let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[line.index(line.startIndex, offsetBy: 4)..<colon]
        guard name.count == 3, let id = RuleID(rawValue: String(name)) else { return nil }
        return (id, String(line[line.index(after: colon)...]).trimmed())
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
