import LuaRuntime
import SheetEngine
import SheetScripting

/// The sessions a request makes, the same way for serve and mcp: from a
/// `SessionConfiguration`, through the one factory, within what is left of
/// the request's CPU budget, interruptible by a cancel, with the engine
/// capped as the server's rule says.
extension RPCEndpoint {
    /// What the engine may hold for the scripts of a session a client
    /// starts (state values, the timeline): as much as its Lua state, so
    /// that the server's memory reservation (`ServeServer.checkRoom`) covers both.
    /// - Parameters:
    ///   - limits: the session's Lua limits.
    ///   - setting: what raises it, for the error (`create's memory_mib`, `--memory`).
    package static func engineLimits(matching limits: LuaLimits, setting: String) -> EngineLimits {
        EngineLimits(memoryBytes: limits.memory, memorySetting: setting)
    }

    /// A session for a request (serve's `create`): its policies loaded and
    /// its set-up run within the request's budget, a cancel interrupting them.
    /// - Parameters:
    ///   - configuration: what it starts with.
    ///   - prepare: called before any of its scripts runs (a print handler).
    /// - Throws: a script error when a policy does not load; `requestCancelled`; the request-budget error.
    package func makeSession(_ configuration: SessionConfiguration, prepare: (Session) -> Void = { _ in })
        throws(RPCError) -> Session
    {
        try withinBudget { left throws(LuaError) in
            try Session(configuration, startBudgetMilliseconds: left) { session in
                control.attach(session.runtime)
                prepare(session)
            }
        }
    }

    /// A session of a check (mcp's `check_policy`), from its set-up read once.
    /// - Throws: as `makeSession(_:prepare:)`.
    package func makeSession(_ setup: CheckSetup) throws(RPCError) -> Session {
        try withinBudget { left throws(LuaError) in
            try setup.makeSession(startBudgetMilliseconds: left) { control.attach($0.runtime) }
        }
    }

    /// Runs a scenario for a request (serve's and mcp's `run_scenario`), as
    /// `sheetlab test` runs one, in a fresh session: its script budget cut
    /// to what is left of the request's, a cancel interrupting it.
    /// - Parameters:
    ///   - input: the file or the source.
    ///   - configuration: its profile, policies and limits.
    ///   - output: where what it prints is kept.
    /// - Returns: the result; a failed expectation or a script error in the
    ///   scenario is part of it.
    /// - Throws: a script error when a configured policy does not load;
    ///   `requestCancelled` (also for the scenario's interrupt after a
    ///   cancel); the request-budget error.
    func runScenario(
        _ input: ScenarioInput, _ configuration: SessionConfiguration, printing output: PrintedLines
    )
        throws(RPCError) -> ScenarioResult
    {
        var cut: Int?
        var result = try withinBudget { left throws(LuaError) in
            var configuration = configuration
            if left < configuration.limits.scriptBudgetMilliseconds {
                configuration.limits.scriptBudgetMilliseconds = left
                cut = left
            }
            var runner = ScenarioRunner(configuration) { output.append($0) }
            runner.prepare = { [control] session in control.attach(session.runtime) }
            return try input.run(runner)
        }
        if control.isCancelled, result.error?.kind == .interrupted { throw RPCError.requestCancelled }
        if let cut, result.error?.limit == .scriptBudget(milliseconds: cut) {
            result.error?.message = cutBudgetMessage(cut)
        }
        return result
    }

    /// What a scenario whose script budget was cut to what was left of the
    /// input line's (a batch, or a request after others) says when it runs
    /// out: the flag that raises it is --max-request-budget, not --script-budget.
    func cutBudgetMessage(_ left: Int) -> String {
        let flag = ServerLimits.requestBudget.flag
        return "budget exceeded: the \(left) ms left of this input line's CPU budget of "
            + "\(limits.maximumRequestBudgetMilliseconds) ms were used up (raise it with \(flag) "
            + "or send the request on its own line)"
    }
}

/// What a scenario prints, kept up to about `limit` bytes (the response
/// could not carry more).
package final class PrintedLines {
    package let limit: Int
    package private(set) var lines: [String] = []
    private var bytes = 0

    package init(limit: Int) { self.limit = limit }

    package func append(_ line: String) {
        guard bytes <= limit else { return }
        bytes += line.utf8.count
        lines.append(bytes <= limit ? line : "(output cut at \(limit) bytes)")
    }
}
