/// Bugs of particular iOS releases that SwiftUI code meets: each on the
/// versions its source names, and a profile flag where the source is thin.
extension SheetApp {
    /// B34: a sheet presented again within the reopen window after a dismissal ended ignores its detents.
    ///
    /// On 18.0-18.3, whether the presentation at `index` opens at full
    /// height because its modifier's last dismissal ended less than the
    /// profile's reopen window ago. Says so on the timeline when it does.
    func quickReopenIgnoresDetents(_ index: Int) -> Bool {
        guard profile.os.quickReopenIgnoresDetents, let left = world.reopenWindows[world.stack[index].modifier],
            world.stack[index].shown.value.detents != nil
        else { return false }
        let window = profile.os.timings.reopenWindow
        emit(
            Event(
                time: now, kind: .modifierIgnored, presenter: presenterName(at: index),
                item: world.stack[index].itemID, rule: .b34,
                note: .text(
                    "reopened \(window - left) ms after the last dismissal ended, within the \(window) ms reopen window: presentationDetents ignored, full height (B34)"
                )))
        return true
    }

    /// Opens the reopen window of `q`'s modifier when `q` just went with
    /// detents in effect (B34: the bug is a reopen that loses them).
    func openReopenWindow(after q: Presentation) {
        guard profile.os.quickReopenIgnoresDetents, profile.os.timings.reopenWindow > 0 else { return }
        if q.layout.style == .sheet && q.content.detents != nil {
            world.reopenWindows[q.modifier] = profile.os.timings.reopenWindow
        }
    }

    /// Ages the open reopen windows by `ms`, closing those that ran out.
    func ageReopenWindows(by ms: Int) {
        guard !world.reopenWindows.isEmpty else { return }
        world.reopenWindows.update { left in left > ms ? left - ms : nil }
    }

    /// The first reopen window to close with a request held for its
    /// modifier (a `queue` answer waits for it), within `budget` ms.
    func nextWindowWithHeldRequest(within budget: Int) -> (ModifierRef, left: Int)? {
        var best: (ModifierRef, left: Int)?
        for (mod, left) in world.reopenWindows where left <= budget && world.held.waiting(for: mod) > 0 {
            if best == nil || left < best!.left { best = (mod, left) }
        }
        return best
    }

    /// B35: nested presentations requested in one update: only the first is presented; the others stay blocked until it
    /// closes.
    ///
    /// On 16.0-18.3 (a profile flag), whether a modifier inside a
    /// presentation that began presenting in this same update is blocked.
    func restoredNestedBlocks(_ mod: ModifierRef) -> Bool {
        guard profile.os.restoredNestedBlocked, !steps.opened.isEmpty,
            case .presentation(let below) = world.views[mod.view].host, let i = world.index(of: below)
        else { return false }
        return steps.opened.contains(world.stack[i].request)
    }

    /// Whether a held request for `mod` can be presented now: its
    /// presenter is free, no reopen window is open for it (B34) and it is
    /// not blocked by a presentation opened in this update (B35). A `queue`
    /// answer waits for these, which is how a policy works around both bugs.
    func canPresentHeld(_ mod: ModifierRef) -> Bool {
        world.index(host: world.views[mod.view].host) == nil && world.reopenWindows[mod] == nil
            && !restoredNestedBlocks(mod)
    }

    /// B40: a toolbar sheet requested in the update that dismisses a popover is not shown; the binding stays set.
    ///
    /// The presentations of an update's actions that wait on a popover
    /// dismissed in the same update: before 26 (a profile flag) the bug
    /// swallows them, each reported; from 26, fixed, each waits for the
    /// dismissal to end and is presented then.
    func heldByPopoverDismissal(_ actions: [(ModifierRef, TriggerAction)]) -> Set<ModifierRef> {
        guard
            let popover = actions.first(where: { mod, action in
                if case .dismiss = action { return kind(of: mod) == .popover && world.index(of: mod) != nil }
                return false
            })?.0
        else { return [] }
        var out: Set<ModifierRef> = []
        for (mod, action) in actions {
            guard case .present(let item, _) = action, case .toolbarItem(let toolbarItem) = definition(mod).attachment
            else { continue }
            out.insert(mod)
            if profile.os.popoverDismissHidesSheet {
                emit(
                    Event(
                        time: now, kind: .modifierIgnored, presenter: world.views[mod.view].name,
                        modifier: signature(of: mod), rule: .b40,
                        note: .text(
                            "requested from toolbar item \(toolbarItem) in the update that dismisses \(world.views[popover.view].name).\(signature(of: popover)): not shown on iOS \(profile.os.version) (B40); binding stays set"
                        )))
            } else {
                hold(mod, HeldRequest(serial: world.serial(), item: item, time: now))
            }
        }
        return out
    }
}
