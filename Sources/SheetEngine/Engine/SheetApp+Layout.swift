extension SheetApp {
    /// The detent rules on this profile and orientation.
    var resolver: DetentResolver {
        DetentResolver(os: profile.os, layout: layout, formSheetHeight: profile.device.formSheetHeight)
    }

    /// The active detents of a presentation now. `report` puts clamped
    /// heights and unresolvable custom detents on the timeline.
    func activeDetents(at index: Int, style: PresentationStyle, report: Bool) -> [ResolvedDetent] {
        let rules = resolver
        let resolution = rules.resolve(rules.effectiveDetents(world.stack[index].content, style: style), style: style) {
            name in resolveCustom(name, at: index, report: report)
        }
        guard !resolution.clamped.isEmpty else { return resolution.detents }
        if report {
            let maxValue = layout.maxDetentValue
            for c in resolution.clamped {
                emit(
                    Event(
                        time: now, kind: .detentClamped, presenter: presenterName(at: index),
                        item: world.stack[index].itemID,
                        detent: c.detent.description, height: c.height, rule: .b17,
                        note: .text(
                            "\(c.detent) resolved to \(Value.format(c.raw)); clamped to [0, \(Value.format(maxValue))] (B17)"
                        )))
            }
        }
        return resolution.detents
    }

    /// A custom detent's height, from the first policy that defines it (B17, P03).
    func resolveCustom(_ name: String, at index: Int, report: Bool) -> Double? {
        guard resolves(detent: name) else {
            if report {
                emit(
                    Event(
                        time: now, kind: .contentError, presenter: presenterName(at: index),
                        item: world.stack[index].itemID, rule: .b17,
                        note: .text("no loaded policy resolves custom(\(name)); the detent is inactive")))
            }
            return nil
        }
        let context = DetentContext(
            maxDetentValue: layout.maxDetentValue, horizontalSizeClass: layout.horizontalSizeClass,
            verticalSizeClass: layout.verticalSizeClass)
        return consult(detent: name, context)?.answer ?? nil
    }

    /// Works out style, detents, current detent and height of the
    /// presentation at `index`, and reports what changed (rotation, new content).
    func layOut(_ index: Int, initial: Bool) {
        let rules = resolver
        let kind = kind(of: world.stack[index].modifier)
        let style = rules.style(kind: kind, content: world.stack[index].content)
        let active = activeDetents(at: index, style: style, report: true)
        let selectionRef = rules.effectiveDetents(world.stack[index].content, style: style)?.selection
        let selection = selectionRef.flatMap { world.views.slot($0) }
        let itemID = world.stack[index].itemID
        if initial, let d = world.stack[index].content.detents, !d.placement.takesEffect {
            emit(
                Event(
                    time: now, kind: .modifierIgnored, presenter: presenterName(at: index), item: itemID, rule: .b21,
                    note: .text(
                        "presentationDetents applied \(d.placement == .navigationStack ? "inside a NavigationStack" : "on a view not loaded at presentation") has no effect (B21)"
                    )))
        }

        var current = DetentResolver.keptOrSmallest(world.stack[index].layout.detent, active, opening: initial)
        if let selection {
            let wanted = world.views[selection]
            if let d = wanted.asDetent, active.contains(where: { $0.detent == d }) {
                current = d
            } else {
                emit(
                    Event(
                        time: now, kind: .invalidSelection, presenter: presenterName(at: index), item: itemID,
                        detent: current.description, rule: .b23,
                        note: .text(
                            "selection \(wanted) is not one of the active detents \(list(active)) (B23); showing \(current)"
                        )))
            }
        }
        let height = active.first { $0.detent == current }!.height
        let before = world.stack[index].layout
        world.stack[index].layout = SheetLayout(
            style: style, detents: active, detent: current, height: height, selection: selection)
        if let selection, world.views[selection].asDetent != current {
            applyWrites([(selection, .detent(current))], cause: .engine(.selection))
        }
        guard !initial else { return }
        if before.style != style {
            emit(
                Event(
                    time: now, kind: .adapted, presenter: presenterName(at: index), item: itemID,
                    detent: current.description,
                    height: height, rule: style == .formSheet || before.style == .formSheet ? .b19 : .b20,
                    note: .text(
                        "\(before.style.rawValue) -> \(style.rawValue)"
                            + (style == .fullScreen && kind == .sheet
                                ? " (compact height, B20)" : ""))))
        } else if before.height != height || before.detent != current {
            emit(
                Event(
                    time: now, kind: .heightChanged, presenter: presenterName(at: index), item: itemID,
                    detent: current.description, height: height, rule: .b18,
                    note: .text("detents re-resolved: \(list(active))")))
        }
    }

    func list(_ detents: [ResolvedDetent]) -> String {
        "[" + detents.map { "\($0.detent)=\(Value.format(($0.height * 10).rounded() / 10))" }.joined(separator: ", ")
            + "]"
    }

    /// B23: a selection binding reflects the current detent; setting it moves the sheet; a value outside the set is an error.
    /// B29: a detent change made by code produces no "user changed detent" event.
    ///
    /// The selection binding was written by code: move the sheet,
    /// without a user-change event. A value outside the active set is an error.
    func selectionChanged(request: Int, to value: Value) {
        guard let i = world.index(request: request), let selection = world.stack[i].layout.selection else { return }
        let p = world.stack[i]
        guard let d = value.asDetent, let r = p.layout.detents.first(where: { $0.detent == d }) else {
            emit(
                Event(
                    time: now, kind: .invalidSelection, presenter: presenterName(p), item: p.itemID,
                    detent: p.layout.detent?.description, rule: .b23,
                    note: .text(
                        "selection \(value) is not one of the active detents \(list(p.layout.detents)) (B23); the sheet stays"
                    )))
            if let current = p.layout.detent {
                applyWrites([(selection, .detent(current))], cause: .engine(.selection))
            }
            return
        }
        guard d != p.layout.detent else { return }
        world.stack[i].layout.detent = d
        world.stack[i].layout.height = r.height
        emit(
            Event(
                time: now, kind: .detentChanged, presenter: presenterName(p), item: p.itemID, detent: d.description,
                height: r.height, rule: .b29, note: .text("set by code, animated; no user-change event (B29)")))
    }
}
