import LuaRuntime
import SheetEngine
import SheetScripting

/// Reading time, the stack, the state and the timeline, and checking
/// invariants (Lua: `now`, `stack`, `top`, `state`, `timeline`, `events`, `invariant`).
extension ServeMethods {
    static let reading: [ServeMethod] = [
        .app("now") { _, app, _ in .int(app.session.app.now) },
        .app("stack") { _, app, _ in .array(app.session.app.stack.map(SessionJSON.presentation)) },
        .app("top") { _, app, _ in app.session.app.stack.last.map(SessionJSON.presentation) ?? .null },
        .app("state") { _, app, _ in SessionJSON.state(app.session.app.state()) },
        .app("timeline", [.optional("since", "integer").within(RequestRanges.count), .optional("filter", "object")]) {
            _, app, p throws(RPCError) in
            let timeline = app.session.app.timeline
            let since = try p.optionalInt("since", in: RequestRanges.count)
            let slice = timeline.events(since: since ?? 0)
            guard let given = try p.optionalObject("filter") else {
                return SessionJSON.events(slice, total: timeline.count)
            }
            if since != nil { throw p.bad("give 'since' or 'filter' (which may hold its own 'since'), not both") }
            // The same filter as Lua's timeline{...}: unknown fields, kinds and wrongly typed values are errors.
            let filter: EventFilter
            do throws(EventFilter.Error) {
                filter = try EventFilter(given.sorted { $0.key < $1.key }.map { ($0.key, SessionJSON.value($0.value)) })
            } catch {
                throw p.bad("filter: \(error)")
            }
            return .array(
                filter.select(slice, firstIndex: timeline.count - slice.count).map {
                    SessionJSON.json(ScriptTables.event($0.event, index: $0.index))
                })
        },
        .app("events") { _, app, _ in
            SessionJSON.events(app.session.newEvents(), total: app.session.app.timeline.count)
        },
        .app("invariant", [.required("name", "string")]) { _, app, p throws(RPCError) in
            let (ok, message) = try invariant(try p.string("name"), in: app.session)
            return ok ? ["ok": true] : ["ok": false, "message": .string(message ?? "")]
        },
    ]

    /// Runs the Lua `invariant` function itself (the base's, whatever the
    /// session's globals hold), so both doors check the same thing.
    static func invariant(_ name: String, in session: Session) throws(RPCError) -> (Bool, String?) {
        do throws(LuaError) {
            let lookup = try session.runtime.load(source: "return invariant", chunkName: "=invariant")
            guard case .function(let f)? = try session.runtime.call(lookup).first else {
                throw LuaError("invariant() is not available")
            }
            let results = try session.runtime.call(f, [.string(LuaString(name))], budgetMilliseconds: nil)
            return (results.first?.isTruthy ?? false, results.dropFirst().first?.stringValue)
        } catch  where error.kind == .runtime && error.message.hasPrefix("bad argument") {
            throw RPCError.invalidParams(error.message)
        } catch {
            throw RPCError(error)
        }
    }
}
