import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting

/// Conversions between JSON and what the session works with. Results are
/// the very tables the Lua functions return (`stack()`, `state()`,
/// `timeline()`, `profile()`, made by `ScriptTables`), as JSON: the same
/// field names, snake_case; fields that are nil in Lua are left out, except
/// state slots, which are `null`.
enum SessionJSON {
    /// How deep a view declaration may nest.
    static let maximumDepth = 64

    // MARK: Values

    /// An engine value: records become objects, lists arrays, detents their text.
    static func json(_ value: Value) -> JSON {
        switch value {
        case .none: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .detent(let d): return .string(d.description)
        case .list(let items): return .array(items.map(json))
        case .record(let fields): return .object(fields.mapValues(json))
        }
    }

    /// A JSON value as state: objects become records, arrays lists.
    static func value(_ json: JSON) -> Value {
        switch json {
        case .null: return .none
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .array(let items): return .list(items.map(value))
        case .object(let members): return .record(members.mapValues(value))
        }
    }

    /// A Lua value: a table with only array entries is an array (an empty
    /// table too), any other table an object (array entries under "1", "2",
    /// ...); a function is the string `"<function>"`; invalid UTF-8 is replaced.
    static func json(_ lua: LuaValue) -> JSON {
        switch lua {
        case .nil: return .null
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .number(let d): return .double(d)
        case .string(let s): return .string(s.description)
        case .function: return .string("<function>")
        case .table(let t):
            if t.fields.isEmpty { return .array(t.array.map(json)) }
            var members: [String: JSON] = [:]
            for (i, v) in t.array.enumerated() { members[String(i + 1)] = json(v) }
            for (k, v) in t.fields { members[k.description] = json(v) }
            return .object(members)
        }
    }

    /// A declaration as a Lua table: objects become tables with string keys,
    /// arrays sequences, and an object `{"$lua": SOURCE}` the value of the
    /// Lua expression SOURCE, evaluated in the session (so functions can be
    /// given as `{"$lua": "function(c) return c.item.id end"}`).
    /// - Parameters:
    ///   - json: the declaration.
    ///   - path: where it is, for messages and as the chunk name of `$lua` code (`view.modifiers[1].content`).
    ///   - session: the session `$lua` code is compiled in.
    ///   - depth: how deep this value is.
    /// - Throws: `RPCError`: invalid params for a `null` in an array or nesting too deep;
    ///   a script or limit error from `$lua` code.
    static func lua(_ json: JSON, at path: String, in session: Session, depth: Int = 0) throws(RPCError) -> LuaValue {
        guard depth <= maximumDepth else {
            throw RPCError.invalidParams("\(path): nested deeper than \(maximumDepth)")
        }
        switch json {
        case .null: return .nil
        case .bool(let b): return .boolean(b)
        case .int(let i): return .integer(i)
        case .double(let d): return .number(d)
        case .string(let s): return .string(LuaString(s))
        case .array(let items):
            var array: [LuaValue] = []
            for (i, item) in items.enumerated() {
                guard item != .null else { throw RPCError.invalidParams("\(path)[\(i + 1)]: null in an array") }
                array.append(try lua(item, at: "\(path)[\(i + 1)]", in: session, depth: depth + 1))
            }
            return .table(LuaTable(array: array))
        case .object(let members):
            if members.count == 1, let code = members["$lua"] {
                guard case .string(let source) = code else {
                    throw RPCError.invalidParams("\(path).$lua must be a string of Lua source")
                }
                do {
                    return try session.evaluate("return " + source, chunkName: "=" + path).first ?? .nil
                } catch {
                    throw RPCError(error)
                }
            }
            var fields: [LuaString: LuaValue] = [:]
            for (k, v) in members {
                fields[LuaString(k)] = try lua(v, at: "\(path).\(k)", in: session, depth: depth + 1)
            }
            return .table(LuaTable(fields: fields))
        }
    }

    // MARK: Expectations

    /// A failed `expect` or `expect_eq`: `{location, file, line, message,
    /// expected, seen}` (`location` is `file:line`; the members that are
    /// unknown, and `expected`/`seen` for `expect`, are left out).
    static func failure(_ f: ExpectationFailure) -> JSON {
        var members: [String: JSON] = ["message": .string(f.message)]
        if let location = f.location {
            members["location"] = .string(location)
            if let file = f.file, let line = f.line {
                members["file"] = .string(file)
                members["line"] = .int(line)
            }
        }
        if let expected = f.expected { members["expected"] = .string(expected) }
        if let seen = f.seen { members["seen"] = .string(seen) }
        return .object(members)
    }

    // MARK: What the Lua functions return

    /// `profile()`, as the Lua function returns it.
    static func profile(_ session: Session) -> JSON { json(ScriptTables.profile(session)) }

    /// An entry of `stack()`.
    static func presentation(_ p: PresentationState) -> JSON { json(ScriptTables.presentation(p)) }

    /// An entry of `timeline()`, at its 1-based `index`.
    static func event(_ e: Event, index: Int) -> JSON { json(ScriptTables.event(e, index: index)) }

    /// Events that are the last `slice.count` of a timeline of `total` events.
    static func events(_ slice: ArraySlice<Event>, total: Int) -> JSON {
        json(ScriptTables.events(slice, firstIndex: total - slice.count))
    }

    /// `state()`: time, profile, orientation, presentations, views (with their slots) and held requests.
    static func state(_ s: AppState) -> JSON { json(ScriptTables.state(s)) }
}
