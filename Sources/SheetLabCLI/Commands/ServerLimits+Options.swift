import LuaRuntime
import SheetServer

/// The servers' limits as command-line flags: `sheetlab serve --help`
/// lists them all, `sheetlab mcp` three.
extension ServerLimits {
    /// The options, for `sheetlab serve --help`.
    static var specs: [OptionSpec] { specs(of: all) }

    /// The options of some of the limits (`sheetlab mcp` has three).
    static func specs(of limits: [Limit]) -> [OptionSpec] {
        limits.map { limit in
            OptionSpec(limit.flag, value: limit.value, help: limit.help(defaults: ServerLimits()))
        }
    }

    /// The limits the command line asks for.
    /// - Throws: `UsageError` for a value out of its range.
    static func parse(_ args: ParsedArguments, _ flags: [Limit] = all, command: String = "serve") throws(UsageError)
        -> ServerLimits
    {
        var limits = ServerLimits()
        for limit in flags {
            if let n = try args.integer(limit.flag, in: limit.range, command: command) {
                limits[keyPath: limit.keyPath] = n * limit.scale
            }
        }
        return limits
    }

    /// Checks that the command line's limits for the sessions a client
    /// starts are within the server's: the budgets within
    /// `--max-request-budget`, and `--memory` within `--max-app-memory`
    /// where the command has that flag.
    /// - Throws: `UsageError` naming both flags.
    func admit(_ app: LuaLimits, flags: [Limit], command: String) throws(UsageError) {
        let budget = maximumRequestBudgetMilliseconds
        if app.scriptBudgetMilliseconds > budget || app.callBudgetMilliseconds > budget {
            throw UsageError(
                "--script-budget and --budget must be at most --max-request-budget (\(budget) ms)", command: command)
        }
        if flags.contains(where: { $0.flag == ServerLimits.appMemory.flag }), app.memory > maximumAppMemory {
            throw UsageError(
                "--memory must be at most --max-app-memory (\(maximumAppMemory >> 20) MiB)", command: command)
        }
    }
}
