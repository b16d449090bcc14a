extension SheetApp {
    /// The request serial of the top presentation, or an error saying there is none.
    func topRequest() throws(EngineError) -> Int {
        // Read in place: `world.stack.last` copied the whole presentation.
        guard let top = world.stack.indices.last else { throw EngineError(.noPresentation("nothing is presented")) }
        return world.stack[top].request
    }

    /// Swipes the top presentation down (B08). A full-screen cover cannot be
    /// swiped; `interactiveDismissDisabled` and a policy's `should_dismiss`
    /// can prevent it. The binding is cleared when the transition ends (B02).
    /// - Throws: `EngineError` when nothing is presented.
    public func swipeDown() throws(EngineError) {
        try checkLimits()
        perform(user: true, .swipeDown(request: try topRequest()))
    }

    func swipeDownNow(request: Int) {
        guard let i = world.index(request: request) else { return }
        let view = presenterName(at: i)
        let itemID = world.stack[i].itemID
        emit(Event(time: now, kind: .swipe, presenter: view, item: itemID, note: .text("down")))
        if let why = interactiveDismissBlock(at: i) {
            emit(
                Event(
                    time: now, kind: .dismissPrevented, presenter: view, item: itemID, rule: .b08, note: .text(why)))
            return
        }
        if let veto = shouldDismissVeto(at: i) {
            emit(
                Event(
                    time: now, kind: .dismissPrevented, presenter: view, item: itemID, decider: veto,
                    note: .text("should_dismiss returned false")))
            return
        }
        guard let k = world.index(request: request) else { return }
        beginDismiss(k, cause: .interactive, rule: dismissDisabledIgnored(at: k) ? .b33 : nil)
    }

    /// B08: a sheet can be swiped down unless interactiveDismissDisabled; a full-screen cover cannot.
    ///
    /// Why the user cannot dismiss the presentation at `index` by swiping, if they cannot.
    func interactiveDismissBlock(at index: Int) -> String? {
        if kind(of: world.stack[index].modifier) == .fullScreenCover {
            return "a full-screen cover cannot be swiped down (B08)"
        }
        if dismissDisabledTakesEffect(at: index) { return "interactiveDismissDisabled (B08)" }
        let phase = world.stack[index].phase
        if phase != .presented { return "the \(phase.rawValue) transition is still running" }
        return nil
    }

    /// B33: interactiveDismissDisabled takes effect only at the root of the sheet content.
    ///
    /// From 18 (a profile flag: one report); before, wherever it is applied.
    func dismissDisabledTakesEffect(_ content: SheetContent) -> Bool {
        content.interactiveDismissDisabled
            && dismissDisabledTakesEffect(placement: content.interactiveDismissDisabledPlacement)
    }

    /// Whether an interactiveDismissDisabled applied at `placement` takes effect.
    func dismissDisabledTakesEffect(placement: DetentsPlacement) -> Bool {
        placement == .root || !profile.os.dismissDisabledAtRootOnly
    }

    /// `dismissDisabledTakesEffect` of the content of the presentation at
    /// `index`, its two fields read in place: passing the content copied it,
    /// retaining each of its fields (about 130 instructions a call).
    func dismissDisabledTakesEffect(at index: Int) -> Bool {
        world.stack[index].shown.value.interactiveDismissDisabled
            && dismissDisabledTakesEffect(placement: world.stack[index].shown.value.interactiveDismissDisabledPlacement)
    }

    /// Whether the content asks for `interactiveDismissDisabled` where B33
    /// makes it have no effect: a dismissal by the user then cites B33.
    func dismissDisabledIgnored(_ content: SheetContent) -> Bool {
        content.interactiveDismissDisabled && !dismissDisabledTakesEffect(content)
    }

    /// `dismissDisabledIgnored` of the content of the presentation at `index`, read in place.
    func dismissDisabledIgnored(at index: Int) -> Bool {
        world.stack[index].shown.value.interactiveDismissDisabled
            && !dismissDisabledTakesEffect(
                placement: world.stack[index].shown.value.interactiveDismissDisabledPlacement)
    }

    /// Asks `should_dismiss`: a policy answering `false` vetoes (`true`, like
    /// `nil`, leaves it to the next policy and then to stock, which allows).
    /// - Returns: the vetoing policy, if one vetoed.
    func shouldDismissVeto(at index: Int) -> Decider? {
        consult(
            .shouldDismiss,
            {
                ShouldDismissContext(
                    presenter: presenterName(at: index), kind: kind(of: world.stack[index].modifier),
                    item: world.stack[index].item, itemID: world.stack[index].itemID,
                    detent: world.stack[index].layout.detent)
            }
        ) { (policy, context) throws(PolicyFailure) -> Bool? in
            try policy.shouldDismiss(context) == false ? true : nil
        }?.by
    }

    /// B25: a single-detent sheet cannot be resized by dragging; dragging it down past the threshold dismisses it.
    ///
    /// Drags the top sheet so that it is `height` points tall. It cannot grow
    /// past its largest detent, so a single-detent sheet cannot be resized (B25).
    /// Custom detents are resolved again on every drag step. `button`: the
    /// label of a button in the top sheet's content the drag starts on
    /// (B51: its action may still run when the drag ends).
    /// - Throws: `EngineError` when nothing is presented, or the content has no such button.
    public func drag(to height: Double, startingOn button: String? = nil) throws(EngineError) {
        try checkLimits()
        guard height.isFinite else { throw EngineError(.invalidArgument("drag height must be a finite number")) }
        let request = try topRequest()
        if let button {
            let labels = world.stack.last!.content.buttons.map(\.label)
            guard labels.contains(button) else {
                throw EngineError(
                    .invalidArgument(
                        "the top sheet's content has no button '\(button)'"
                            + (labels.isEmpty
                                ? " (it declares none: buttons = { Label = function() ... end })"
                                : "; its buttons: \(labels.joined(separator: ", "))")))
            }
        }
        perform(user: true, .drag(request: request, to: height, button: button))
    }

    func dragNow(request: Int, to height: Double, button: String? = nil) {
        guard let i = world.index(request: request) else { return }
        let p = world.stack[i]
        let cover = kind(of: p.modifier) == .fullScreenCover
        if cover || p.phase != .presented {
            emit(
                Event(
                    time: now, kind: .dismissPrevented, presenter: presenterName(p), item: p.itemID,
                    rule: cover ? .b08 : nil,
                    note: .text(cover ? "a full-screen cover cannot be dragged (B08)" : "transition running")))
            return
        }
        let active = activeDetents(at: i, content: p.content, style: p.layout.style, report: false)
        let h = min(max(0, height), active.last!.height)
        guard let k = world.index(request: request) else { return }
        world.stack[k].layout.detents = active
        world.stack[k].dragHeight = h
        if let button { world.stack[k].dragButton = button }
        emit(
            Event(
                time: now, kind: .drag, presenter: presenterName(p), item: p.itemID,
                detent: p.layout.detent?.description, height: h, rule: active.count == 1 ? .b25 : .b26,
                note: .text(button.map { "starts on the button \($0)" } ?? "")))
    }

    /// B51: a button in scrolling sheet content still fires its action when a sheet drag starts on it.
    ///
    /// The drag that started on a content button ended: from 18.0 (a flag)
    /// the button's action runs; before, the drag took the touch.
    func endDragOnButton(_ p: borrowing Presentation) {
        guard let label = p.dragButton else { return }
        if let i = world.index(request: p.request) { world.stack[i].dragButton = nil }
        let action = p.content.buttons.first { $0.label == label }?.action
        guard profile.os.dragDoesNotCancelTaps else {
            emit(
                Event(
                    time: now, kind: .buttonAction, presenter: presenterName(p), item: p.itemID,
                    note: .text("\(label): the sheet drag took the touch; the action does not run")))
            return
        }
        emit(
            Event(
                time: now, kind: .buttonAction, presenter: presenterName(p), item: p.itemID, rule: .b51,
                note: .text("\(label) fires: the sheet drag that started on it did not cancel its touch (B51)")))
        if let action { runAction(action, presenter: presenterName(p), detail: "button \(label)") }
    }

    /// Releases a drag with a velocity (points per second, positive is down).
    /// The sheet settles on the detent nearest the position projected by the
    /// velocity, or dismisses below half the smallest detent (B26), unless a
    /// policy's `settle` or `should_dismiss` says otherwise.
    /// - Throws: `EngineError` when nothing is presented.
    public func release(velocity: Double = 0) throws(EngineError) {
        try checkLimits()
        guard velocity.isFinite else { throw EngineError(.invalidArgument("velocity must be a finite number")) }
        perform(user: true, .release(request: try topRequest(), velocity: velocity))
    }

    func releaseNow(request: Int, velocity: Double) {
        guard let i = world.index(request: request) else { return }
        let p = world.stack[i]
        guard kind(of: p.modifier) != .fullScreenCover, p.phase == .presented else { return }
        let height = p.dragHeight ?? p.layout.height
        world.stack[i].dragHeight = nil
        let projected = height - projectedDistance(velocity: velocity)
        let active = p.layout.detents
        let canDismiss = interactiveDismissBlock(at: i) == nil
        let stock = DetentResolver.settle(projected: projected, active: active, canDismiss: canDismiss)
        var (decision, decider) = askSettle(
            SettleContext(
                presenter: presenterName(p), height: height, velocity: velocity, projected: projected,
                detents: active, current: p.layout.detent, canDismiss: canDismiss, stock: stock))
        if decision == .dismiss, canDismiss, let veto = shouldDismissVeto(at: i) {
            emit(
                Event(
                    time: now, kind: .dismissPrevented, presenter: presenterName(p), item: p.itemID, decider: veto,
                    note: .text("should_dismiss returned false")))
            (decision, decider) = (.detent(active[0].detent), veto)
        }
        let how = "velocity \(Value.format(velocity)), projected \(Value.format(projected.rounded()))"
        defer {
            endDragOnButton(p)
            applyDeferredLayout(request: p.request, .dragEnd)
        }
        switch decision {
        case .dismiss:
            emit(
                Event(
                    time: now, kind: .release, presenter: presenterName(p), item: p.itemID, height: height,
                    decider: decider, rule: .b26, note: .text("\(how): dismiss")))
            beginDismiss(i, cause: .interactive, rule: dismissDisabledIgnored(p.content) ? .b33 : nil)
        case .detent(let d):
            let r = active.first { $0.detent == d }!
            emit(
                Event(
                    time: now, kind: .release, presenter: presenterName(p), item: p.itemID, detent: d.description,
                    height: r.height, decider: decider, rule: .b26, note: .text("\(how): settle")))
            world.stack[i].layout.height = r.height
            if let before = p.layout.detent, d != before {
                world.stack[i].layout.detent = d
                emit(
                    Event(
                        time: now, kind: .userChangedDetent, presenter: presenterName(p), item: p.itemID,
                        detent: d.description, height: r.height, rule: .b29, geometry: geometry(at: i),
                        animated: true, note: .text("from \(before) (B29)")))
                if let selection = p.layout.selection {
                    applyWrite(selection, .detent(d), cause: .engine(.selection))
                }
            }
            if let k = world.index(request: p.request) { reportPlacement(at: k) }
        }
    }

    /// Asks `settle`; an answer must be an active detent, or `dismiss` where
    /// the sheet can be dismissed.
    func askSettle(_ context: SettleContext) -> (SettleDecision, Decider) {
        consult(.settle, { context }) { (policy, context) throws(PolicyFailure) -> SettleDecision? in
            let answer = try policy.settle(context)
            switch answer {
            case .dismiss? where !context.canDismiss:
                throw PolicyFailure(
                    hook: .settle,
                    message:
                        "\(policy.name): hook 'settle' returned \"dismiss\" but this sheet cannot be dismissed interactively"
                )
            case .detent(let detent)? where !context.detents.contains(where: { $0.detent == detent }):
                throw PolicyFailure(
                    hook: .settle,
                    message:
                        "\(policy.name): hook 'settle' returned \(detent), which is not an active detent \(list(context.detents))"
                )
            default:
                return answer
            }
        } ?? (context.stock, .stock)
    }

    /// B27: taps reach the presenter while the sheet is at or below its background-interaction detent.
    ///
    /// Taps the presenter behind the top sheet. It reaches the presenter
    /// when nothing is presented, or when the sheet allows background
    /// interaction up through a detent (iOS 16.4+) and is no taller than it.
    /// - Returns: whether the tap reached the presenter.
    @discardableResult
    public func tapBackground() -> Bool {
        let reached: Bool
        let detail: String
        var rule = RuleID.b27
        if let p = world.stack.last {
            if let taken = outgoingContentTakesTaps(p) {
                (reached, detail, rule) = (false, taken, .b46)
            } else if p.layout.style == .sheet, profile.os.supportsBackgroundInteraction,
                let upThrough = p.content.backgroundInteractionUpThrough,
                let limit = p.layout.detents.first(where: { $0.detent == upThrough })?.height, p.layout.height <= limit
            {
                reached = true
                detail =
                    "reached the presenter: sheet at \(p.layout.detent.map(\.description) ?? "?") is at or below \(upThrough) (B27)"
            } else {
                reached = false
                detail = "blocked by \(describe(p)) (B27)"
            }
        } else {
            reached = true
            detail = "reached the presenter: nothing is presented"
        }
        if !overMemory { perform(user: true, .backgroundTap(detail: detail, rule: rule)) }
        return reached
    }

    /// B46: while a zoom dismissal runs, the outgoing content takes taps; onDisappear runs when the transition ends.
    ///
    /// What a tap meets while the top presentation zooms away, if that is what it meets.
    func outgoingContentTakesTaps(_ p: borrowing Presentation) -> String? {
        guard profile.os.zoomDismissalTakesTaps, p.lifecycle.isDismissing, case .zoom = p.transition else {
            return nil
        }
        return "taken by the outgoing content of \(describe(p)): its zoom dismissal is still running (B46)"
    }

    /// Taps the top sheet's drag indicator (B42): the sheet moves to the
    /// next larger detent, from the largest to the smallest, animated, and
    /// it counts as the user's change (unlike a change made by code, B29).
    /// - Throws: `EngineError` when nothing is presented.
    public func tapGrabber() throws(EngineError) {
        try checkLimits()
        perform(user: true, .tapGrabber(request: try topRequest()))
    }

    /// B42: tapping the drag indicator moves the sheet to the next detent, animated, as a user change.
    func tapGrabberNow(request: Int) {
        guard let i = world.index(request: request) else { return }
        let p = world.stack[i]
        let active = p.layout.detents
        guard p.layout.style == .sheet, p.phase == .presented, active.count > 1, let current = p.layout.detent,
            let at = active.firstIndex(where: { $0.detent == current })
        else {
            let why =
                p.layout.style != .sheet
                ? "a \(p.layout.style.rawValue) presentation has no drag indicator"
                : p.phase != .presented
                    ? "the \(p.phase.rawValue) transition is still running" : "one detent: nothing to move to"
            emit(
                Event(
                    time: now, kind: .grabberTap, presenter: presenterName(p), item: p.itemID,
                    detent: p.layout.detent?.description, rule: .b42, note: .text("does nothing: \(why)")))
            return
        }
        emit(
            Event(
                time: now, kind: .grabberTap, presenter: presenterName(p), item: p.itemID,
                detent: current.description, rule: .b42, note: .text("")))
        let next = active[(at + 1) % active.count]
        world.stack[i].layout.detent = next.detent
        world.stack[i].layout.height = next.height
        emit(
            Event(
                time: now, kind: .userChangedDetent, presenter: presenterName(p), item: p.itemID,
                detent: next.detent.description, height: next.height, rule: .b42, geometry: geometry(at: i),
                animated: true, note: .text("grabber tap, from \(current) (B42)")))
        if let selection = p.layout.selection {
            applyWrite(selection, .detent(next.detent), cause: .engine(.selection))
        }
        if let k = world.index(request: request) { reportPlacement(at: k) }
    }

    /// Focuses a text field in the top sheet's content (B48): on 26 a sheet
    /// resting at a smaller detent moves to its largest, animated, as a
    /// change the user sees (the selection binding follows).
    /// - Throws: `EngineError` when nothing is presented.
    public func focusTextField() throws(EngineError) {
        try checkLimits()
        perform(user: true, .focusTextField(request: try topRequest()))
    }

    /// B48: focusing a text field in a sheet at a smaller detent moves it to the largest detent, animated.
    func focusTextFieldNow(request: Int) {
        guard let i = world.index(request: request) else { return }
        let p = world.stack[i]
        let current = p.layout.detent
        let largest = p.layout.detents.last
        let stays: String? =
            !p.content.hasTextField
            ? "does nothing: the content has no text field (textField = true)"
            : p.layout.style != .sheet
                ? "a \(p.layout.style.rawValue) presentation has no detents to move"
                : !profile.os.textFocusExpandsSheet
                    ? "the sheet stays at \(current.map(\.description) ?? "its detent") (B48 is iOS 26's)"
                    : p.phase != .presented
                        ? "the \(p.phase.rawValue) transition is still running"
                        : current == largest?.detent ? "already at its largest detent" : nil
        emit(
            Event(
                time: now, kind: .textFieldFocused, presenter: presenterName(p), item: p.itemID,
                detent: current?.description, rule: stays == nil || profile.os.textFocusExpandsSheet ? .b48 : nil,
                note: .text(stays ?? "")))
        guard stays == nil, let largest, let current else { return }
        world.stack[i].layout.detent = largest.detent
        world.stack[i].layout.height = largest.height
        emit(
            Event(
                time: now, kind: .userChangedDetent, presenter: presenterName(p), item: p.itemID,
                detent: largest.detent.description, height: largest.height, rule: .b48, geometry: geometry(at: i),
                animated: true, note: .text("the text field's focus expanded it from \(current) (B48)")))
        if let selection = p.layout.selection {
            applyWrite(selection, .detent(largest.detent), cause: .engine(.selection))
        }
        if let k = world.index(request: request) { reportPlacement(at: k) }
    }

    /// Rotates the device. Presented sheets are laid out again: detents are
    /// re-resolved (B18) and sheets adapt to full screen in compact height (B20).
    public func rotate(to orientation: Orientation) {
        if !overMemory { perform(user: true, .rotate(orientation)) }
    }

    func rotateNow(to orientation: Orientation) {
        guard orientation != world.orientation else { return }
        world.orientation = orientation
        emit(Event(time: now, kind: .rotate, note: .text(orientation.rawValue)))
        for request in world.stack.map(\.request) {
            if let i = world.index(request: request) { layOut(i, initial: false) }
        }
    }
}
