extension SheetApp {
    /// B10, B11: why stock SwiftUI never presents from this modifier on this OS.
    func blockReason(_ mod: ModifierID) -> BlockReason? {
        guard let node = views[mod.view], mod.index < node.modifiers.count else { return nil }
        return blockReason(node, mod.index)
    }

    func blockReason(_ node: ViewNode, _ index: Int) -> BlockReason? {
        let m = node.modifiers[index]
        if case .emptyView = m.attachment, !profile.os.emptyViewHostFires { return .emptyViewHost }
        if profile.os.lastModifierWins {
            let last = node.modifiers.indices.last { node.modifiers[$0].attachment == m.attachment }
            if last != index { return .lastModifierWins }
        }
        return nil
    }

    /// Presents `item` from a modifier, or explains on the timeline why not.
    /// `override` is set when a policy asked for the presentation explicitly,
    /// which routes around a blocked modifier (P04).
    func present(_ mod: ModifierID, item: Value, override: Bool, request: Int? = nil) {
        guard let node = views[mod.view], mod.index < node.modifiers.count else { return }
        let m = node.modifiers[mod.index]
        if let reason = blockReason(node, mod.index), !override {
            let why =
                reason == .lastModifierWins
                ? "only the last presentation modifier on a view works on iOS \(profile.os.version) (B10)"
                : "a modifier on an EmptyView does not fire on iOS \(profile.os.version) (B11)"
            emit(
                Event(
                    time: now, kind: .modifierIgnored, presenter: mod.view, modifier: m.signature, item: item.itemID,
                    detail: why))
            return
        }
        if let i = presentationIndex(of: mod) {
            let shown = presentations[i]
            if shown.phase != .dismissing, !m.trigger.isItem || shown.itemID == item.itemID {
                // B04: the same identity updates the content in place.
                presentations[i].item = item
                refreshContent(presentationID: shown.id, reason: "same id: updated in place (B04)")
                return
            }
            if shown.phase == .dismissing { presentations[i].lostRequest = item }
            emitAlreadyPresenting(mod, m, item: item, busy: shown)
            return
        }
        if let j = presentationIndex(host: node.host) {
            emitAlreadyPresenting(mod, m, item: item, busy: presentations[j])
            return
        }
        if oscillationGuardStops(mod, m, item: item) { return }

        let p = Presentation(
            id: serial(), modifier: mod, node: node, phase: .presenting, phaseEnds: now + profile.os.timings.present,
            item: m.trigger.isItem ? item : .bool(true), itemID: m.trigger.isItem ? item.itemID : nil,
            request: request ?? serial())
        presentations.append(p)
        evaluateContent(presentationID: p.id, initial: true)
        guard let k = presentationIndex(id: p.id) else { return }
        layOut(k, initial: true)
        emit(
            Event(
                time: now, kind: .presenting, presenter: mod.view, modifier: m.signature, item: p.itemID,
                phase: .presenting, detent: p.detent?.description, height: p.height,
                note: .transition(p.style.rawValue, ends: p.phaseEnds!)))
    }

    func emitAlreadyPresenting(_ mod: ModifierID, _ m: PresentationModifier, item: Value, busy: Presentation) {
        let what = "\(mod.view).\(m.signature)" + (item.itemID.map { " item=\($0)" } ?? "")
        let state = busy.phase == .dismissing ? "is still dismissing" : "is already presenting"
        emit(
            Event(
                time: now, kind: .alreadyPresenting, presenter: mod.view, modifier: m.signature, item: item.itemID,
                detail:
                    "attempt to present \(what) while the presenter \(state) \(describe(busy)) (B05); binding stays set"
            ))
    }

    /// P05: counts presentations from a modifier with no user input between
    /// them; past the limit, reports and refuses.
    func oscillationGuardStops(_ mod: ModifierID, _ m: PresentationModifier, item: Value) -> Bool {
        var entry = oscillation[mod] ?? (userActions, 0)
        if entry.userActions != userActions { entry = (userActions, 0) }
        entry.count += 1
        oscillation[mod] = entry
        guard entry.count > oscillationLimit else { return false }
        if entry.count == oscillationLimit + 1 {
            emit(
                Event(
                    time: now, kind: .oscillation, presenter: mod.view, modifier: m.signature, item: item.itemID,
                    detail:
                        "presented \(entry.count) times with no user input in between; stopped until the next user action (P05)"
                ))
        }
        // The binding goes back to empty so that it agrees with what is shown.
        let ref = m.trigger.binding
        if presentationIndex(of: mod) == nil, let current = value(ref), !current.isEmpty {
            applyWrites([StateWrite(ref, m.trigger.isItem ? .none : .bool(false))], cause: .engine("oscillation guard"))
        }
        return true
    }

    /// B04: dismisses what the modifier shows and presents `item` afterwards.
    func replace(_ mod: ModifierID, item: Value) {
        guard let i = presentationIndex(of: mod) else {
            present(mod, item: item, override: false)
            return
        }
        presentations[i].replacement = HeldRequest(serial: serial(), item: item, time: now)
        presentations[i].lostRequest = nil
        beginDismiss(i, cause: .replaced)
    }

    /// Starts the dismiss transition of the presentation at `index`; those
    /// above it go with it, unanimated (B06).
    func beginDismiss(_ index: Int, cause: DismissCause) {
        let p = presentations[index]
        guard p.phase != .dismissing else { return }
        if p.phase == .presenting {
            presentations[index].deferredDismiss = cause
            return
        }
        let timings = profile.os.timings
        let ends = now + (cause == .interactive ? timings.swipeRemainder : timings.dismiss)
        // B06: the whole group goes; only the top-most presentation animates.
        let top = presentations.indices.last!
        let nested = top > index
        presentations[index].phase = .dismissing
        presentations[index].phaseEnds = ends
        presentations[index].dismissCause = cause
        presentations[index].animated = !nested
        emit(
            Event(
                time: now, kind: .dismissing, presenter: p.modifier.view, modifier: p.signature,
                item: p.itemID, phase: .dismissing,
                note: nested
                    ? .text("\(cause.rawValue), ends at \(ends) ms; not animated: the top one animates (B06)")
                    : .transition(cause.rawValue, ends: ends)))
        for j in presentations.indices where j > index && presentations[j].phase != .dismissing {
            presentations[j].phase = .dismissing
            presentations[j].phaseEnds = ends
            presentations[j].dismissCause = .nested
            presentations[j].animated = j == top
            let q = presentations[j]
            emit(
                Event(
                    time: now, kind: .dismissing, presenter: q.modifier.view, modifier: q.signature,
                    item: q.itemID, phase: .dismissing,
                    detail:
                        "nested above \(describe(p)), \(j == top ? "animated: the top one (B06)" : "not animated (B06)")"
                ))
        }
    }

    /// Ends the dismissal of the presentation at `index`: it and those above
    /// it go; then, for each (top first), the binding is cleared (B02),
    /// `onDismiss` runs, and held requests are dealt with.
    func finishDismiss(_ index: Int) {
        let group = Array(presentations[index...].reversed())
        presentations.removeSubrange(index...)
        for q in group {
            emit(
                Event(
                    time: now, kind: .dismissed, presenter: q.modifier.view, modifier: q.signature,
                    item: q.itemID, detail: (q.dismissCause ?? .binding).rawValue))
            removeContentViews(of: q)
        }
        for q in group { afterDismissal(q) }
    }

    func afterDismissal(_ q: Presentation) {
        let mod = q.modifier
        guard q.node.alive else { return }
        let m = q.definition
        let ref = q.trigger.binding
        if q.replacement == nil {
            if let lost = q.lostRequest {
                emit(
                    Event(
                        time: now, kind: .requestLost, presenter: mod.view, modifier: m.signature, item: lost.itemID,
                        detail: "the request for \(lost) made while dismissing is overwritten by the write-back (B03)"))
            }
            if let current = value(ref), !current.isEmpty {
                applyWrites([StateWrite(ref, m.trigger.isItem ? .none : .bool(false))], cause: .writeBack)
            }
        }
        if let action = m.onDismiss {
            emit(Event(time: now, kind: .onDismiss, presenter: mod.view, modifier: m.signature, item: q.itemID))
            runAction(action, kind: .onDismiss, presenter: mod.view, detail: "onDismiss of \(mod.view).\(m.signature)")
        }
        let (decision, source) = askDismissed(q, m)
        if let r = q.replacement {
            // B04: the replacement comes first; the hook's writes then apply to it,
            // and what is held stays held. If onDismiss wrote the binding and that
            // value is already presented, the binding holds what is shown and the
            // stale replacement goes (presenting it would overwrite the binding);
            // if another modifier took the presenter, the replacement waits for it.
            if let shown = presentationIndex(of: mod).map({ presentations[$0] }) {
                emit(
                    Event(
                        time: now, kind: .dropped, presenter: mod.view, modifier: m.signature, item: r.item.itemID,
                        detail: "replacement dropped: onDismiss presented \(describe(shown)) (B04)"))
            } else if presentationIndex(host: q.host) != nil {
                hold(mod, m, r)
            } else {
                presentHeld(mod, r, why: "replacement (B04)")
            }
            if !decision.writes.isEmpty {
                applyWrites(decision.writes.filter { value($0.ref) != nil }, cause: .policy(source))
            }
        } else {
            if !decision.writes.isEmpty {
                applyWrites(decision.writes.filter { value($0.ref) != nil }, cause: .policy(source))
            }
            let waiting = held[mod] ?? []
            switch decision.held ?? (waiting.isEmpty ? .hold : .presentNext) {
            case .presentNext:
                // App code in onDismiss may have presented again: then the held
                // request keeps waiting, for this modifier or for the presenter.
                if let r = waiting.first, presentationIndex(of: mod) == nil, presentationIndex(host: q.host) == nil {
                    held[mod]!.removeFirst()
                    presentHeld(mod, r, why: "held request")
                }
            case .dropHeld:
                for r in waiting {
                    emit(
                        Event(
                            time: now, kind: .dropped, presenter: mod.view, modifier: m.signature, item: r.item.itemID,
                            source: source, detail: "held request dropped"))
                }
                held[mod] = nil
            case .hold:
                break
            }
        }
        presentWaiting(on: q.host)
    }

    /// Holds a request at the front of a modifier's queue (a replacement whose presenter is busy).
    func hold(_ mod: ModifierID, _ m: PresentationModifier, _ r: HeldRequest) {
        held[mod, default: []].prepend(r)
        emit(
            Event(
                time: now, kind: .queued, presenter: mod.view, modifier: m.signature, item: r.item.itemID,
                source: "engine", note: .held(held[mod]!.count)))
    }

    func askDismissed(_ q: Presentation, _ m: PresentationModifier) -> (DismissedDecision, String) {
        guard policyHooks.contains(.dismissed) else { return (DismissedDecision(), "stock") }
        let context = DismissedContext(
            time: now, presenter: q.modifier.view, kind: q.kind, modifier: m.signature, binding: q.trigger.binding.slot,
            item: q.item, itemID: q.itemID, cause: q.dismissCause ?? .binding,
            held: (held[q.modifier] ?? []).map(\.item), detent: q.detent, selection: q.selection,
            os: profile.os.version)
        for policy in policies where policy.hooks.contains(.dismissed) {
            do {
                if let d = try policy.dismissed(context) { return (d, policy.name) }
            } catch {
                policyFailed(policy, error)
                return (DismissedDecision(), "stock")
            }
        }
        return (DismissedDecision(), "stock")
    }

    /// Makes a held request current: its item goes into the binding and it is presented.
    func presentHeld(_ mod: ModifierID, _ r: HeldRequest, why: String) {
        guard let m = modifier(mod) else { return }
        if let reason = blockReason(mod) {
            // B10, B11: a held request is presented without a policy's override,
            // so a modifier stock SwiftUI never fires from would ignore it. Say
            // so rather than lose it silently (found by the Lua boundary fuzzer).
            let why =
                reason == .lastModifierWins
                ? "only the last modifier on a view works (B10)" : "a modifier on an EmptyView does not fire (B11)"
            emit(
                Event(
                    time: now, kind: .dropped, presenter: mod.view, modifier: m.signature, item: r.item.itemID,
                    detail: "held request dropped: \(why)"))
            return
        }
        let ref = m.trigger.binding
        if value(ref) != nil {
            applyWrites([StateWrite(ref, m.trigger.isItem ? r.item : .bool(true))], cause: .engine(why))
        }
        present(mod, item: r.item, override: false, request: r.serial)
    }

    /// When a presenter frees up, presents the oldest request held by another
    /// of its modifiers (one queued because the presenter was busy, B05).
    func presentWaiting(on host: Host) {
        guard presentationIndex(host: host) == nil else { return }
        var best: (ModifierID, HeldRequest)?
        for (mod, list) in held {
            guard let first = list.first, views[mod.view]?.host == host else { continue }
            if best == nil || first.serial < best!.1.serial { best = (mod, first) }
        }
        guard let (mod, r) = best else { return }
        held[mod]!.removeFirst()
        if held[mod]!.isEmpty { held[mod] = nil }
        presentHeld(mod, r, why: "held request")
    }

    // MARK: Removing

    /// B09: removes a view and its subtree; what they present disappears at
    /// once, without a transition.
    /// - Throws: `EngineError` when there is no such view.
    public func removeView(_ name: String) throws(EngineError) {
        guard views[name] != nil else { throw EngineError(.unknownView(name)) }
        perform(user: !busy) { [self] in
            guard views[name] != nil else { return }
            emit(Event(time: now, kind: .viewRemoved, presenter: name))
            removeSubtree(name)
        }
    }

    func subtree(_ name: String) -> [String] {
        var out: [String] = []
        func walk(_ n: String) {
            out.append(n)
            for c in views[n]?.children ?? [] { walk(c) }
        }
        walk(name)
        return out
    }

    func removeSubtree(_ name: String) {
        let names = Set(subtree(name))
        if let i = presentations.firstIndex(where: { names.contains($0.modifier.view) }) {
            let group = Array(presentations[i...].reversed())
            presentations.removeSubrange(i...)
            for q in group {
                emit(
                    Event(
                        time: now, kind: .removed, presenter: q.modifier.view, modifier: q.signature,
                        item: q.itemID, detail: "presenter left the hierarchy; removed without a transition (B09)"))
                removeContentViews(of: q)
            }
        }
        if let parent = views[name]?.parent {
            views[parent]?.children.removeAll { $0 == name }
        } else {
            rootViews.removeAll { $0 == name }
        }
        for n in subtree(name) { forget(n) }
    }

    func removeContentViews(of p: Presentation) {
        for v in p.contentViews where views[v] != nil {
            for n in subtree(v) { forget(n) }
        }
    }

    /// Drops a view's node, its trigger index entries and its held requests.
    func forget(_ name: String) {
        guard let node = views.removeValue(forKey: name) else { return }
        node.alive = false
        for (i, m) in node.modifiers.enumerated() {
            let mod = ModifierID(view: name, index: i)
            triggerIndex[m.trigger.binding]?.removeAll { $0 == mod }
            if triggerIndex[m.trigger.binding]?.isEmpty == true { triggerIndex[m.trigger.binding] = nil }
            for r in held.removeValue(forKey: mod) ?? [] {
                emit(
                    Event(
                        time: now, kind: .dropped, presenter: name, modifier: m.signature, item: r.item.itemID,
                        detail: "held request dropped: its view left the hierarchy"))
            }
            oscillation[mod] = nil
        }
    }

    // MARK: Dismiss action

    /// B07: the `DismissAction` of the presentation `view` is in (the top
    /// presentation when `view` is nil). On a view that is not presented it
    /// does nothing but say so.
    /// - Throws: `EngineError` when there is no such view.
    public func dismiss(from view: String? = nil) throws(EngineError) {
        if let view, views[view] == nil { throw EngineError(.unknownView(view)) }
        perform(user: !busy) { [self] in
            let target: Int?
            if let view {
                if case .presentation(let id)? = views[view]?.host {
                    target = presentationIndex(id: id)
                } else {
                    target = nil
                }
            } else {
                target = presentations.indices.last
            }
            guard let i = target else {
                emit(
                    Event(
                        time: now, kind: .dismissIgnored, presenter: view,
                        detail: "dismiss() on a view that is not presented does nothing (B07)"))
                return
            }
            beginDismiss(i, cause: .dismissAction)
        }
    }
}
