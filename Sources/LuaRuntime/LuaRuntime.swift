import CLua

/// A sandboxed Lua 5.4 state that runs untrusted scripts under limits.
///
/// Scripts see the base library without `dofile`/`loadfile` (and with a
/// text-only `load`), `table`, `string` (without `dump`), `math`, `utf8`,
/// `coroutine` and `os.clock`/`os.time`/`os.date`, as read-only tables, plus
/// the host's globals, also read-only. Each chunk has its own globals.
/// Memory is capped; every call has a CPU budget that `pcall` cannot
/// swallow. A Lua error never unwinds through Swift frames.
///
/// Not thread-safe: use a runtime from one thread at a time. Only an
/// interrupt may come from another thread (`makeInterruptHandle()`).
///
/// ```swift
/// let lua = try LuaRuntime()
/// let chunk = try lua.load(source: "return 1 + 2", chunkName: "sum.lua")
/// let results = try lua.call(chunk)   // [.integer(3)]
/// ```
public final class LuaRuntime {
    @usableFromInline let handle: RuntimeHandle
    @usableFromInline let main: LuaState
    /// The thread Lua code runs on now: main, or the coroutine a host
    /// function was called from. Calls from Swift run on it. Unchecked: a
    /// runtime is used from one thread, and it is read at every call (the
    /// dynamic exclusivity check was about 75 instructions a read, issue 28).
    @usableFromInline @exclusivity(unchecked) var active: LuaState
    @usableFromInline let serial: UInt64
    var hostFunctions: [HostFunction] = []
    /// Registry references dropped by Swift, released at the next call.
    @usableFromInline let releases = ReferenceReleases()
    @usableFromInline @exclusivity(unchecked) var callBudgetNanoseconds: Int64
    /// Values converted either way so far, wrapping: every so many, a
    /// conversion checks whether the call it works for was stopped.
    @exclusivity(unchecked) var convertedValues: UInt = 0
    let recentStrings: RecentStrings
    /// Why the last argument writer gave up (kept here so writers stay plain data).
    var writerFailure: LuaError?
    /// `withBudget`: the host function that runs a scope, and the scope it runs.
    var scopeFunction: LuaFunction?
    var scopeBody: (() -> Void)?
    /// The attached debugger (`attachDebugger`), and whether it is running
    /// code of its own (an `evaluate`), whose events it does not see.
    var debugHook: ((LuaDebugEvent, LuaDebugThread) -> Void)?
    var debuggerIsEvaluating = false
    /// What the host is running Lua for, innermost last, while a debugger is
    /// attached (`LuaPolicy` pushes "request hook of queue.lua"): the
    /// debugger's engine frame shows it.
    public var debugActivities: [String] = []
    /// Whether a debugger is attached (`attachDebugger`).
    public var debuggerIsAttached: Bool { debugHook != nil }

    /// The limits in force. Changing the memory cap takes effect at once.
    public var limits: LuaLimits {
        didSet { applyLimits() }
    }

    /// Receives each line a script prints (without the newline). Default:
    /// standard output. It must not call back into the runtime.
    public var printHandler: (String) -> Void = { print($0) }

    /// Warnings from `warn(...)` and from Lua, oldest first; the oldest are
    /// dropped past `maximumWarnings`.
    public private(set) var warnings: [String] = []

    /// How many warnings are kept.
    public static let maximumWarnings = 100

    /// Opens a sandboxed state.
    ///
    /// - Parameter limits: memory cap and budgets.
    /// - Throws: `.memory` if the state cannot be created.
    public init(limits: LuaLimits = LuaLimits()) throws(LuaError) {
        guard let handle = RuntimeHandle.open(memoryLimit: limits.memory) else {
            throw LuaError(.memory, "cannot open a Lua state")
        }
        self.handle = handle
        self.main = handle.mainState
        self.active = main
        self.serial = handle.serial
        self.limits = limits
        self.callBudgetNanoseconds = LuaRuntime.nanoseconds(milliseconds: limits.callBudgetMilliseconds)
        self.recentStrings = RecentStrings(state: main)
        handle.setHost(
            context: Unmanaged.passUnretained(self).toOpaque(),
            dispatch: { state, context, index in
                let runtime = Unmanaged<LuaRuntime>.fromOpaque(context!).takeUnretainedValue()
                return runtime.dispatchHostFunction(LuaState(state!), index: Int(index))
            },
            print: { context, bytes, length in
                let runtime = Unmanaged<LuaRuntime>.fromOpaque(context!).takeUnretainedValue()
                runtime.printHandler(
                    String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
            },
            warn: { context, bytes, length in
                let runtime = Unmanaged<LuaRuntime>.fromOpaque(context!).takeUnretainedValue()
                runtime.addWarning(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
            })
    }

    deinit {
        handle.close()
        recentStrings.deallocate()
    }

    // MARK: Memory

    /// Bytes the Lua state uses now.
    public var memoryInUse: Int { handle.memoryInUse }

    /// The most bytes the Lua state has used since it opened or since
    /// `resetMemoryPeak()`: what the allocator itself counted, so a test can
    /// check that a script stayed near its cap.
    public var memoryPeak: Int { handle.memoryPeak }

    /// Starts a new peak from the memory in use now.
    public func resetMemoryPeak() {
        handle.resetMemoryPeak()
    }

    /// Runs a full garbage collection.
    public func collectGarbage() {
        releasePending()
        active.collectGarbage()
    }

    // MARK: Warnings

    /// Forgets the collected warnings.
    public func clearWarnings() {
        warnings.removeAll()
    }

    func addWarning(_ warning: String) {
        if warnings.count >= LuaRuntime.maximumWarnings { warnings.removeFirst() }
        warnings.append(warning)
    }

    // MARK: Interrupts

    /// Stops the running call (the outermost one, so every nested call
    /// unwinds too) with an `.interrupted` error. Does nothing when idle.
    public func interrupt() {
        handle.interrupt()
    }

    /// A handle that can interrupt this runtime from another thread (for a
    /// REPL's Ctrl-C).
    public func makeInterruptHandle() -> LuaInterruptHandle {
        LuaInterruptHandle(handle)
    }

    // MARK: Internals

    @usableFromInline
    static func nanoseconds(milliseconds: Int) -> Int64 {
        let (product, overflow) = Int64(clamping: max(milliseconds, 0)).multipliedReportingOverflow(by: 1_000_000)
        return overflow ? Int64.max : product
    }

    func applyLimits() {
        handle.setMemoryLimit(limits.memory)
        callBudgetNanoseconds = LuaRuntime.nanoseconds(milliseconds: limits.callBudgetMilliseconds)
    }

    @usableFromInline
    func releasePending() {
        for reference in releases.pending { active.releaseReference(reference) }
        releases.pending.removeAll(keepingCapacity: true)
    }

    func checkOwner(of function: LuaFunction) throws(LuaError) {
        guard function.runtimeSerial == serial else {
            throw LuaError(.badValue, "function belongs to another Lua runtime")
        }
    }

    func checkOwner(of environment: LuaEnvironment) throws(LuaError) {
        guard environment.runtimeSerial == serial else {
            throw LuaError(.badValue, "environment belongs to another Lua runtime")
        }
    }
}

/// Interrupts a runtime from any thread. Keeps no Lua state alive: after
/// the runtime is gone, `interrupt()` does nothing.
public final class LuaInterruptHandle: Sendable {
    private let runtime: RuntimeHandle

    init(_ runtime: RuntimeHandle) {
        runtime.retain()
        self.runtime = runtime
    }

    deinit {
        runtime.release()
    }

    /// Stops the runtime's running call with an `.interrupted` error.
    public func interrupt() {
        runtime.interrupt()
    }

    /// Stops the Lua code running now, as a REPL's Ctrl-C does: a nested
    /// call whose code runs (a policy hook) fails with `.interrupted` and
    /// the host code that called it goes on, its later nested calls (a
    /// sheet's content) undisturbed; the outermost call then stops at its
    /// next Lua instruction. So the engine never sees a half-made step.
    public func interruptRunningCode() {
        runtime.interruptRunningCode()
    }
}
