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

    static func request(
        _ c: RequestContext, items: ItemSnapshots, words: Words, _ args: inout LuaArgumentWriter
    ) throws(LuaError) {
        try args.pushTable(readOnly: true, fieldCapacity: 15) { (t: inout LuaTableWriter) throws(LuaError) in
            try presentation(
                &t, time: c.time, presenter: c.presenter, kind: c.kind, modifier: c.modifier, binding: c.binding,
                item: c.item, itemID: c.itemID, items: items, words: words)
            if let phase = c.phase { t.set("phase", choice: words.phase(phase), of: words.phases) }
            t.set("current_item_id", c.currentItemID)
            t.set("held", c.held)
            t.set("busy_with", c.presenterBusyWith)
            t.set("blocked", c.blocked.map(blockName))
            if let left = c.reopenWindowLeft { t.set("reopen_window_left", left) }
            t.set("stock", choice: words.decision(c.stock), of: words.decisions)
            t.set("os", c.os)
        }
    }

    /// The fields `request` and `dismissed` share: which presentation.
    static func presentation(
        _ t: inout LuaTableWriter, time: Int, presenter: String, kind: PresentationKind, modifier: String,
        binding: String, item: Value, itemID: String?, items: ItemSnapshots, words: Words
    ) throws(LuaError) {
        t.set("time", time)
        t.set("presenter", presenter)
        t.set("kind", choice: words.kind(kind), of: words.kinds)
        t.set("modifier", modifier)
        t.set("binding", binding)
        try items.set("item", item, id: itemID, in: &t)
        t.set("item_id", itemID)
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
            try presentation(
                &t, time: c.time, presenter: c.presenter, kind: c.kind, modifier: c.modifier, binding: c.binding,
                item: c.item, itemID: c.itemID, items: items, words: words)
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
