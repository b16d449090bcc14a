/// Something that changes how the engine presents: the stock behaviour, a
/// native Swift policy, or a Lua policy.
///
/// The engine asks the loaded policies at each decision point, through one
/// path (`SheetApp.consult`): those that implement the hook, in load order.
/// Returning `nil` means "no opinion": the next policy is asked, and stock
/// behaviour applies when none answers; leaving a hook out of `hooks` is the
/// same and spares the engine from building the context. A thrown
/// `PolicyFailure` makes that one decision stock (no later policy is asked)
/// and is put on the timeline.
public protocol PresentationPolicy: AnyObject {
    /// The name shown on the timeline, for example `queue.lua`.
    var name: String { get }
    /// What tells loaded policies apart: loading one whose identity is
    /// loaded already replaces it. A Lua policy's is its path; the default
    /// is the name.
    var identity: String { get }
    /// Which hooks this policy implements.
    var hooks: PolicyHooks { get }
    /// Custom detents this policy resolves (`detents.NAME` in Lua).
    var customDetents: Set<String> { get }

    /// A presentation was asked for (its binding was set).
    func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision?
    /// A presentation finished closing.
    func dismissed(_ context: DismissedContext) throws(PolicyFailure) -> DismissedDecision?
    /// A drag was released: choose a detent or dismissal.
    func settle(_ context: SettleContext) throws(PolicyFailure) -> SettleDecision?
    /// An interactive dismissal is about to happen; `false` vetoes it.
    func shouldDismiss(_ context: ShouldDismissContext) throws(PolicyFailure) -> Bool?
    /// Resolves a custom detent to a height, or `nil` to make it inactive.
    func resolveDetent(_ name: String, _ context: DetentContext) throws(PolicyFailure) -> Double?
}

extension PresentationPolicy {
    public var identity: String { name }
    public var customDetents: Set<String> { [] }
    public func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision? { nil }
    public func dismissed(_ context: DismissedContext) throws(PolicyFailure) -> DismissedDecision? { nil }
    public func settle(_ context: SettleContext) throws(PolicyFailure) -> SettleDecision? { nil }
    public func shouldDismiss(_ context: ShouldDismissContext) throws(PolicyFailure) -> Bool? { nil }
    public func resolveDetent(_ name: String, _ context: DetentContext) throws(PolicyFailure) -> Double? { nil }
}

/// The hooks a policy implements: a set of `Hook`s (custom detents are
/// told by `PresentationPolicy.customDetents`, by name).
public struct PolicyHooks: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The set holding one hook.
    public init(_ hook: Hook) {
        switch hook {
        case .request: rawValue = 1 << 0
        case .dismissed: rawValue = 1 << 1
        case .settle: rawValue = 1 << 2
        case .shouldDismiss: rawValue = 1 << 3
        case .detents: rawValue = 1 << 4
        }
    }

    public static let request = PolicyHooks(.request)
    public static let dismissed = PolicyHooks(.dismissed)
    public static let settle = PolicyHooks(.settle)
    public static let shouldDismiss = PolicyHooks(.shouldDismiss)
}

/// A policy hook failed: it raised an error, ran out of budget or returned
/// something invalid. The message carries file:line where there is one.
public struct PolicyFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The hook that failed.
    public var hook: Hook
    /// For `Hook.detents`, the custom detent whose resolver failed.
    public var detent: String?
    /// The message, starting with `file:line:` when the failure has a location.
    public var message: String
    /// The Lua traceback, when there is one.
    public var traceback: String?

    public init(hook: Hook, detent: String? = nil, message: String, traceback: String? = nil) {
        self.hook = hook
        self.detent = detent
        self.message = message
        self.traceback = traceback
    }

    /// The hook as policy authors write it: `request`, `detents.bar`.
    public var hookName: String { hook.name(detent: detent) }

    public var description: String { message }
}

/// What to do with a presentation request.
public enum RequestDecision: String, Sendable, Hashable, Codable, CaseIterable {
    /// Show it now. If the slot already shows an item with the same id, the
    /// content is updated in place (B04); if anything else is in the way, the
    /// request is ignored with a warning and the binding stays set (B05, B03).
    case present
    /// Hold it and present it when what this presenter shows has been dismissed (P01).
    case queue
    /// Ignore it; the binding is put back to what is shown.
    case drop
    /// Dismiss what this slot shows and present this request afterwards (B04).
    case replace
}

/// Why a presentation is being dismissed.
public enum DismissCause: String, Sendable, Hashable, Codable {
    /// Swiped or dragged down by the user (B08).
    case interactive
    /// Its binding was cleared by code.
    case binding
    /// A `DismissAction` was called (B07).
    case dismissAction
    /// A new item with another id replaced it (B04).
    case replaced
    /// A presentation below it was dismissed (B06).
    case nested

    /// Hashes the case, not its name (a raw-value enum hashes its raw
    /// string by default; a running dismissal's cause is hashed with the
    /// world at every step of `sheetlab check`).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .interactive: hasher.combine(0)
        case .binding: hasher.combine(1)
        case .dismissAction: hasher.combine(2)
        case .replaced: hasher.combine(3)
        case .nested: hasher.combine(4)
        }
    }
}

/// Why a modifier cannot present on this OS version.
public enum BlockReason: String, Sendable, Hashable, Codable {
    /// Not the last modifier on its view (iOS 14.4 and earlier, B10).
    case lastModifierWins
    /// Attached to an `EmptyView` (iOS 15 and later, B11).
    case emptyViewHost
    /// Nested in a presentation requested in the same update (state
    /// restoration, 16.0-18.3, B35): stuck until the one below closes.
    case restoredNested
}

/// What a `request` hook sees.
public struct RequestContext: Sendable, Hashable {
    public var time: Int
    /// The view whose modifier was triggered.
    public var presenter: String
    public var kind: PresentationKind
    /// `sheet(item:)` and so on.
    public var modifier: String
    /// The binding's slot name.
    public var binding: String
    /// The requested item (or `true` for `isPresented`).
    public var item: Value
    public var itemID: String?
    /// The phase of what this modifier currently shows, if anything.
    public var phase: Phase?
    /// The id of what this modifier currently shows.
    public var currentItemID: String?
    /// Requests this modifier holds (P01).
    public var held: Int
    /// A presentation from another modifier that occupies the same presenter (B05).
    public var presenterBusyWith: String?
    /// Why stock SwiftUI would not present from this modifier at all.
    public var blocked: BlockReason?
    /// Milliseconds left of the window after this modifier's last dismissal
    /// in which a reopen ignores its detents (18.0-18.3, B34); nil when none is open.
    /// A `queue` answer waits for the window to close.
    ///
    /// Declared before `stock` so that the memberwise init, which the
    /// engine uses (it builds the value where it goes; the public init's
    /// assignments built a copy and destroyed the original, issue 28),
    /// differs from the public init by its labels' order.
    public var reopenWindowLeft: Int?
    /// What stock SwiftUI does with this request.
    public var stock: RequestDecision
    public var os: String
}

extension RequestContext {
    public init(
        time: Int, presenter: String, kind: PresentationKind, modifier: String, binding: String, item: Value,
        itemID: String?, phase: Phase?, currentItemID: String?, held: Int, presenterBusyWith: String?,
        blocked: BlockReason?, stock: RequestDecision, os: String, reopenWindowLeft: Int? = nil
    ) {
        self.init(
            time: time, presenter: presenter, kind: kind, modifier: modifier, binding: binding, item: item,
            itemID: itemID, phase: phase, currentItemID: currentItemID, held: held,
            presenterBusyWith: presenterBusyWith, blocked: blocked, reopenWindowLeft: reopenWindowLeft, stock: stock,
            os: os)
    }
}

/// What a `dismissed` hook sees.
public struct DismissedContext: Sendable, Hashable {
    public var time: Int
    public var presenter: String
    public var kind: PresentationKind
    public var modifier: String
    public var binding: String
    public var item: Value
    public var itemID: String?
    public var cause: DismissCause
    /// Requests still held for this modifier, oldest first.
    public var held: [Value]
    /// The detent the sheet had when it closed.
    public var detent: Detent?
    /// The detent selection binding, if the content had one.
    public var selection: StateRef?
    public var os: String

    public init(
        time: Int, presenter: String, kind: PresentationKind, modifier: String, binding: String, item: Value,
        itemID: String?, cause: DismissCause, held: [Value], detent: Detent?, selection: StateRef?, os: String
    ) {
        self.time = time
        self.presenter = presenter
        self.kind = kind
        self.modifier = modifier
        self.binding = binding
        self.item = item
        self.itemID = itemID
        self.cause = cause
        self.held = held
        self.detent = detent
        self.selection = selection
        self.os = os
    }
}

/// What to do about held requests once a presentation has closed.
public enum HeldAction: String, Sendable, Hashable, Codable {
    /// Present the oldest held request (the stock answer when any are held).
    case presentNext = "present_next"
    /// Keep holding them.
    case hold
    /// Discard them; each is reported as dropped.
    case dropHeld = "drop_held"
}

/// A `dismissed` hook's answer: what to do with held requests, and state to write.
public struct DismissedDecision: Sendable, Hashable {
    public var held: HeldAction?
    public var writes: [StateWrite]

    public init(held: HeldAction? = nil, writes: [StateWrite] = []) {
        self.held = held
        self.writes = writes
    }
}

/// A write of a value into a state slot.
public struct StateWrite: Sendable, Hashable {
    public var ref: StateRef
    public var value: Value

    public init(_ ref: StateRef, _ value: Value) {
        self.ref = ref
        self.value = value
    }
}

/// A detent as the sheet can settle on it: its value and resolved height.
public struct ResolvedDetent: Sendable, Hashable, Codable {
    public var detent: Detent
    public var height: Double

    public init(detent: Detent, height: Double) {
        self.detent = detent
        self.height = height
    }

    enum CodingKeys: String, CodingKey { case detent, height }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        detent = try Detent(parsing: c.decode(String.self, forKey: .detent))
        height = try c.decode(Double.self, forKey: .height)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(detent.description, forKey: .detent)
        try c.encode(height, forKey: .height)
    }
}

/// What a `settle` hook sees when a drag is released (B26).
public struct SettleContext: Sendable, Hashable {
    public var presenter: String
    /// Height of the sheet at release, in points.
    public var height: Double
    /// Release velocity in points per second; positive is downwards.
    public var velocity: Double
    /// Height after projecting the velocity (B26).
    public var projected: Double
    /// Active detents, smallest first.
    public var detents: [ResolvedDetent]
    public var current: Detent?
    /// Whether an interactive dismissal is allowed.
    public var canDismiss: Bool
    /// What stock SwiftUI does.
    public var stock: SettleDecision

    public init(
        presenter: String, height: Double, velocity: Double, projected: Double, detents: [ResolvedDetent],
        current: Detent?, canDismiss: Bool, stock: SettleDecision
    ) {
        self.presenter = presenter
        self.height = height
        self.velocity = velocity
        self.projected = projected
        self.detents = detents
        self.current = current
        self.canDismiss = canDismiss
        self.stock = stock
    }
}

/// Where a released sheet goes.
public enum SettleDecision: Sendable, Hashable {
    case detent(Detent)
    case dismiss
}

/// What a `should_dismiss` hook sees.
public struct ShouldDismissContext: Sendable, Hashable {
    public var presenter: String
    public var kind: PresentationKind
    public var item: Value
    public var itemID: String?
    public var detent: Detent?

    public init(presenter: String, kind: PresentationKind, item: Value, itemID: String?, detent: Detent?) {
        self.presenter = presenter
        self.kind = kind
        self.item = item
        self.itemID = itemID
        self.detent = detent
    }
}

/// What a custom detent resolver sees (`PresentationDetent.Context`).
public struct DetentContext: Sendable, Hashable {
    /// The height the sheet appears in (B17).
    public var maxDetentValue: Double
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    /// The sheet's own height now, for a detent that depends on it (B32);
    /// `maxDetentValue` while the sheet has none yet (opening).
    public var sheetHeight: Double

    public init(
        maxDetentValue: Double, horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass,
        sheetHeight: Double? = nil
    ) {
        self.maxDetentValue = maxDetentValue
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.sheetHeight = sheetHeight ?? maxDetentValue
    }
}
