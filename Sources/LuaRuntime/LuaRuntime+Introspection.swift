extension LuaRuntime {
    /// Where a Lua function is defined: its file and the line of its
    /// `function` keyword (for messages about what a function returned).
    ///
    /// - Parameter function: a function of this runtime.
    /// - Returns: the location, or nil for a host function or one of another runtime.
    public func location(of function: LuaFunction) -> LuaLocation? {
        guard (try? checkOwner(of: function)) != nil else { return nil }
        let state = active
        let base = state.top
        defer { state.setTop(base) }
        guard state.reserve(2) else { return nil }
        state.pushReference(function.reference)  // stack: -> fn
        return state.definition(at: -1)  // stack: fn -> fn
    }
}
