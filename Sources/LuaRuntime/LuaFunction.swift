/// A Lua function held by Swift: a reference into its runtime's registry,
/// released when the last Swift reference goes.
///
/// Call it with `LuaRuntime.call`. It keeps its runtime alive only weakly:
/// calling it after its runtime is gone is impossible, and passing it to
/// another runtime is a `.badValue` error.
public final class LuaFunction {
    @usableFromInline let reference: Int32
    @usableFromInline let runtimeSerial: UInt64
    weak var releases: ReferenceReleases?

    init(reference: Int32, runtime: LuaRuntime) {
        self.reference = reference
        self.runtimeSerial = runtime.serial
        self.releases = runtime.releases
    }

    deinit {
        releases?.pending.append(reference)
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
    weak var releases: ReferenceReleases?

    init(reference: Int32, runtime: LuaRuntime) {
        self.reference = reference
        self.runtimeSerial = runtime.serial
        self.releases = runtime.releases
    }

    deinit {
        releases?.pending.append(reference)
    }
}

/// Registry references whose Swift owners are gone, released at the next
/// call. A class of its own so that the weak references to it do not give
/// the runtime a side table (which would slow every retain of the runtime).
@usableFromInline
final class ReferenceReleases {
    @exclusivity(unchecked) var pending: [Int32] = [] {
        didSet { hasPending = !pending.isEmpty }
    }
    /// Whether `pending` has any: one load on the hot path of a call.
    @usableFromInline @exclusivity(unchecked) private(set) var hasPending = false
}

@available(*, unavailable)
extension LuaFunction: Sendable {}

@available(*, unavailable)
extension LuaEnvironment: Sendable {}
