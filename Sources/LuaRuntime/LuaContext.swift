import CLua
import CLuaSupport

/// A read-only context kept in its runtime across the calls of one hook and
/// updated in place between them, so that a call changes only the fields
/// that changed instead of building a table of them all (issue 28: building
/// the request hook's context was most of its cost).
///
/// Each call gets a new view of the data (`LuaArgumentWriter.pushView(of:_:)`),
/// and only that view reads them, until `LuaRuntime.endCall(of:)`: a view
/// kept by a script and read after its call raises an error ("a hook's
/// context can be read only during its call") rather than show another
/// call's fields. Otherwise a view behaves as any read-only table: writes
/// are refused, `pairs` and `#` read the data, `__` names read nil.
///
/// The live view's `__index` is the data table itself, so the VM reads a
/// field without calling a function (a closure that checked the view cost
/// about 150 instructions a read); ending the call gives that view the
/// metatable of ended contexts instead.
///
/// The data table, the live view's metatable and the slot that holds the
/// live view are referenced from the registry and released when the last
/// Swift reference goes.
public final class LuaContext {
    @usableFromInline let data: Int32
    @usableFromInline let meta: Int32
    /// The registry slot of the view that reads the data now (false if none).
    @usableFromInline let view: Int32
    @usableFromInline let runtimeSerial: UInt64
    weak var releases: ReferenceReleases?
    /// Whether a view of it is being read (from `pushView(of:_:)` until
    /// `endCall(of:)`): a call nested in that one needs a table of its own.
    public var isInCall: Bool { inCall }
    /// `isInCall`'s storage. Unchecked, as the runtime's state is: it is
    /// read and set at every call, from the runtime's one thread. Read from
    /// another module through the getter: there, a stored property's read
    /// was checked dynamically all the same (about 75 instructions).
    @exclusivity(unchecked) var inCall = false

    init(fieldCapacity: Int, runtime: LuaRuntime, state: LuaState) {
        _ = state.reserve(4)
        sl_runtime_new_context(state.pointer, Int32(clamping: fieldCapacity))  // stack: -> data, meta, false
        view = state.makeReference()
        meta = state.makeReference()
        data = state.makeReference()
        runtimeSerial = runtime.serial
        releases = runtime.releases
    }

    deinit {
        releases?.pending.append(contentsOf: [data, meta, view])
    }
}

@available(*, unavailable)
extension LuaContext: Sendable {}

extension LuaRuntime {
    /// A context kept in this runtime, its table sized for `fieldCapacity` fields.
    public func context(fieldCapacity: Int) -> LuaContext {
        LuaContext(fieldCapacity: fieldCapacity, runtime: self, state: main)
    }

    /// Ends the call `context`'s last view was pushed for: that view raises
    /// an error when read from now on.
    public func endCall(of context: LuaContext) {
        guard context.inCall else { return }
        context.inCall = false
        let state = active
        guard state.reserve(2) else { return }
        sl_runtime_end_context(state.pointer, context.view)
    }
}

extension LuaArgumentWriter {
    /// Changes `context`'s fields in place with `update` (the table holds what
    /// the last update left in it: set what changed, `setNil` what went), then
    /// pushes a new view of it, which reads it until `endCall(of:)`.
    ///
    /// - Throws: `.badValue` if the context is of another runtime or is in a
    ///   call already; what `update` throws (the fields it set stay set:
    ///   rewrite them all next time).
    public mutating func pushView(
        of context: LuaContext, _ update: (inout LuaTableWriter) throws(LuaError) -> Void
    ) throws(LuaError) {
        guard var table = try beginView(of: context) else { return }
        try update(&table)
        try finishView(of: context, table)
    }

    /// `pushView(of:_:)` in two steps, for a caller that updates the fields
    /// without a closure (a closure's captures may be copied at each call):
    /// the writer of the context's table, nil if the stack cannot grow (the
    /// call then fails). Then `finishView(of:_:)`, or throw: the call's
    /// arguments are dropped with what is on the stack.
    /// stack: -> data
    public mutating func beginView(of context: LuaContext) throws(LuaError) -> LuaTableWriter? {
        guard context.runtimeSerial == runtime.serial else {
            throw LuaError(.badValue, "a context of another Lua runtime")
        }
        guard !context.inCall else { throw LuaError(.badValue, "the context is in a call already") }
        // The data, a key and a value; the view takes four slots above its place.
        if available < 5, !growStack() { return nil }
        available -= 1
        state.pushReference(context.data)  // stack: -> data
        return LuaTableWriter(runtime: runtime, state: state, readOnly: true, depth: 0)
    }

    /// Replaces the context's table on the stack by a new view of it.
    /// stack: data -> view
    public mutating func finishView(of context: LuaContext, _ table: LuaTableWriter) throws(LuaError) {
        if table.failed { try table.throwFailure() }
        state.pop(1)  // stack: data ->
        state.pushReference(context.meta)  // stack: -> meta
        sl_runtime_push_context_view(state.pointer, -1, context.view)  // stack: -> meta, view
        sl_lua_replace(state.pointer, -2)  // stack: -> view
        context.inCall = true
    }
}

extension LuaTableWriter {
    /// Removes a field (in a context being updated: one that went).
    @inlinable
    public mutating func setNil(_ key: StaticString) {
        guard accepts(key) else { return }
        state.pushNil()
        state.setFieldOfNewTable(-2, key)
    }
}
