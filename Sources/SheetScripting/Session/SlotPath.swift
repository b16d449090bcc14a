import SheetEngine

/// How scripts name state: `"slot"` or `"View.slot"`.
enum SlotPath {
    /// A slot path as a reference; an unqualified name belongs to `defaultView`.
    static func ref(_ path: String, defaultView: String) -> StateRef {
        if let dot = path.lastIndex(of: ".") {
            return StateRef(view: String(path[..<dot]), slot: String(path[path.index(after: dot)...]))
        }
        return StateRef(view: defaultView, slot: path)
    }

    /// Resolves a slot path against the app: `View.slot` as given, or the one
    /// view that has `slot`.
    /// - Throws: `EngineError` when no view, or more than one, has the slot.
    static func resolve(_ path: String, in app: SheetApp) throws(EngineError) -> StateRef {
        if path.contains(".") {
            let ref = ref(path, defaultView: "")
            guard app.hasView(ref.view) else { throw EngineError(.unknownView(ref.view)) }
            guard app.value(ref) != nil else { throw EngineError(.unknownSlot(view: ref.view, slot: ref.slot)) }
            return ref
        }
        let owners = app.viewNames.filter { app.value(StateRef(view: $0, slot: path)) != nil }
        guard let first = owners.first else {
            throw EngineError(.unknownSlot(view: nil, slot: path))
        }
        guard owners.count == 1 else { throw EngineError(.ambiguousSlot(slot: path, views: owners)) }
        return StateRef(view: first, slot: path)
    }
}

/// "Did you mean" for a state slot an app does not have.
package enum SlotNames {
    /// `; did you mean selectedItem?` when `error` is an unknown slot close to one of `app`'s, else "".
    package static func hint(_ error: EngineError, in app: SheetApp) -> String {
        guard case .unknownSlot(let view, let slot) = error.reason else { return "" }
        let views = app.state().views.filter { view == nil || $0.name == view }
        return NameSuggestion.hint(for: slot, in: views.flatMap { $0.state.map(\.name) })
    }
}
