/// Which events a script asks for: `timeline{ kind = "requestLost" }`,
/// `events{ ... }`, `expect_error{ kind = "contentError" }`, and the
/// filter of `serve`'s `timeline`.
///
/// A filter is a set of event fields, each with the value it must equal,
/// plus `since = N` (only events after index N). Every field is checked
/// when the filter is made: an unknown field (`knd`), an unknown kind,
/// severity or phase, or a value of the wrong type (`item = 2`, where item
/// ids are strings) is an error, never a filter that silently matches
/// nothing, so a "no such event" check cannot pass without checking.
///
/// ```swift
/// let filter = try EventFilter([("kind", "requestLost"), ("since", 10)])
/// let lost = filter.select(app.timeline.events(since: 0), firstIndex: 0)
/// ```
public struct EventFilter: Sendable, CustomStringConvertible {
    /// A field a filter can name, with the type its value must have.
    public enum Field: String, CaseIterable, Sendable {
        /// Only events after this index (1-based), like `timeline(N)`.
        case since
        case index, time, kind, severity, presenter, modifier, item, phase, detent, height, source, rule, detail
        /// Whether the change animates (`Event.animated`); only events that move a sheet have it.
        case animated

        /// The type its value must have, as the error says it: `a string`.
        var expected: String {
            switch self {
            case .since, .index, .time: return "an integer"
            case .height: return "a number"
            case .animated: return "a boolean"
            default: return "a string"
            }
        }
    }

    /// Why a filter could not be made. `description` is the problem as a
    /// Lua error puts it in parentheses: `unknown field 'knd'; expected one of ...`.
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        public enum Problem: Sendable, Hashable {
            /// A field no event has.
            case unknownField(String)
            /// A value outside a field's closed set (kind, severity, phase).
            case unknownValue(Field, String, expected: [String])
            /// A value of the wrong type; `got` is the type's name (`number`).
            case wrongType(Field, got: String)
            /// A number where an integer is needed.
            case notAnInteger(Field, Double)
        }

        public var problem: Problem

        public init(_ problem: Problem) { self.problem = problem }

        public var description: String {
            switch problem {
            case .unknownField(let name):
                return "unknown field '\(name)'; expected one of "
                    + Field.allCases.map(\.rawValue).joined(separator: ", ")
            case .unknownValue(let field, let value, let expected):
                let what: String
                switch field {
                case .kind: what = "an event kind"
                case .severity: what = "a severity"
                case .phase: what = "a phase"
                case .rule: what = "a behaviour id"
                default: what = "a value of '\(field.rawValue)'"
                }
                return
                    "\(field.rawValue) '\(value)' is not \(what); expected one of \(expected.joined(separator: ", "))"
            case .wrongType(let field, let got):
                return "field '\(field.rawValue)' expects \(field.expected), got \(got)"
            case .notAnInteger(let field, let value):
                return "field '\(field.rawValue)' expects an integer, got \(Value.format(value))"
            }
        }
    }

    /// The fields given, in the order of `Field.allCases`, with their values.
    public private(set) var fields: [(field: Field, value: Value)] = []
    /// Only events after this index.
    public private(set) var since: Int?
    private var index: Int?
    private var time: Int?
    private var kind: EventKind?
    private var severity: Severity?
    private var phase: Phase?
    private var rule: RuleID?
    private var height: Double?
    private var animated: Bool?
    private var strings: [Field: String] = [:]

    /// The filter that matches every event.
    public init() {}

    /// A filter from `(field, value)` pairs, as a Lua table or a JSON
    /// object gives them.
    /// - Parameter pairs: field names and values; `since`, `index` and
    ///   `time` are integers, `height` a number, `animated` a boolean, `kind`, `severity` and
    ///   `phase` one of their names, the rest strings.
    /// - Throws: `EventFilter.Error` for an unknown field, an unknown kind,
    ///   severity or phase, or a value of the wrong type.
    public init(_ pairs: [(name: String, value: Value)]) throws(Error) {
        var given: [Field: Value] = [:]
        for (name, value) in pairs {
            guard let field = Field(rawValue: name) else { throw Error(.unknownField(name)) }
            given[field] = value
            switch field {
            case .since: since = try Self.integer(value, field)
            case .index: index = try Self.integer(value, field)
            case .time: time = try Self.integer(value, field)
            case .height:
                switch value {
                case .int(let i): height = Double(i)
                case .double(let d): height = d
                default: throw Error(.wrongType(field, got: Self.typeName(of: value)))
                }
            case .animated:
                guard case .bool(let b) = value else { throw Error(.wrongType(field, got: Self.typeName(of: value))) }
                animated = b
            case .kind: kind = try Self.named(value, field, EventKind.allCases.map(\.rawValue), EventKind.init)
            case .severity: severity = try Self.named(value, field, Severity.allCases.map(\.rawValue), Severity.init)
            case .phase: phase = try Self.named(value, field, Phase.allCases.map(\.rawValue), Phase.init)
            case .rule: rule = try Self.named(value, field, RuleID.allCases.map(\.rawValue), RuleID.init)
            case .presenter, .modifier, .item, .detent, .source, .detail:
                guard case .string(let s) = value else {
                    throw Error(.wrongType(field, got: Self.typeName(of: value)))
                }
                strings[field] = s
            }
        }
        fields = Field.allCases.compactMap { f in given[f].map { (f, $0) } }
    }

    /// The kind the filter asks for, if it names one.
    public var eventKind: EventKind? { kind }

    /// Whether the event at `index` (1-based, on its timeline) has every
    /// field of the filter. Heights compare as numbers (`300` matches `300.0`).
    public func matches(_ event: Event, index position: Int) -> Bool {
        if let since, position <= since { return false }
        if let index, position != index { return false }
        if let time, event.time != time { return false }
        if let kind, event.kind != kind { return false }
        if let severity, event.severity != severity { return false }
        if let phase, event.phase != phase { return false }
        if let rule, event.rule != rule { return false }
        if let height, event.height != height { return false }
        if let animated, event.animated != animated { return false }
        for (field, value) in strings where Self.text(of: event, field) != value { return false }
        return true
    }

    /// The matching events among `events`, the events that follow index
    /// `firstIndex` on a timeline, with their indices.
    public func select(_ events: ArraySlice<Event>, firstIndex: Int) -> [(index: Int, event: Event)] {
        var out: [(index: Int, event: Event)] = []
        for (offset, event) in events.enumerated() {
            let index = firstIndex + offset + 1
            if matches(event, index: index) { out.append((index, event)) }
        }
        return out
    }

    /// The filter as a Lua table: `{kind = "policyError", since = 3}`.
    public var description: String {
        "{" + fields.map { "\($0.field.rawValue) = \($0.value)" }.joined(separator: ", ") + "}"
    }

    // MARK: Checking values

    /// The name of a value's type as a script sees it.
    public static func typeName(of value: Value) -> String {
        switch value {
        case .none: return "nil"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string, .detent: return "string"
        case .list, .record: return "table"
        }
    }

    private static func integer(_ value: Value, _ field: Field) throws(Error) -> Int {
        switch value {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        case .double(let d): throw Error(.notAnInteger(field, d))
        default: throw Error(.wrongType(field, got: typeName(of: value)))
        }
    }

    private static func named<T>(_ value: Value, _ field: Field, _ names: [String], _ make: (String) -> T?)
        throws(Error)
        -> T
    {
        guard case .string(let s) = value else { throw Error(.wrongType(field, got: typeName(of: value))) }
        guard let made = make(s) else { throw Error(.unknownValue(field, s, expected: names)) }
        return made
    }

    private static func text(of event: Event, _ field: Field) -> String? {
        switch field {
        case .presenter: return event.presenter
        case .modifier: return event.modifier
        case .item: return event.item
        case .detent: return event.detent
        case .source: return event.source
        case .detail: return event.detail
        default: return nil
        }
    }
}
