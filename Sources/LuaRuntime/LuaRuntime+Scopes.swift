extension LuaRuntime {
    /// Runs Swift code as one guarded call with a budget of its own, so that
    /// every Lua call it makes shares that budget.
    ///
    /// Host code that drives scripts (an engine step that calls policy
    /// hooks, content functions, app code) makes many calls, each under the
    /// per-call budget; a script can chain thousands of them (a hook that
    /// writes state makes another request, which calls the hook again).
    /// Inside a scope they are nested levels of one call: once the scope's
    /// budget is spent, each later call stops at its first instruction with
    /// `.budget`, so the step finishes quickly. From inside a Lua call the
    /// scope is nested too: the caller's budget still applies.
    ///
    /// ```swift
    /// let (_, spent) = try lua.withBudget(milliseconds: 10_000) { () throws(EngineError) in
    ///     try app.set(ref, value)   // hooks, content and app code share 10 s
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - milliseconds: the scope's CPU budget.
    ///   - body: the host code; it runs once, even when no scope can be
    ///     opened (calls nested too deep), then without one.
    /// - Returns: what `body` returns, and whether the budget was spent (or
    ///   the run interrupted) while it ran.
    /// - Throws: what `body` throws.
    public func withBudget<T, E: Error>(milliseconds: Int, _ body: () throws(E) -> T) throws(E) -> (
        T, budgetSpent: Bool
    ) {
        var result: Result<T, E>?
        var spent = false
        withoutActuallyEscaping(body) { body in
            let saved = scopeBody
            scopeBody = { result = Result { () throws(E) -> T in try body() } }
            defer { scopeBody = saved }
            do throws(LuaError) {
                _ = try call(makeScopeFunction(), [], budgetMilliseconds: milliseconds)
            } catch {
                spent = error.kind == .budget || error.kind == .interrupted
            }
        }
        guard let result else { return (try body(), false) }
        return (try result.get(), spent)
    }

    /// `withBudget(milliseconds:_:)` for a body that returns and throws
    /// nothing, compiled here: called from another module, the generic one
    /// runs unspecialised (generic metadata looked up on every call), which
    /// cost `sheetlab check` a quarter of each step.
    /// - Returns: whether the budget was spent (or the run interrupted).
    public func withBudget(milliseconds: Int, run body: () -> Void) -> Bool {
        withBudget(milliseconds: milliseconds) { () throws(Never) in body() }.budgetSpent
    }

    /// The host function a scope runs in (made once, never a global).
    func makeScopeFunction() -> LuaFunction {
        if let scopeFunction { return scopeFunction }
        let index = hostFunctions.count
        hostFunctions.append(
            HostFunction(name: "(scope)") { [unowned self] _ throws(LuaError) in
                let body = scopeBody
                scopeBody = nil  // a scope runs its body once
                body?()
                return []
            })
        let state = active
        _ = state.reserve(1)
        state.pushHostFunction(handle, index: index)  // stack: -> f
        let function = LuaFunction(reference: state.makeReference(), runtime: self)  // stack: f ->
        scopeFunction = function
        return function
    }
}
