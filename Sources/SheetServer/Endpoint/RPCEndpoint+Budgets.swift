import LuaRuntime

/// The CPU budget of one message, and what a cancel or a spent budget
/// turns a request's error into: the same for every method of both servers.
extension RPCEndpoint {
    /// CPU left to the message being handled, in ms (`--max-request-budget`).
    package var remainingBudgetMilliseconds: Int {
        let spent = (threadCPUNanoseconds() - messageStart) / 1_000_000
        return limits.maximumRequestBudgetMilliseconds - Int(spent)
    }

    /// The message ran out of CPU: -32003 with `kind` `requestBudget`, the
    /// limit, its value and the flag that raises it.
    package var requestBudgetError: RPCError {
        limits.error(
            ServerLimits.requestBudget, kind: "requestBudget",
            "this input line used up its CPU budget of \(limits.maximumRequestBudgetMilliseconds) ms")
    }

    /// Runs `body`, which uses `runtime` (an open app's), as one guarded
    /// scope of it: every Lua call it makes shares what is left of the
    /// message's CPU budget, and a cancel interrupts it.
    /// - Throws: `requestCancelled` when cancelled and stopped; a limit
    ///   error (`requestBudget`) when the message's budget ran out and
    ///   `body` failed; otherwise what `body` throws.
    package func guarded<T>(_ runtime: LuaRuntime, _ body: () throws(RPCError) -> T) throws(RPCError) -> T {
        control.attach(runtime)
        let left = remainingBudgetMilliseconds
        guard left > 0 else { throw requestBudgetError }
        var outcome: Result<T, RPCError>?
        let (_, spent) = runtime.withBudget(milliseconds: left) { () -> Void in
            // Checked inside the scope: a cancel before this line is seen here, one after interrupts the scope.
            if control.isCancelled {
                outcome = .failure(.requestCancelled)
                return
            }
            outcome = Result { () throws(RPCError) -> T in try body() }
        }
        guard let outcome else { throw RPCError.requestCancelled }
        if case .failure = outcome {
            if control.isCancelled { throw RPCError.requestCancelled }
            if spent { throw requestBudgetError }
        } else if spent, control.isCancelled {
            throw RPCError.requestCancelled
        }
        return try outcome.get()
    }

    /// Runs `body` with what is left of the message's CPU budget, in ms,
    /// for work that makes its own sessions (`create`, `run_scenario`,
    /// `check_policy`); they attach their runtimes to `control`.
    /// - Throws: the request-budget error when nothing is left;
    ///   `requestCancelled` when cancelled; `body`'s error as `failure(_:)` maps it.
    package func withinBudget<T>(_ body: (_ leftMilliseconds: Int) throws(LuaError) -> T) throws(RPCError) -> T {
        let left = remainingBudgetMilliseconds
        guard left > 0 else { throw requestBudgetError }
        guard !control.isCancelled else { throw RPCError.requestCancelled }
        do { return try body(left) } catch { throw failure(error) }
    }

    /// A Lua error from a request's work, as the client gets it:
    /// `requestCancelled` once the request is cancelled (an interrupt after a
    /// cancel is the cancel), the request-budget error when the message's
    /// budget is spent, else the error itself (-32001 or -32003).
    package func failure(_ error: LuaError) -> RPCError {
        if control.isCancelled { return .requestCancelled }
        if error.kind == .budget || error.kind == .interrupted, remainingBudgetMilliseconds <= 0 {
            return requestBudgetError
        }
        return RPCError(error)
    }
}
