/// A presentation as seen from outside: what `state()` and `sheetlab` show.
public struct PresentationState: Hashable, Sendable, Codable {
    /// Position in the stack, 1 at the bottom.
    public var level: Int
    /// The view whose modifier presented it.
    public var presenter: String
    /// `sheet(item:)` and so on.
    public var modifier: String
    public var kind: PresentationKind
    public var phase: Phase
    /// When the running transition ends, if one is running.
    public var phaseEnds: Int?
    /// Its item (`true` for an `isPresented` presentation) and the item's identity.
    public var item: Value
    public var itemID: String?
    public var style: PresentationStyle
    /// The current detent, in text form.
    public var detent: String?
    /// Height in points; while dragging, the dragged height.
    public var height: Double
    /// Active detents, smallest first.
    public var detents: [ResolvedDetent]
    /// What the content shows.
    public var text: String
    /// Views inside the content.
    public var contentViews: [String]
    /// `.interactiveDismissDisabled()` from its content, where it takes effect (B08, B33).
    public var interactiveDismissDisabled: Bool
    /// Whether its dismiss transition animates: only the top one of a group does (B06).
    public var animated: Bool
    /// In regular width, its size (B30); nil for other styles.
    public var sizing: PresentationSizing?
    /// A sheet's placement: inset or edge-attached (B36, B37); nil for other styles.
    public var placement: SheetPlacement?
    /// Where it is drawn, in points from the screen's top left.
    public var frame: Frame
    /// How it presents and dismisses (B38, B45).
    public var transition: SheetTransition
    /// `.presentationPlacement(_:)` as its content asks, when it does (B44).
    public var presentationPlacement: PresentationPlacement?
    /// The environment values its content sees (B43).
    public var environment: [String: Value]
}

/// A view's state as seen from outside.
public struct ViewState: Hashable, Sendable, Codable {
    /// The view's name and its parent's, if it has one.
    public var name: String
    public var parent: String?
    /// The presentation level its presenter is at: 0 for the root window.
    public var level: Int
    /// Slots in declaration order with their values.
    public var state: [Slot]

    /// One `@State` slot and its value.
    public struct Slot: Hashable, Sendable, Codable {
        public var name: String
        public var value: Value
    }
}

/// A request held for a modifier.
public struct HeldState: Hashable, Sendable, Codable {
    /// The view and modifier that hold the request.
    public var presenter: String
    public var modifier: String
    /// The requested item, and when it was requested (ms).
    public var item: Value
    public var since: Int
}

/// Everything observable about an app at one moment, as a value.
public struct AppState: Hashable, Sendable, Codable {
    /// Virtual time (ms), profile name and orientation.
    public var time: Int
    public var profile: String
    public var orientation: Orientation
    /// The modal stack, bottom first.
    public var presentations: [PresentationState]
    /// Every view, roots first, then the views inside presentations.
    public var views: [ViewState]
    /// Requests held by policies (P01), oldest first per modifier.
    public var held: [HeldState]
}

extension SheetApp {
    /// The app's state now, as a value.
    public func state() -> AppState {
        var levels: [ModifierRef: Int] = [:]
        for (i, p) in world.stack.enumerated() { levels[p.modifier] = i + 1 }
        let rules = resolver
        let stack = world.stack.enumerated().map { i, p in
            let height = p.dragHeight ?? p.layout.height
            return PresentationState(
                level: i + 1, presenter: presenterName(p), modifier: signature(of: p.modifier),
                kind: kind(of: p.modifier), phase: p.phase, phaseEnds: p.lifecycle.left.map { now + $0 },
                item: p.item, itemID: p.itemID, style: p.layout.style, detent: p.layout.detent?.description,
                height: height, detents: p.layout.detents, text: p.content.text,
                contentViews: p.contentViews.map { world.views[$0].name },
                interactiveDismissDisabled: dismissDisabledTakesEffect(p.content),
                animated: p.lifecycle.animated,
                sizing: p.layout.style == .formSheet ? rules.sizing(p.content) : nil,
                placement: rules.placement(style: p.layout.style, height: height),
                frame: rules.frame(
                    style: p.layout.style, height: height, sizing: rules.sizing(p.content),
                    placement: p.content.placement),
                transition: p.transition, presentationPlacement: p.content.placement,
                environment: contentEnvironmentValues(p))
        }
        let viewStates = world.viewOrder.map { v -> ViewState in
            let node = world.views[v]
            let level: Int
            if case .presentation(let mod) = node.host { level = levels[mod] ?? 0 } else { level = 0 }
            return ViewState(
                name: node.name, parent: node.parent.map { world.views[$0].name }, level: level,
                state: node.declaration.slotNames.enumerated().map { ViewState.Slot(name: $1, value: node.state[$0]) })
        }
        let order = { (m: ModifierRef) in (self.world.views[m.view].name, m.index) }
        let heldStates = world.held.keys.sorted { order($0) < order($1) }.flatMap { mod in
            (world.held[mod] ?? []).map {
                HeldState(
                    presenter: world.views[mod.view].name, modifier: signature(of: mod), item: $0.item,
                    since: $0.time)
            }
        }
        return AppState(
            time: now, profile: profile.name, orientation: world.orientation, presentations: stack, views: viewStates,
            held: heldStates)
    }

    /// The modal stack now, bottom first.
    public var stack: [PresentationState] { state().presentations }

    /// The current orientation.
    public var orientation: Orientation { world.orientation }
}

extension Value: Codable {
    /// Encodes as plain JSON: `null`, booleans, numbers, strings, arrays and
    /// objects; a detent as its text form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .none: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .detent(let d): try c.encode(d.description)
        case .list(let l): try c.encode(l)
        case .record(let r): try c.encode(r)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .none
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let l = try? c.decode([Value].self) {
            self = .list(l)
        } else {
            self = .record(try c.decode([String: Value].self))
        }
    }
}
