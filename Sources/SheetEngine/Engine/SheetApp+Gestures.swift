/// B26: how far a release velocity carries a sheet, FloatingPanel's
/// projection `(v / 1000) * r / (1 - r)` with deceleration rate `r = 0.998`.
public func projectedDistance(velocity: Double, decelerationRate r: Double = 0.998) -> Double {
    (velocity / 1000) * r / (1 - r)
}

extension SheetApp {
    /// The top presentation, fully presented, or an error saying why there is none.
    func topPresented(for action: String) throws(EngineError) -> Int {
        guard let i = presentations.indices.last else {
            throw EngineError(.noPresentation("nothing is presented"))
        }
        return i
    }

    /// B08: swipes the top presentation down. A full-screen cover cannot be
    /// swiped; `interactiveDismissDisabled` and a policy's `should_dismiss`
    /// can prevent it. The binding is cleared when the transition ends (B02).
    /// - Throws: `EngineError` when nothing is presented.
    public func swipeDown() throws(EngineError) {
        let i = try topPresented(for: "swipe")
        let id = presentations[i].id
        perform(user: !busy) { [self] in
            guard let i = presentationIndex(id: id) else { return }
            let p = presentations[i]
            emit(Event(time: now, kind: .swipe, presenter: p.modifier.view, item: p.itemID, detail: "down"))
            if let why = interactiveDismissBlock(p) {
                emit(Event(time: now, kind: .dismissPrevented, presenter: p.modifier.view, item: p.itemID, detail: why))
                return
            }
            if let veto = shouldDismissVeto(p) {
                emit(
                    Event(
                        time: now, kind: .dismissPrevented, presenter: p.modifier.view, item: p.itemID, source: veto,
                        detail: "should_dismiss returned false"))
                return
            }
            beginDismiss(i, cause: .interactive)
        }
    }

    /// Why the user cannot dismiss this presentation by swiping, if they cannot.
    func interactiveDismissBlock(_ p: Presentation) -> String? {
        if p.kind == .fullScreenCover { return "a full-screen cover cannot be swiped down (B08)" }
        if p.content?.interactiveDismissDisabled == true { return "interactiveDismissDisabled (B08)" }
        if p.phase != .presented { return "the \(p.phase.rawValue) transition is still running" }
        return nil
    }

    /// Asks `should_dismiss`; any policy answering false vetoes. Returns the vetoing policy's name.
    func shouldDismissVeto(_ p: Presentation) -> String? {
        guard policyHooks.contains(.shouldDismiss) else { return nil }
        let context = ShouldDismissContext(
            presenter: p.modifier.view, kind: p.kind, item: p.item, itemID: p.itemID, detent: p.detent)
        for policy in policies where policy.hooks.contains(.shouldDismiss) {
            do {
                if try policy.shouldDismiss(context) == false { return policy.name }
            } catch {
                policyFailed(policy, error)
            }
        }
        return nil
    }

    /// Drags the top sheet so that it is `height` points tall. It cannot grow
    /// past its largest detent, so a single-detent sheet cannot be resized (B25).
    /// Custom detents are resolved again on every drag step.
    /// - Throws: `EngineError` when nothing is presented.
    public func drag(to height: Double) throws(EngineError) {
        guard height.isFinite else { throw EngineError(.invalidArgument("drag height must be a finite number")) }
        let id = presentations[try topPresented(for: "drag")].id
        perform(user: !busy) { [self] in
            guard let i = presentationIndex(id: id) else { return }
            let p = presentations[i]
            if p.kind == .fullScreenCover || p.phase != .presented {
                emit(
                    Event(
                        time: now, kind: .dismissPrevented, presenter: p.modifier.view, item: p.itemID,
                        detail: p.kind == .fullScreenCover
                            ? "a full-screen cover cannot be dragged (B08)" : "transition running"))
                return
            }
            let active = resolveDetents(p, style: p.style, report: false)
            let h = min(max(0, height), active.last!.height)
            presentations[i].detents = active
            presentations[i].dragHeight = h
            emit(
                Event(
                    time: now, kind: .drag, presenter: p.modifier.view, item: p.itemID, detent: p.detent?.description,
                    height: h))
        }
    }

    /// Releases a drag with a velocity (points per second, positive is down).
    /// The sheet settles on the detent nearest the position projected by the
    /// velocity, or dismisses below half the smallest detent (B26), unless a
    /// policy's `settle` or `should_dismiss` says otherwise.
    /// - Throws: `EngineError` when nothing is presented.
    public func release(velocity: Double = 0) throws(EngineError) {
        guard velocity.isFinite else { throw EngineError(.invalidArgument("velocity must be a finite number")) }
        let id = presentations[try topPresented(for: "release")].id
        perform(user: !busy) { [self] in
            guard let i = presentationIndex(id: id) else { return }
            let p = presentations[i]
            guard p.kind != .fullScreenCover, p.phase == .presented else { return }
            let height = p.dragHeight ?? p.height
            presentations[i].dragHeight = nil
            let projected = height - projectedDistance(velocity: velocity)
            let active = p.detents
            let canDismiss = interactiveDismissBlock(p) == nil
            let stock = stockSettle(projected: projected, active: active, canDismiss: canDismiss)
            let context = SettleContext(
                presenter: p.modifier.view, height: height, velocity: velocity, projected: projected, detents: active,
                current: p.detent, canDismiss: canDismiss, stock: stock)
            var (decision, source) = askSettle(context)
            if decision == .dismiss, canDismiss, let veto = shouldDismissVeto(p) {
                emit(
                    Event(
                        time: now, kind: .dismissPrevented, presenter: p.modifier.view, item: p.itemID, source: veto,
                        detail: "should_dismiss returned false"))
                (decision, source) = (.detent(active[0].detent), veto)
            }
            switch decision {
            case .dismiss:
                emit(
                    Event(
                        time: now, kind: .release, presenter: p.modifier.view, item: p.itemID, height: height,
                        source: source,
                        detail:
                            "velocity \(Value.format(velocity)), projected \(Value.format(projected.rounded())): dismiss"
                    ))
                beginDismiss(i, cause: .interactive)
            case .detent(let d):
                let r = active.first { $0.detent == d }!
                emit(
                    Event(
                        time: now, kind: .release, presenter: p.modifier.view, item: p.itemID, detent: d.description,
                        height: r.height, source: source,
                        detail:
                            "velocity \(Value.format(velocity)), projected \(Value.format(projected.rounded())): settle"
                    ))
                presentations[i].height = r.height
                if let before = p.detent, d != before {
                    presentations[i].detent = d
                    emit(
                        Event(
                            time: now, kind: .userChangedDetent, presenter: p.modifier.view, item: p.itemID,
                            detent: d.description, height: r.height, detail: "from \(before) (B29)"))
                    if let selection = p.selection {
                        applyWrites([StateWrite(selection, .detent(d))], cause: .engine("selection"))
                    }
                }
            }
        }
    }

    /// B26: the nearest detent to the projected height, or dismissal below
    /// half the smallest one.
    func stockSettle(projected: Double, active: [ResolvedDetent], canDismiss: Bool) -> SettleDecision {
        if projected < active[0].height / 2 { return canDismiss ? .dismiss : .detent(active[0].detent) }
        let nearest = active.min { abs($0.height - projected) < abs($1.height - projected) }!
        return .detent(nearest.detent)
    }

    func askSettle(_ context: SettleContext) -> (SettleDecision, String) {
        guard policyHooks.contains(.settle) else { return (context.stock, "stock") }
        for policy in policies where policy.hooks.contains(.settle) {
            do throws(PolicyFailure) {
                guard let d = try policy.settle(context) else { continue }
                switch d {
                case .dismiss where !context.canDismiss:
                    throw PolicyFailure(
                        hook: "settle",
                        message:
                            "\(policy.name): hook 'settle' returned \"dismiss\" but this sheet cannot be dismissed interactively"
                    )
                case .detent(let detent) where !context.detents.contains(where: { $0.detent == detent }):
                    throw PolicyFailure(
                        hook: "settle",
                        message:
                            "\(policy.name): hook 'settle' returned \(detent), which is not an active detent \(list(context.detents))"
                    )
                default:
                    return (d, policy.name)
                }
            } catch {
                policyFailed(policy, error)
                return (context.stock, "stock")
            }
        }
        return (context.stock, "stock")
    }

    /// B27: taps the presenter behind the top sheet. It reaches the presenter
    /// when nothing is presented, or when the sheet allows background
    /// interaction up through a detent (iOS 16.4+) and is no taller than it.
    /// - Returns: whether the tap reached the presenter.
    @discardableResult
    public func tapBackground() -> Bool {
        let reached: Bool
        let detail: String
        if let p = presentations.last {
            if p.style == .sheet, profile.os.supportsBackgroundInteraction,
                let upThrough = p.content?.backgroundInteractionUpThrough,
                let limit = p.detents.first(where: { $0.detent == upThrough })?.height, p.height <= limit
            {
                reached = true
                detail =
                    "reached the presenter: sheet at \(p.detent.map(\.description) ?? "?") is at or below \(upThrough) (B27)"
            } else {
                reached = false
                detail = "blocked by \(describe(p)) (B27)"
            }
        } else {
            reached = true
            detail = "reached the presenter: nothing is presented"
        }
        perform(user: !busy) { [self] in
            emit(Event(time: now, kind: .backgroundTap, detail: detail))
        }
        return reached
    }

    /// Rotates the device. Presented sheets are laid out again: detents are
    /// re-resolved (B18) and sheets adapt to full screen in compact height (B20).
    public func rotate(to orientation: Orientation) {
        perform(user: !busy) { [self] in
            guard orientation != self.orientation else { return }
            self.orientation = orientation
            emit(Event(time: now, kind: .rotate, detail: orientation.rawValue))
            for p in presentations {
                if let i = presentationIndex(id: p.id) { layOut(i, initial: false) }
            }
        }
    }
}
