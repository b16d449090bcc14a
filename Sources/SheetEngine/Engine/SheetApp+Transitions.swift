extension SheetApp {
    /// B38: a sheet with a zoom transition presents from the view (18+) or toolbar item (26+) marked as its source.
    ///
    /// The transition a presentation's content asks for, as this OS and
    /// this hierarchy allow it; what falls back to the standard slide is
    /// reported (a missing or unsupported source, cross-fade before 27).
    func resolveTransition(at index: Int) -> SheetTransition {
        let wanted = world.stack[index].shown.value.transition
        let os = profile.os
        var fallback: (String, RuleID)?
        switch wanted {
        case .standard:
            return .standard
        case .crossFade:
            if os.supportsCrossFade { return .crossFade }
            fallback = ("navigationTransition(.crossFade) needs iOS 27", .b45)
        case .zoom(let id):
            if !os.zoomFromViews {
                fallback = ("navigationTransition(.zoom) needs iOS 18", .b38)
            } else {
                let marks = world.viewOrder.flatMap { self.world.views[$0].declaration.transitionSources }
                    .filter { $0.id == id }
                if os.zoomSourceMustBeBareAndOne, let why = unmatchableSource(marks.filter { !$0.toolbarItem }, id: id)
                {
                    fallback = (why, .b52)
                } else if marks.contains(where: { !$0.toolbarItem }) {
                    return wanted
                } else if marks.contains(where: \.toolbarItem) {
                    if os.zoomFromToolbarItems { return wanted }
                    fallback = ("the toolbar item marked \"\(id)\" can be a zoom source from iOS 26 only", .b38)
                } else {
                    fallback = ("no view is marked matchedTransitionSource(id: \"\(id)\")", .b38)
                }
            }
        }
        if let (why, rule) = fallback {
            emit(
                Event(
                    time: now, kind: .modifierIgnored, presenter: presenterName(at: index),
                    item: world.stack[index].itemID, rule: rule,
                    note: .text("\(why); the standard transition is used (\(rule.rawValue))")))
        }
        return .standard
    }

    /// B52: a zoom source marked after drawingGroup() or a hover effect, or two sources with one id, give no zoom.
    ///
    /// Why the views marked with `id` leave the zoom nothing to match, if they do.
    func unmatchableSource(_ views: [TransitionSource], id: String) -> String? {
        if views.count > 1 {
            return "\(views.count) views are marked matchedTransitionSource(id: \"\(id)\"): the zoom cannot match one"
        }
        if let wrapper = views.first?.after {
            return "the view marked \"\(id)\" is marked after .\(wrapper.rawValue)(): the zoom cannot match it"
        }
        return nil
    }

    /// B45: a sheet with navigationTransition(.crossFade) fades in over the content, with its own timing.
    ///
    /// How long presenting with a transition takes.
    func presentDuration(_ transition: SheetTransition) -> Int {
        transition == .crossFade ? profile.os.timings.crossFade : profile.os.timings.present
    }

    /// How long a dismissal takes: the rest of a swipe, a zoom dismissal
    /// (its own timing, B46, 26+), or the standard one.
    func dismissDuration(_ transition: SheetTransition, cause: DismissCause) -> Int {
        let timings = profile.os.timings
        if cause == .interactive { return timings.swipeRemainder }
        if case .zoom = transition, profile.os.zoomDismissalTakesTaps { return timings.zoomDismiss }
        return timings.dismiss
    }
}
