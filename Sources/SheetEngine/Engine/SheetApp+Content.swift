extension SheetApp {
    /// Re-evaluates a presentation's content after something it captured
    /// changed, and says so on the timeline when what it shows changed.
    func refreshContent(presentationID id: Int, reason: String? = nil) {
        guard let i = presentationIndex(id: id) else { return }
        let before = presentations[i].content?.text
        let detentsBefore = presentations[i].content?.detents
        evaluateContent(presentationID: id, initial: false)
        guard let k = presentationIndex(id: id) else { return }
        let p = presentations[k]
        if p.content?.detents != detentsBefore { layOut(k, initial: false) }
        if p.content?.text != before || reason != nil {
            emit(
                Event(
                    time: now, kind: .contentUpdated, presenter: p.modifier.view, modifier: p.signature,
                    item: p.itemID,
                    detail: ([reason].compactMap { $0 } + ["shows \"\(p.content?.text ?? "")\""]).joined(
                        separator: "; ")))
        }
    }

    /// Runs the content closure with what it can see: the item, the
    /// presenter's captured state (B13) and live bindings (B14).
    func evaluateContent(presentationID id: Int, initial: Bool) {
        guard let i = presentationIndex(id: id) else { return }
        let p = presentations[i]
        let m = p.definition
        guard let builder = m.content else {
            presentations[i].content = presentations[i].content ?? SheetContent()
            return
        }
        let context = ContentContext(
            item: m.trigger.isItem ? p.item : .none, presenter: p.modifier.view, detent: p.detent,
            captured: views[p.modifier.view]?.snapshot ?? [:], live: { [unowned self] in self.value($0) })
        let content: SheetContent
        do {
            content = try builder(context)
        } catch {
            emit(
                Event(
                    time: now, kind: .contentError, presenter: p.modifier.view, modifier: m.signature, item: p.itemID,
                    detail: "content: \(error)"))
            if presentationIndex(id: id) != nil, presentations[presentationIndex(id: id)!].content == nil {
                presentations[presentationIndex(id: id)!].content = SheetContent()
            }
            return
        }
        guard let k = presentationIndex(id: id) else { return }
        presentations[k].content = content
        presentations[k].dependencies = context.bindingReads
        if initial { checkEnvironment(k, content, m) }
        if let spec = content.view, presentations[k].contentViews.isEmpty {
            do {
                try validate(spec)
                insert(spec, parent: nil, host: .presentation(id))
                presentations[k].contentViews = [spec.name]
                presentInitiallySet(spec)
            } catch {
                emit(
                    Event(
                        time: now, kind: .contentError, presenter: p.modifier.view, modifier: m.signature,
                        item: p.itemID, detail: "content view: \(error)"))
            }
        }
    }

    /// The environment objects a view sees: its own and its ancestors', and
    /// for a view inside a sheet, what the sheet's content received (B16).
    func environment(of view: String) -> Set<String> {
        var out: Set<String> = []
        var name: String? = view
        var host: Host = .root
        while let n = name, let node = views[n] {
            out.formUnion(node.environmentObjects)
            host = node.host
            name = node.parent
        }
        if case .presentation(let id) = host, let i = presentationIndex(id: id) {
            out.formUnion(contentEnvironment(presentations[i]))
        }
        return out
    }

    func contentEnvironment(_ p: Presentation) -> Set<String> {
        var out = Set(p.content?.environmentObjects ?? [])
        if profile.os.sheetsInheritEnvironment { out.formUnion(environment(of: p.modifier.view)) }
        return out
    }

    /// B16: content that uses an environment object it was not given fails
    /// the way SwiftUI does.
    func checkEnvironment(_ index: Int, _ content: SheetContent, _ m: PresentationModifier) {
        let p = presentations[index]
        let available = contentEnvironment(p)
        for type in content.usesEnvironmentObjects where !available.contains(type) {
            emit(
                Event(
                    time: now, kind: .contentError, presenter: p.modifier.view, modifier: m.signature, item: p.itemID,
                    detail:
                        "No ObservableObject of type \(type) found. A View.environmentObject(_:) for \(type) may be missing as an ancestor of this view (B16)"
                ))
        }
    }
}
