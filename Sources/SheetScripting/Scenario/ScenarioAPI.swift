import LuaRuntime
import SheetEngine

/// The Lua globals of scenarios and the REPL: each is a thin wrapper over a
/// `Session` method. `docs/api/sheetlab.lua` documents every one of them; a
/// test checks that the two lists agree.
enum ScenarioAPI {
    /// How a family registers a global: its name and its body, which gets the session and the arguments.
    typealias Definer = (String, @escaping (Session, APIArguments) throws(LuaError) -> [LuaValue]) -> Void

    /// Registers the globals.
    ///
    /// The runtime keeps the functions and the session keeps the runtime, so
    /// the functions hold the session weakly (a strong hold would be a cycle,
    /// and no session would ever free its Lua state); each body gets it as
    /// its first argument. Each family of globals is registered from a file
    /// of its own (`ScenarioAPI+Building.swift`, `+Acting`, `+Reading`,
    /// `+Asserting`; the property DSL's is `PropertyAPI`).
    /// - Returns: their names, in registration order.
    static func register(in owner: Session) -> [String] {
        var names: [String] = []
        func def(_ name: String, _ body: @escaping (Session, APIArguments) throws(LuaError) -> [LuaValue]) {
            names.append(name)
            // Registering a global of a fresh runtime cannot fail.
            try? owner.runtime.register(name) { [weak owner] args throws(LuaError) -> [LuaValue] in
                guard let session = owner else { throw LuaError(.runtime, "\(name): its session is gone") }
                var values: [LuaValue] = []
                if args.count > 0 {
                    let limit = session.copyLimit
                    for i in 0..<args.count { values.append(try args.value(i + 1, limit: limit)) }
                }
                return try body(
                    session, APIArguments(function: name, values: values, location: args.callerLocation?.description))
            }
        }

        registerBuilding(def)
        registerActing(def)
        registerReading(def)
        registerAsserting(def)
        // Liveness properties, for `sheetlab check`.
        PropertyAPI.register(def)
        return names
    }

    /// `set(slot, value)`, `set{ a = 1, b = 2 }` (alphabetical) or `set{ {"a", 1}, {"b", 2} }` (in order).
    static func stateWrites(_ args: APIArguments) throws(LuaError) -> [(String, Value)] {
        if case .string = args[1] { return [(try args.string(1), try args.value(2))] }
        guard case .table(let t) = args[1] else { throw args.expected(1, "string or table") }
        var writes: [(String, Value)] = []
        for pair in t.array {
            guard case .table(let p) = pair, p.array.count == 2, p.fields.isEmpty, case .string(let s) = p.array[0],
                let slot = s.string
            else {
                throw args.bad(1, "list entries must be {\"slot\", value} pairs")
            }
            do { writes.append((slot, try ValueBridge.value(p.array[1]))) } catch {
                throw args.bad(1, "\(slot): \(error)")
            }
        }
        for (k, v) in t.fields.sorted(by: { $0.key.description < $1.key.description }) {
            guard let slot = k.string else { throw args.bad(1, "slot names must be UTF-8") }
            do { writes.append((slot, try ValueBridge.value(v))) } catch { throw args.bad(1, "\(slot): \(error)") }
        }
        return writes
    }
}

/// Deep equality and rendering for `expect_eq`, with Lua's number rules
/// (`1 == 1.0`).
enum LuaEquality {
    static func equal(_ a: LuaValue, _ b: LuaValue) -> Bool {
        switch (a, b) {
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): return Double(x) == y
        case (.table(let x), .table(let y)):
            guard x.array.count == y.array.count, x.fields.count == y.fields.count else { return false }
            for (u, v) in zip(x.array, y.array) where !equal(u, v) { return false }
            for (k, v) in x.fields where !equal(v, y[k]) { return false }
            return true
        case (.function(let f), .function(let g)): return f === g
        default: return a == b
        }
    }

    static func render(_ v: LuaValue) -> String { v.description }
}
