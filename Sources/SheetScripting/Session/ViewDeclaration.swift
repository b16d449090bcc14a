import LuaRuntime
import SheetEngine

/// Reads `view { ... }` declarations, `sheet { ... }` modifiers and what
/// content functions return, turning Lua functions into engine closures.
///
/// Unknown fields are errors, so a typo (`isPresneted`) is caught where it
/// is written rather than silently ignored.
struct ViewDeclaration {
    let session: Session
    /// The Lua function name errors are reported against (`view`, `content`).
    let function: String

    func bad(_ message: String) -> LuaError {
        LuaError(.runtime, "bad argument #1 to '\(function)' (\(message))")
    }

    func check(_ t: LuaTable, allowed: [String], what: String) throws(LuaError) {
        for key in t.fields.keys {
            guard let k = key.string, allowed.contains(k) else {
                throw bad(
                    "unknown field '\(key)' in \(what); expected one of \(allowed.joined(separator: ", "))"
                        + NameSuggestion.hint(for: key.description, in: allowed))
            }
        }
    }

    func string(_ t: LuaTable, _ key: String, in what: String) throws(LuaError) -> String? {
        switch t[LuaString(key)] {
        case .nil: return nil
        case .string(let s):
            if let text = s.string { return text }
            throw bad("field '\(key)' of \(what) is not valid UTF-8")
        default: break
        }
        throw bad("field '\(key)' of \(what) must be a string, got \(t[LuaString(key)].typeName)")
    }

    func strings(_ t: LuaTable, _ key: String, in what: String) throws(LuaError) -> [String] {
        switch t[LuaString(key)] {
        case .nil: return []
        case .table(let list) where list.fields.isEmpty:
            var out: [String] = []
            for v in list.array {
                guard case .string(let s) = v else { throw bad("field '\(key)' of \(what) must be a list of strings") }
                guard let text = s.string else { throw bad("field '\(key)' of \(what) is not valid UTF-8") }
                out.append(text)
            }
            return out
        case let other: throw bad("field '\(key)' of \(what) must be a list of strings, got \(other.typeName)")
        }
    }

    /// Field `key` of `t` as one of an enum's cases, by raw value (lauxlib's
    /// `luaL_checkoption`): nil when the field is absent; any other string
    /// is an error that lists every valid value, in declaration order.
    func option<Option: CaseIterable & RawRepresentable>(
        _ t: LuaTable, _ key: String, in what: String, as _: Option.Type = Option.self
    ) throws(LuaError) -> Option? where Option.RawValue == String {
        guard let text = try string(t, key, in: what) else { return nil }
        guard let value = Option(rawValue: text) else {
            let names = Option.allCases.map(\.rawValue)
            let list =
                names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            throw bad("\(key) must be \(list), got '\(text)'")
        }
        return value
    }

    func table(_ value: LuaValue, what: String) throws(LuaError) -> LuaTable {
        guard case .table(let t) = value else { throw bad("\(what) must be a table, got \(value.typeName)") }
        return t
    }

    // MARK: Views

    static let viewFields = [
        "name", "parent", "state", "reads", "onChange", "environmentObject", "modifiers", "children", "environment",
        "observable", "matchedTransitionSource", "toolbarTransitionSource",
    ]

    /// A view declaration and its parent.
    func view(_ value: LuaValue) throws(LuaError) -> (ViewSpec, parent: String?) {
        let t = try table(value, what: "a view")
        try check(t, allowed: Self.viewFields, what: "a view")
        guard let name = try string(t, "name", in: "a view"), !name.isEmpty, !name.contains(".") else {
            throw bad("a view needs a name without dots, e.g. name = \"ContentView\"")
        }
        var spec = ViewSpec(name: name)
        let what = "view '\(name)'"
        try viewAttributes(t, into: &spec, what: what)
        switch t["modifiers"] {
        case .nil: break
        case .table(let list) where list.fields.isEmpty:
            for m in list.array { spec.modifiers.append(try modifier(m, view: name)) }
        case let other:
            throw bad(
                "field 'modifiers' of \(what) must be a list of sheet{...} or fullScreenCover{...}, got \(other.typeName)"
            )
        }
        switch t["children"] {
        case .nil: break
        case .table(let list) where list.fields.isEmpty:
            for c in list.array { spec.children.append(try view(c).0) }
        case let other: throw bad("field 'children' of \(what) must be a list of views, got \(other.typeName)")
        }
        return (spec, try string(t, "parent", in: what))
    }

    /// A view's fields besides its modifiers and children: apart from
    /// `view(_:)`, which recurses through nested sheets' content, so that
    /// their locals take stack once rather than at every level (debug builds
    /// give each local its own slot).
    func viewAttributes(_ t: LuaTable, into spec: inout ViewSpec, what: String) throws(LuaError) {
        switch t["state"] {
        case .nil: break
        case .table(let state):
            for v in state.array {
                guard case .string(let s) = v, let slot = s.string else {
                    throw bad("state of \(what): list entries must be slot names")
                }
                spec.state.append((slot, .none))
            }
            for (k, v) in state.fields.sorted(by: { $0.key.description < $1.key.description }) {
                guard let slot = k.string else { throw bad("a slot name in the state of \(what) is not valid UTF-8") }
                do {
                    spec.state.append((slot, try ValueBridge.value(v)))
                } catch {
                    throw bad("state '\(k)' of \(what): \(error)")
                }
            }
        case let other: throw bad("field 'state' of \(what) must be a table, got \(other.typeName)")
        }
        spec.bodyReads = Set(try strings(t, "reads", in: what))
        spec.environmentObjects = try strings(t, "environmentObject", in: what)
        spec.environmentValues = try valueTable(t, "environment", in: what)
        for (slot, model) in try valueTable(t, "observable", in: what) {
            guard case .string(let type) = model else {
                throw bad(
                    "observable.\(slot) of \(what) must be the model's type name, e.g. observable = { count = \"Model\" }"
                )
            }
            spec.observableProperties[slot] = type
        }
        spec.transitionSources =
            try transitionSources(t["matchedTransitionSource"], in: what)
            + oneOrMore(t, "toolbarTransitionSource", in: what).map { TransitionSource($0, toolbarItem: true) }
        spec.onChange = try onChange(t["onChange"], view: spec.name)
    }

    /// `matchedTransitionSource = "photo"`, a list, or `{ id = "photo", after = "drawingGroup" }`
    /// (the mark applied after a modifier that hides the view from the zoom, B52), or a list of those.
    func transitionSources(_ value: LuaValue, in what: String) throws(LuaError) -> [TransitionSource] {
        func one(_ v: LuaValue) throws(LuaError) -> TransitionSource {
            switch v {
            case .string(let s): return TransitionSource(s.string ?? "\(s)")
            case .table(let m) where m.array.isEmpty:
                try check(m, allowed: ["id", "after"], what: "matchedTransitionSource of \(what)")
                guard let id = try string(m, "id", in: "matchedTransitionSource") else {
                    throw bad("matchedTransitionSource of \(what) needs an id, { id = \"photo\" }")
                }
                return TransitionSource(
                    id, after: try option(m, "after", in: "matchedTransitionSource", as: SourceWrapper.self))
            case let other:
                throw bad(
                    "matchedTransitionSource of \(what) must be an id or { id = ..., after = ... }, got \(other.typeName)"
                )
            }
        }
        switch value {
        case .nil: return []
        case .table(let list) where list.fields.isEmpty:
            var out: [TransitionSource] = []
            for v in list.array { out.append(try one(v)) }
            return out
        default: return [try one(value)]
        }
    }

    /// A string or a list of strings.
    func oneOrMore(_ t: LuaTable, _ key: String, in what: String) throws(LuaError) -> [String] {
        if case .string = t[LuaString(key)], let one = try string(t, key, in: what) { return [one] }
        return try strings(t, key, in: what)
    }

    /// A table of named values: `environment = { controlSize = "large" }`.
    func valueTable(_ t: LuaTable, _ key: String, in what: String) throws(LuaError) -> [String: Value] {
        switch t[LuaString(key)] {
        case .nil: return [:]
        case .table(let fields) where fields.array.isEmpty:
            var out: [String: Value] = [:]
            for (k, v) in fields.fields {
                guard let name = k.string else { throw bad("field '\(key)' of \(what) must have string keys") }
                do { out[name] = try ValueBridge.value(v) } catch { throw bad("\(key).\(name) of \(what): \(error)") }
            }
            return out
        case let other:
            throw bad("field '\(key)' of \(what) must be a table of named values, got \(other.typeName)")
        }
    }

    func onChange(_ value: LuaValue, view: String) throws(LuaError) -> [ChangeObserver] {
        switch value {
        case .nil: return []
        case .table(let t):
            var out: [ChangeObserver] = []
            for v in t.array {
                guard case .string(let s) = v, let slot = s.string else {
                    throw bad("onChange entries must be slot names")
                }
                out.append(ChangeObserver(slot: slot))
            }
            for (k, v) in t.fields.sorted(by: { $0.key.description < $1.key.description }) {
                guard case .function(let f) = v, let slot = k.string else {
                    throw bad("onChange.\(k) must be a function")
                }
                out.append(ChangeObserver(slot: slot, action: action(f, passing: StateRef(view: view, slot: slot))))
            }
            return out
        default: throw bad("field 'onChange' of view '\(view)' must be a table")
        }
    }

    // MARK: Modifiers

    static let modifierFields = ["kind", "isPresented", "item", "onDismiss", "content", "attach", "toolbarItem"]

    func modifier(_ value: LuaValue, view: String) throws(LuaError) -> PresentationModifier {
        let t = try table(value, what: "a modifier")
        try check(t, allowed: Self.modifierFields, what: "a modifier")
        guard let kindName = try string(t, "kind", in: "a modifier"), let kind = PresentationKind(rawValue: kindName)
        else {
            throw bad("modifiers are built with sheet{...}, fullScreenCover{...} or popover{...}")
        }
        let flag = try string(t, "isPresented", in: kindName)
        let item = try string(t, "item", in: kindName)
        let trigger: PresentationTrigger
        switch (flag, item) {
        case (let f?, nil): trigger = .isPresented(SlotPath.ref(f, defaultView: view))
        case (nil, let i?): trigger = .item(SlotPath.ref(i, defaultView: view))
        default: throw bad("\(kindName){...} needs exactly one of isPresented = \"slot\" or item = \"slot\"")
        }
        let attachment: Attachment
        switch (try string(t, "attach", in: kindName), try string(t, "toolbarItem", in: kindName)) {
        case (nil, nil): attachment = .view
        case (let host?, nil): attachment = .emptyView(host)
        case (nil, let item?): attachment = .toolbarItem(item)
        default: throw bad("\(kindName){...} is on an EmptyView (attach) or a toolbar item (toolbarItem), not both")
        }
        var onDismiss: EngineAction?
        switch t["onDismiss"] {
        case .nil: break
        case .function(let f): onDismiss = action(f)
        case let other: throw bad("onDismiss must be a function, got \(other.typeName)")
        }
        var modifier = PresentationModifier(
            kind: kind, trigger: trigger, attachment: attachment, onDismiss: onDismiss,
            content: try contentBuilder(t["content"]))
        if case .string = t["content"] { modifier.contentIsFixed = true }
        return modifier
    }

    /// What app code declared in Lua throws when it runs after its session
    /// is gone (an app kept longer than the session). The session keeps the
    /// app, so the closures hold the session weakly: a strong hold was a
    /// cycle that leaked every session with its views.
    static let sessionGone = LuaError(.runtime, "the session that declared this view is gone")

    /// App code as an engine action: the Lua function runs under the call budget.
    func action(_ f: LuaFunction, passing ref: StateRef? = nil) -> EngineAction {
        { [weak session] app in
            guard let session else { throw Self.sessionGone }
            let args = ref.map { [ValueBridge.lua(app.value($0) ?? .none)] } ?? []
            _ = try session.runtime.call(f, args, budgetMilliseconds: nil)
        }
    }

    // MARK: Content

    func contentBuilder(_ value: LuaValue) throws(LuaError) -> ContentBuilder? {
        switch value {
        case .nil:
            return nil
        case .function(let f):
            return { [weak session] ctx in
                guard let session else { throw Self.sessionGone }
                let result = try session.evaluateContent(f, ctx)
                return try ViewDeclaration(session: session, function: "content").content(
                    result, presenter: ctx.presenter)
            }
        case .string, .table:
            // Checked now, where the modifier is written; built when presented,
            // once the presenter (and the slot a selection names) exists.
            _ = try content(value, presenter: nil)
            return { [weak session] ctx in
                guard let session else { throw Self.sessionGone }
                return try ViewDeclaration(session: session, function: "content").content(
                    value, presenter: ctx.presenter)
            }
        default:
            throw bad("content must be a function, a string or a table, got \(value.typeName)")
        }
    }

    static let contentFields = [
        "text", "view", "presentationDetents", "selection", "placement", "interactiveDismissDisabled",
        "dismissDisabledPlacement", "backgroundInteraction", "compactAdaptation", "environmentObject", "uses",
        "onAppear", "onDisappear", "presentationSizing", "fittedHeight", "navigationTransition",
        "presentationPlacement", "sticky", "textField", "buttons",
    ]

    /// What a content function returned. `presenter` is the view whose
    /// modifier presents it; nil only to check a content table's shape.
    func content(_ value: LuaValue, presenter: String?) throws(LuaError) -> SheetContent {
        if case .string(let s) = value { return SheetContent(text: s.string ?? "\(s)") }
        if value.isNil { return SheetContent() }
        let t = try table(value, what: "content")
        try check(t, allowed: Self.contentFields, what: "content")
        var c = SheetContent(text: try string(t, "text", in: "content") ?? "")
        if !t["view"].isNil { c.view = try view(t["view"]).0 }
        try contentOptions(t, into: &c, presenter: presenter)
        return c
    }

    /// The fields of a content table besides `text` and `view`. Apart from
    /// `content(_:presenter:)` because that one recurses (content -> view ->
    /// modifier -> content): in a debug build every local of a function has
    /// its own stack slot, so what is read here would otherwise be paid for
    /// again at each level of nested sheets.
    func contentOptions(_ t: LuaTable, into c: inout SheetContent, presenter: String?) throws(LuaError) {
        let detentTexts = try strings(t, "presentationDetents", in: "content")
        if !detentTexts.isEmpty || !t["presentationDetents"].isNil {
            var detents: [Detent] = []
            for text in detentTexts {
                do { detents.append(try Detent(parsing: text)) } catch { throw bad("\(error)") }
            }
            let placement = try option(t, "placement", in: "content") ?? DetentsPlacement.root
            var selection: StateRef?
            if let path = try string(t, "selection", in: "content"), let presenter {
                // As with isPresented, item and c.binding, a bare name is the presenter's slot.
                let own = StateRef(view: presenter, slot: path)
                if !path.contains("."), session.app.value(own) != nil {
                    selection = own
                } else {
                    do { selection = try SlotPath.resolve(path, in: session.app) } catch {
                        throw bad("selection: \(error)")
                    }
                }
            }
            c.detents = DetentsModifier(detents, selection: selection, placement: placement)
        } else {
            for key in ["selection", "placement"] where !t[LuaString(key)].isNil {
                throw bad("'\(key)' belongs with presentationDetents, which this content does not give")
            }
        }
        switch t["interactiveDismissDisabled"] {
        case .nil: break
        case .boolean(let b): c.interactiveDismissDisabled = b
        case let other: throw bad("interactiveDismissDisabled must be a boolean, got \(other.typeName)")
        }
        if let text = try string(t, "backgroundInteraction", in: "content") {
            do { c.backgroundInteractionUpThrough = try Detent(parsing: text) } catch {
                throw bad("backgroundInteraction: \(error)")
            }
        }
        if let a = try option(t, "compactAdaptation", in: "content", as: CompactAdaptation.self) {
            c.compactAdaptation = a
        }
        if let p = try option(t, "dismissDisabledPlacement", in: "content", as: DetentsPlacement.self) {
            c.interactiveDismissDisabledPlacement = p
        }
        if let s = try option(t, "presentationSizing", in: "content", as: PresentationSizing.self) { c.sizing = s }
        switch t["fittedHeight"] {
        case .nil: break
        case .number(let h) where h.isFinite && h >= 0: c.fittedHeight = h
        case .integer(let h) where h >= 0: c.fittedHeight = Double(h)
        case let other: throw bad("fittedHeight must be a number of points >= 0, got \(other)")
        }
        try interactionOptions(t, into: &c)
        if !t["navigationTransition"].isNil { c.transition = try transition(t["navigationTransition"]) }
        if let p = try option(t, "presentationPlacement", in: "content", as: PresentationPlacement.self) {
            c.placement = p
        }
        c.environmentObjects = try strings(t, "environmentObject", in: "content")
        c.usesEnvironmentObjects = try strings(t, "uses", in: "content")
        switch t["onAppear"] {
        case .nil: break
        case .function(let f): c.onAppear = action(f)
        case let other: throw bad("onAppear must be a function, got \(other.typeName)")
        }
        switch t["onDisappear"] {
        case .nil: break
        case .function(let f): c.onDisappear = action(f)
        case let other: throw bad("onDisappear must be a function, got \(other.typeName)")
        }
    }

    /// `sticky` (B47), `textField` (B48) and `buttons` (B51) of a content table.
    func interactionOptions(_ t: LuaTable, into c: inout SheetContent) throws(LuaError) {
        switch t["sticky"] {
        case .nil: break
        case .table(let axes) where axes.array.isEmpty:
            for (k, v) in axes.fields {
                guard case .boolean(let on) = v else { throw bad("sticky.\(k) must be a boolean, got \(v.typeName)") }
                switch k.string {
                case "vertical": c.stickyVertical = on
                case "horizontal" where !on: break
                case "horizontal":
                    throw bad(
                        "sticky{ horizontal = true } needs the content's width, which SheetLab does not model; use sticky = { vertical = true } (B47)"
                    )
                default: throw bad("sticky has the fields vertical and horizontal, got '\(k)'")
                }
            }
        case let other: throw bad("sticky must be a table like { vertical = true }, got \(other.typeName)")
        }
        switch t["textField"] {
        case .nil: break
        case .boolean(let b): c.hasTextField = b
        case let other: throw bad("textField must be a boolean, got \(other.typeName)")
        }
        switch t["buttons"] {
        case .nil: break
        case .table(let buttons) where buttons.array.isEmpty:
            for (k, v) in buttons.fields.sorted(by: { $0.key.description < $1.key.description }) {
                guard let label = k.string else { throw bad("a button label in buttons is not valid UTF-8") }
                guard case .function(let f) = v else {
                    throw bad("buttons.\(label) must be the button's action, a function, got \(v.typeName)")
                }
                c.buttons.append(ContentButton(label: label, action: action(f)))
            }
        case let other:
            throw bad(
                "buttons must be a table of actions, buttons = { Buy = function() ... end }, got \(other.typeName)")
        }
    }

    /// `navigationTransition = "crossFade"` or `zoom{ source = "x" }` (B38, B45).
    func transition(_ value: LuaValue) throws(LuaError) -> SheetTransition {
        switch value {
        case .string(let s) where s.string == "crossFade": return .crossFade
        case .string(let s) where s.string == "automatic": return .standard
        case .table(let t):
            try check(t, allowed: ["transition", "source"], what: "zoom{...}")
            guard try string(t, "transition", in: "zoom{...}") == "zoom",
                let source = try string(t, "source", in: "zoom{...}"), !source.isEmpty
            else { throw bad("a zoom transition is zoom{ source = \"id\" }, naming a matchedTransitionSource") }
            return .zoom(source: source)
        default:
            throw bad(
                "navigationTransition must be \"crossFade\", \"automatic\" or zoom{ source = \"id\" }, got \(value)")
        }
    }
}
