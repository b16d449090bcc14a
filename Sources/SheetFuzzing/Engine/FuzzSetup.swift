/// A random app for the engine fuzzer: `view { ... }` declarations as Lua
/// source (so a counterexample can quote them), and what they contain that
/// decides which invariants stock SwiftUI keeps.
public struct FuzzSetup: Sendable {
    /// The declarations, ready for `Session.evaluate` and for a counterexample.
    public var source: String
    /// What the declarations contain.
    public var features: Features

    /// What a set-up contains, as far as the invariants care.
    public struct Features: Sendable, Hashable {
        /// A presenter (the root window, or a presentation's content) with
        /// more than one modifier: stock SwiftUI ignores the second request
        /// and leaves its binding set (B05).
        public var sharedPresenter = false
        /// A modifier attached to an `EmptyView`: it never fires from iOS 15 (B11).
        public var emptyViewHost = false
        /// An `item:` modifier attached to an `EmptyView`: `one_presenter` (P04)
        /// presents its first item, but a second one is ignored (B05) where
        /// stock would replace it (B04), so its binding disagrees.
        public var emptyViewItem = false
        /// A modifier inside presented content whose binding starts set: it
        /// asks to present in the update its presenter appears in, which is
        /// blocked on 16.0-18.3 with its binding left set (B35).
        public var restoredNested = false
        /// App code (`onDismiss`) that asks for another presentation.
        public var chainedPresentations = false
        /// Content that uses the `custom(bar)` detent (P03).
        public var customDetent = false
        /// How many modifiers, content views included.
        public var modifiers = 0
    }
}

/// Builds random set-ups: one or two root views with children, sheets,
/// covers and popovers with `isPresented:` and `item:` bindings, zoom and
/// cross-fade transitions, sizing and placement, content as text, tables
/// and functions, nested content views with modifiers of their own, detents
/// with selection bindings, `EmptyView` attachments, counters that bodies and
/// content read, and app code in `onDismiss`, `onChange` and `onAppear`.
///
/// Names are unique (`V1`, `C1`; bindings `b1`, selections `d1`, counters
/// `n`), and every slot is written qualified (`"V1.b1"`) so the source
/// reads the same wherever it is evaluated.
struct SetupGenerator {
    var rng: FuzzRandom
    private var views = 0
    private var contentViews = 0
    private var slots = 0
    private var features = FuzzSetup.Features()
    /// Bindings of the root group, as `(slot path, isItem)`: targets for chained presentations.
    private var rootBindings: [(String, Bool)] = []
    /// Modifiers per presenter group, to spot B05 set-ups.
    private var groupModifiers: [Int: Int] = [:]
    private var groups = 0

    init(rng: FuzzRandom) {
        self.rng = rng
    }

    static let detentChoices = [
        "medium", "large", "fraction(0.25)", "height(200)", "custom(bar)", "height(2000)", "fraction(1.5)",
    ]

    /// A whole set-up.
    mutating func make() -> FuzzSetup {
        var lines: [String] = []
        for _ in 0..<rng.int(in: 1...2) {
            lines.append("view " + view(group: 0, depth: 0, indent: "", allowChildren: true, isContent: false))
        }
        features.sharedPresenter = groupModifiers.values.contains { $0 > 1 }
        return FuzzSetup(source: lines.joined(separator: "\n") + "\n", features: features)
    }

    private mutating func nextSlot(_ prefix: String) -> String {
        slots += 1
        return "\(prefix)\(slots)"
    }

    /// A view table. `group` names the presenter its modifiers present from.
    private mutating func view(group: Int, depth: Int, indent: String, allowChildren: Bool, isContent: Bool) -> String {
        let name: String
        if isContent {
            contentViews += 1
            name = "C\(contentViews)"
        } else {
            views += 1
            name = "V\(views)"
        }
        let inner = indent + "  "
        var state: [String] = []
        var fields: [String] = ["name = \"\(name)\""]
        // The source of zoom transitions (B38), and a control size sheets on 27 do not inherit (B43).
        if !isContent, rng.chance(0.3) { fields.append("matchedTransitionSource = \"photo\"") }
        if rng.chance(0.1) { fields.append("environment = { controlSize = \"large\" }") }
        let hasCounter = rng.chance(0.5)
        if hasCounter {
            state.append("n = 0")
            if rng.chance(0.5) { fields.append("reads = { \"n\" }") }
            if rng.chance(0.15) {
                state.append("m = 0")
                fields.append("onChange = { n = function(v) set(\"\(name).m\", (get(\"\(name).m\") or 0) + 1) end }")
            }
        }
        var modifiers: [String] = []
        let count = rng.pick([0, 1, 1, 1, 2, 2])
        for _ in 0..<count {
            let (modifier, slotDeclarations) = self.modifier(
                view: name, group: group, depth: depth, indent: inner + "  ", hasCounter: hasCounter)
            modifiers.append(modifier)
            state += slotDeclarations
        }
        if !state.isEmpty { fields.append("state = { \(state.joined(separator: ", ")) }") }
        if !modifiers.isEmpty {
            fields.append(
                "modifiers = {\n" + modifiers.map { inner + "  " + $0 + "," }.joined(separator: "\n") + "\n\(inner)}")
        }
        if allowChildren, depth < 2, rng.chance(0.5) {
            var children: [String] = []
            for _ in 0..<rng.int(in: 1...2) {
                children.append(
                    view(group: group, depth: depth + 1, indent: inner + "  ", allowChildren: true, isContent: false))
            }
            fields.append(
                "children = {\n" + children.map { inner + "  " + $0 + "," }.joined(separator: "\n") + "\n\(inner)}")
        }
        return "{\n" + fields.map { inner + $0 + "," }.joined(separator: "\n") + "\n\(indent)}"
    }

    /// A `sheet{...}` or `fullScreenCover{...}` and the slots it needs on its view.
    private mutating func modifier(view: String, group: Int, depth: Int, indent: String, hasCounter: Bool)
        -> (String, [String])
    {
        features.modifiers += 1
        groupModifiers[group, default: 0] += 1
        let kind = rng.chance(0.7) ? "sheet" : rng.chance(0.8) ? "fullScreenCover" : "popover"
        let isItem = rng.chance(0.5)
        let binding = nextSlot("b")
        var slotDeclarations: [String] = []
        var fields: [String] = []
        let startsSet = rng.chance(0.1)
        if isItem {
            slotDeclarations.append(startsSet ? "\(binding) = { id = 0 }" : "\"\(binding)\"")
            fields.append("item = \"\(binding)\"")
        } else {
            slotDeclarations.append("\(binding) = \(startsSet ? "true" : "false")")
            fields.append("isPresented = \"\(binding)\"")
        }
        if startsSet, group != 0 { features.restoredNested = true }
        if group == 0 { rootBindings.append(("\(view).\(binding)", isItem)) }
        if rng.chance(0.15) {
            features.emptyViewHost = true
            if isItem { features.emptyViewItem = true }
            fields.append("attach = \"\(rng.pick(["EmptyView", "Host2"]))\"")
        }
        if rng.chance(0.25) {
            fields.append("onDismiss = " + onDismiss(view: view, hasCounter: hasCounter))
        }
        let (content, selection) = self.content(
            view: view, isItem: isItem, kind: kind, depth: depth, indent: indent, hasCounter: hasCounter)
        if let selection { slotDeclarations.append(selection) }
        fields.append("content = " + content)
        return ("\(kind) { " + fields.joined(separator: ", ") + " }", slotDeclarations)
    }

    private mutating func onDismiss(view: String, hasCounter: Bool) -> String {
        if !rootBindings.isEmpty, rng.chance(0.4) {
            // Seed 001's "dismiss one, then present another" from app code.
            features.chainedPresentations = true
            let (path, isItem) = rng.pick(rootBindings)
            return "function() set(\"\(path)\", \(isItem ? "{ id = \(rng.below(3)) }" : "true")) end"
        }
        if hasCounter { return "function() set(\"\(view).n\", get(\"\(view).n\") + 1) end" }
        return "function() end"
    }

    /// Content as text, a table or a function; and the selection slot it binds, if any.
    private mutating func content(
        view: String, isItem: Bool, kind: String, depth: Int, indent: String, hasCounter: Bool
    )
        -> (String, String?)
    {
        let text = isItem ? "\"item \" .. tostring(c.item.id)" : "\"\(kind) of \(view)\""
        switch rng.below(5) {
        case 0:
            return ("\"\(kind) of \(view)\"", nil)
        case 1:
            let (fields, selection) = contentFields(
                view: view, text: "\"\(kind) of \(view)\"", depth: depth, indent: indent, hasCounter: false)
            return ("{ " + fields.joined(separator: ", ") + " }", selection)
        default:
            var shown = text
            if hasCounter {
                // B13: the captured counter; B14: the live one through a binding.
                shown +=
                    rng.chance(0.5) ? " .. \" n=\" .. tostring(c.state.n)" : " .. \" n=\" .. tostring(c.binding(\"n\"))"
            }
            let (fields, selection) = contentFields(
                view: view, text: shown, depth: depth, indent: indent, hasCounter: hasCounter)
            return ("function(c) return { " + fields.joined(separator: ", ") + " } end", selection)
        }
    }

    private mutating func contentFields(view: String, text: String, depth: Int, indent: String, hasCounter: Bool)
        -> ([String], String?)
    {
        var fields = ["text = \(text)"]
        var selection: String?
        if rng.chance(0.6) {
            var detents: [String] = []
            for d in Self.detentChoices where rng.chance(0.35) { detents.append(d) }
            if detents.isEmpty { detents = [rng.pick(Self.detentChoices)] }
            if detents.contains("custom(bar)") { features.customDetent = true }
            fields.append("presentationDetents = { " + detents.map { "\"\($0)\"" }.joined(separator: ", ") + " }")
            if rng.chance(0.5) {
                let slot = nextSlot("d")
                let initial = rng.pick(["nil", "\"medium\"", "\"large\"", "\"height(200)\"", "\"fraction(0.9)\""])
                selection = initial == "nil" ? "\"\(slot)\"" : "\(slot) = \(initial)"
                fields.append("selection = \"\(view).\(slot)\"")
            }
            if rng.chance(0.1) {
                fields.append("placement = \"\(rng.pick(["container", "navigationStack", "notLoaded"]))\"")
            }
        }
        if rng.chance(0.15) {
            fields.append("interactiveDismissDisabled = true")
            // B33: below the root it has no effect from 18.
            if rng.chance(0.3) { fields.append("dismissDisabledPlacement = \"navigationStack\"") }
        }
        // iOS 18-27 (B30, B38, B39, B44, B45, B46): sizing, transitions, placement.
        if rng.chance(0.1) {
            fields.append("presentationSizing = \"\(rng.pick(["form", "page", "fitted"]))\", fittedHeight = 300")
        }
        if rng.chance(0.1) {
            fields.append("navigationTransition = " + rng.pick(["zoom { source = \"photo\" }", "\"crossFade\""]))
        }
        if rng.chance(0.05) { fields.append("presentationPlacement = \"\(rng.pick(["leading", "trailing"]))\"") }
        if hasCounter, rng.chance(0.1) {
            fields.append("onDisappear = function() set(\"\(view).n\", get(\"\(view).n\") + 1) end")
        }
        if rng.chance(0.15) {
            fields.append("backgroundInteraction = \"\(rng.pick(["medium", "height(200)", "large"]))\"")
        }
        if rng.chance(0.15) { fields.append("compactAdaptation = \"\(rng.pick(["sheet", "sheet", "fullScreen"]))\"") }
        if hasCounter, rng.chance(0.1) {
            fields.append("onAppear = function() set(\"\(view).n\", get(\"\(view).n\") + 1) end")
        }
        if depth < 2, rng.chance(0.35) {
            groups += 1
            fields.append(
                "view = "
                    + self.view(group: groups, depth: depth + 1, indent: indent, allowChildren: true, isContent: true))
        }
        return (fields, selection)
    }
}
