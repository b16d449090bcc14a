import LuaRuntime
import SheetEngine

extension Session {
    /// Runs a content function with its context table `c`: `item`, `state`
    /// (captured, B13), `presenter`, `detent` and `binding` (live, B14). The
    /// table is a plain copy, written in place on the Lua stack; the content
    /// function may keep or change it without effect on the app.
    func evaluateContent(_ f: LuaFunction, _ ctx: ContentContext) throws(LuaError) -> LuaValue {
        let saved = currentContent
        currentContent = ctx
        defer { currentContent = saved }
        let binding = bindingFunction!
        return try runtime.call(
            f, budgetMilliseconds: nil,
            arguments: { (args: inout LuaArgumentWriter) throws(LuaError) in
                try args.pushTable(fieldCapacity: 5) { (c: inout LuaTableWriter) throws(LuaError) in
                    try c.set("item", value: ctx.item)
                    try c.setTable("state", fieldCapacity: ctx.capturedState.count) {
                        (state: inout LuaTableWriter) throws(LuaError) in
                        for (k, v) in ctx.capturedState { try state.setField(k, ValueBridge.lua(v)) }
                    }
                    c.set("presenter", ctx.presenter)
                    c.set("detent", ctx.detent?.description)
                    try c.set("binding", LuaValue.function(binding))
                }
            },
            results: { (r: LuaResults) throws(LuaError) in r.count > 0 ? try r.value(at: 0) : .nil })
    }
}
