import LuaRuntime
import SheetCheck
import SheetEngine

/// The Lua functions that build liveness properties (`docs/check.md`):
/// atoms (`happens`, `holds`, `user_acts`, `time_passes`), connectives
/// (`negate`, `all_of`, `any_of`, `implies`) and temporal operators
/// (`always`, `eventually`, `holds_until`, `unless`, `leads_to`, `each`).
///
/// Each returns a formula as a plain table, `{ ltl = "always", <formula> }`,
/// checked when it is built (a wrong argument is an error on its line), and
/// read into a `Formula` by `PropertyReader` when a check starts. Where a
/// formula is expected, `true`/`false` and a function (a state predicate,
/// as `holds`) are accepted too.
package enum PropertyAPI {
    /// The functions `register` defines, in the order `docs/check.md` lists them.
    package static let names = [
        "happens", "holds", "user_acts", "time_passes", "negate", "all_of", "any_of", "implies", "always",
        "eventually", "holds_until", "unless", "leads_to", "each",
    ]

    /// The field that marks a formula table.
    static let marker: LuaString = "ltl"

    /// Registers the functions through the scenario API's `def`.
    static func register(_ def: ScenarioAPI.Definer) {
        def("happens") { _, args throws(LuaError) in
            let filter = try eventFilter(args, 1, function: "happens")
            return [formula("happens", fields: ["filter": filter])]
        }
        def("holds") { _, args throws(LuaError) in
            guard case .function = args[1] else { throw args.expected(1, "function") }
            return [formula("holds", fields: ["fn": args[1], "at": .string(LuaString(args.location ?? "?"))])]
        }
        def("user_acts") { _, _ in [formula("user_acts")] }
        def("time_passes") { _, _ in [formula("time_passes")] }
        def("negate") { _, args throws(LuaError) in [formula("negate", [try operand(args, 1, "negate")])] }
        for (name, kind) in [("all_of", "all"), ("any_of", "any")] {
            def(name) { _, args throws(LuaError) in
                var operands: [LuaValue] = []
                for i in 0..<args.count { operands.append(try operand(args, i + 1, name)) }
                guard !operands.isEmpty else { throw args.bad(1, "formula expected, got no value") }
                return [formula(kind, operands)]
            }
        }
        def("implies") { _, args throws(LuaError) in
            [formula("implies", [try operand(args, 1, "implies"), try operand(args, 2, "implies")])]
        }
        def("always") { _, args throws(LuaError) in [formula("always", [try operand(args, 1, "always")])] }
        def("eventually") { _, args throws(LuaError) in
            [formula("eventually", [try operand(args, 1, "eventually")])]
        }
        def("holds_until") { _, args throws(LuaError) in
            [formula("until", [try operand(args, 1, "holds_until"), try operand(args, 2, "holds_until")])]
        }
        def("unless") { _, args throws(LuaError) in
            [formula("unless", [try operand(args, 1, "unless"), try operand(args, 2, "unless")])]
        }
        def("leads_to") { _, args throws(LuaError) in
            let p = try operand(args, 1, "leads_to")
            if case .function = args[2] {
                try requireHappens(p, args, "leads_to")
                return [formula("leads_to_each", fields: ["pattern": p, "fn": args[2]])]
            }
            return [formula("leads_to", [p, try operand(args, 2, "leads_to")])]
        }
        def("each") { _, args throws(LuaError) in
            let p = try operand(args, 1, "each")
            try requireHappens(p, args, "each")
            guard case .function = args[2] else { throw args.expected(2, "function") }
            return [formula("each", fields: ["pattern": p, "fn": args[2]])]
        }
    }

    /// A formula table: `{ ltl = kind, operands..., fields... }`.
    static func formula(_ kind: String, _ operands: [LuaValue] = [], fields: [LuaString: LuaValue] = [:]) -> LuaValue {
        var all = fields
        all[marker] = .string(LuaString(kind))
        return .table(LuaTable(array: operands, fields: all))
    }

    /// Argument `i` as a formula: a formula table, a boolean, or a function (a state predicate).
    static func operand(_ args: APIArguments, _ i: Int, _ function: String) throws(LuaError) -> LuaValue {
        switch args[i] {
        case .boolean: return args[i]
        case .function:
            return formula("holds", fields: ["fn": args[i], "at": .string(LuaString(args.location ?? "?"))])
        case .table(let t) where t[marker].stringValue != nil: return args[i]
        case let other:
            throw args.bad(
                i, "formula expected (from happens, holds, always...), a boolean or a function, got \(other.typeName)")
        }
    }

    static func requireHappens(_ p: LuaValue, _ args: APIArguments, _ function: String) throws(LuaError) {
        guard case .table(let t) = p, t[marker].stringValue == "happens" else {
            throw args.bad(1, "happens{...} expected: the events that make an instance")
        }
    }

    /// A `happens` filter, checked as `timeline` checks one; fields about a
    /// timeline's positions (`since`, `index`, `time`) mean nothing in a property.
    static func eventFilter(_ args: APIArguments, _ i: Int, function: String) throws(LuaError) -> LuaValue {
        _ = try EventFilter(lua: args[i], argument: i, function: function)
        if case .table(let t) = args[i] {
            for name in ["since", "index", "time"] where !t[LuaString(name)].isNil {
                throw args.bad(i, "field '\(name)' is about a timeline, not an event: a property reads every step")
            }
        }
        return args[i]
    }
}

/// Reads the formula tables of `PropertyAPI` into `Formula` values.
public struct PropertyReader {
    let session: Session

    /// A reader for formulas built in `session`'s Lua state (their
    /// predicates run there).
    public init(session: Session) { self.session = session }

    /// The properties a Lua file returns (`return { name = always(...) }`),
    /// run under the script budget.
    /// - Throws: `LuaError` with file:line.
    public func properties(file: String) throws(LuaError) -> [Property] {
        let chunk = try session.runtime.load(path: file)
        let value =
            try session.runtime.call(chunk, [], budgetMilliseconds: session.runtime.limits.scriptBudgetMilliseconds)
            .first ?? .nil
        return try properties(value, from: file)
    }

    /// The properties the loaded policies declare (`properties = { ... }`), in load order.
    /// - Throws: `LuaError` naming the policy.
    public func policyProperties() throws(LuaError) -> [Property] {
        var out: [Property] = []
        for policy in session.policies.compactMap({ $0 as? LuaPolicy }) where !policy.properties.isNil {
            out += try properties(policy.properties, from: policy.name)
        }
        return out
    }

    /// The properties of a table `{ name = formula, ... }`, by name.
    public func properties(_ value: LuaValue, from source: String) throws(LuaError) -> [Property] {
        guard case .table(let t) = value, t.array.isEmpty else {
            throw LuaError(
                .badValue, "\(source): properties must be a table of formulas by name, got \(value.typeName)")
        }
        var out: [Property] = []
        for (key, f) in t.fields.sorted(by: { $0.key.description < $1.key.description }) {
            guard let name = key.string else {
                throw LuaError(.badValue, "\(source): property names are strings, got \(key)")
            }
            do {
                out.append(Property(name: name, formula: try formula(f)))
            } catch {
                throw LuaError(.badValue, "\(source): property '\(name)': \(error.message)")
            }
        }
        return out
    }

    public func formula(_ value: LuaValue) throws(LuaError) -> Formula {
        func bad(_ what: String) -> LuaError { LuaError(.badValue, what) }
        switch value {
        case .boolean(let b): return .constant(b)
        case .function(let f): return .atom(.state(predicate(f, name: "function")))
        case .table(let t):
            guard let kind = t[PropertyAPI.marker].stringValue else { break }
            let operands = t.array
            func one(_ i: Int) throws(LuaError) -> Formula {
                guard i < operands.count else { throw bad("'\(kind)' needs \(i + 1) operands") }
                return try formula(operands[i])
            }
            switch kind {
            case "happens":
                return .atom(.happens(try filter(t["filter"])))
            case "holds":
                guard case .function(let f) = t["fn"] else { throw bad("holds needs a function") }
                return .atom(.state(predicate(f, name: t["at"].stringValue ?? "function")))
            case "user_acts": return .atom(.userActs)
            case "time_passes": return .atom(.timePasses)
            case "negate": return .not(try one(0))
            case "all":
                var fs: [Formula] = []
                for o in operands { fs.append(try formula(o)) }
                return .and(fs)
            case "any":
                var fs: [Formula] = []
                for o in operands { fs.append(try formula(o)) }
                return .or(fs)
            case "implies": return .implies(try one(0), try one(1))
            case "always": return .always(try one(0))
            case "eventually": return .eventually(try one(0))
            case "until": return .until(try one(0), try one(1))
            case "unless": return .unless(try one(0), try one(1))
            case "leads_to": return .leadsTo(try one(0), try one(1))
            case "each", "leads_to_each":
                guard case .function(let f) = t["fn"], case .table(let p) = t["pattern"] else {
                    throw bad("'\(kind)' needs a happens{...} pattern and a function")
                }
                let pattern = try filter(p["filter"])
                let leads = kind == "leads_to_each"
                let session = self.session
                return .each(
                    EachEvent(pattern: pattern) { event in
                        let made = try session.runtime.call(f, [ScriptTables.event(event, index: 0)]).first ?? .nil
                        let goal = try PropertyReader(session: session).formula(made)
                        return leads ? .leadsTo(.atom(.occurs(EventIdentity(event))), goal) : goal
                    })
            default:
                throw bad("unknown formula '\(kind)'")
            }
        default: break
        }
        throw bad("formula expected (from happens, holds, always...), got \(value.typeName)")
    }

    /// A state predicate that runs a Lua function on the state table, in
    /// the session's Lua state: truthy is true, an error fails the property.
    private func predicate(_ f: LuaFunction, name: String) -> StatePredicate {
        let session = self.session
        return StatePredicate(name: name) { state in
            try session.runtime.call(f, [ScriptTables.state(state)]).first?.isTruthy == true
        }
    }

    private func filter(_ value: LuaValue) throws(LuaError) -> EventFilter {
        try EventFilter(lua: value, argument: 1, function: "happens")
    }
}
