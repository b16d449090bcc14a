extension DetentResolver {
    /// What a layout changed, as its report names it.
    struct LayoutChange: Equatable {
        enum Kind: Equatable {
            /// Nothing to report (or the first layout, which reports nothing).
            case none
            /// The presentation took another style (B19, B20).
            case adapted(from: PresentationStyle)
            /// The detent the sheet was at left the set (B41).
            case detentLeftSet(Detent)
            /// The height or the detent changed as the detents were resolved
            /// again; `mediumChanged`: `medium` joined or left the set (B18).
            case resized(mediumChanged: Bool)

            /// Whether the change is B41's jump, which does not animate.
            var isJump: Bool { if case .detentLeftSet = self { true } else { false } }
        }

        var kind: Kind
        /// Whether the detent (not only its height) changed: read by the
        /// report, not part of what the change is (`==` leaves it out).
        var detentMoved = false

        static func == (a: LayoutChange, b: LayoutChange) -> Bool {
            a.kind == b.kind && a.invalidSelection == b.invalidSelection
        }
        /// Whether the selection named no active detent (B23): the sheet shows the layout's detent instead.
        var invalidSelection = false
    }

    /// B41: when the selected detent leaves the set, the sheet jumps to an active detent without animation; the binding
    /// follows.
    ///
    /// A presentation's layout worked out again, in place, and what changed:
    /// its detent is the one it had if still active (B22, B24), the nearest
    /// in height when the content stopped declaring it (B41), or what the
    /// selection binding holds when that is active (B23). Pure (it changes
    /// only `layout`): the engine reports the change.
    /// - Parameters:
    ///   - layout: the layout on screen (an empty one when `opening`), made the new one.
    ///   - active: the active detents now, smallest first (not empty).
    ///   - style: the style the presentation takes now.
    ///   - declared: the detents the content declares, if it declares any.
    ///   - selection: the selection binding, if any.
    ///   - selected: the value the selection binding holds.
    ///   - opening: whether this is the presentation's first layout.
    /// - Returns: what changed.
    static func relayout(
        _ layout: inout SheetLayout, active: [ResolvedDetent], style: PresentationStyle, declared: [Detent]?,
        selection: SlotRef?, selected: Value, opening: Bool
    ) -> LayoutChange {
        let before = (style: layout.style, detent: layout.detent, height: layout.height)
        var current = keptOrSmallest(before.detent, active, opening: opening)
        var removed: Detent?
        if !opening, let d = before.detent, !active.contains(where: { $0.detent == d }), style == .sheet,
            before.style == .sheet, declared?.contains(d) == false
        {
            current = nearest(to: before.height, in: active)
            removed = d
        }
        var invalid = false
        if selection != nil, removed == nil {
            if let d = selected.asDetent, active.contains(where: { $0.detent == d }) {
                current = d
            } else {
                invalid = true
            }
        }
        let height = active.first { $0.detent == current }!.height
        let kind: LayoutChange.Kind
        if opening {
            kind = .none
        } else if before.style != style {
            kind = .adapted(from: before.style)
        } else if let removed {
            kind = .detentLeftSet(removed)
        } else if before.height != height || before.detent != current {
            let hadMedium = layout.detents.contains { $0.detent == .medium }
            kind = .resized(mediumChanged: hadMedium != active.contains { $0.detent == .medium })
        } else {
            kind = .none
        }
        layout.style = style
        layout.detents = active
        layout.detent = current
        layout.height = height
        layout.selection = selection
        return LayoutChange(kind: kind, detentMoved: before.detent != current, invalidSelection: invalid)
    }
}
