extension SheetApp {
    /// Puts on the timeline, when a presentation opens, each modifier of
    /// its content that has no effect here: placed where it does not work
    /// (B21, B33), not on this OS yet (B30, B44), or on a presentation style
    /// that does not respect it (B44).
    func reportIneffectiveModifiers(_ content: SheetContent, at index: Int, style: PresentationStyle) {
        var ignored: [(String, RuleID)] = []
        if let d = content.detents?.placement, !d.takesEffect {
            let place = d == .navigationStack ? "inside a NavigationStack" : "on a view not loaded at presentation"
            ignored.append(("presentationDetents applied \(place) has no effect (B21)", .b21))
        }
        if content.interactiveDismissDisabled,
            !dismissDisabledTakesEffect(content)
        {
            let place = content.interactiveDismissDisabledPlacement.rawValue
            ignored.append(
                (
                    "interactiveDismissDisabled applied below the content's root (\(place)) has no effect from iOS 18 (B33)",
                    .b33
                ))
        }
        if content.sizing != nil, !profile.os.formSizingDefault {
            ignored.append(("presentationSizing needs iOS 18; regular-width sheets are page-sized here (B30)", .b30))
        }
        if let placement = content.placement {
            if !profile.os.supportsPresentationPlacement {
                ignored.append(("presentationPlacement(.\(placement.rawValue)) needs iOS 27 (B44)", .b44))
            } else if style != .sheet && style != .formSheet {
                ignored.append(
                    ("presentationPlacement: only sheets respect it, not a \(style.rawValue) presentation (B44)", .b44))
            }
        }
        for (text, rule) in ignored {
            emit(
                Event(
                    time: now, kind: .modifierIgnored, presenter: presenterName(at: index),
                    item: world.stack[index].itemID, rule: rule, note: .text(text)))
        }
    }
}
