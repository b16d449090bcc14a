import LuaRuntime
import SheetEngine

/// Lua source for engine values and strings: what counterexamples and saved
/// REPL sessions write, so that `sheetlab run` reads back exactly the value.
public enum LuaLiteral {
    /// A value as a Lua expression: `nil`, `true`, `3`, `"text"`, `{id = 0, title = "A"}`.
    public static func render(_ value: Value) -> String {
        switch value {
        case .none: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d.isFinite ? String(d) : (d.isNaN ? "0/0" : (d > 0 ? "math.huge" : "-math.huge"))
        case .string(let s): return LuaSyntax.quote(s)
        case .detent(let d): return LuaSyntax.quote(d.description)
        case .list(let items): return "{" + items.map(render).joined(separator: ", ") + "}"
        case .record(let fields):
            return "{" + Value.recordKeys(fields).map { "\(key($0)) = \(render(fields[$0]!))" }.joined(separator: ", ")
                + "}"
        }
    }

    /// A table key: bare when it is a Lua name, `["..."]` otherwise.
    public static func key(_ k: String) -> String {
        LuaSyntax.isName(k) ? k : "[\(LuaSyntax.quote(k))]"
    }
}
