/// A Lua function held by Swift: a reference into its runtime's registry,
/// released when the last Swift reference goes.
///
/// Call it with `LuaRuntime.call`. It keeps its runtime alive only weakly:
/// calling it after its runtime is gone is impossible, and passing it to
/// another runtime is a `.badValue` error.
public final class LuaFunction {
    let reference: Int32
    let runtimeSerial: UInt64
    weak var runtime: LuaRuntime?

    init(reference: Int32, runtime: LuaRuntime) {
        self.reference = reference
        self.runtimeSerial = runtime.serial
        self.runtime = runtime
    }

    deinit {
        runtime?.releaseLater(reference)
    }
}

/// The globals of one or more chunks: a table of their own over the
/// runtime's read-only base (the standard library and host globals).
///
/// Each loaded chunk gets a fresh environment unless one is given; a REPL
/// passes the same one for every line so globals persist.
public final class LuaEnvironment {
    let reference: Int32
    let runtimeSerial: UInt64
    weak var runtime: LuaRuntime?

    init(reference: Int32, runtime: LuaRuntime) {
        self.reference = reference
        self.runtimeSerial = runtime.serial
        self.runtime = runtime
    }

    deinit {
        runtime?.releaseLater(reference)
    }
}

@available(*, unavailable)
extension LuaFunction: Sendable {}

@available(*, unavailable)
extension LuaEnvironment: Sendable {}
