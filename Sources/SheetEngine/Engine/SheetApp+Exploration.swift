extension SheetApp {
    /// A deep copy for exploring alternatives (`sheetlab check`): views,
    /// presentations, held requests, clock and counters are copied; policies
    /// and the closures in view declarations are shared, so policies must
    /// not keep state of their own between calls for the copies to be
    /// independent. The copy starts with an empty timeline and no observers.
    public func clone() -> SheetApp {
        let copy = SheetApp(profile: profile, policies: policies)
        copy.orientation = orientation
        copy.now = now
        copy.oscillationLimit = oscillationLimit
        copy.timeline.retains = timeline.retains
        var nodes: [String: ViewNode] = [:]
        for (name, node) in views {
            let n = ViewNode(
                name: node.name, parent: node.parent, host: node.host, state: node.state, slotOrder: node.slotOrder,
                snapshot: node.snapshot, bodyReads: node.bodyReads, onChange: node.onChange,
                modifiers: node.modifiers, environmentObjects: node.environmentObjects)
            n.children = node.children
            nodes[name] = n
        }
        copy.views = nodes
        copy.rootViews = rootViews
        copy.triggerIndex = triggerIndex
        copy.presentations = presentations.map { p in
            let q = Presentation(
                id: p.id, modifier: p.modifier, node: nodes[p.modifier.view] ?? p.node, phase: p.phase,
                phaseEnds: p.phaseEnds, item: p.item, itemID: p.itemID, request: p.request)
            q.content = p.content
            q.contentViews = p.contentViews
            q.dependencies = p.dependencies
            q.style = p.style
            q.detents = p.detents
            q.detent = p.detent
            q.height = p.height
            q.dragHeight = p.dragHeight
            q.dismissCause = p.dismissCause
            q.deferredDismiss = p.deferredDismiss
            q.replacement = p.replacement
            q.lostRequest = p.lostRequest
            q.animated = p.animated
            q.selection = p.selection
            return q
        }
        copy.held = held
        copy.nextSerial = nextSerial
        copy.userActions = userActions
        copy.oscillation = oscillation
        return copy
    }

    /// A hash of everything that decides what happens next, with times
    /// relative to now: two apps with the same fingerprint behave alike from
    /// here on (assuming stateless policies). Used to explore each state once.
    public func fingerprint() -> Int {
        var h = Hasher()
        h.combine(orientation)
        for name in viewNames {
            guard let node = views[name] else { continue }
            h.combine(name)
            for slot in node.slotOrder {
                h.combine(node.state[slot])
                h.combine(node.snapshot[slot])
            }
        }
        for p in presentations {
            h.combine(p.modifier)
            h.combine(p.phase)
            h.combine(p.phaseEnds.map { $0 - now })
            h.combine(p.item)
            h.combine(p.detent)
            h.combine(p.height)
            h.combine(p.dragHeight)
            h.combine(p.style)
            h.combine(p.deferredDismiss)
            h.combine(p.replacement?.item)
            h.combine(p.lostRequest)
            h.combine(p.content?.text)
        }
        for mod in held.keys.sorted() {
            h.combine(mod)
            h.combine(held[mod]!.map(\.item))
        }
        for mod in oscillation.keys.sorted() {
            let entry = oscillation[mod]!
            h.combine(mod)
            h.combine(entry.userActions == userActions ? entry.count : 0)
        }
        return h.finalize()
    }

    /// The modifiers whose bindings a user can write, with their binding slots.
    public var presentationBindings: [(modifier: String, binding: StateRef, isItem: Bool)] {
        viewNames.flatMap { name -> [(modifier: String, binding: StateRef, isItem: Bool)] in
            guard let node = views[name] else { return [] }
            return node.modifiers.map { ("\(name).\($0.signature)", $0.trigger.binding, $0.trigger.isItem) }
        }
    }

    /// The detent selection bindings of live presentations, each with the
    /// detents active now: what a fuzzer writes to move sheets by code (B23, B29).
    public var selectionBindings: [(binding: StateRef, detents: [Detent])] {
        presentations.compactMap { p in p.selection.map { ($0, p.detents.map(\.detent)) } }
    }
}
