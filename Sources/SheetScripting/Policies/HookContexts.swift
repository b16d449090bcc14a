import LuaRuntime
import SheetEngine

/// The read-only tables Lua hooks receive. Field names are Lua style
/// (snake_case) and documented in `docs/policies.md` and the API stub.
enum HookContexts {
    static func request(_ c: RequestContext) -> LuaValue {
        ValueBridge.record([
            "time": .integer(c.time),
            "presenter": .string(LuaString(c.presenter)),
            "kind": .string(LuaString(c.kind.rawValue)),
            "modifier": .string(LuaString(c.modifier)),
            "binding": .string(LuaString(c.binding)),
            "item": ValueBridge.lua(c.item, readOnly: true),
            "item_id": ValueBridge.string(c.itemID),
            "phase": ValueBridge.string(c.phase?.rawValue),
            "current_item_id": ValueBridge.string(c.currentItemID),
            "held": .integer(c.held),
            "busy_with": ValueBridge.string(c.presenterBusyWith),
            "blocked": ValueBridge.string(c.blocked.map(blockName)),
            "stock": .string(LuaString(c.stock.rawValue)),
            "os": .string(LuaString(c.os)),
        ])
    }

    static func blockName(_ b: BlockReason) -> String {
        switch b {
        case .lastModifierWins: return "last_modifier_wins"
        case .emptyViewHost: return "empty_view_host"
        }
    }

    static func dismissed(_ c: DismissedContext) -> LuaValue {
        ValueBridge.record([
            "time": .integer(c.time),
            "presenter": .string(LuaString(c.presenter)),
            "kind": .string(LuaString(c.kind.rawValue)),
            "modifier": .string(LuaString(c.modifier)),
            "binding": .string(LuaString(c.binding)),
            "item": ValueBridge.lua(c.item, readOnly: true),
            "item_id": ValueBridge.string(c.itemID),
            "cause": .string(LuaString(c.cause.rawValue)),
            "held": .table(LuaTable(array: c.held.map { ValueBridge.lua($0, readOnly: true) }, readOnly: true)),
            "detent": ValueBridge.string(c.detent?.description),
            "selection": ValueBridge.string(c.selection?.description),
            "os": .string(LuaString(c.os)),
        ])
    }

    static func detents(_ list: [ResolvedDetent]) -> LuaValue {
        .table(LuaTable(
            array: list.map {
                ValueBridge.record(["detent": .string(LuaString($0.detent.description)), "height": .number($0.height)])
            }, readOnly: true))
    }

    static func settle(_ c: SettleContext) -> LuaValue {
        let stock: String
        switch c.stock {
        case .dismiss: stock = "dismiss"
        case .detent(let d): stock = d.description
        }
        return ValueBridge.record([
            "presenter": .string(LuaString(c.presenter)),
            "height": .number(c.height),
            "velocity": .number(c.velocity),
            "projected": .number(c.projected),
            "detents": detents(c.detents),
            "current": ValueBridge.string(c.current?.description),
            "can_dismiss": .boolean(c.canDismiss),
            "stock": .string(LuaString(stock)),
        ])
    }

    static func shouldDismiss(_ c: ShouldDismissContext) -> LuaValue {
        ValueBridge.record([
            "presenter": .string(LuaString(c.presenter)),
            "kind": .string(LuaString(c.kind.rawValue)),
            "item": ValueBridge.lua(c.item, readOnly: true),
            "item_id": ValueBridge.string(c.itemID),
            "detent": ValueBridge.string(c.detent?.description),
        ])
    }

    static func detent(_ c: DetentContext) -> LuaValue {
        ValueBridge.record([
            "max_detent_value": .number(c.maxDetentValue),
            "horizontal_size_class": .string(LuaString(c.horizontalSizeClass.rawValue)),
            "vertical_size_class": .string(LuaString(c.verticalSizeClass.rawValue)),
        ])
    }
}
