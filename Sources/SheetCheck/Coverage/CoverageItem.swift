import SheetEngine

/// Something an exploration can reach: a behaviour rule firing, an event
/// kind, a phase, a decision of a policy hook (or of stock behaviour in its
/// place), a detent a sheet sat on.
public enum CoverageItem: Hashable, Comparable, Sendable, CustomStringConvertible {
    case rule(RuleID)
    case kind(EventKind)
    case phase(Phase)
    case decision(Decision)
    case detent(String)

    /// A hook's answer and who gave it: `request -> queue [queue.lua]`.
    public struct Decision: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The hook: `request`, `settle`, `should_dismiss`.
        public var hook: Hook
        public var answer: String
        /// `stock` or the policy's name.
        public var by: String

        public init(hook: Hook, answer: String, by: String) {
            self.hook = hook
            self.answer = answer
            self.by = by
        }

        public static func < (a: Decision, b: Decision) -> Bool {
            (a.hook.rawValue, a.by, a.answer) < (b.hook.rawValue, b.by, b.answer)
        }

        public var description: String { "\(hook) -> \(answer) [\(by)]" }
    }

    /// The families, in the order reports list them.
    public enum Family: String, CaseIterable, Sendable {
        case rules, kinds, phases, decisions, detents

        /// How reports title it.
        public var title: String {
            switch self {
            case .rules: return "rules"
            case .kinds: return "event kinds"
            case .phases: return "phases"
            case .decisions: return "decisions"
            case .detents: return "detents"
            }
        }
    }

    public var family: Family {
        switch self {
        case .rule: return .rules
        case .kind: return .kinds
        case .phase: return .phases
        case .decision: return .decisions
        case .detent: return .detents
        }
    }

    /// Its name in reports: `B05`, `queued`, `dismissing`, `request -> queue [queue.lua]`, `medium`.
    public var description: String {
        switch self {
        case .rule(let r): return r.rawValue
        case .kind(let k): return k.rawValue
        case .phase(let p): return p.rawValue
        case .decision(let d): return d.description
        case .detent(let d): return d
        }
    }

    /// Its name with its family, where names alone are ambiguous: `kind presenting`, `phase presenting`.
    public var label: String {
        switch self {
        case .rule(let r): return "rule \(r.rawValue)"
        case .kind(let k): return "kind \(k.rawValue)"
        case .phase(let p): return "phase \(p.rawValue)"
        case .decision(let d): return "decision \(d)"
        case .detent(let d): return "detent \(d)"
        }
    }

    private var rank: (Int, String) {
        switch self {
        case .rule(let r): return (0, r.rawValue)
        case .kind(let k): return (1, String(EventKind.allCases.firstIndex(of: k)! + 1000))
        case .phase(let p): return (2, String(Phase.allCases.firstIndex(of: p)! + 1000))
        case .decision(let d): return (3, "\(d.hook)\u{0}\(d.by)\u{0}\(d.answer)")
        case .detent(let d): return (4, d)
        }
    }

    public static func < (a: CoverageItem, b: CoverageItem) -> Bool { a.rank < b.rank }

    /// What one event reaches.
    static func items(of event: Event, into out: inout [CoverageItem]) {
        out.append(.kind(event.kind))
        if let rule = event.rule { out.append(.rule(rule)) }
        if let phase = event.phase { out.append(.phase(phase)) }
        if let detent = event.detent { out.append(.detent(detent)) }
        if let decision = decision(of: event) { out.append(.decision(decision)) }
    }

    /// The hook decision an event records, if it records one.
    static func decision(of event: Event) -> Decision? {
        guard let decider = event.decider, decider == .stock || decider.isPolicy else { return nil }
        if event.kind == .request, let answer = event.requestDecision {
            return Decision(hook: .request, answer: answer.rawValue, by: decider.name)
        }
        if event.rule == .b26, event.kind == .release {
            return Decision(hook: .settle, answer: event.detent ?? "dismiss", by: decider.name)
        }
        if event.kind == .dismissPrevented {
            return Decision(hook: .shouldDismiss, answer: "false", by: decider.name)
        }
        return nil
    }
}

extension Decider {
    var isPolicy: Bool {
        if case .policy = self { return true }
        return false
    }
}

/// The place of a step in breadth-first order: its depth (the state it
/// reaches) and its way in. The first place an item is reached is where its
/// shortest path ends.
struct CoveragePlace: Comparable, Sendable {
    var level: Int32
    var arrival: Arrival

    static func < (a: CoveragePlace, b: CoveragePlace) -> Bool {
        a.level != b.level ? a.level < b.level : a.arrival < b.arrival
    }

    static func == (a: CoveragePlace, b: CoveragePlace) -> Bool { a.level == b.level && a.arrival == b.arrival }
}

/// What an exploration reached: for each item, the first place (breadth
/// first) and how many steps reached it. Workers keep one each; merged, the
/// result does not depend on how many there were.
struct CoverageRecorder {
    private(set) var first: [CoverageItem: CoveragePlace] = [:]
    private(set) var steps: [CoverageItem: Int] = [:]
    /// Detents sheets could sit on (active in a state explored).
    private(set) var activeDetents: Set<String> = []
    private var scratch: [CoverageItem] = []

    /// Records the items a step's events reach.
    mutating func record(_ events: ArraySlice<Event>, at place: CoveragePlace) {
        scratch.removeAll(keepingCapacity: true)
        for e in events { CoverageItem.items(of: e, into: &scratch) }
        guard !scratch.isEmpty else { return }
        // Each item counts once per step.
        if scratch.count > 1 { scratch = Array(Set(scratch)) }
        for item in scratch {
            steps[item, default: 0] += 1
            if let known = first[item], known <= place { continue }
            first[item] = place
        }
    }

    /// Records the detents active in the app's presentations.
    mutating func recordLayout(of app: SheetApp) {
        for p in app.state().presentations { for d in p.detents { activeDetents.insert(d.detent.description) } }
    }

    mutating func merge(_ other: CoverageRecorder) {
        for (item, n) in other.steps { steps[item, default: 0] += n }
        for (item, place) in other.first {
            if let known = first[item], known <= place { continue }
            first[item] = place
        }
        activeDetents.formUnion(other.activeDetents)
    }
}
