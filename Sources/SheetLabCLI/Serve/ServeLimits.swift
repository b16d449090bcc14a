/// The limits of a `sheetlab serve` process as a whole, on top of each
/// app's Lua limits, so that no request and no client can take the machine
/// or freeze the server: how many apps, how much memory their Lua states
/// may take together and each, how much CPU one input line may use, how
/// large a response and a batch's responses may be, how long a message.
///
/// Each limit has a command-line flag; `docs/serve.md` and `docs/safety.md`
/// list them with their defaults, and `initialize` reports them.
struct ServeLimits: Sendable, Equatable {
    /// Apps open at once.
    var maximumApps = 256
    /// The largest memory cap one app (or one `run_scenario`) may ask for, in bytes.
    var maximumAppMemory = 256 << 20
    /// The memory caps of the open apps (and a running `run_scenario`) added up, in bytes.
    var maximumTotalMemory = 2048 << 20
    /// CPU one input line (a request, or a whole batch) may use, in ms; also
    /// the largest `budget_ms` and `script_budget_ms` an app may ask for.
    var maximumRequestBudgetMilliseconds = 10_000
    /// The longest response (or notification) line, in bytes.
    var maximumResponseBytes = 16 << 20
    /// The responses of one batch added up, in bytes.
    var maximumBatchResponseBytes = 64 << 20
    /// The longest request message (a line, or a `Content-Length` body), in bytes.
    var maximumMessageBytes = 1 << 20

    /// One limit: its flag, its name in `initialize` and in error data, its unit.
    struct Limit: Sendable {
        var flag: String
        /// The member of `initialize`'s `limits` and an error's `data.limit`.
        var name: String
        var value: String
        var help: String
        /// What one unit of the flag is in the stored value (1 << 20 for MiB).
        var scale: Int
        var range: ClosedRange<Int>
        var keyPath: WritableKeyPath<ServeLimits, Int> & Sendable
    }

    static let apps = Limit(
        flag: "--max-apps", name: "max_apps", value: "N", help: "Apps open at once", scale: 1, range: 1...65_536,
        keyPath: \.maximumApps)
    static let appMemory = Limit(
        flag: "--max-app-memory", name: "max_app_memory_mib", value: "MIB",
        help: "Largest Lua memory cap one app may ask for, in MiB", scale: 1 << 20, range: 1...65_536,
        keyPath: \.maximumAppMemory)
    static let totalMemory = Limit(
        flag: "--max-total-memory", name: "max_total_memory_mib", value: "MIB",
        help: "Lua memory caps of all open apps added up, in MiB", scale: 1 << 20, range: 1...1_048_576,
        keyPath: \.maximumTotalMemory)
    static let requestBudget = Limit(
        flag: "--max-request-budget", name: "max_request_budget_ms", value: "MS",
        help:
            "CPU one input line (a request or a whole batch) may use, in ms; also the largest budget an app may ask for",
        scale: 1, range: 1...3_600_000, keyPath: \.maximumRequestBudgetMilliseconds)
    static let response = Limit(
        flag: "--max-response", name: "max_response_bytes", value: "BYTES",
        help: "Longest response or notification line, in bytes", scale: 1, range: 1024...(1 << 30),
        keyPath: \.maximumResponseBytes)
    static let batchResponse = Limit(
        flag: "--max-batch-response", name: "max_batch_response_bytes", value: "BYTES",
        help: "Responses of one batch added up, in bytes", scale: 1, range: 1024...(1 << 32),
        keyPath: \.maximumBatchResponseBytes)
    static let message = Limit(
        flag: "--max-line", name: "max_line_bytes", value: "BYTES",
        help: "Longest request line (or Content-Length body) in bytes; longer ones are skipped and answered",
        scale: 1, range: 1024...(64 << 20), keyPath: \.maximumMessageBytes)

    /// Every limit, in the order `--help` and `initialize` show them.
    static let all = [apps, appMemory, totalMemory, requestBudget, response, batchResponse, message]

    /// The value of `limit`, in the flag's unit.
    func value(of limit: Limit) -> Int { self[keyPath: limit.keyPath] / limit.scale }

    /// The limits as `initialize` reports them: `{"max_apps": 256, ...}`, in the flags' units.
    var json: JSON { .object(Dictionary(uniqueKeysWithValues: ServeLimits.all.map { ($0.name, .int(value(of: $0))) })) }

    /// The options, for `sheetlab serve --help`.
    static var specs: [OptionSpec] { specs(of: all) }

    /// The options of some of the limits (`sheetlab mcp` has three).
    static func specs(of limits: [Limit]) -> [OptionSpec] {
        limits.map { limit in
            let defaults = ServeLimits()
            return OptionSpec(
                limit.flag, value: limit.value, help: "\(limit.help) (default \(defaults.value(of: limit))).")
        }
    }

    /// The limits the command line asks for.
    /// - Throws: `UsageError` for a value out of its range.
    static func parse(_ args: ParsedArguments, _ flags: [Limit] = all, command: String = "serve") throws(UsageError)
        -> ServeLimits
    {
        var limits = ServeLimits()
        for limit in flags {
            if let n = try args.integer(limit.flag, in: limit.range, command: command) {
                limits[keyPath: limit.keyPath] = n * limit.scale
            }
        }
        return limits
    }

    /// A limit error (-32003) for `limit`: `data` names it, its value and the flag that raises it.
    func error(_ limit: Limit, kind: String, _ message: String) -> RPCError {
        RPCError(
            RPCError.limitErrorCode, "\(message) (\(limit.flag) \(value(of: limit)))",
            data: [
                "kind": .string(kind), "limit": .string(limit.name), "max": .int(value(of: limit)),
                "flag": .string(limit.flag),
            ])
    }
}
