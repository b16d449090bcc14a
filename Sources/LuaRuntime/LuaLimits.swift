/// The limits a runtime enforces on the scripts it runs.
///
/// Budgets are CPU time of the thread running the call (on Linux; wall time
/// elsewhere), checked by a watchdog every 5 ms, so a call may overrun its
/// budget by about that much.
public struct LuaLimits: Sendable, Equatable {
    /// The memory cap of the Lua state, in bytes (default 16 MiB). Allocations
    /// made by Lua code past the cap fail with a memory error.
    public var memory: Int
    /// The budget of one call (one policy hook), in milliseconds (default 100).
    public var callBudgetMilliseconds: Int
    /// The budget of a whole script run (a scenario), in milliseconds
    /// (default 10 000). Pass it to `call(_:_:budgetMilliseconds:)` for the
    /// calls that run a script's main chunk.
    public var scriptBudgetMilliseconds: Int
    /// The largest Lua source file `load(path:)` reads, in bytes (default
    /// 1 MiB): policy and scenario files are small, and a script may name
    /// any file (`SourceFile`).
    public var maximumSourceBytes = 1 << 20
    /// Where scripts may have policy files read from besides their own
    /// folder: folders (and below) and files; nil for anywhere (the default
    /// in Swift). The command line gives its `--policy` files and
    /// `--allow-path` folders (SheetScripting's `PolicyAccess` checks it).
    public var allowedPaths: [String]? = nil
    /// Real paths (folders and below, or files) that bound every place
    /// above, whatever allows it: a server's roots (`--root`,
    /// `--allow-path`, the project), so that a request cannot widen them
    /// through the folder it names for a scenario. A script's own folder
    /// counts only inside them. Nil: no bound (the default).
    public var boundingPaths: [String]? = nil
    /// How error messages tell a person to raise each limit: the `sheetlab`
    /// command-line flags by default (`raise it with --memory`). A host with
    /// other settings names its own; an empty name leaves the hint out.
    public var settingNames = SettingNames()

    /// The names of the settings that raise each limit.
    public struct SettingNames: Sendable, Equatable {
        public var memory: String
        public var callBudget: String
        public var scriptBudget: String
        public var maximumSource: String
        public var allowedPaths: String

        public init(
            memory: String = "--memory", callBudget: String = "--budget", scriptBudget: String = "--script-budget",
            maximumSource: String = "--max-source", allowedPaths: String = "--allow-path"
        ) {
            self.memory = memory
            self.callBudget = callBudget
            self.scriptBudget = scriptBudget
            self.maximumSource = maximumSource
            self.allowedPaths = allowedPaths
        }
    }

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - memory: the memory cap in bytes.
    ///   - callBudgetMilliseconds: the default budget of a call.
    ///   - scriptBudgetMilliseconds: the budget meant for a whole script.
    public init(
        memory: Int = 16 << 20, callBudgetMilliseconds: Int = 100, scriptBudgetMilliseconds: Int = 10_000
    ) {
        self.memory = memory
        self.callBudgetMilliseconds = callBudgetMilliseconds
        self.scriptBudgetMilliseconds = scriptBudgetMilliseconds
    }
}
