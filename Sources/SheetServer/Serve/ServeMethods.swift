import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting

/// One method of `sheetlab serve`.
struct ServeMethod: Sendable {
    /// The method's name, snake_case like the Lua functions.
    var name: String
    /// The parameters it accepts (`app` first for a method on an app); any other is an error.
    var params: [RPCParam]
    /// Whether it acts on an app, named by the `app` parameter.
    var needsApp: Bool
    /// The Lua scenario function it mirrors, if any.
    var lua: String?
    /// Whether a request gets a response (`exit` never does: the server ends).
    var answered = true
    /// Runs it; the app is non-nil when `needsApp`.
    var run: @Sendable (ServeServer, ServedApp?, RPCParams) throws(RPCError) -> JSON

    /// A method of the server itself (`create`, `apps`, `profiles`, `initialize`).
    static func server(
        _ name: String, _ params: [RPCParam] = [], answered: Bool = true,
        _ run: @escaping @Sendable (ServeServer, RPCParams) throws(RPCError) -> JSON
    ) -> ServeMethod {
        ServeMethod(name: name, params: params, needsApp: false, lua: nil, answered: answered) {
            server, _, p throws(RPCError) in
            try run(server, p)
        }
    }

    /// A method acting on one app.
    /// - Parameters:
    ///   - lua: the Lua function it mirrors when its name differs (`policy` for `load_policy`).
    ///   - hostOnly: true when it mirrors no Lua function (`close`, `eval`, `subscribe`).
    static func app(
        _ name: String, _ params: [RPCParam] = [], lua: String? = nil, hostOnly: Bool = false,
        _ run: @escaping @Sendable (ServeServer, ServedApp, RPCParams) throws(RPCError) -> JSON
    ) -> ServeMethod {
        ServeMethod(
            name: name, params: [.required("app", "integer").within(RequestRanges.id)] + params, needsApp: true,
            lua: hostOnly ? nil : (lua ?? name)
        ) { server, app, p throws(RPCError) in
            try run(server, app!, p)
        }
    }

    /// `{"name", "params"}`, as `initialize` lists it.
    var json: JSON { ["name": .string(name), "params": .array(params.map(\.json))] }
}

/// The methods of `sheetlab serve`: the protocol's own (`initialize`,
/// `shutdown`, `exit`, `$/cancelRequest`), the Lua scenario functions, each
/// a thin wrapper over a `Session` method, app management (`create`,
/// `close`, `apps`, `eval`, `subscribe`) and `run_scenario`.
/// `docs/serve.md` documents every one and docs/serve.openrpc.json
/// describes them; tests check that every Lua global is a method or listed
/// in `notMethods`.
enum ServeMethods {
    /// Every method, in the order `docs/serve.md` lists them.
    static let list: [ServeMethod] = lifeCycle + apps + building + acting + reading + scenarios

    /// Methods by name.
    static let all: [String: ServeMethod] = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })

    /// Lua scenario functions that are not methods, and what to use instead.
    static let notMethods: [String: String] = {
        var notMethods = [
            "sheet": "a modifier is an object with \"kind\": \"sheet\"",
            "fullScreenCover": "a modifier is an object with \"kind\": \"fullScreenCover\"",
            "popover": "a modifier is an object with \"kind\": \"popover\"",
            "zoom": "a zoom transition is the object {\"transition\": \"zoom\", \"source\": \"id\"}",
            "expect": "the client checks results itself, or calls it in eval, which reports the failures",
            "expect_eq": "the client checks results itself, or calls it in eval, which reports the failures",
            "expect_error": "the client reads error events with timeline (or uses eval)",
            "state_key": "what sheetlab check tells states apart by; call it in eval",
            "oscillation_guard": "for replaying sheetlab check's counterexamples; call it in eval",
        ]
        for name in PropertyAPI.names {
            notMethods[name] = "it builds a liveness property for sheetlab check (docs/check.md); call it in eval"
        }
        return notMethods
    }()

    // MARK: Helpers

    /// Runs an engine call, turning its error into -32002.
    static func engine<T>(_ body: () throws(EngineError) -> T) throws(RPCError) -> T {
        do { return try body() } catch { throw RPCError(error) }
    }

    /// Runs Lua, turning its error into -32001 or -32003.
    static func lua<T>(_ body: () throws(LuaError) -> T) throws(RPCError) -> T {
        do { return try body() } catch { throw RPCError(error) }
    }

    /// Sends an app's timeline as `event` notifications from now on.
    static func subscribe(_ app: ServedApp, _ server: ServeServer) {
        guard app.subscription == nil else { return }
        let id = app.id
        app.subscription = app.session.subscribe { [weak server, unowned session = app.session] event in
            let index = session.app.timeline.count
            server?.notify("event", ["app": .int(id), "event": SessionJSON.event(event, index: index)])
        }
    }
}
