extension SheetApp {
    /// Re-evaluates a presentation's content after something it captured
    /// changed, and says so on the timeline when what it shows changed.
    func refreshContent(request: Int, reason: String? = nil) {
        guard let i = world.index(request: request) else { return }
        let before = world.stack[i].shown.value.text
        let detentsBefore = world.stack[i].shown.value.detents
        let fittedBefore = world.stack[i].shown.value.fittedHeight
        evaluateContent(request: request, initial: false)
        guard let k = world.index(request: request) else { return }
        let fittedChanged = world.stack[k].shown.value.fittedHeight != fittedBefore
        if world.stack[k].shown.value.detents != detentsBefore || fittedChanged,
            !defersDetentChange(
                at: k, world.stack[k].shown.value.detents != detentsBefore ? .detentSet : .contentSize)
        {
            layOut(k, initial: false)
        }
        let p = world.stack[k]
        if p.content.text != before || reason != nil {
            emit(
                Event(
                    time: now, kind: .contentUpdated, presenter: presenterName(p),
                    modifier: signature(of: p.modifier), item: p.itemID, rule: reason == nil ? .b13 : .b04,
                    note: .text(
                        ([reason].compactMap { $0 } + ["shows \"\(p.content.text)\""]).joined(separator: "; "))))
        }
    }

    /// B13: content sees @State as of the presenter's last body evaluation, which can be stale.
    /// B14: the item, and bindings the content reads, are fresh (reading the state in body, onChange too).
    ///
    /// Runs the content closure with what it can see.
    func evaluateContent(request: Int, initial: Bool) {
        guard let i = world.index(request: request) else { return }
        let mod = world.stack[i].modifier
        let declaration = world.views[mod.view].declaration
        guard let builder = declaration.modifiers[mod.index].content else { return }
        let name = declaration.name
        let context = ContentContext(
            item: isItem(mod) ? world.stack[i].item : .none, detent: world.stack[i].layout.detent,
            declaration: declaration, captured: world.views[mod.view].snapshot, app: self)
        // This evaluation's reads are noted from empty, and those of one it
        // runs inside of are kept aside meanwhile.
        var reads: [StateRef]? = []
        swap(&reads, &contentReads)
        let content: SheetContent
        do {
            content = try builder(context)
            swap(&reads, &contentReads)
        } catch {
            swap(&reads, &contentReads)
            emit(
                Event(
                    time: now, kind: .contentError, presenter: name, modifier: signature(of: mod),
                    item: world.stack[i].itemID, note: .text("content: \(error)")))
            return
        }
        guard let k = world.index(request: request) else { return }
        world.stack[k].content = consume content
        world.stack[k].dependencies = reads!.compactMap { world.views.slot($0) }
        if initial { checkEnvironment(k) }
        // The view read from the stored content (a path of stored
        // properties), and only when it is needed: taken before the content
        // was stored, it was copied every time.
        if world.stack[k].contentViews.isEmpty, let spec = world.stack[k].shown.value.view {
            do throws(EngineError) {
                let tree = try declare(spec)
                let ref = insert(tree, under: nil, host: .presentation(mod))
                world.stack[k].contentViews = [ref]
                presentInitiallySet(ref)
            } catch {
                emit(
                    Event(
                        time: now, kind: .contentError, presenter: name, modifier: signature(of: mod),
                        item: world.stack[k].itemID, note: .text("content view: \(error)")))
            }
        }
    }

    /// The environment objects a view sees: its own and its ancestors', and
    /// for a view inside a sheet, what the sheet's content received (B16).
    func environment(of view: ViewRef) -> Set<String> {
        var out: Set<String> = []
        var next: ViewRef? = view
        var host: Host = .root
        while let v = next, world.views.contains(v) {
            let node = world.views[v]
            out.formUnion(node.declaration.environmentObjects)
            host = node.host
            next = node.parent
        }
        if case .presentation(let mod) = host, let i = world.index(of: mod) {
            out.formUnion(contentEnvironment(world.stack[i]))
        }
        return out
    }

    func contentEnvironment(_ p: Presentation) -> Set<String> {
        var out = Set(p.content.environmentObjects)
        if profile.os.sheetsInheritEnvironment { out.formUnion(environment(of: p.modifier.view)) }
        return out
    }

    /// B16: sheet content inherits the environment of its modifier's view; an object injected only below or beside it
    /// is not visible.
    ///
    /// Content that uses an environment object it was not given fails the way SwiftUI does.
    func checkEnvironment(_ index: Int) {
        guard !world.stack[index].shown.value.usesEnvironmentObjects.isEmpty else { return }
        let p = world.stack[index]
        let available = contentEnvironment(p)
        for type in p.content.usesEnvironmentObjects where !available.contains(type) {
            emit(
                Event(
                    time: now, kind: .contentError, presenter: presenterName(p),
                    modifier: signature(of: p.modifier), item: p.itemID, rule: .b16,
                    note: .text(
                        "No ObservableObject of type \(type) found. A View.environmentObject(_:) for \(type) may be missing as an ancestor of this view (B16)"
                    )))
        }
    }
}

extension SheetApp {
    /// The control-style environment values 27 SDKs reset inside sheets (B43).
    static let controlEnvironmentKeys = [
        "controlSize", "buttonSizing", "buttonRepeatBehavior", "menuIndicatorVisibility", "buttonBorderShape",
    ]

    /// The environment values a view sees: its own and its ancestors' (the
    /// nearest wins), and for a view inside a presentation what its content
    /// sees (`contentEnvironmentValues`).
    func environmentValues(of view: ViewRef) -> [String: Value] {
        var out: [String: Value] = [:]
        var next: ViewRef? = view
        var host: Host = .root
        while let v = next, world.views.contains(v) {
            let node = world.views[v]
            out.merge(node.declaration.environmentValues) { nearer, _ in nearer }
            host = node.host
            next = node.parent
        }
        if case .presentation(let mod) = host, let i = world.index(of: mod) {
            out.merge(contentEnvironmentValues(world.stack[i])) { nearer, _ in nearer }
        }
        return out
    }

    /// B43: controlSize, buttonSizing, buttonRepeatBehavior, menuIndicatorVisibility and ButtonBorderShape reset in
    /// sheets.
    ///
    /// What a presentation's content sees of its modifier's view's
    /// environment values: all of them, but on 27 not the control-style ones.
    func contentEnvironmentValues(_ p: borrowing Presentation) -> [String: Value] {
        var out = environmentValues(of: p.modifier.view)
        guard profile.os.resetsControlEnvironment, kind(of: p.modifier) != .fullScreenCover else { return out }
        for key in Self.controlEnvironmentKeys { out[key] = nil }
        return out
    }

    /// Says which environment values the sheet at `index` does not inherit (B43).
    func reportEnvironmentReset(at index: Int) {
        guard profile.os.resetsControlEnvironment, kind(of: world.stack[index].modifier) != .fullScreenCover else {
            return
        }
        let set = environmentValues(of: world.stack[index].modifier.view)
        let reset = Self.controlEnvironmentKeys.filter { set[$0] != nil }
        guard !reset.isEmpty else { return }
        emit(
            Event(
                time: now, kind: .environmentReset, presenter: presenterName(at: index),
                item: world.stack[index].itemID, rule: .b43,
                note: .text("\(reset.joined(separator: ", ")) reset to the default inside the sheet (B43, iOS 27 SDK)"))
        )
    }
}

extension SheetApp {
    /// Notes that the content being evaluated read a binding (B14).
    func noteContentRead(_ ref: StateRef) {
        // Looked at in place: a copy of the list would make the append copy it.
        if contentReads?.contains(ref) == false { contentReads!.append(ref) }
    }
}
