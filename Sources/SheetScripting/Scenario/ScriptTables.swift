import LuaRuntime
import SheetEngine

/// What the reading functions of the scenario API return, as Lua values:
/// `profile()`, `stack()` entries, `timeline()` events and `state()`. The
/// one place these shapes are made; `sheetlab serve` sends the same tables
/// as JSON.
///
/// Field names are snake_case; fields that are nil are left out.
public enum ScriptTables {
    /// `profile()`: name, device, os, orientation, width, height, max_detent_value.
    public static func profile(_ session: Session) -> LuaValue {
        let p = session.profile
        let layout = p.layout(session.app.orientation)
        return .table(
            LuaTable(fields: [
                "name": .string(LuaString(p.name)), "device": .string(LuaString(p.device.displayName)),
                "os": .string(LuaString(p.os.version)),
                "orientation": .string(LuaString(session.app.orientation.rawValue)),
                "width": .number(layout.width), "height": .number(layout.height),
                "max_detent_value": .number(layout.maxDetentValue),
            ]))
    }

    /// Active detents, smallest first: `{ {detent = "medium", height = 391.5}, ... }`.
    public static func detents(_ list: [ResolvedDetent]) -> LuaValue {
        .table(
            LuaTable(
                array: list.map {
                    .table(
                        LuaTable(fields: [
                            "detent": .string(LuaString($0.detent.description)), "height": .number($0.height),
                        ]))
                }))
    }

    /// An entry of `stack()`.
    public static func presentation(_ p: PresentationState) -> LuaValue {
        var fields: [LuaString: LuaValue] = [
            "level": .integer(p.level), "presenter": .string(LuaString(p.presenter)),
            "modifier": .string(LuaString(p.modifier)), "kind": .string(LuaString(p.kind.rawValue)),
            "phase": .string(LuaString(p.phase.rawValue)), "item": ValueBridge.lua(p.item),
            "style": .string(LuaString(p.style.rawValue)), "height": .number(p.height),
            "text": .string(LuaString(p.text)), "detents": detents(p.detents), "animated": .boolean(p.animated),
        ]
        fields["ends"] = p.phaseEnds.map { .integer($0) }
        fields["item_id"] = p.itemID.map { .string(LuaString($0)) }
        fields["detent"] = p.detent.map { .string(LuaString($0)) }
        fields["sizing"] = p.sizing.map { .string(LuaString($0.rawValue)) }
        fields["placement"] = p.placement.map { .string(LuaString($0.rawValue)) }
        fields["frame"] = frame(p.frame)
        switch p.transition {
        case .standard: fields["transition"] = .string("standard")
        case .crossFade: fields["transition"] = .string("crossFade")
        case .zoom(let source):
            fields["transition"] = .string("zoom")
            fields["transition_source"] = .string(LuaString(source))
        }
        fields["presentation_placement"] = p.presentationPlacement.map { .string(LuaString($0.rawValue)) }
        var environment: [LuaString: LuaValue] = [:]
        for (k, v) in p.environment { environment[LuaString(k)] = ValueBridge.lua(v) }
        // Absent when empty: an empty Lua table would read as a JSON array.
        if !environment.isEmpty { fields["environment"] = .table(LuaTable(fields: environment)) }
        fields["interactive_dismiss_disabled"] = .boolean(p.interactiveDismissDisabled)
        return .table(LuaTable(fields: fields.filter { !$0.value.isNil }))
    }

    /// A frame: `{ x = 0, y = 62, width = 402, height = 812 }`.
    public static func frame(_ f: Frame) -> LuaValue {
        .table(
            LuaTable(fields: [
                "x": .number(f.x), "y": .number(f.y), "width": .number(f.width), "height": .number(f.height),
            ]))
    }

    /// An event of `timeline()`, at its 1-based `index`.
    public static func event(_ e: Event, index: Int) -> LuaValue {
        var fields: [LuaString: LuaValue] = [
            "index": .integer(index), "time": .integer(e.time), "kind": .string(LuaString(e.kind.rawValue)),
            "severity": .string(LuaString(e.severity.rawValue)), "detail": .string(LuaString(e.detail)),
        ]
        fields["presenter"] = e.presenter.map { .string(LuaString($0)) }
        fields["modifier"] = e.modifier.map { .string(LuaString($0)) }
        fields["item"] = e.item.map { .string(LuaString($0)) }
        fields["phase"] = e.phase.map { .string(LuaString($0.rawValue)) }
        fields["detent"] = e.detent.map { .string(LuaString($0)) }
        fields["height"] = e.height.map { .number($0) }
        fields["source"] = e.source.map { .string(LuaString($0)) }
        fields["rule"] = e.rule.map { .string(LuaString($0.rawValue)) }
        fields["confidence"] = e.confidence.map { .string(LuaString($0.rawValue)) }
        fields["placement"] = e.geometry?.placement.map { .string(LuaString($0.rawValue)) }
        fields["frame"] = e.geometry.map { frame($0.frame) }
        fields["animated"] = e.animated.map { .boolean($0) }
        return .table(LuaTable(fields: fields))
    }

    /// Events that follow index `firstIndex` on the timeline.
    public static func events(_ events: ArraySlice<Event>, firstIndex: Int) -> LuaValue {
        .table(LuaTable(array: events.enumerated().map { event($0.element, index: firstIndex + $0.offset + 1) }))
    }

    /// Events with their indices, as `EventFilter.select` gives them.
    public static func events(_ selected: [(index: Int, event: Event)]) -> LuaValue {
        .table(LuaTable(array: selected.map { event($0.event, index: $0.index) }))
    }

    /// `state()`: time, profile, orientation, presentations, views (with
    /// their slots) and held requests.
    public static func state(_ s: AppState) -> LuaValue {
        let views = s.views.map { v -> LuaValue in
            var state: [LuaString: LuaValue] = [:]
            for slot in v.state { state[LuaString(slot.name)] = ValueBridge.lua(slot.value) }
            var fields: [LuaString: LuaValue] = [
                "name": .string(LuaString(v.name)), "level": .integer(v.level),
                "state": .table(LuaTable(fields: state)),
            ]
            fields["parent"] = v.parent.map { .string(LuaString($0)) }
            return .table(LuaTable(fields: fields))
        }
        let held = s.held.map { h -> LuaValue in
            .table(
                LuaTable(
                    fields: [
                        "presenter": .string(LuaString(h.presenter)), "modifier": .string(LuaString(h.modifier)),
                        "item": ValueBridge.lua(h.item), "since": .integer(h.since),
                    ].filter { !$0.value.isNil }))
        }
        return .table(
            LuaTable(fields: [
                "time": .integer(s.time), "profile": .string(LuaString(s.profile)),
                "orientation": .string(LuaString(s.orientation.rawValue)),
                "presentations": .table(LuaTable(array: s.presentations.map(presentation))),
                "views": .table(LuaTable(array: views)), "held": .table(LuaTable(array: held)),
            ]))
    }
}
