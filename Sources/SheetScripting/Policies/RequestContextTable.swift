import LuaRuntime
import SheetEngine

/// The request hook's context, kept in the policy's runtime and updated in
/// place: a call sets only the fields that changed since the last one (the
/// time and a field or two, usually). Building all fifteen fields anew was
/// most of a `request` call (issue 28, docs/performance.md item 12).
///
/// Each call gets a view of its own, which reads the table only during that
/// call (`LuaContext`): a policy that keeps `ctx` and reads it later gets an
/// error, not another call's fields (docs/policies.md).
final class RequestContextTable {
    private unowned let runtime: LuaRuntime
    private let context: LuaContext
    /// What the table holds, unless it is `fresh`. Behind a pointer, read in
    /// place: an optional, or a stored property passed as an argument, was
    /// copied whole at each call (about 430 instructions).
    private let written = UnsafeMutablePointer<RequestContext>.allocate(capacity: 1)
    /// Whether what the table holds is unknown (new, or an update failed
    /// part way): then every field is written, nil ones removed.
    @exclusivity(unchecked) private var fresh = true
    private static let placeholder = RequestContext(
        time: 0, presenter: "", kind: .sheet, modifier: "", binding: "", item: .none, itemID: nil, phase: nil,
        currentItemID: nil, held: 0, presenterBusyWith: nil, blocked: nil, stock: .present, os: "")
    static let fieldCapacity = 15

    init(runtime: LuaRuntime) {
        self.runtime = runtime
        context = runtime.context(fieldCapacity: Self.fieldCapacity)
        written.initialize(to: Self.placeholder)
    }

    deinit {
        written.deinitialize(count: 1)
        written.deallocate()
    }

    /// Pushes the context `c` as a view of the table; true if it did (call
    /// `endCall` after the call), false if the table is being read by a call
    /// this one is nested in, and `c` was pushed as a table of its own.
    func push(
        _ c: RequestContext, items: ItemSnapshots, words: HookContexts.Words, _ args: inout LuaArgumentWriter
    ) throws(LuaError) -> Bool {
        guard !context.isInCall else {
            try args.pushTable(readOnly: true, fieldCapacity: Self.fieldCapacity) {
                (t: inout LuaTableWriter) throws(LuaError) in
                // Fresh: nothing is read through the pointer, nor written.
                try withUnsafePointer(to: c) { (none: UnsafePointer<RequestContext>) throws(LuaError) in
                    try HookContexts.request(
                        c, over: UnsafeMutablePointer(mutating: none), fresh: true, items: items, words: words, &t)
                }
            }
            return false
        }
        let isNew = fresh
        fresh = true  // until the update is complete
        // In two steps, not through a closure: its captures were copied. If
        // it fails part way, `fresh` stays set and the next call writes all.
        guard var t = try args.beginView(of: context) else { return false }
        try HookContexts.request(c, over: written, fresh: isNew, items: items, words: words, &t)
        try args.finishView(of: context, t)
        // An update copied the fields it changed into `written`; a fresh
        // write takes the whole context.
        if isNew { written.pointee = c }
        fresh = false
        return true
    }

    /// The call the last view was pushed for has ended: the view reads no more.
    func endCall() { runtime.endCall(of: context) }
}
