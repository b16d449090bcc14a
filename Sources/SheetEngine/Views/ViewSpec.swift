/// Code the simulated app runs: a button's action, `onDismiss`, `onChange`,
/// `onAppear`. It drives the app through the same API a user does (set
/// state, dismiss); the engine applies what it asks after the current step.
/// A thrown error becomes an error event on the timeline.
public typealias EngineAction = (SheetApp) throws -> Void

/// The declaration of a view: what a SwiftUI `View` struct and its `body`
/// say about state and presentation.
public struct ViewSpec {
    /// A unique name, for example `ContentView`.
    public var name: String
    /// Initial values of its `@State` slots.
    public var state: [(String, Value)]
    /// Slots that `body` reads outside any sheet content (B13).
    public var bodyReads: Set<String>
    /// `.onChange(of:)` observers; observing a slot makes `body` depend on it (B14).
    public var onChange: [ChangeObserver]
    /// Presentation modifiers in the order they are applied (B10).
    public var modifiers: [PresentationModifier]
    /// Environment object types this view provides to its subtree (B16).
    public var environmentObjects: [String]
    /// Environment values this view sets for its subtree, e.g. `controlSize` (B43).
    public var environmentValues: [String: Value]
    /// Slots that are properties of an `@Observable` model, by the model's
    /// type name: `_printChanges` names them by key path on 18+ (B15).
    public var observableProperties: [String: String]
    /// `.matchedTransitionSource(id:in:)` marks on this view or its toolbar items (B38).
    public var transitionSources: [TransitionSource]
    /// Child views.
    public var children: [ViewSpec]

    public init(
        name: String, state: [(String, Value)] = [], bodyReads: Set<String> = [],
        onChange: [ChangeObserver] = [], modifiers: [PresentationModifier] = [],
        environmentObjects: [String] = [], children: [ViewSpec] = [], environmentValues: [String: Value] = [:],
        observableProperties: [String: String] = [:], transitionSources: [TransitionSource] = []
    ) {
        self.name = name
        self.state = state
        self.bodyReads = bodyReads
        self.onChange = onChange
        self.modifiers = modifiers
        self.environmentObjects = environmentObjects
        self.environmentValues = environmentValues
        self.observableProperties = observableProperties
        self.transitionSources = transitionSources
        self.children = children
    }
}

/// `.onChange(of: slot) { ... }`. Equal when they observe the same slot
/// (code is not compared).
public struct ChangeObserver: Hashable {
    /// The observed slot, and what runs when it changes (nothing by default).
    public var slot: String
    @Uncompared public var action: EngineAction?

    /// `.onChange(of: slot) { action }`.
    public init(slot: String, action: EngineAction? = nil) {
        self.slot = slot
        self.action = action
    }
}

/// `sheet`, `fullScreenCover` or `popover`.
public enum PresentationKind: String, Sendable, Hashable, Codable, CaseIterable {
    case sheet
    case fullScreenCover
    /// `.popover(isPresented:)`: a popover in regular width, a sheet in compact width (B40).
    case popover
}

/// What drives a presentation modifier: a Boolean or an optional item binding.
public enum PresentationTrigger: Hashable, Sendable {
    /// `isPresented: $flag`.
    case isPresented(StateRef)
    /// `item: $item`.
    case item(StateRef)

    /// The slot the binding points at.
    public var binding: StateRef {
        switch self {
        case .isPresented(let ref), .item(let ref): return ref
        }
    }

    /// Whether it is an `item:` binding.
    public var isItem: Bool {
        if case .item = self { return true }
        return false
    }

    /// What the binding holds when it asks for nothing: `nil` for an item, `false` for a flag.
    public var emptyValue: Value { isItem ? .none : .bool(false) }

    /// What the binding holds while it asks for `item`: the item, or `true` for a flag.
    public func value(for item: Value) -> Value { isItem ? item : .bool(true) }
}

/// Where a presentation modifier is attached (B11).
public enum Attachment: Hashable, Sendable {
    /// On the view itself.
    case view
    /// On a separate `EmptyView` in a `ZStack` beside the view; the name tells
    /// several such hosts apart.
    case emptyView(String)
    /// On a toolbar item of the view, by the item's name (B38, B40).
    case toolbarItem(String)
}

/// Builds what a sheet shows. Called when the sheet is presented and whenever
/// what it captured changes; a thrown error becomes an error event.
public typealias ContentBuilder = (ContentContext) throws -> SheetContent

/// `sheet(isPresented:onDismiss:content:)`, `sheet(item:)`,
/// `fullScreenCover(isPresented:)`, `fullScreenCover(item:)`. Equal when
/// declared alike (code is not compared).
public struct PresentationModifier: Hashable {
    public let kind: PresentationKind
    /// The binding that drives it.
    public let trigger: PresentationTrigger
    /// Where it is attached (B11).
    public var attachment: Attachment
    /// Runs when a dismissal has finished, after the binding is cleared (B02).
    @Uncompared public var onDismiss: EngineAction?
    /// What the presentation shows; nil shows nothing in particular.
    public var content: ContentBuilder? {
        get { builder.build }
        set { builder = UncomparedBuilder(build: newValue) }
    }
    private var builder: UncomparedBuilder
    /// Whether `content` always builds the same thing and reads nothing (a
    /// fixed text): then it is no code that could read the world, for
    /// `check`'s sleep sets (`SheetApp.stepsMayReadEverything`).
    public var contentIsFixed = false

    public init(
        kind: PresentationKind, trigger: PresentationTrigger, attachment: Attachment = .view,
        onDismiss: EngineAction? = nil, content: ContentBuilder? = nil
    ) {
        self.kind = kind
        self.trigger = trigger
        self.attachment = attachment
        self.onDismiss = onDismiss
        self.builder = UncomparedBuilder(build: content)
        self.signature = "\(kind.rawValue)(\(trigger.isItem ? "item" : "isPresented"):)"
    }

    /// `sheet(isPresented:)` as written in SwiftUI, for events.
    public let signature: String
}

/// A content closure, not compared (code is not). Held at its own type: in
/// `Uncompared`, a generic, it was stored as a generic function, and each
/// evaluation went through three thunks that each moved the built content
/// (about 100 instructions an evaluation).
private struct UncomparedBuilder: Hashable {
    let build: ContentBuilder?

    static func == (a: Self, b: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// Where `.presentationDetents` is applied inside the sheet content (B21).
public enum DetentsPlacement: String, Sendable, Hashable, Codable, CaseIterable {
    /// On the content's root view: takes effect.
    case root
    /// Inside a plain container such as `VStack`: takes effect.
    case container
    /// Inside a `NavigationStack`: has no effect.
    case navigationStack
    /// On a view that is not loaded when the sheet is presented: has no effect.
    case notLoaded

    /// Whether detents applied here take effect (B21).
    public var takesEffect: Bool { self == .root || self == .container }
}

/// `.presentationDetents(_:selection:)` inside sheet content.
public struct DetentsModifier: Hashable, Sendable {
    /// The detents, in the order given (the set is unordered for SwiftUI; the
    /// order only keeps the timeline stable).
    public var detents: [Detent]
    /// The selection binding, if any (B23, B24).
    public var selection: StateRef?
    /// Where the modifier is applied (B21).
    public var placement: DetentsPlacement

    public init(_ detents: [Detent], selection: StateRef? = nil, placement: DetentsPlacement = .root) {
        var unique: [Detent] = []
        for d in detents where !unique.contains(d) { unique.append(d) }
        self.detents = unique
        self.selection = selection
        self.placement = placement
    }
}

/// What a sheet's content closure returns. Equal when it shows the same
/// (the content view's declaration and code are not compared: the view,
/// once inserted, is compared as a view).
public struct SheetContent: Hashable {
    /// What the sheet shows, for example `表示中`.
    public var text: String
    /// A view inside the sheet, with its own state and modifiers (for nested
    /// presentations, B05, B06).
    @Uncompared public var view: ViewSpec?
    /// `.presentationDetents(_:selection:)`, if the content applies it.
    public var detents: DetentsModifier?
    /// `.interactiveDismissDisabled()` (B08).
    public var interactiveDismissDisabled: Bool
    /// `.presentationBackgroundInteraction(.enabled(upThrough:))` (B27).
    public var backgroundInteractionUpThrough: Detent?
    /// `.presentationCompactAdaptation(_:)` (B20, B39).
    public var compactAdaptation: CompactAdaptation
    /// Environment object types the content uses (B16).
    public var usesEnvironmentObjects: [String]
    /// Environment object types passed explicitly with `.environmentObject(_:)` (B16).
    public var environmentObjects: [String]
    /// `.onAppear`: runs when the present transition ends.
    @Uncompared public var onAppear: EngineAction?
    /// `.onDisappear`: runs when the dismiss transition ends (B46).
    @Uncompared public var onDisappear: EngineAction?
    /// `.presentationSizing(_:)` (B30); nil: the default of the OS.
    public var sizing: PresentationSizing?
    /// The height the content asks for, for `.fitted` sizing (B30).
    public var fittedHeight: Double?
    /// `.sticky(vertical: true)` on the sizing (B47, 18+): the form sheet grows with `fittedHeight`
    /// (the content's height) and keeps its largest height when it shrinks.
    public var stickyVertical = false
    /// Buttons in the content, by label, that a drag can start on (B51).
    public var buttons: [ContentButton] = []
    /// Whether the content has a text field the user can focus (B48).
    public var hasTextField = false
    /// Where `.interactiveDismissDisabled()` is applied (B33): like detents (B21).
    public var interactiveDismissDisabledPlacement: DetentsPlacement
    /// `.navigationTransition(_:)` (B38, B45).
    public var transition: SheetTransition
    /// `.presentationPlacement(_:)` (B44); nil: not given.
    public var placement: PresentationPlacement?

    /// `.presentationCompactAdaptation(.sheet)`: stay a sheet in compact height (B20).
    public var staysSheetInCompactHeight: Bool {
        get { compactAdaptation == .sheet }
        set { compactAdaptation = newValue ? .sheet : .automatic }
    }
}

extension SheetContent {
    public init(
        text: String = "", view: ViewSpec? = nil, detents: DetentsModifier? = nil,
        interactiveDismissDisabled: Bool = false, backgroundInteractionUpThrough: Detent? = nil,
        staysSheetInCompactHeight: Bool = false, usesEnvironmentObjects: [String] = [],
        environmentObjects: [String] = [], onAppear: EngineAction? = nil, onDisappear: EngineAction? = nil,
        sizing: PresentationSizing? = nil, fittedHeight: Double? = nil,
        interactiveDismissDisabledPlacement: DetentsPlacement = .root, transition: SheetTransition = .standard,
        placement: PresentationPlacement? = nil, compactAdaptation: CompactAdaptation? = nil
    ) {
        // The memberwise init builds the value where it goes; assignments here made a copy and destroyed the original.
        self.init(
            text: text, view: view, detents: detents, interactiveDismissDisabled: interactiveDismissDisabled,
            backgroundInteractionUpThrough: backgroundInteractionUpThrough,
            compactAdaptation: compactAdaptation ?? (staysSheetInCompactHeight ? .sheet : .automatic),
            usesEnvironmentObjects: usesEnvironmentObjects, environmentObjects: environmentObjects,
            onAppear: onAppear, onDisappear: onDisappear, sizing: sizing, fittedHeight: fittedHeight,
            stickyVertical: false, buttons: [], hasTextField: false,
            interactiveDismissDisabledPlacement: interactiveDismissDisabledPlacement, transition: transition,
            placement: placement)
    }
}

/// What a content closure can see.
///
/// `state(_:)` returns the presenter's `@State` as captured at its last
/// `body` evaluation, which can be stale. B14: `item` is passed fresh, and
/// `binding(_:)` reads the live value (a `Binding` passed to a child view)
/// and makes the content update when it changes.
///
/// A value: the bindings it reads are noted by the app, so an evaluation
/// allocates no object for its context (a class's allocation and release
/// cost about 400 instructions an evaluation).
public struct ContentContext {
    /// The item of a `sheet(item:)` presentation.
    public let item: Value
    /// The current detent of the presentation, if it has one.
    public let detent: Detent?
    let declaration: DeclaredView
    let captured: [Value]
    unowned let app: SheetApp

    init(item: Value, detent: Detent?, declaration: DeclaredView, captured: [Value], app: SheetApp) {
        self.item = item
        self.detent = detent
        self.declaration = declaration
        self.captured = captured
        self.app = app
    }

    /// The view whose modifier presents this content.
    public var presenter: String { declaration.name }

    /// The presenter's state as its last `body` evaluation captured it (B13), by slot name.
    public var capturedState: [String: Value] {
        var out: [String: Value] = [:]
        for (i, name) in declaration.slotNames.enumerated() { out[name] = captured[i] }
        return out
    }

    /// The presenter's state as captured by its last `body` evaluation (B13).
    public func state(_ slot: String) -> Value { declaration.slotIndex[slot].map { captured[$0] } ?? .none }

    /// The live value of a slot passed as a `Binding` (B14); `view` defaults
    /// to the presenter.
    public func binding(_ slot: String, view: String? = nil) -> Value {
        let ref = StateRef(view: view ?? presenter, slot: slot)
        app.noteContentRead(ref)
        return app.value(ref) ?? .none
    }
}

/// A button in a sheet's content: its label and its action (B51).
public struct ContentButton: Hashable {
    public var label: String
    @Uncompared public var action: EngineAction?

    public init(label: String, action: EngineAction? = nil) {
        self.label = label
        self.action = action
    }
}
