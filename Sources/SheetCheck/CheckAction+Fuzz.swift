import SheetEngine

extension CheckAction {
    /// The steps `Repertoire.fuzz` adds to those `sheetlab check` explores,
    /// in a stable order.
    ///
    /// - Parameters:
    ///   - app: the app to step.
    ///   - bindings: the presentation bindings, already written by the check steps.
    static func fuzzCandidates(for app: SheetApp, bindings: Set<StateRef>) -> [CheckAction] {
        var out: [CheckAction] = []
        // B23, B29: a selection written by code, to each active detent and to
        // two that may be inactive (an invalid selection is reported, not applied).
        var selections: Set<StateRef> = []
        for (ref, detents) in app.selectionBindings where selections.insert(ref).inserted {
            let current = app.value(ref)?.asDetent?.description
            var texts = detents.map(\.description)
            for extra in ["large", "fraction(0.3)"] where !texts.contains(extra) { texts.append(extra) }
            for text in texts where text != current { out.append(.set(ref, .string(text))) }
        }
        let state = app.state()
        // B13-B15: other state (counters that bodies and content read).
        for view in state.views {
            for slot in view.state {
                let ref = StateRef(view: view.name, slot: slot.name)
                guard !bindings.contains(ref), !selections.contains(ref) else { continue }
                switch slot.value {
                case .none, .int: break
                default: continue
                }
                for v in [0, 1] where slot.value != .int(v) { out.append(.set(ref, .int(v))) }
            }
        }
        // B25, B26: drags to each detent and between two, released up or down.
        if let top = state.presentations.last, top.phase == .presented, top.style == .sheet {
            let heights = top.detents.map(\.height)
            var targets: [Double] = []
            for (i, h) in heights.enumerated() {
                targets.append(h)
                if i > 0 { targets.append((h + heights[i - 1]) / 2) }
            }
            for h in targets {
                for v in [-2500.0, 600.0] { out.append(.dragRelease(height: h, velocity: v)) }
            }
        }
        // B07: the DismissAction of views inside presentations, and of a root view (nothing happens).
        for view in state.views where view.level > 0 { out.append(.dismissFrom(view.name)) }
        if let root = state.views.first(where: { $0.level == 0 }) { out.append(.dismissFrom(root.name)) }
        // B09: a child view leaves the hierarchy with what it presents.
        for view in state.views where view.parent != nil { out.append(.remove(view.name)) }
        // B27, B42, and waits that do not line up with a transition.
        out.append(.tapBackground)
        out.append(.tapGrabber)
        for ms in [1, 100, 1000] { out.append(.advance(ms)) }
        return out
    }
}
