extension BlockReason {
    /// The rule that blocks.
    var rule: RuleID {
        switch self {
        case .lastModifierWins: return .b10
        case .emptyViewHost: return .b11
        case .restoredNested: return .b35
        }
    }

    /// Why stock SwiftUI ignores the modifier, in words.
    func explanation(os: String) -> String {
        switch self {
        case .lastModifierWins: return "only the last presentation modifier on a view works on iOS \(os) (B10)"
        case .emptyViewHost: return "a modifier on an EmptyView does not fire on iOS \(os) (B11)"
        case .restoredNested:
            return
                "nested in a presentation requested in the same update: blocked until the one below closes on iOS \(os) (B35); binding stays set"
        }
    }
}

extension SheetApp {
    /// B10: only the last presentation modifier applied to a view works.
    /// B11: a modifier on a separate EmptyView works on 14.4; from iOS 15 it does not fire.
    func blockReason(_ mod: ModifierRef) -> BlockReason? {
        let modifiers = world.views[mod.view].declaration.modifiers
        let m = modifiers[mod.index]
        if case .emptyView = m.attachment, !profile.os.emptyViewHostFires { return .emptyViewHost }
        if profile.os.lastModifierWins {
            let last = modifiers.indices.last { modifiers[$0].attachment == m.attachment }
            if last != mod.index { return .lastModifierWins }
        }
        if restoredNestedBlocks(mod) { return .restoredNested }
        return nil
    }

    /// Presents `item` from a modifier, or explains on the timeline why not.
    /// `override` is set when a policy asked for the presentation explicitly,
    /// which routes around a blocked modifier (P04).
    func present(_ mod: ModifierRef, item: Value, override: Bool, request: Int? = nil) {
        guard world.views.contains(mod.view) else { return }
        let declaration = world.views[mod.view].declaration
        let isItem = declaration.modifiers[mod.index].trigger.isItem
        let view = declaration.name
        let id = item.itemID
        if let reason = blockReason(mod), !override || reason == .restoredNested {
            emit(
                Event(
                    time: now, kind: .modifierIgnored, presenter: view, modifier: signature(of: mod), item: id,
                    rule: reason.rule, note: .text(reason.explanation(os: profile.os.version))))
            return
        }
        if let i = world.index(of: mod) {
            switch world.stack[i].lifecycle {
            case .dismissing(let left, var dismissal):
                dismissal.lostRequest = item
                world.stack[i].lifecycle = .dismissing(left: left, dismissal)
            default:
                if !isItem || world.stack[i].itemID == id {
                    // B04: the same identity updates the content in place.
                    world.stack[i].item = item
                    refreshContent(request: world.stack[i].request, reason: "same id: updated in place (B04)")
                    return
                }
            }
            emitAlreadyPresenting(mod, itemID: id, busy: i)
            return
        }
        let host = world.views[mod.view].host
        if let j = world.index(host: host) {
            emitAlreadyPresenting(mod, itemID: id, busy: j)
            return
        }
        if oscillationGuardStops(mod, itemID: id) { return }

        let serial = request ?? world.serial()
        world.stack.append(
            Presentation(
                modifier: mod, host: host, request: serial,
                lifecycle: .presenting(left: profile.os.timings.present, then: nil),
                item: declaration.modifiers[mod.index].trigger.value(for: item), itemID: isItem ? id : nil))
        steps.opened.append(serial)
        evaluateContent(request: serial, initial: true)
        guard let k = world.index(request: serial) else { return }
        world.stack[k].transition = resolveTransition(at: k)
        world.stack[k].ignoresDetents = quickReopenIgnoresDetents(k)
        let duration = presentDuration(world.stack[k].transition)
        world.stack[k].lifecycle.restartPresenting(lasting: duration)
        layOut(k, initial: true)
        let style = world.stack[k].layout.style
        let transition = world.stack[k].transition
        let rule = Self.presentRule(transition: transition, style: style, kind: self.kind(of: mod))
        emit(
            Event(
                time: now, kind: .presenting, presenter: view, modifier: signature(of: mod),
                item: world.stack[k].itemID, phase: .presenting, detent: world.stack[k].layout.detent?.description,
                height: world.stack[k].layout.height, rule: rule, geometry: geometry(at: k), animated: true,
                note: .transition(
                    transition == .standard ? style.rawValue : "\(style.rawValue), \(transition)",
                    ends: now + duration)))
        reportEnvironmentReset(at: k)
    }

    /// The rule a presentation's start cites: B01 for the standard slide,
    /// B38 for a zoom, B39 for a zoom whose sheet is shown full screen, B45
    /// for the cross-fade (`kind` is read only for a zoom).
    static func presentRule(
        transition: SheetTransition, style: PresentationStyle, kind: @autoclosure () -> PresentationKind
    ) -> RuleID {
        switch transition {
        case .standard: return .b01
        case .zoom: return style == .fullScreen && kind() != .fullScreenCover ? .b39 : .b38
        case .crossFade: return .b45
        }
    }

    /// B05: a presenter that shows a presentation ignores a request for another, with a warning; the binding stays set.
    ///
    /// Presenting from the shown content (nesting) works.
    func emitAlreadyPresenting(_ mod: ModifierRef, itemID: String?, busy: Int) {
        let view = world.views[mod.view].name
        let what = "\(view).\(signature(of: mod))" + (itemID.map { " item=\($0)" } ?? "")
        let state = world.stack[busy].lifecycle.isDismissing ? "is still dismissing" : "is already presenting"
        emit(
            Event(
                time: now, kind: .alreadyPresenting, presenter: view, modifier: signature(of: mod), item: itemID,
                rule: .b05,
                note: .text(
                    "attempt to present \(what) while the presenter \(state) \(describe(world.stack[busy])) (B05); binding stays set"
                )))
    }

    /// P05: a modifier presenting again and again with no user input in between is reported and stopped.
    ///
    /// Counts presentations from a modifier with no user input between
    /// them; past the limit, reports and refuses.
    func oscillationGuardStops(_ mod: ModifierRef, itemID: String?) -> Bool {
        // Off: nothing is counted, so the world does not grow with each round (liveness checks).
        guard oscillationLimit != .max else { return false }
        let count = (world.presentationsWithoutInput[mod] ?? 0) + 1
        world.presentationsWithoutInput[mod] = count
        guard count > oscillationLimit else { return false }
        if count == oscillationLimit + 1 {
            emit(
                Event(
                    time: now, kind: .oscillation, presenter: world.views[mod.view].name, modifier: signature(of: mod),
                    item: itemID, rule: .p05,
                    note: .text(
                        "presented \(count) times with no user input in between; stopped until the next user action (P05)"
                    )))
        }
        // The binding goes back to empty so that it agrees with what is shown.
        if world.index(of: mod) == nil, let slot = world.views.binding(of: mod), !world.views[slot].isEmpty {
            applyWrite(slot, emptyValue(of: mod), cause: .engine(.oscillationGuard))
        }
        return true
    }

    /// Dismisses what the modifier shows and presents `item` afterwards (B04).
    func replace(_ mod: ModifierRef, item: Value) {
        guard let i = world.index(of: mod) else {
            present(mod, item: item, override: false)
            return
        }
        let replacement = HeldRequest(serial: world.serial(), item: item, time: now)
        switch world.stack[i].lifecycle {
        case .dismissing(let left, var dismissal):
            // Already going: what comes after it changes, and nothing is lost.
            dismissal.replacement = replacement
            dismissal.lostRequest = nil
            world.stack[i].lifecycle = .dismissing(left: left, dismissal)
        default:
            beginDismiss(i, cause: .replaced, replacement: replacement)
        }
    }

    /// Makes a held request current: its item goes into the binding and it is presented.
    func presentHeld(_ mod: ModifierRef, _ r: HeldRequest, why: EngineReason) {
        if let reason = blockReason(mod) {
            // A held request is presented without a policy's override, so a
            // modifier stock SwiftUI never fires from would ignore it: say so
            // rather than lose it silently.
            emit(
                Event(
                    time: now, kind: .dropped, presenter: world.views[mod.view].name, modifier: signature(of: mod),
                    item: r.item.itemID, rule: reason.rule,
                    note: .text("held request dropped: \(reason.explanation(os: profile.os.version))")))
            return
        }
        if let slot = world.views.binding(of: mod) {
            applyWrite(slot, value(of: mod, for: r.item), cause: .engine(why))
        }
        present(mod, item: r.item, override: false, request: r.serial)
    }

    /// Holds a request at the front of a modifier's queue (a replacement whose presenter is busy).
    func hold(_ mod: ModifierRef, _ r: HeldRequest) {
        world.held[mod, default: []].prepend(r)
        emit(
            Event(
                time: now, kind: .queued, presenter: world.views[mod.view].name, modifier: signature(of: mod),
                item: r.item.itemID, decider: .engine, note: .held(world.held.waiting(for: mod))))
    }

    /// Takes the oldest request a modifier holds.
    func takeHeld(_ mod: ModifierRef) -> HeldRequest? { world.held.takeFirst(of: mod) }

    /// When a presenter frees up, presents the oldest request held by any
    /// of its modifiers (one queued because the presenter was busy, B05).
    func presentWaiting(on host: Host) {
        guard !world.held.isEmpty, world.index(host: host) == nil else { return }
        let mod = world.held.oldest { world.views.contains($0.view) && world.views[$0.view].host == host }
        guard let mod, canPresentHeld(mod), let r = takeHeld(mod) else { return }
        presentHeld(mod, r, why: .heldRequest)
    }
}
