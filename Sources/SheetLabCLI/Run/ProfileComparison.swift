import SheetEngine
import SheetScripting
import SheetServer

/// How one scenario's runs on several profiles differ: the outcomes whose
/// value is not the same on every profile, as rows, and how many are.
///
/// Built from `RunOutcome`s alone (plain values), so that the rows can be
/// tested without running Lua; `ProfileComparison+Text` and `+JSON` render it.
struct ProfileComparison {
    /// An outcome and its value on each profile (`values[i]` for `profiles[i]`).
    struct Row: Hashable {
        var outcome: Outcome
        var values: [OutcomeValue]
    }

    /// The scenario file.
    var path: String
    /// The profiles compared, in the order given.
    var profiles: [Profile]
    /// The outcomes that differ, in `Outcome.rank` order (expectations in the
    /// order they first ran).
    var rows: [Row]
    /// How many outcomes had the same value on every profile.
    var sameCount: Int
    /// The profiles the scenario's own `profile("...")` asked for, overridden on every run.
    var overriddenProfiles: [String]
    /// Expectations that failed on some profile, with those profiles, in the
    /// order they first ran (those that failed everywhere too).
    var failedExpectations: [(ExpectationTally.Key, [Profile])]
    /// The script errors that stopped runs, each with the profiles it stopped.
    var scriptErrors: [(String, [Profile])]
    /// What `sheetlab run` returns: the most serious of the runs' codes
    /// (4 a file could not be read, 3 a script error, 1 a failed expectation).
    var exitCode: ExitCode

    /// Compares runs of one scenario.
    /// - Parameters:
    ///   - path: the scenario file.
    ///   - runs: one run per profile, in the order the profiles were given.
    init(path: String, runs: [RunOutcome]) {
        self.path = path
        profiles = runs.map(\.profile)
        let tables = runs.map { Dictionary($0.outcomes, uniquingKeysWith: { first, _ in first }) }
        var seen: Set<Outcome> = []
        var order: [Outcome] = []
        for run in runs {
            for (outcome, _) in run.outcomes where seen.insert(outcome).inserted { order.append(outcome) }
        }
        // Stable: expectations keep the order in which they first ran.
        let ranked = order.enumerated().sorted { a, b in
            a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset
        }
        let all = ranked.map { _, outcome in
            Row(outcome: outcome, values: tables.map { $0[outcome] ?? outcome.absent })
        }
        rows = all.filter { Set($0.values).count > 1 }
        sameCount = all.count - rows.count
        var overridden: [String] = []
        for name in runs.flatMap(\.overriddenProfiles) where !overridden.contains(name) { overridden.append(name) }
        overriddenProfiles = overridden
        failedExpectations = all.compactMap { row in
            guard case .expectation(let key) = row.outcome else { return nil }
            let failing = zip(runs, row.values).compactMap { run, value -> Profile? in
                if case .checks(let c) = value, c.failed > 0 { return run.profile }
                return nil
            }
            return failing.isEmpty ? nil : (key, failing)
        }
        var errors: [(String, [Profile])] = []
        for (run, table) in zip(runs, tables) {
            guard case .text(let message)? = table[.scriptError] else { continue }
            if let i = errors.firstIndex(where: { $0.0 == message }) {
                errors[i].1.append(run.profile)
            } else {
                errors.append((message, [run.profile]))
            }
        }
        scriptErrors = errors
        exitCode = runs.map(\.exitCode).max { $0.rawValue < $1.rawValue } ?? .ok
    }

    /// The values of a row with the profiles that have each, in the order
    /// the profiles were given.
    func groups(_ row: Row) -> [(OutcomeValue, [Profile])] {
        var groups: [(OutcomeValue, [Profile])] = []
        for (value, profile) in zip(row.values, profiles) {
            if let i = groups.firstIndex(where: { $0.0 == value }) {
                groups[i].1.append(profile)
            } else {
                groups.append((value, [profile]))
            }
        }
        return groups
    }
}
