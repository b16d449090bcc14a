import SheetJSON
import SheetScripting

/// The limits of a `sheetlab serve` or `sheetlab mcp` process as a whole,
/// on top of each app's Lua limits, so that no request and no client can take the machine
/// or freeze the server: how many apps, how much memory their Lua states
/// may take together and each, how much CPU one input line may use, how
/// large a response and a batch's responses may be, how long a message.
///
/// Each limit has a command-line flag; `docs/serve.md` and `docs/safety.md`
/// list them with their defaults, and `initialize` reports them.
package struct ServerLimits: Sendable, Equatable {
    /// The defaults.
    package init() {}

    /// Apps open at once.
    package var maximumApps = 256
    /// The largest memory cap one app (or one `run_scenario`) may ask for, in bytes.
    package var maximumAppMemory = 256 << 20
    /// The memory caps of the open apps (and a running `run_scenario`) added up, in bytes.
    package var maximumTotalMemory = 2048 << 20
    /// CPU one input line (a request, or a whole batch) may use, in ms; also
    /// the largest `budget_ms` and `script_budget_ms` an app may ask for.
    package var maximumRequestBudgetMilliseconds = 10_000
    /// The longest response (or notification) line, in bytes.
    package var maximumResponseBytes = 16 << 20
    /// The responses of one batch added up, in bytes.
    package var maximumBatchResponseBytes = 64 << 20
    /// The longest request message (a line, or a `Content-Length` body), in bytes.
    package var maximumMessageBytes = 1 << 20

    /// One limit: its flag, its name in `initialize` and in error data, its unit (as a session's limits are).
    package typealias Limit = LimitSetting<ServerLimits>

    package static let apps = Limit(
        flag: "--max-apps", name: "max_apps", value: "N", help: "Apps open at once", scale: 1, range: 1...65_536,
        keyPath: \.maximumApps)
    package static let appMemory = Limit(
        flag: "--max-app-memory", name: "max_app_memory_mib", value: "MIB",
        help: "Largest Lua memory cap one app may ask for, in MiB", scale: 1 << 20, range: 1...65_536,
        keyPath: \.maximumAppMemory)
    package static let totalMemory = Limit(
        flag: "--max-total-memory", name: "max_total_memory_mib", value: "MIB",
        help: "Lua memory caps of all open apps added up, in MiB", scale: 1 << 20, range: 1...1_048_576,
        keyPath: \.maximumTotalMemory)
    package static let requestBudget = Limit(
        flag: "--max-request-budget", name: "max_request_budget_ms", value: "MS",
        help:
            "CPU one input line (a request or a whole batch) may use, in ms; also the largest budget an app may ask for",
        scale: 1, range: 1...3_600_000, keyPath: \.maximumRequestBudgetMilliseconds)
    package static let response = Limit(
        flag: "--max-response", name: "max_response_bytes", value: "BYTES",
        help: "Longest response or notification line, in bytes", scale: 1, range: 1024...(1 << 30),
        keyPath: \.maximumResponseBytes)
    package static let batchResponse = Limit(
        flag: "--max-batch-response", name: "max_batch_response_bytes", value: "BYTES",
        help: "Responses of one batch added up, in bytes", scale: 1, range: 1024...(1 << 32),
        keyPath: \.maximumBatchResponseBytes)
    package static let message = Limit(
        flag: "--max-line", name: "max_line_bytes", value: "BYTES",
        help: "Longest request line (or Content-Length body) in bytes; longer ones are skipped and answered",
        scale: 1, range: 1024...(64 << 20), keyPath: \.maximumMessageBytes)

    /// Every limit, in the order `--help` and `initialize` show them.
    package static let all = [apps, appMemory, totalMemory, requestBudget, response, batchResponse, message]

    /// The value of `limit`, in the flag's unit.
    package func value(of limit: Limit) -> Int { limit.value(in: self) }

    /// The limits as `initialize` reports them: `{"max_apps": 256, ...}`, in the flags' units.
    package var json: JSON {
        .object(Dictionary(uniqueKeysWithValues: ServerLimits.all.map { ($0.name, .int(value(of: $0))) }))
    }

    /// A limit error (-32003) for `limit`: `data` names it, its value and the flag that raises it.
    package func error(_ limit: Limit, kind: String, _ message: String) -> RPCError {
        RPCError(
            RPCError.limitErrorCode, "\(message) (\(limit.flag) \(value(of: limit)))",
            data: [
                "kind": .string(kind), "limit": .string(limit.name), "max": .int(value(of: limit)),
                "flag": .string(limit.flag),
            ])
    }
}
