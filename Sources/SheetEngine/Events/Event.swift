/// How serious an event is.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
    case info
    case warning
    case error
}

/// What happened. Every change in the engine is one of these (time, kind,
/// where, why) on the timeline.
public enum EventKind: String, Sendable, Hashable, Codable, CaseIterable {
    // User actions.
    case set, swipe, drag, release, rotate, backgroundTap, grabberTap, viewRemoved
    /// The user focused a text field in the top sheet's content (B48).
    case textFieldFocused
    // State and views.
    case stateChanged, bodyEvaluated, contentUpdated, onChange
    // Presentation lifecycle (B01-B09).
    case request, presenting, presented, dismissing, dismissed, writeBack, onDismiss, onAppear
    case queued, dropped, removed
    // Detents (B17-B29).
    case detentChanged, userChangedDetent, heightChanged, adapted
    /// A sheet crossed the full-height line: inset <-> edge-attached (B36, B37, 26+).
    case placementChanged
    /// Views and environment inside content (B43, B46).
    case environmentReset, onDisappear
    /// A button in the content ran its action, or a drag took its touch (B51).
    case buttonAction
    /// A detent change waits: until the sheet is presented (B49) or the drag ends (B50).
    case deferred
    /// A change that has crashed apps on some OS versions; the engine applies it safely (B50).
    case hazard
    // Problems.
    case alreadyPresenting, modifierIgnored, requestLost, dismissPrevented, dismissIgnored
    case detentClamped, invalidSelection, oscillation
    case policyError, contentError, actionError
    /// A limit on what the app may hold or do stopped something (`EngineLimits`).
    case limitReached

    /// The severity of events of this kind.
    public var severity: Severity {
        switch self {
        case .alreadyPresenting, .modifierIgnored, .requestLost, .dismissIgnored, .detentClamped, .oscillation,
            .hazard:
            return .warning
        case .invalidSelection, .policyError, .contentError, .actionError, .limitReached:
            return .error
        default:
            return .info
        }
    }

    /// Whether events of this kind move or change a presented sheet, and so
    /// say whether that animates (`Event.animated`, "Animation as data"):
    /// the start of a transition, a removal, a detent, height, placement or
    /// size-class change, a user's detent change.
    public var movesSheet: Bool {
        switch self {
        case .presenting, .dismissing, .removed, .detentChanged, .userChangedDetent, .heightChanged, .adapted,
            .placementChanged:
            return true
        default: return false
        }
    }

    /// Whether the kind records something a user did (as opposed to what the
    /// app or the engine did in response).
    public var isUserAction: Bool {
        switch self {
        case .set, .swipe, .drag, .release, .rotate, .backgroundTap, .grabberTap, .viewRemoved, .textFieldFocused:
            return true
        default: return false
        }
    }
}

/// One entry on the timeline.
public struct Event: Hashable, Sendable {
    /// Virtual time in milliseconds.
    public var time: Int
    public var kind: EventKind
    /// The view whose modifier the event concerns, if any.
    public var presenter: String?
    /// The modifier, as written in SwiftUI (`sheet(item:)`), if any.
    public var modifier: String?
    /// The item identity of the presentation concerned, if any.
    public var item: String?
    /// The phase the presentation is in after the event, if any.
    public var phase: Phase?
    /// The detent and height after the event, for detent events.
    public var detent: String?
    public var height: Double?
    /// Who decided or wrote, for decisions and writes.
    public var decider: Decider?
    /// The behaviour rule that produced the event, when one did (B05, P05...).
    public var rule: RuleID?
    /// Where the presentation is drawn after the event, for lifecycle and
    /// detent events (B36, B37, B44).
    public var geometry: Geometry?
    /// Whether the change the event records animates, for every event that
    /// moves or changes a presented sheet (`EventKind.movesSheet`); nil for
    /// the others. It follows the rule that decided the event: B41's jump,
    /// B09's removal and a group's lower dismissals (B06) say false, and
    /// so does what moves with them ("Animation as data").
    public var animated: Bool?
    /// Everything else, in words. Rendered when read, so that emitting an
    /// event costs no string building on the engine's hot path.
    public var detail: String { note.text }
    var note: Note

    /// Who decided, by name: `stock`, a policy's name, `app` or `engine`.
    public var source: String? { decider?.name }

    /// How well supported what the event says is, when a rule produced it:
    /// the rule's confidence, or lower when its numbers come from a less
    /// supported source (`Rule.eventConfidence`, B36's inset).
    public var confidence: Confidence? { rule?.rule.eventConfidence }

    public var severity: Severity { kind.severity }

    /// When the transition a `presenting` or `dismissing` event starts ends
    /// (ms), as the engine scheduled it; nil for other events (and for
    /// events decoded from JSON).
    public var transitionEnd: Int? {
        switch note {
        case .transition(_, let ends), .groupDismissal(_, let ends, _, _): return ends
        default: return nil
        }
    }
}

// The inits live in an extension so that the memberwise init (every stored
// property, in order, optionals defaulting to nil) stays: the engine builds
// events with it, and a value built by it moves onto the timeline, where one
// built by assignments in a custom init was copied and the original destroyed
// (about 370 instructions an event).
extension Event {
    public init(
        time: Int, kind: EventKind, presenter: String? = nil, modifier: String? = nil, item: String? = nil,
        phase: Phase? = nil, detent: String? = nil, height: Double? = nil, source: String? = nil,
        rule: RuleID? = nil, animated: Bool? = nil, detail: String = ""
    ) {
        self.init(
            time: time, kind: kind, presenter: presenter, modifier: modifier, item: item, phase: phase, detent: detent,
            height: height, decider: source.map(Decider.init(name:)), rule: rule, animated: animated,
            note: .text(detail))
    }
}

/// An event's detail, kept as data until someone reads it.
enum Note: Hashable, Sendable {
    case text(String)
    /// `slot = value`, with why the engine wrote it.
    case write(slot: String, value: Value, why: String?)
    /// `-> present`.
    case decision(RequestDecision)
    /// `interactive, ends at 1250 ms`.
    case transition(String, ends: Int)
    /// A dismiss transition of a group dismissed together (B06): the bottom
    /// one (`above` nil) or one nested above it; only the top one animates.
    case groupDismissal(cause: String, ends: Int, animated: Bool, above: String?)
    /// `held (1 waiting)`.
    case held(Int)

    var text: String {
        switch self {
        case .text(let s): return s
        case .write(let slot, let value, let why): return "\(slot) = \(value)" + (why.map { " (\($0))" } ?? "")
        case .decision(let d): return "-> \(d.rawValue)"
        case .transition(let what, let ends): return "\(what), ends at \(ends) ms"
        case .groupDismissal(let cause, let ends, let animated, let above):
            guard let above else { return "\(cause), ends at \(ends) ms; the top one animates (B06)" }
            return "nested above \(above)" + (animated ? ", the top one (B06)" : " (B06)")
        case .held(let n): return "held (\(n) waiting)"
        }
    }
}

extension Event: Codable {
    enum CodingKeys: String, CodingKey {
        case time, kind, presenter, modifier, item, phase, detent, height, placement, frame, source, rule, confidence
        case animated, detail, severity
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            time: try c.decode(Int.self, forKey: .time), kind: try c.decode(EventKind.self, forKey: .kind),
            presenter: try c.decodeIfPresent(String.self, forKey: .presenter),
            modifier: try c.decodeIfPresent(String.self, forKey: .modifier),
            item: try c.decodeIfPresent(String.self, forKey: .item),
            phase: try c.decodeIfPresent(Phase.self, forKey: .phase),
            detent: try c.decodeIfPresent(String.self, forKey: .detent),
            height: try c.decodeIfPresent(Double.self, forKey: .height),
            source: try c.decodeIfPresent(String.self, forKey: .source),
            rule: try c.decodeIfPresent(RuleID.self, forKey: .rule),
            animated: try c.decodeIfPresent(Bool.self, forKey: .animated),
            detail: try c.decodeIfPresent(String.self, forKey: .detail) ?? "")
        if let frame = try c.decodeIfPresent(Frame.self, forKey: .frame) {
            geometry = Geometry(placement: try c.decodeIfPresent(SheetPlacement.self, forKey: .placement), frame: frame)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .time)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(presenter, forKey: .presenter)
        try c.encodeIfPresent(modifier, forKey: .modifier)
        try c.encodeIfPresent(item, forKey: .item)
        try c.encodeIfPresent(phase, forKey: .phase)
        try c.encodeIfPresent(detent, forKey: .detent)
        try c.encodeIfPresent(height, forKey: .height)
        try c.encodeIfPresent(geometry?.placement, forKey: .placement)
        try c.encodeIfPresent(geometry?.frame, forKey: .frame)
        try c.encodeIfPresent(source, forKey: .source)
        try c.encodeIfPresent(rule, forKey: .rule)
        try c.encodeIfPresent(confidence, forKey: .confidence)
        try c.encodeIfPresent(animated, forKey: .animated)
        try c.encode(detail, forKey: .detail)
        try c.encode(severity, forKey: .severity)
    }
}

extension Event: CustomStringConvertible {
    /// One line of the text timeline: `  500 ms  presented  ContentView sheet(item:) item=0  ...`.
    public var description: String {
        let time = String(time)
        let pad = String(repeating: " ", count: max(0, 6 - time.count))
        let kindText = kind.rawValue
        let kindPad = String(repeating: " ", count: max(1, 18 - kindText.count))
        let mark = severity == .info ? " " : (severity == .warning ? "!" : "E")
        return "\(pad)\(time) ms \(mark) \(kindText)\(kindPad)\(facts.joined(separator: "  "))"
    }

    /// The event in one line, without its time: `request ContentView.sheet(item:) item=0 -> present`
    /// (how the checker names an event, an instance of a property's `each`).
    public var summary: String { ([kind.rawValue] + facts).joined(separator: " ") }

    /// What the event records besides its time and kind, in the order lines
    /// show it: where, the item, detent and height, who decided (when not
    /// stock), the detail, whether the change animates (`~animated`,
    /// `~not animated`) and a rule with a thin source (`{B37 single}`).
    var facts: [String] {
        var parts: [String] = []
        if let presenter { parts.append(modifier.map { "\(presenter).\($0)" } ?? presenter) }
        if let item { parts.append("item=\(item)") }
        if let detent { parts.append("detent=\(detent)") }
        if let height { parts.append("height=\(Value.format(points: height))") }
        if let decider, decider != .stock { parts.append("[\(decider.name)]") }
        if !detail.isEmpty { parts.append(detail) }
        if let animated { parts.append(animated ? "~animated" : "~not animated") }
        if let rule, let confidence, confidence.isLow { parts.append("{\(rule.rawValue) \(confidence.rawValue)}") }
        return parts
    }
}

extension Event {
    /// About how many bytes the event holds, for the engine's memory limit.
    var estimatedBytes: Int {
        let base = MemoryLayout<Event>.stride
        switch note {
        case .text(let s): return base + s.utf8.count
        case .write(_, let value, _): return Self.estimatedBytes(ofWrite: value.estimatedBytes)
        case .decision, .transition, .held: return base
        case .groupDismissal(_, _, _, let above): return base + (above?.utf8.count ?? 0)
        }
    }

    /// `estimatedBytes` of a write event whose value's is `valueBytes`.
    static func estimatedBytes(ofWrite valueBytes: Int) -> Int { MemoryLayout<Event>.stride + valueBytes }
}

/// Where a presentation is drawn after an event: its placement (sheets,
/// B36, B37) and its frame, kept to a tenth of a point so that events stay
/// small (the frame of `state()` is exact).
///
/// The tenths are four `Int32`s, not a `SIMD4<Int32>`: a SIMD4's 16-byte
/// alignment padded every event from 216 bytes to 240 (the timeline's
/// memory, and what `limits.memoryBytes` counts for each event kept).
public struct Geometry: Hashable, Sendable {
    public var placement: SheetPlacement?
    private var x, y, width, height: Int32

    public init(placement: SheetPlacement?, frame: Frame) {
        self.placement = placement
        (x, y, width, height) = (
            Self.tenths(frame.x), Self.tenths(frame.y), Self.tenths(frame.width), Self.tenths(frame.height)
        )
    }

    /// `Int32(clamping: Int((v * 10).rounded()))`, without calling the C
    /// library's `round` for the lengths a screen has: the truncated tenths
    /// and the exact remainder say which way to round (half away from zero,
    /// as `rounded()` does). GeometryTests compares the two.
    @inline(__always)
    static func tenths(_ v: Double) -> Int32 {
        let r = v * 10
        guard abs(r) < 1_000_000_000 else { return Int32(clamping: Int(r.rounded())) }
        let t = Int32(r)
        let rest = r - Double(t)
        return rest >= 0.5 ? t + 1 : rest <= -0.5 ? t - 1 : t
    }

    /// The frame, to a tenth of a point.
    public var frame: Frame {
        Frame(x: Double(x) / 10, y: Double(y) / 10, width: Double(width) / 10, height: Double(height) / 10)
    }
}
