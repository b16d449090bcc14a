extension SheetApp {
    /// B06: dismissing a presentation removes those above it too; only the top one animates.
    ///
    /// Starts the dismiss transition of the presentation at `index`. Asked
    /// while presenting, the dismissal waits until it is presented. `rule`:
    /// the rule that let the dismissal through, cited instead of B01 (B33).
    func beginDismiss(_ index: Int, cause: DismissCause, replacement: HeldRequest? = nil, rule: RuleID? = nil) {
        let duration: Int
        switch world.stack[index].lifecycle.phase {
        case .dismissing:
            return
        case .presenting:
            world.stack[index].lifecycle.askDismissal(cause: cause, replacement: replacement)
            return
        case .presented:
            duration = dismissDuration(world.stack[index].transition, cause: cause)
        }
        let ends = now + duration
        let top = world.stack.count - 1
        let nested = top > index
        world.stack[index].lifecycle = .dismissing(
            left: duration, Dismissal(cause: cause, animated: !nested, replacement: replacement))
        emit(
            Event(
                time: now, kind: .dismissing, presenter: presenterName(at: index),
                modifier: signature(of: world.stack[index].modifier), item: world.stack[index].itemID,
                phase: .dismissing, rule: nested ? .b06 : rule ?? .b01, animated: !nested,
                note: nested
                    ? .groupDismissal(cause: cause.rawValue, ends: ends, animated: false, above: nil)
                    : .transition(cause.rawValue, ends: ends)))
        for j in (index + 1)..<world.stack.count where !world.stack[j].lifecycle.isDismissing {
            // A replacement asked for while it was presenting still follows it.
            let waiting = world.stack[j].lifecycle.dismissal?.replacement
            world.stack[j].lifecycle = .dismissing(
                left: duration, Dismissal(cause: .nested, animated: j == top, replacement: waiting))
            emit(
                Event(
                    time: now, kind: .dismissing, presenter: presenterName(at: j),
                    modifier: signature(of: world.stack[j].modifier), item: world.stack[j].itemID,
                    phase: .dismissing, rule: .b06, animated: j == top,
                    note: .groupDismissal(
                        cause: DismissCause.nested.rawValue, ends: ends, animated: j == top,
                        above: describe(world.stack[index]))))
        }
    }

    /// Ends the dismissal of the presentation at `index`: it and those above
    /// it go; then, for each (top first), the binding is cleared (B02),
    /// `onDismiss` runs, and held requests are dealt with.
    func finishDismiss(_ index: Int) {
        // The usual case, one presentation: no arrays to gather a group in
        // (two allocations a dismissal).
        if world.stack.count == index + 1 {
            let q = world.stack.removeLast()
            let declaration = reportDismissed(q)
            openReopenWindow(after: q)
            afterDismissal(q, declaration)
            return
        }
        // Taken off the stack top first, which is the order they are dealt with in.
        var group: [Presentation] = []
        var declarations: [DeclaredView] = []
        while world.stack.count > index {
            let q = world.stack.removeLast()
            declarations.append(reportDismissed(q))
            group.append(consume q)
        }
        for q in group { openReopenWindow(after: q) }
        // Moved out one at a time, top first, so that no presentation is copied.
        group.reverse()
        declarations.reverse()
        while let q = group.popLast(), let declaration = declarations.popLast() { afterDismissal(q, declaration) }
    }

    /// A presentation taken off the stack: its `dismissed` event, its
    /// `onDisappear` (B46), its content views gone. Returns its modifier's
    /// view's declaration.
    private func reportDismissed(_ q: Presentation) -> DeclaredView {
        let declaration = world.views[q.modifier.view].declaration
        emit(
            Event(
                time: now, kind: .dismissed, presenter: declaration.name,
                modifier: declaration.modifiers[q.modifier.index].signature, item: q.itemID, rule: .b01,
                note: .text((q.lifecycle.dismissal?.cause ?? .binding).rawValue)))
        if let action = q.content.onDisappear {
            // B46: only now, once the transition (a zoom too) has ended.
            emit(Event(time: now, kind: .onDisappear, presenter: declaration.name, item: q.itemID, note: .text("")))
            runAction(action, presenter: declaration.name, detail: "onDisappear")
        }
        removeContentViews(q.contentViews)
        return declaration
    }

    /// What happens once a presentation has gone: the `dismissed` hook is
    /// asked, then the write-back (B02), which loses a request made while
    /// dismissing (B03), or the hand-off to a held request that takes its
    /// place (P01), `onDismiss`, the hook's writes, then the replacement
    /// (B04) or the held request presented.
    func afterDismissal(_ q: Presentation, _ declaration: DeclaredView) {
        let mod = q.modifier
        // A presenter removed meanwhile (by another onDismiss) took its requests with it.
        guard isLive(mod.view, declaration) else { return }
        // The modifier is read in place (`declaration.modifiers[mod.index]`): a copy retains each of its fields.
        let view = declaration.name
        let dismissal = q.lifecycle.dismissal ?? Dismissal(cause: .binding)
        let (decision, decider) = askDismissed(q, declaration, cause: dismissal.cause)
        let waiting = world.held.waiting(for: mod)
        let held = decision.held ?? (waiting == 0 ? .hold : .presentNext)
        var handedTo: HeldRequest?
        if dismissal.replacement == nil {
            if let lost = dismissal.lostRequest { reportLost(lost, mod) }
            if held == .presentNext, waiting > 0, world.index(host: q.host) == nil, blockReason(mod) == nil,
                let r = takeHeld(mod)
            {
                handOff(mod, to: r)
                handedTo = r
            } else {
                writeBack(mod)
            }
        }
        if let action = declaration.modifiers[mod.index].onDismiss {
            let signature = declaration.modifiers[mod.index].signature
            emit(
                Event(
                    time: now, kind: .onDismiss, presenter: view, modifier: signature, item: q.itemID, note: .text("")))
            runAction(action, presenter: view, detail: "onDismiss of \(view).\(signature)")
            guard isLive(mod.view, declaration) else {
                presentWaiting(on: q.host)
                return
            }
        }
        if !decision.writes.isEmpty, case .policy(let name) = decider, dismissal.replacement == nil {
            applyWrites(resolve(decision.writes), cause: .policy(name))
        }
        if let r = dismissal.replacement {
            // B04: the replacement comes first; the hook's writes then apply to it,
            // and what is held stays held. If onDismiss wrote the binding and that
            // value is already presented, the binding holds what is shown and the
            // stale replacement goes (presenting it would overwrite the binding);
            // if another modifier took the presenter, the replacement waits for it.
            if let shown = world.index(of: mod) {
                emit(
                    Event(
                        time: now, kind: .dropped, presenter: view,
                        modifier: declaration.modifiers[mod.index].signature,
                        item: r.item.itemID, rule: .b04,
                        note: .text("replacement dropped: onDismiss presented \(describe(world.stack[shown])) (B04)")))
            } else if world.index(host: q.host) != nil {
                hold(mod, r)
            } else {
                presentHeld(mod, r, why: .replacement)
            }
            if !decision.writes.isEmpty, case .policy(let name) = decider {
                applyWrites(resolve(decision.writes), cause: .policy(name))
            }
        } else if let r = handedTo {
            // App code in onDismiss may have presented meanwhile: then the
            // request waits again, first in line.
            if world.index(host: q.host) == nil {
                present(mod, item: r.item, override: false, request: r.serial)
            } else {
                hold(mod, r)
            }
        } else if held == .dropHeld {
            for r in world.held.removeValue(forKey: mod) ?? [] {
                emit(
                    Event(
                        time: now, kind: .dropped, presenter: view,
                        modifier: declaration.modifiers[mod.index].signature,
                        item: r.item.itemID, decider: decider, note: .text("held request dropped")))
            }
        }
        presentWaiting(on: q.host)
    }

    /// P01: queue reopen: a request made while a sheet is shown or closing is held and presented when it has closed.
    ///
    /// An `onChange` observer of the binding sees the held item next, never
    /// the empty value in between, as with the seed's `SheetItemState`.
    func handOff(_ mod: ModifierRef, to r: HeldRequest) {
        guard let slot = world.views.binding(of: mod) else { return }
        applyWrite(slot, value(of: mod, for: r.item), cause: .engine(.heldRequest))
    }

    /// B02: the binding is cleared (isPresented set false) when the dismiss transition ends, not before.
    func writeBack(_ mod: ModifierRef) {
        guard let slot = world.views.binding(of: mod), !world.views[slot].isEmpty else { return }
        applyWrite(slot, emptyValue(of: mod), cause: .writeBack)
    }

    /// B03: a new item written while the sheet is dismissing is overwritten by the write-back: the request is lost.
    func reportLost(_ lost: Value, _ mod: ModifierRef) {
        emit(
            Event(
                time: now, kind: .requestLost, presenter: world.views[mod.view].name, modifier: signature(of: mod),
                item: lost.itemID, rule: .b03,
                note: .text("the request for \(lost) made while dismissing is overwritten by the write-back (B03)")))
    }

    /// Asks the `dismissed` hook; stock holds nothing back and writes nothing.
    func askDismissed(_ q: Presentation, _ declaration: DeclaredView, cause: DismissCause) -> (
        DismissedDecision, Decider
    ) {
        consult(
            .dismissed,
            {
                let m = declaration.modifiers[q.modifier.index]
                return DismissedContext(
                    time: now, presenter: presenterName(q), kind: m.kind, modifier: m.signature,
                    binding: m.trigger.binding.slot, item: q.item, itemID: q.itemID, cause: cause,
                    held: (world.held[q.modifier] ?? []).map(\.item), detent: q.layout.detent,
                    selection: q.layout.selection.map { world.views.stateRef($0) }, os: profile.os.version)
            }
        ) { (p, context) throws(PolicyFailure) in try p.dismissed(context) } ?? (DismissedDecision(), .stock)
    }

    // MARK: Dismiss action

    /// B07: the dismiss action dismisses the presentation it belongs to; on a view not presented it does nothing.
    ///
    /// The `DismissAction` of the presentation `view` is in (the top
    /// presentation when `view` is nil). On a view that is not presented it
    /// does nothing but say so.
    /// - Throws: `EngineError` when there is no such view.
    public func dismiss(from view: String? = nil) throws(EngineError) {
        try checkLimits()
        if let view, !hasView(view) { throw EngineError(.unknownView(view)) }
        perform(user: true, .dismiss(view: view))
    }

    func dismissNow(from view: String?) {
        let target: Int?
        if let view {
            if let ref = world.views.ref(named: view), case .presentation(let mod) = world.views[ref].host {
                target = world.index(of: mod)
            } else {
                target = nil
            }
        } else {
            target = world.stack.indices.last
        }
        guard let i = target else {
            emit(
                Event(
                    time: now, kind: .dismissIgnored, presenter: view, rule: .b07,
                    note: .text("dismiss() on a view that is not presented does nothing (B07)")))
            return
        }
        beginDismiss(i, cause: .dismissAction)
    }
}
