import SheetEngine
import SheetScripting

/// Acting as a user and letting time pass (Lua: `set`, `get`, `binding`,
/// `swipe`, `drag`, `release`, `dismiss`, `rotate`, `tap_background`, `tap_grabber`,
/// `focus_text_field`, `advance`).
extension ServeMethods {
    static let acting: [ServeMethod] = [
        .app("set", [.optional("slot", "string"), .optional("value"), .optional("writes", "object", "array")]) {
            _, app, p throws(RPCError) in
            let writes = try stateWrites(p)
            try engine { () throws(EngineError) in try app.session.set(writes) }
            return .null
        },
        .app("get", [.required("slot", "string")]) { _, app, p throws(RPCError) in
            let slot = try p.string("slot")
            return SessionJSON.json(try engine { () throws(EngineError) in try app.session.get(slot) })
        },
        // Outside content, binding() reads a slot as get() does.
        .app("binding", [.required("slot", "string")]) { _, app, p throws(RPCError) in
            let slot = try p.string("slot")
            return SessionJSON.json(try engine { () throws(EngineError) in try app.session.get(slot) })
        },
        .app("swipe") { _, app, _ throws(RPCError) in
            try engine { () throws(EngineError) in try app.session.swipe() }
            return .null
        },
        .app("drag", [.required("height", "number").within(RequestRanges.height), .optional("button", "string")]) {
            _, app, p throws(RPCError) in
            let height = try p.number("height", in: RequestRanges.height)
            let button = try p.optionalString("button")
            try engine { () throws(EngineError) in try app.session.drag(to: height, startingOn: button) }
            return .null
        },
        .app("release", [.optional("velocity", "number").within(RequestRanges.velocity)]) {
            _, app, p throws(RPCError) in
            let velocity = try p.optionalNumber("velocity", in: RequestRanges.velocity) ?? 0
            try engine { () throws(EngineError) in try app.session.release(velocity: velocity) }
            return .null
        },
        .app("dismiss", [.optional("view", "string")]) { _, app, p throws(RPCError) in
            let view = try p.optionalString("view")
            try engine { () throws(EngineError) in try app.session.dismiss(view: view) }
            return .null
        },
        .app("rotate", [.required("orientation", "string")]) { _, app, p throws(RPCError) in
            let orientation = try p.string("orientation")
            try engine { () throws(EngineError) in try app.session.rotate(orientation) }
            return .null
        },
        .app("tap_background") { _, app, _ in .bool(app.session.tapBackground()) },
        .app("tap_grabber") { _, app, _ throws(RPCError) in
            try engine { () throws(EngineError) in try app.session.tapGrabber() }
            return .null
        },
        .app("focus_text_field") { _, app, _ throws(RPCError) in
            try engine { () throws(EngineError) in try app.session.focusTextField() }
            return .null
        },
        .app("advance", [.optional("ms", "integer").within(RequestRanges.advance)]) { _, app, p throws(RPCError) in
            let ms = try p.optionalInt("ms", in: RequestRanges.advance)
            try engine { () throws(EngineError) in try app.session.advance(ms) }
            return .null
        },
    ]

    /// `set`: `slot` and `value` (absent or null writes nil), or `writes`:
    /// an object `{slot: value}` (written in key order, as Lua's `set{...}`)
    /// or an array of `[slot, value]` pairs (in the order given).
    static func stateWrites(_ p: RPCParams) throws(RPCError) -> [(String, Value)] {
        switch (try p.optionalString("slot"), p["writes"]) {
        case (let slot?, nil):
            return [(slot, SessionJSON.value(p["value"] ?? .null))]
        case (nil, .object(let members)?):
            if p.values["value"] != nil { throw p.bad("'value' goes with 'slot', not with 'writes'") }
            return members.keys.sorted().map { ($0, SessionJSON.value(members[$0]!)) }
        case (nil, .array(let pairs)?):
            if p.values["value"] != nil { throw p.bad("'value' goes with 'slot', not with 'writes'") }
            var writes: [(String, Value)] = []
            for pair in pairs {
                guard case .array(let two) = pair, two.count == 2, case .string(let slot) = two[0] else {
                    throw p.bad("'writes' entries must be [\"slot\", value] pairs")
                }
                writes.append((slot, SessionJSON.value(two[1])))
            }
            return writes
        case (nil, _?):
            throw p.wrongType("writes", "an object or an array of [slot, value] pairs")
        default:
            throw p.bad("give 'slot' (and 'value') or 'writes'")
        }
    }
}
