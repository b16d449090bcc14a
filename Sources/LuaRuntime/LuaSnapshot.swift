import CLua

/// A few read-only tables kept in their runtime, in numbered slots, so that a
/// host can pass the same snapshot again instead of building it anew (a hook
/// context's item, when the same few items come back). Filled by
/// `LuaTableWriter.setSnapshot(_:keepingIn:at:arrayCapacity:fieldCapacity:_:)`,
/// set again with `LuaTableWriter.set(_:snapshotIn:at:)`. The slots are one
/// Lua table in the registry, released when the last Swift reference goes;
/// replacing a slot lets its old table be collected.
///
/// Sharing is safe because a snapshot is read-only: no call can change what
/// another call sees. Two calls given the same snapshot see the same table
/// (`rawequal` is true).
public final class LuaSnapshots {
    /// How many slots there are: 1...capacity.
    public let capacity: Int
    @usableFromInline let reference: Int32
    @usableFromInline let runtimeSerial: UInt64
    weak var releases: ReferenceReleases?

    init(capacity: Int, runtime: LuaRuntime, state: LuaState) {
        self.capacity = capacity
        _ = state.reserve(1)
        state.newTable(arrayCapacity: capacity, fieldCapacity: 0)
        reference = state.makeReference()
        runtimeSerial = runtime.serial
        releases = runtime.releases
    }

    deinit {
        releases?.pending.append(reference)
    }
}

@available(*, unavailable)
extension LuaSnapshots: Sendable {}

extension LuaRuntime {
    /// Slots for `capacity` snapshots kept in this runtime.
    public func snapshots(capacity: Int) -> LuaSnapshots {
        LuaSnapshots(capacity: capacity, runtime: self, state: main)
    }
}

extension LuaTableWriter {
    /// Sets a field to a read-only table built in place, and keeps it in
    /// `snapshots` at `slot`, in place of what was there. Only a read-only
    /// table's fields can be kept (a plain table's copy is the script's to
    /// change): in a plain table the field is only set, and false returned.
    public mutating func setSnapshot(
        _ key: StaticString, keepingIn snapshots: LuaSnapshots, at slot: Int, arrayCapacity: Int = 0,
        fieldCapacity: Int = 0, _ build: (inout LuaTableWriter) throws(LuaError) -> Void
    ) throws(LuaError) -> Bool {
        try check(snapshots, slot)
        guard accepts(key) else { return false }
        try LuaTableWriter.push(
            runtime: runtime, state: state, readOnly: readOnly, depth: depth + 1, arrayCapacity: arrayCapacity,
            fieldCapacity: fieldCapacity, build)  // stack: t -> t, child
        if readOnly {
            // The child's push reserved six slots; it holds one of them.
            state.pushReference(snapshots.reference)  // stack: t, child -> t, child, slots
            state.pushCopy(of: -2)  // stack: -> t, child, slots, child
            state.rawSet(table: -2, index: slot)  // stack: -> t, child, slots
            state.pop(1)  // stack: -> t, child
        }
        state.setFieldOfNewTable(-2, key)
        return readOnly
    }

    /// Sets a field to the snapshot kept in `snapshots` at `slot` (nil if
    /// none is kept there). The table being written must be read-only.
    public mutating func set(_ key: StaticString, snapshotIn snapshots: LuaSnapshots, at slot: Int) throws(LuaError) {
        try check(snapshots, slot)
        guard readOnly else { throw LuaError(.badValue, "a snapshot can be set only in a read-only table") }
        guard accepts(key) else { return }
        state.pushReference(snapshots.reference)  // stack: t -> t, slots
        state.rawGet(table: -1, index: slot)  // stack: -> t, slots, snapshot
        sl_lua_replace(state.pointer, -2)  // stack: -> t, snapshot
        state.setFieldOfNewTable(-2, key)
    }

    private func check(_ snapshots: LuaSnapshots, _ slot: Int) throws(LuaError) {
        guard snapshots.runtimeSerial == runtime.serial else {
            throw LuaError(.badValue, "snapshots of another Lua runtime")
        }
        guard slot >= 1, slot <= snapshots.capacity else {
            throw LuaError(.badValue, "snapshot slot \(slot) is not in 1...\(snapshots.capacity)")
        }
    }
}
