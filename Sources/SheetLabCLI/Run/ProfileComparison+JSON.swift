import SheetJSON

/// The comparison as one JSON object (`sheetlab run FILE --profiles ... --json`),
/// keys sorted; `docs/scenarios.md` documents its shape:
///
///     {"differences":[{"label":"presentation 1 height","outcome":"presentation","level":1,"field":"height",
///       "values":{"iphone15-ios14.4":null,"iphone15-ios15":788}}, ...],
///      "errored":[],"exit_code":1,"failed":["iphone15-ios15"],"overridden_profiles":["iphone15-ios14.4"],
///      "profiles":["iphone15-ios14.4","iphone15-ios15"],"same":20,"scenario":"examples/seeds/seed004_sheet_and_cover.lua"}
extension ProfileComparison {
    var json: JSON {
        let failed = profiles.filter { p in failedExpectations.contains { $0.1.contains { $0.name == p.name } } }
        let errored = profiles.filter { p in scriptErrors.contains { $0.1.contains { $0.name == p.name } } }
        return [
            "scenario": .string(path),
            "profiles": .array(profiles.map { .string($0.name) }),
            "overridden_profiles": .array(overriddenProfiles.map { .string($0) }),
            "differences": .array(rows.map(json)),
            "same": .int(sameCount),
            "failed": .array(failed.map { .string($0.name) }),
            "errored": .array(errored.map { .string($0.name) }),
            "exit_code": .int(Int(exitCode.rawValue)),
        ]
    }

    private func json(_ row: Row) -> JSON {
        var object: [String: JSON] = ["label": .string(row.outcome.label)]
        switch row.outcome {
        case .scriptError:
            object["outcome"] = "script_error"
        case .expectation(let key):
            object["outcome"] = "expectation"
            object["message"] = .string(key.message)
            object["location"] = key.location.map(JSON.string) ?? .null
        case .presentation(let level, let field):
            object["outcome"] = "presentation"
            object["level"] = .int(level)
            object["field"] = .string(field.rawValue)
        case .topDetents:
            object["outcome"] = "top_detents"
        case .events(let kind, let rule):
            object["outcome"] = "events"
            object["kind"] = .string(kind.rawValue)
            object["severity"] = .string(kind.severity.rawValue)
            object["rule"] = rule.map { .string($0.rawValue) } ?? .null
        }
        var values: [String: JSON] = [:]
        for (profile, value) in zip(profiles, row.values) { values[profile.name] = json(value) }
        object["values"] = .object(values)
        return .object(object)
    }

    private func json(_ value: OutcomeValue) -> JSON {
        switch value {
        case .notRun, .none: return .null
        case .checks(let c): return ["passed": .int(c.passed), "failed": .int(c.failed)]
        case .text(let s): return .string(s)
        case .points(let h): return .double(h)
        case .detents(let list):
            return .array(list.map { ["detent": .string($0.detent.description), "height": .double($0.height)] })
        case .count(let n): return .int(n)
        }
    }
}
