import LuaRuntime
import SheetEngine

extension ScenarioAPI {
    /// Asserting: invariants and expectations.
    static func registerAsserting(_ def: Definer) {
        def("invariant") { session, args throws(LuaError) in
            let name = try args.string(1)
            if let builtIn = Invariant(rawValue: name) {
                let message = builtIn.violation(in: session.app, events: session.app.timeline.events)
                return message.map { [.boolean(false), .string(LuaString($0))] } ?? [.boolean(true)]
            }
            for policy in session.luaPolicies {
                if let f = policy.invariants.first(where: { $0.name == name })?.function {
                    let message = session.invariantViolation(f, name: name, app: session.app)
                    return message.map { [.boolean(false), .string(LuaString($0))] } ?? [.boolean(true)]
                }
            }
            let known =
                Invariant.allCases.map(\.rawValue)
                + session.luaPolicies.flatMap { $0.invariants.map(\.name) }
            throw args.bad(1, "unknown invariant '\(name)'; expected one of \(known.joined(separator: ", "))")
        }
        def("expect") { session, args in
            let message = args[2].stringValue ?? "expectation failed"
            let failure = args[1].isTruthy ? nil : ExpectationFailure(location: args.location, message: message)
            session.record(.init(location: args.location, message: message), failure: failure)
            return []
        }
        def("expect_eq") { session, args in
            let message = args[3].stringValue ?? "values differ"
            let failure =
                LuaEquality.equal(args[1], args[2])
                ? nil
                : ExpectationFailure(
                    location: args.location, message: message, seen: LuaEquality.render(args[1]),
                    expected: LuaEquality.render(args[2]))
            session.record(.init(location: args.location, message: message), failure: failure)
            return []
        }
        def("expect_error") { session, args throws(LuaError) in
            let filter = try EventFilter(lua: args[1], argument: 1, function: "expect_error")
            if let kind = filter.eventKind, !ErrorEventLog.kinds.contains(kind) {
                throw args.bad(
                    1,
                    "kind '\(kind.rawValue)' is not an error event kind; expected one of "
                        + ErrorEventLog.kinds.map(\.rawValue).joined(separator: ", "))
            }
            let message = try args.optionalString(2) ?? "no error event matched"
            let (matched, window) = session.errorEvents.expect(filter)
            let failure =
                matched.isEmpty
                ? ExpectationFailure(
                    location: args.location, message: message, seen: ErrorEventLog.summary(window),
                    expected: "an error event matching \(filter)")
                : nil
            session.record(.init(location: args.location, message: message), failure: failure)
            return [.table(LuaTable(array: matched.map { ScriptTables.event($0.event, index: $0.index) }))]
        }
    }
}
