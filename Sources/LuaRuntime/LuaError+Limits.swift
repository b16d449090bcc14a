import CLuaSupport

/// The messages of errors that end a script at one of its limits, built in
/// one place so that `run`, `test`, `check`, the REPL and `serve` say the
/// same: where the script was, which limit it reached, and what raises it.
///
/// ```
/// scenario.lua:12: not enough memory: the memory limit of 16 MiB was reached (raise it with --memory)
/// policies/slow.lua:4: budget exceeded: a call's CPU budget of 100 ms was used up (raise it with --budget)
/// ```
extension LuaError {
    /// The limit an error reports reaching.
    public enum Limit: Sendable, Equatable {
        /// The memory cap of the Lua state, in bytes.
        case memory(bytes: Int)
        /// A CPU budget in milliseconds: a call's, a script's, or another
        /// one the host gave (`withBudget`).
        case callBudget(milliseconds: Int)
        case scriptBudget(milliseconds: Int)
        case budget(milliseconds: Int)
        /// A value copied out of Lua, counted as a tree (`LuaCopyLimit`),
        /// passed this many bytes.
        case valueSize(bytes: Int)
    }

    /// Whether a value copied out of Lua was too large (`LuaCopyLimit`).
    public var isValueSizeLimit: Bool {
        if case .valueSize? = limit { return true }
        return false
    }

    /// A value copied out of Lua passed `limit`.
    static func valueTooLarge(_ limit: LuaCopyLimit) -> LuaError {
        var error = LuaError(
            .memory,
            "value too large: copied out of Lua it takes more than \(byteCount(limit.bytes)), \(limit.name)"
                + raiseHint(limit.setting)
                + "; a table or string that appears in it several times counts each time")
        error.limit = .valueSize(bytes: limit.bytes)
        return error
    }

    /// The running call was stopped (its budget, or an interrupt) while
    /// the host converted a value for it.
    static func stopped(_ limits: LuaLimits, kind: Int32, nanoseconds: Int64) -> LuaError {
        guard Int(kind) == SL_STOP_BUDGET else { return LuaError(.interrupted, "interrupted") }
        var error = LuaError(.budget, "")
        (error.message, error.limit) = budgetExceeded(limits, nanoseconds: nanoseconds)
        return error
    }

    /// The memory cap was reached at `location` (the nearest Lua frame when
    /// the allocation was refused), or in `file` when no Lua code ran.
    static func memoryLimitReached(_ limits: LuaLimits, at location: LuaLocation?, file: String? = nil) -> LuaError {
        var error = LuaError(
            .memory,
            "not enough memory: the memory limit of \(byteCount(limits.memory)) was reached"
                + raiseHint(limits.settingNames.memory),
            file: location?.file ?? file, line: location?.line)
        error.limit = .memory(bytes: limits.memory)
        return error
    }

    /// A budget of `nanoseconds` was used up; which one is told by its value
    /// (the runtime's budgets come from `limits`).
    static func budgetExceeded(_ limits: LuaLimits, nanoseconds: Int64) -> (
        message: String, limit: Limit
    ) {
        let milliseconds = Int(nanoseconds / 1_000_000)
        if milliseconds == limits.scriptBudgetMilliseconds {
            return (
                "budget exceeded: the script's CPU budget of \(milliseconds) ms was used up"
                    + raiseHint(limits.settingNames.scriptBudget), .scriptBudget(milliseconds: milliseconds)
            )
        }
        if milliseconds == limits.callBudgetMilliseconds {
            return (
                "budget exceeded: a call's CPU budget of \(milliseconds) ms was used up"
                    + raiseHint(limits.settingNames.callBudget), .callBudget(milliseconds: milliseconds)
            )
        }
        return ("budget exceeded: a CPU budget of \(milliseconds) ms was used up", .budget(milliseconds: milliseconds))
    }

    static func raiseHint(_ setting: String) -> String {
        setting.isEmpty ? "" : " (raise it with \(setting))"
    }

    /// 16 MiB, 1536 KiB, 1000 bytes.
    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
