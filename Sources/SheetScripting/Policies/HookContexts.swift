import LuaRuntime
import SheetEngine

/// The read-only tables Lua hooks receive, written in place on the Lua
/// stack. Field names are Lua style (snake_case) and documented in
/// `docs/policies.md` and the API stub.
///
/// Each is a function of the context and the writer, called from the
/// closure `LuaPolicy` passes to its call: a closure returned from here
/// would capture the context in a box, a copy and an allocation per call
/// (issue 28).
enum HookContexts {
    typealias Writer = (inout LuaArgumentWriter) throws(LuaError) -> Void

    /// The words of a fixed set that contexts carry, made Lua strings once
    /// (`LuaChoices`) and pushed from the registry.
    struct Words {
        let kinds: LuaChoices
        let phases: LuaChoices
        /// Also the request hook's answers.
        let decisions: LuaChoices
        // The cases in the choices' order, kept: `allCases` makes an array each time.
        let kindCases = PresentationKind.allCases
        let phaseCases = Phase.allCases
        let decisionCases = RequestDecision.allCases

        init(runtime: LuaRuntime) {
            kinds = runtime.choices(kindCases.map(\.rawValue))
            phases = runtime.choices(phaseCases.map(\.rawValue))
            decisions = runtime.choices(decisionCases.map(\.rawValue))
        }

        func kind(_ k: PresentationKind) -> Int { kindCases.firstIndex(of: k)! }
        func phase(_ p: Phase) -> Int { phaseCases.firstIndex(of: p)! }
        func decision(_ d: RequestDecision) -> Int { decisionCases.firstIndex(of: d)! }
    }

    /// The request hook's context, written over what its table holds: `old`
    /// is the context the table was last filled with, and only the fields
    /// that differ from it are set, and copied into `old`; all of them, nil
    /// ones removed, when the table is `fresh` (a reused table,
    /// `RequestContextTable`), and `old` is then left for the caller to
    /// replace. `old` is read through a pointer, field by field: passed as a
    /// value (or an optional) it was copied whole at each call, about 430
    /// instructions, and so was the whole context kept after each call.
    static func request(
        _ c: RequestContext, over old: UnsafeMutablePointer<RequestContext>, fresh: Bool, items: ItemSnapshots,
        words: Words, _ t: inout LuaTableWriter
    ) throws(LuaError) {
        try presentation(&t, c, over: old, fresh: fresh, items: items, words: words)
        if fresh || old.pointee.phase != c.phase {
            if let phase = c.phase {
                t.set("phase", choice: words.phase(phase), of: words.phases)
            } else {
                t.setNil("phase")
            }
            if !fresh { old.pointee.phase = c.phase }
        }
        if fresh || old.pointee.currentItemID != c.currentItemID {
            t.replace("current_item_id", c.currentItemID)
            if !fresh { old.pointee.currentItemID = c.currentItemID }
        }
        if fresh || old.pointee.held != c.held {
            t.set("held", c.held)
            if !fresh { old.pointee.held = c.held }
        }
        if fresh || old.pointee.presenterBusyWith != c.presenterBusyWith {
            t.replace("busy_with", c.presenterBusyWith)
            if !fresh { old.pointee.presenterBusyWith = c.presenterBusyWith }
        }
        if fresh || old.pointee.blocked != c.blocked {
            t.replace("blocked", c.blocked.map(blockName))
            if !fresh { old.pointee.blocked = c.blocked }
        }
        if fresh || old.pointee.reopenWindowLeft != c.reopenWindowLeft {
            if let left = c.reopenWindowLeft {
                t.set("reopen_window_left", left)
            } else {
                t.setNil("reopen_window_left")
            }
            if !fresh { old.pointee.reopenWindowLeft = c.reopenWindowLeft }
        }
        if fresh || old.pointee.stock != c.stock {
            t.set("stock", choice: words.decision(c.stock), of: words.decisions)
            if !fresh { old.pointee.stock = c.stock }
        }
        if fresh || old.pointee.os != c.os {
            t.set("os", c.os)
            if !fresh { old.pointee.os = c.os }
        }
    }

    /// The fields `request` and `dismissed` share: which presentation,
    /// written over `old` as `request` is.
    static func presentation<C: PresentedContext>(
        _ t: inout LuaTableWriter, _ c: C, over old: UnsafeMutablePointer<C>, fresh: Bool, items: ItemSnapshots,
        words: Words
    ) throws(LuaError) {
        if fresh || old.pointee.time != c.time {
            t.set("time", c.time)
            if !fresh { old.pointee.time = c.time }
        }
        if fresh || old.pointee.presenter != c.presenter {
            t.set("presenter", c.presenter)
            if !fresh { old.pointee.presenter = c.presenter }
        }
        if fresh || old.pointee.kind != c.kind {
            t.set("kind", choice: words.kind(c.kind), of: words.kinds)
            if !fresh { old.pointee.kind = c.kind }
        }
        if fresh || old.pointee.modifier != c.modifier {
            t.set("modifier", c.modifier)
            if !fresh { old.pointee.modifier = c.modifier }
        }
        if fresh || old.pointee.binding != c.binding {
            t.set("binding", c.binding)
            if !fresh { old.pointee.binding = c.binding }
        }
        // The id first: comparing two items costs hundreds of instructions.
        // An item with a floating-point number is set again: equal values
        // (0.0 and -0.0) may differ in Lua.
        if !fresh, old.pointee.itemID == c.itemID, old.pointee.item == c.item, !ItemSnapshots.hasDouble(c.item) {
            return
        }
        if case .none = c.item { t.setNil("item") } else { try items.set("item", c.item, id: c.itemID, in: &t) }
        t.replace("item_id", c.itemID)
        if !fresh {
            old.pointee.item = c.item
            old.pointee.itemID = c.itemID
        }
    }

    static func blockName(_ b: BlockReason) -> String {
        switch b {
        case .lastModifierWins: return "last_modifier_wins"
        case .emptyViewHost: return "empty_view_host"
        case .restoredNested: return "restored_nested"
        }
    }

    static func dismissed(
        _ c: DismissedContext, items: ItemSnapshots, words: Words, _ args: inout LuaArgumentWriter
    ) throws(LuaError) {
        try args.pushTable(readOnly: true, fieldCapacity: 12) { (t: inout LuaTableWriter) throws(LuaError) in
            // Fresh: nothing is read through the pointer, nor written.
            try withUnsafePointer(to: c) { (none: UnsafePointer<DismissedContext>) throws(LuaError) in
                try presentation(
                    &t, c, over: UnsafeMutablePointer(mutating: none), fresh: true, items: items, words: words)
            }
            t.set("cause", c.cause.rawValue)
            try t.setTable("held", arrayCapacity: c.held.count) { (h: inout LuaTableWriter) throws(LuaError) in
                for v in c.held { try h.append(value: v) }
            }
            t.set("detent", c.detent?.description)
            t.set("selection", c.selection?.description)
            t.set("os", c.os)
        }
    }

    static func settle(_ c: SettleContext, _ args: inout LuaArgumentWriter) throws(LuaError) {
        let stock: String
        switch c.stock {
        case .dismiss: stock = "dismiss"
        case .detent(let d): stock = d.description
        }
        try args.pushTable(readOnly: true, fieldCapacity: 8) { (t: inout LuaTableWriter) throws(LuaError) in
            t.set("presenter", c.presenter)
            t.set("height", c.height)
            t.set("velocity", c.velocity)
            t.set("projected", c.projected)
            try t.setTable("detents", arrayCapacity: c.detents.count) {
                (list: inout LuaTableWriter) throws(LuaError) in
                for d in c.detents {
                    try list.appendTable(fieldCapacity: 2) { (e: inout LuaTableWriter) throws(LuaError) in
                        e.set("detent", d.detent.description)
                        e.set("height", d.height)
                    }
                }
            }
            t.set("current", c.current?.description)
            t.set("can_dismiss", c.canDismiss)
            t.set("stock", stock)
        }
    }

    static func shouldDismiss(
        _ c: ShouldDismissContext, items: ItemSnapshots, words: Words, _ args: inout LuaArgumentWriter
    ) throws(LuaError) {
        try args.pushTable(readOnly: true, fieldCapacity: 5) { (t: inout LuaTableWriter) throws(LuaError) in
            t.set("presenter", c.presenter)
            t.set("kind", choice: words.kind(c.kind), of: words.kinds)
            try items.set("item", c.item, id: c.itemID, in: &t)
            t.set("item_id", c.itemID)
            t.set("detent", c.detent?.description)
        }
    }

    static func detent(_ c: DetentContext, _ args: inout LuaArgumentWriter) throws(LuaError) {
        try args.pushTable(readOnly: true, fieldCapacity: 4) { (t: inout LuaTableWriter) throws(LuaError) in
            t.set("max_detent_value", c.maxDetentValue)
            t.set("sheet_height", c.sheetHeight)
            t.set("horizontal_size_class", c.horizontalSizeClass.rawValue)
            t.set("vertical_size_class", c.verticalSizeClass.rawValue)
        }
    }
}

/// What the request and dismissed contexts share: which presentation.
protocol PresentedContext {
    var time: Int { get set }
    var presenter: String { get set }
    var kind: PresentationKind { get set }
    var modifier: String { get set }
    var binding: String { get set }
    var item: Value { get set }
    var itemID: String? { get set }
}

extension RequestContext: PresentedContext {}
extension DismissedContext: PresentedContext {}

extension LuaTableWriter {
    /// Sets an optional string field over what the table holds: nil removes it.
    mutating func replace(_ key: StaticString, _ text: String?) {
        if let text { set(key, text) } else { setNil(key) }
    }
}
