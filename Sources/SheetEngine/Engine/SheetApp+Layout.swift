extension SheetApp {
    /// The detent rules on this profile and orientation.
    var resolver: DetentResolver { world.orientation == .portrait ? resolvers.portrait : resolvers.landscape }

    /// The active detents of a presentation now. `report` puts clamped
    /// heights, detents shown as the large sheet (B37) and unresolvable
    /// custom detents on the timeline (a height change then animates unless
    /// the sheet is opening: it opens at that height).
    func activeDetents(
        at index: Int, content: SheetContent, style: PresentationStyle, report: Bool, opening: Bool = false
    ) -> [ResolvedDetent] {
        // The content is copied only when its detents are ignored (B34): a copy retains each of its fields.
        guard world.stack[index].ignoresDetents else {
            return activeDetents(at: index, resolving: content, style: style, report: report, opening: opening)
        }
        var ignoring = content
        ignoring.detents = nil
        return activeDetents(at: index, resolving: ignoring, style: style, report: report, opening: opening)
    }

    private func activeDetents(
        at index: Int, resolving content: SheetContent, style: PresentationStyle, report: Bool,
        opening: Bool
    ) -> [ResolvedDetent] {
        let rules = resolver
        let resolution = rules.resolve(content, style: style) { name in
            resolveCustom(name, at: index, report: report)
        }
        guard report else { return stickyGrown(resolution.detents, at: index, content: content, style: style) }
        let maxValue = layout.maxDetentValue
        for c in resolution.clamped {
            emit(
                Event(
                    time: now, kind: .detentClamped, presenter: presenterName(at: index),
                    item: world.stack[index].itemID,
                    detent: c.detent.description, height: c.height, rule: .b17,
                    note: .text(
                        c.detent == .height(c.raw)
                            ? "\(c.detent) is taller than the maximum; capped at \(Value.format(maxValue)) (B17)"
                            : "\(c.detent) resolved to \(Value.format(c.raw)); clamped to [0, \(Value.format(maxValue))] (B17)"
                    )))
        }
        for d in resolution.stacked {
            emit(
                Event(
                    time: now, kind: .heightChanged, presenter: presenterName(at: index),
                    item: world.stack[index].itemID, detent: d.detent.description, height: maxValue, rule: .b37,
                    animated: !opening,
                    note: .text(
                        "\(d.detent) at \(Value.format(points: d.height)) is within \(Value.format(DetentResolver.stackedSwitchDistance)) pt of full height: shown as the large sheet (B37)"
                    )))
        }
        return stickyGrown(resolution.detents, at: index, content: content, style: style)
    }

    /// B47: with sticky sizing a form sheet grows with its content along a sticky axis and keeps its largest size.
    ///
    /// A form sheet's height with `.sticky(vertical: true)` (18+): at
    /// least its content's height (capped at the page height) and never
    /// less than it has been since it opened.
    func stickyGrown(_ detents: [ResolvedDetent], at index: Int, content: SheetContent, style: PresentationStyle)
        -> [ResolvedDetent]
    {
        guard style == .formSheet, content.stickyVertical, profile.os.formSizingDefault, let d = detents.first else {
            return detents
        }
        let before = world.stack[index].layout
        let kept = before.style == .formSheet ? before.height : 0
        let grown = min(max(d.height, content.fittedHeight ?? 0, kept), layout.maxDetentValue)
        return [ResolvedDetent(detent: d.detent, height: grown)]
    }

    /// B49: a detent change made while the present transition runs waits until the sheet is presented, then applies.
    ///
    /// Whether a change of the detent set, the content's size or the
    /// selection of the presentation at `index` waits: while it presents
    /// (B49, a flag), or, for the detent set, while the user drags it (B50,
    /// 26+); the change is applied then (`applyDeferredLayout`).
    func defersDetentChange(at index: Int, _ change: DetentChange) -> Bool {
        let p = world.stack[index]
        guard p.layout.style == .sheet else { return false }
        let what = change.rawValue
        let detentSet = change == .detentSet
        if profile.os.detentChangesWaitWhilePresenting, p.phase == .presenting {
            world.stack[index].deferredLayout = .presented
            emit(
                Event(
                    time: now, kind: .deferred, presenter: presenterName(p), item: p.itemID,
                    detent: p.layout.detent?.description, rule: .b49,
                    note: .text("\(what) while presenting: applied once the sheet is presented (B49)")))
            return true
        }
        if detentSet, profile.os.detentChangeDuringDragIsHazard, p.dragHeight != nil {
            world.stack[index].deferredLayout = .dragEnd
            emit(
                Event(
                    time: now, kind: .hazard, presenter: presenterName(p), item: p.itemID,
                    detent: p.layout.detent?.description, rule: .b50,
                    note: .text(
                        "\(what) while the user drags the sheet: this has crashed apps on 26 (_UISheetInteraction, NSRangeException; B50); applied when the drag ends"
                    )))
            return true
        }
        return false
    }

    /// B50: changing the detents while the user drags is a hazard (crashes on 26): a warning; applied when the drag ends.
    ///
    /// Applies a detent change that waited for `when` (B49, B50), citing the rule that made it wait.
    func applyDeferredLayout(request: Int, _ when: DeferredLayout) {
        guard let i = world.index(request: request), world.stack[i].deferredLayout == when else { return }
        world.stack[i].deferredLayout = nil
        layOut(i, initial: false, cause: when == .presented ? .b49 : .b50)
    }

    /// B32: size-dependent detents are resolved once per layout (18+); before, they re-resolve and may oscillate.
    ///
    /// A custom detent's height, from the first policy that defines it
    /// (B17, P03). Its resolver sees the sheet's height now; before 18 a
    /// layout resolves it again with the height it gave, up to
    /// `sizeDependentRounds` times, and reports one that does not settle.
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
        let current = world.stack[index].layout.height
        func ask(_ sheetHeight: Double?) -> Double? {
            let context = DetentContext(
                maxDetentValue: layout.maxDetentValue, horizontalSizeClass: layout.horizontalSizeClass,
                verticalSizeClass: layout.verticalSizeClass, sheetHeight: sheetHeight)
            return consult(detent: name, context)?.answer ?? nil
        }
        var answer = ask(current > 0 ? current : nil)
        guard report, !profile.os.resolvesSizeDependentOnce, var height = answer else { return answer }
        var seen = [height]
        for _ in 0..<Self.sizeDependentRounds {
            guard let again = ask(height), again != height else { return answer }
            answer = again
            height = again
            seen.append(again)
        }
        emit(
            Event(
                time: now, kind: .oscillation, presenter: presenterName(at: index), item: world.stack[index].itemID,
                detent: "custom(\(name))", height: height, rule: .b32,
                note: .text(
                    "custom(\(name)) depends on the sheet's height and did not settle in \(Self.sizeDependentRounds) layouts: \(seen.map { Value.format(points: $0) }.joined(separator: " -> ")) (B32, iOS 18 fixed it)"
                )))
        return answer
    }

    /// How many times a layout before 18 resolves a size-dependent detent again (an assumption, B32).
    static let sizeDependentRounds = 8

    /// Works out style, detents, current detent and height of the
    /// presentation at `index` (`DetentResolver.relayout`), applies them,
    /// and reports what changed (rotation, new content); `cause` is the rule
    /// that made a change wait (B49, B50), which the change then cites.
    func layOut(_ index: Int, initial: Bool, cause: RuleID? = nil) {
        let rules = resolver
        let kind = kind(of: world.stack[index].modifier)
        let transition = world.stack[index].transition
        let ignoresDetents = world.stack[index].ignoresDetents
        // The content read in place, not copied out of its box (a copy
        // retains each of its fields).
        let (style, active, selectionRef, declared, sticky) = world.stack[index].shown.withValue { content in
            let style = rules.style(kind: kind, content: content, transition: transition)
            let active = activeDetents(at: index, content: content, style: style, report: true, opening: initial)
            let selectionRef = ignoresDetents ? nil : rules.effectiveDetents(content, style: style)?.selection
            if initial { reportIneffectiveModifiers(content, at: index, style: style) }
            return (style, active, selectionRef, content.detents?.detents, content.stickyVertical)
        }
        let selection = selectionRef.flatMap { world.views.slot($0) }
        let itemID = world.stack[index].itemID

        let selected = selection.map { world.views[$0] } ?? .none
        let change = DetentResolver.relayout(
            &world.stack[index].layout, active: active, style: style, declared: declared,
            selection: selection, selected: selected, opening: initial)
        let current = world.stack[index].layout.detent!
        let height = world.stack[index].layout.height
        if change.invalidSelection {
            emit(
                Event(
                    time: now, kind: .invalidSelection, presenter: presenterName(at: index), item: itemID,
                    detent: current.description, rule: .b23,
                    note: .text(
                        "selection \(selected) is not one of the active detents \(list(active)) (B23); showing \(current)"
                    )))
        }
        if let selection, world.views[selection].asDetent != current {
            applyWrite(selection, .detent(current), cause: .engine(.selection))
        }
        let why =
            cause == .b49
            ? "presented: the change made while presenting applies now (B49); "
            : cause == .b50 ? "the drag ended: the detent change applies now (B50); " : ""
        switch change.kind {
        case .none:
            break
        case .adapted(let was):
            emit(
                Event(
                    time: now, kind: .adapted, presenter: presenterName(at: index), item: itemID,
                    detent: current.description,
                    height: height, rule: style == .formSheet || was == .formSheet ? .b19 : .b20,
                    geometry: geometry(at: index), animated: true,
                    note: .text(
                        "\(was.rawValue) -> \(style.rawValue)"
                            + (style == .fullScreen && kind == .sheet
                                ? " (compact height, B20)" : ""))))
        case .detentLeftSet(let removed):
            emit(
                Event(
                    time: now, kind: .detentChanged, presenter: presenterName(at: index), item: itemID,
                    detent: current.description, height: height, rule: .b41, geometry: geometry(at: index),
                    animated: false,
                    note: .text(
                        "\(why)the selected detent \(removed) left the set \(list(active)): jumped to \(current) (B41)"
                    )))
        case .resized(let mediumChanged):
            let rule: RuleID =
                cause ?? (style == .formSheet ? (sticky ? .b47 : .b30) : mediumChanged ? .b18 : .b17)
            emit(
                Event(
                    time: now, kind: cause != nil && change.detentMoved ? .detentChanged : .heightChanged,
                    presenter: presenterName(at: index), item: itemID,
                    detent: current.description, height: height, rule: rule,
                    geometry: geometry(at: index), animated: true,
                    note: .text(
                        style == .formSheet
                            ? "\(why)form sheet \(Value.format(points: height)) tall"
                                + (sticky
                                    ? ", sticky: grows with its content, never shrinks (B47)" : "")
                            : "\(why)detents re-resolved: \(list(active))")))
        }
        reportPlacement(at: index, animated: !initial && !change.kind.isJump)
    }

    /// B36, B37: when a height change moves a sheet across the full-height
    /// line, its placement changes with it (inset <-> edge-attached, 26+),
    /// animated when the height change is (not with B41's jump).
    func reportPlacement(at index: Int, animated: Bool = true) {
        let after = world.stack[index].layout
        let now = resolver.placement(style: after.style, height: after.height)
        guard now != after.placement else { return }
        world.stack[index].layout.placement = now
        guard let was = after.placement, let now else { return }
        let nearFull = after.height < layout.maxDetentValue && now == .edgeAttached
        emit(
            Event(
                time: self.now, kind: .placementChanged, presenter: presenterName(at: index),
                item: world.stack[index].itemID, detent: after.detent?.description, height: after.height,
                rule: nearFull ? .b37 : .b36, geometry: geometry(at: index), animated: animated,
                note: .text(
                    "\(was.rawValue) -> \(now.rawValue) " + (animated ? "with the detent" : "with the detent's jump")
                        + (now == .inset ? " (glass)" : " (opaque)"))))
    }
    /// Where the presentation at `index` is drawn now (while dragging, at the dragged height).
    func geometry(at index: Int) -> Geometry {
        let style = world.stack[index].layout.style
        let height = world.stack[index].dragHeight ?? world.stack[index].layout.height
        let placement = style == .formSheet ? world.stack[index].shown.value.placement : nil
        let rules = resolver
        let sizing = style == .formSheet ? rules.sizing(world.stack[index].shown.value) : .form
        return Geometry(
            placement: rules.placement(style: style, height: height),
            frame: rules.frame(style: style, height: height, sizing: sizing, placement: placement))
    }

    func list(_ detents: [ResolvedDetent]) -> String {
        "[" + detents.map { "\($0.detent)=\(Value.format(points: $0.height))" }.joined(separator: ", ")
            + "]"
    }

    /// B23: a selection binding reflects the current detent; setting it moves the sheet; a value outside the set is an
    /// error.
    /// B29: a detent change made by code produces no user-change event; one made by dragging does.
    ///
    /// The selection binding was written by code: move the sheet,
    /// without a user-change event. A value outside the active set is an error.
    func selectionChanged(request: Int, to value: Value) {
        guard let i = world.index(request: request), let selection = world.stack[i].layout.selection else { return }
        if defersDetentChange(at: i, .selection) { return }
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
                applyWrite(selection, .detent(current), cause: .engine(.selection))
            }
            return
        }
        guard d != p.layout.detent else { return }
        world.stack[i].layout.detent = d
        world.stack[i].layout.height = r.height
        emit(
            Event(
                time: now, kind: .detentChanged, presenter: presenterName(p), item: p.itemID, detent: d.description,
                height: r.height, rule: .b29, geometry: geometry(at: i), animated: true,
                note: .text("set by code; no user-change event (B29)")))
        reportPlacement(at: i)
    }
}

/// What changed of a sheet's detents, as a waiting change's event says it (B49, B50).
enum DetentChange: String {
    case detentSet = "the detent set changed"
    case contentSize = "the content's size changed"
    case selection = "the selection changed"
}
