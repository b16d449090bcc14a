import LuaRuntime
import SheetEngine

/// The arguments of a scenario function, with Lua-style errors:
/// `bad argument #1 to 'set' (string expected, got nil)`.
struct APIArguments {
    let function: String
    let values: [LuaValue]
    /// `file:line` of the Lua code that called the function.
    let location: String?

    var count: Int { values.count }

    subscript(_ position: Int) -> LuaValue { position <= values.count ? values[position - 1] : .nil }

    func bad(_ position: Int, _ problem: String) -> LuaError {
        LuaError.badArgument(position, to: function, problem)
    }

    func expected(_ position: Int, _ type: String) -> LuaError {
        let got = position <= values.count ? self[position].typeName : "no value"
        return bad(position, "\(type) expected, got \(got)")
    }

    func string(_ position: Int) throws(LuaError) -> String {
        guard case .string(let s) = self[position] else { throw expected(position, "string") }
        guard let text = s.string else { throw bad(position, "string is not valid UTF-8") }
        return text
    }

    func optionalString(_ position: Int) throws(LuaError) -> String? {
        self[position].isNil ? nil : try string(position)
    }

    func number(_ position: Int) throws(LuaError) -> Double {
        switch self[position] {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: throw expected(position, "number")
        }
    }

    func integer(_ position: Int) throws(LuaError) -> Int {
        switch self[position] {
        case .integer(let i): return i
        case .number(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: throw expected(position, "integer")
        }
    }

    func value(_ position: Int) throws(LuaError) -> Value {
        do {
            return try ValueBridge.value(self[position])
        } catch {
            throw bad(position, error.description)
        }
    }

    /// Runs an engine call, turning its error into this function's Lua error.
    func engine<T>(_ body: () throws(EngineError) -> T) throws(LuaError) -> T {
        do {
            return try body()
        } catch {
            throw LuaError(.runtime, "\(function): \(ProfileNames.describe(error))")
        }
    }

    /// `engine(_:)` with "did you mean" for a slot the app of `session` does not have.
    func engine<T>(_ session: Session, _ body: () throws(EngineError) -> T) throws(LuaError) -> T {
        do {
            return try body()
        } catch {
            throw LuaError(
                .runtime, "\(function): \(ProfileNames.describe(error))\(SlotNames.hint(error, in: session.app))")
        }
    }
}
