extension EventKind {
    /// What events of this kind record, in words: `the present transition
    /// ended; the presentation is fully on screen`. What explanations of an
    /// event (mcp's `explain_event`) say first.
    public var meaning: String {
        switch self {
        case .set: "the user (a button's action) wrote a state slot"
        case .swipe: "the user swiped the top presentation down"
        case .drag: "the user dragged the top sheet to a height"
        case .release: "the user released a drag; the sheet settles on a detent or dismisses"
        case .rotate: "the device rotated"
        case .backgroundTap: "the user tapped the presenter behind the top sheet"
        case .grabberTap:
            "the user tapped the top sheet's grabber (iOS 26): it moves the sheet to the next detent, a user change (B42)"
        case .viewRemoved: "a view left the hierarchy with its subtree"
        case .textFieldFocused:
            "the user focused a text field in the top sheet (iOS 26: a sheet at a smaller detent moves to its largest, B48)"
        case .buttonAction: "a button in the sheet's content ran its action (or a sheet drag took its touch, B51)"
        case .deferred: "a detent change waits: until the sheet is presented (B49) or the user's drag ends (B50)"
        case .hazard: "a change that has crashed apps on some OS versions; the engine applies it safely and warns (B50)"
        case .stateChanged: "a state slot changed"
        case .bodyEvaluated: "a view's body was evaluated again because a slot it reads changed"
        case .contentUpdated: "a presentation's content was rebuilt from fresh state"
        case .onChange: "an onChange observer ran"
        case .request: "a presentation was asked for (its binding was set), and a decision was made on it"
        case .presenting: "the present transition started"
        case .presented: "the present transition ended; the presentation is fully on screen"
        case .dismissing: "the dismiss transition started"
        case .dismissed: "the dismiss transition ended; the presentation is gone"
        case .writeBack: "SwiftUI wrote the binding back (nil or false) when the presentation went away"
        case .onDismiss: "the modifier's onDismiss ran"
        case .onAppear: "the content's onAppear ran"
        case .queued: "a request was held, to be presented once the presenter is free"
        case .dropped: "a request was dropped"
        case .removed: "a presentation was removed at once, without a transition"
        case .detentChanged: "the sheet's detent changed"
        case .userChangedDetent: "the user moved the sheet to another detent"
        case .heightChanged: "the sheet's height changed"
        case .adapted: "the presentation adapted to the size class (a form sheet, full screen)"
        case .placementChanged: "the sheet crossed the full-height line: inset or edge-attached (iOS 26 and later)"
        case .environmentReset: "the content's control environment was reset"
        case .onDisappear: "a view inside the content disappeared (its onDisappear ran)"
        case .alreadyPresenting: "a second presentation from a busy presenter was ignored"
        case .modifierIgnored: "a presentation modifier had no effect"
        case .requestLost: "a request made while the presentation was closing was lost"
        case .dismissPrevented: "an interactive dismissal was refused"
        case .dismissIgnored: "a dismiss action had nothing to dismiss"
        case .detentClamped: "a detent's height was clamped to what the device allows"
        case .invalidSelection: "a detent selection named a detent the sheet does not have"
        case .oscillation: "a modifier presented again and again with no user input; the engine stopped it"
        case .policyError: "a policy hook failed; the engine fell back to stock behaviour"
        case .contentError: "a content function failed; the presentation shows what it had"
        case .actionError: "app code (onDismiss, onChange, onAppear) failed"
        case .limitReached: "a limit on what the app may hold or do stopped something"
        }
    }
}
