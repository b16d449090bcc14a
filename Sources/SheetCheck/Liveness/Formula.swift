import SheetEngine

/// A temporal property of the app's runs, in linear temporal logic: true or
/// false of an infinite run, read at each of its positions. A position is a
/// step and the state it reaches (the first position: the set-up, with no
/// step); `always`, `eventually`, `until` and `release` look at the
/// positions from here on, this one included.
///
/// ```swift
/// // Every request is eventually presented.
/// let p = Formula.always(.implies(.atom(.happens(kind: .request)), .eventually(.atom(.happens(kind: .presenting)))))
/// ```
public indirect enum Formula: Hashable, CustomStringConvertible {
    case constant(Bool)
    case atom(Atom)
    case not(Formula)
    case and([Formula])
    case or([Formula])
    /// `a` holds until `b` does, and `b` does.
    case until(Formula, Formula)
    /// `b` holds until and including when `a` does, or forever (the dual of `until`).
    case release(Formula, Formula)
    /// For each distinct event of the run that matches a filter, the formula
    /// made from it (a conjunction over those events).
    case each(EachEvent)

    public static func always(_ f: Formula) -> Formula { .release(.constant(false), f) }
    public static func eventually(_ f: Formula) -> Formula { .until(.constant(true), f) }
    public static func implies(_ a: Formula, _ b: Formula) -> Formula { .or([.not(a), b]) }
    /// Weak until: `a` holds until `b` does, or forever.
    public static func unless(_ a: Formula, _ b: Formula) -> Formula { .release(b, .or([a, b])) }
    /// Whenever `p` holds, `q` holds then or later.
    public static func leadsTo(_ p: Formula, _ q: Formula) -> Formula { .always(.implies(p, .eventually(q))) }

    /// The formula in negation normal form: negations only on atoms.
    var normalized: Formula {
        switch self {
        case .constant, .atom: return self
        case .and(let fs): return .and(fs.map(\.normalized))
        case .or(let fs): return .or(fs.map(\.normalized))
        case .until(let a, let b): return .until(a.normalized, b.normalized)
        case .release(let a, let b): return .release(a.normalized, b.normalized)
        case .each: return self
        case .not(let inner):
            switch inner {
            case .constant(let b): return .constant(!b)
            case .atom: return self
            case .not(let f): return f.normalized
            case .and(let fs): return .or(fs.map { Formula.not($0).normalized })
            case .or(let fs): return .and(fs.map { Formula.not($0).normalized })
            case .until(let a, let b): return .release(Formula.not(a).normalized, Formula.not(b).normalized)
            case .release(let a, let b): return .until(Formula.not(a).normalized, Formula.not(b).normalized)
            case .each: return self
            }
        }
    }

    /// The atoms it reads.
    var atoms: Set<Atom> {
        switch self {
        case .constant, .each: return []
        case .atom(let a): return [a]
        case .not(let f): return f.atoms
        case .and(let fs), .or(let fs): return fs.reduce(into: []) { $0.formUnion($1.atoms) }
        case .until(let a, let b), .release(let a, let b): return a.atoms.union(b.atoms)
        }
    }

    /// In the notation of the Lua functions: `always(implies(happens{kind = "request"}, ...))`.
    public var description: String {
        switch self {
        case .constant(let b): return b ? "true" : "false"
        case .atom(let a): return a.description
        case .not(let f): return "negate(\(f))"
        case .and(let fs): return "all(" + fs.map(\.description).joined(separator: ", ") + ")"
        case .or(let fs):
            if fs.count == 2, case .not(let a) = fs[0] { return "implies(\(a), \(fs[1]))" }
            return "any(" + fs.map(\.description).joined(separator: ", ") + ")"
        case .until(.constant(true), let b): return "eventually(\(b))"
        case .until(let a, let b): return "holds_until(\(a), \(b))"
        case .release(.constant(false), let b): return "always(\(b))"
        case .release(let a, let b): return "release(\(a), \(b))"
        case .each(let e): return "each(\(e.pattern), ...)"
        }
    }
}

/// What a position of a run can be said to have.
public enum Atom: Hashable, CustomStringConvertible {
    /// The step produced an event matching the filter.
    case happens(EventMatch)
    /// The step produced exactly this event (its time aside).
    case occurs(EventIdentity)
    /// The step was a user action (not a wait).
    case userActs
    /// Time passed in the step.
    case timePasses
    /// A predicate of the state the step reached.
    case state(StatePredicate)

    /// An event filter, compared by what it says.
    public static func happens(_ filter: EventFilter) -> Atom { .happens(EventMatch(filter)) }

    public var description: String {
        switch self {
        case .happens(let m): return "happens\(m.filter)"
        case .occurs(let e): return "occurs(\(e.event))"
        case .userActs: return "user_acts()"
        case .timePasses: return "time_passes()"
        case .state(let p): return "holds(\(p.name))"
        }
    }
}

/// An event filter as an atom: equal when the filters say the same.
public struct EventMatch: Hashable {
    public let filter: EventFilter
    private let key: String

    public init(_ filter: EventFilter) {
        self.filter = filter
        key = filter.description
    }

    public static func == (a: EventMatch, b: EventMatch) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// One event as an atom: the event without clock readings (`Event.timeless`).
public struct EventIdentity: Hashable {
    public let event: Event

    public init(_ event: Event) { self.event = event.timeless }
}

/// A predicate of the app's state: Swift code given the state (for a
/// property written in Lua, a closure that runs the Lua function on the
/// state table). Compared by identity.
public final class StatePredicate: Hashable {
    /// How reports name it: the Lua function's `file:line`, or a phrase.
    public let name: String
    /// Whether the state has it; an error makes the property's verdict an error.
    let test: (AppState) throws -> Bool

    /// A predicate of the state.
    public init(name: String, _ test: @escaping (AppState) throws -> Bool) {
        self.name = name
        self.test = test
    }

    public static func == (a: StatePredicate, b: StatePredicate) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// `each(pattern, f)`: for every distinct event of the run matching the
/// pattern, the formula `f` makes from it. Compared by identity.
public final class EachEvent: Hashable {
    public let pattern: EventMatch
    /// Makes the formula for one event; the event is also given as a
    /// phrase for reports (`request ContentView.sheet(item:) item=0 -> present`).
    let instance: (Event) throws -> Formula

    public init(pattern: EventFilter, instance: @escaping (Event) throws -> Formula) {
        self.pattern = EventMatch(pattern)
        self.instance = instance
    }

    public static func == (a: EachEvent, b: EachEvent) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
