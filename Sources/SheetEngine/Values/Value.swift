/// A value held in a view's state slot: what a `@State` property holds.
///
/// Items for `sheet(item:)` are records with an `id` field, or plain
/// strings and numbers, which are their own identity (as seed 002's
/// `Identifiable where Self: Hashable` extension makes them).
public enum Value: Hashable, Sendable {
    case none
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case detent(Detent)
    case list([Value])
    /// A record; as an item, its `id` field is its identity.
    case record([String: Value])

    /// Whether the value is "empty" for a presentation binding: `nil` or `false`.
    public var isEmpty: Bool {
        switch self {
        case .none, .bool(false): return true
        default: return false
        }
    }

    /// The identity of this value used as an item (B04), or nil when it has none.
    public var itemID: String? {
        switch self {
        case .record(let fields):
            guard let id = Value.field("id", of: fields) else { return nil }
            return id.scalarID
        default: return scalarID
        }
    }

    /// The identity of a value that is not a record: nil for lists too,
    /// which is also what an `id` field holding a record or a list gives.
    /// Not recursive, so that it inlines into `itemID` (the recursive form
    /// cost about 240 instructions for an `{id = n}` item).
    @inline(__always)
    private var scalarID: String? {
        switch self {
        case .none, .bool, .list, .detent, .record: return nil
        case .int(let i): return Value.text(of: i)
        case .double(let d): return Value.format(d)
        case .string(let s): return s
        }
    }

    /// `fields[key]`; a small record is scanned instead (an item is usually
    /// `{id = n}`): hashing the key cost more than comparing it with each.
    @inline(__always)
    static func field(_ key: String, of fields: [String: Value]) -> Value? {
        guard fields.count <= 4 else { return fields[key] }
        for (k, v) in fields where k == key { return v }
        return nil
    }

    /// `String(i)`, made once for the small numbers item ids usually are
    /// (short strings are stored inline: reading one copies 16 bytes).
    static func text(of i: Int) -> String {
        i >= 0 && i < smallIntegerTexts.count ? smallIntegerTexts[i] : String(i)
    }

    private static let smallIntegerTexts: [String] = (0..<1024).map { String($0) }

    var isRecordOrList: Bool {
        switch self {
        case .record, .list: return true
        default: return false
        }
    }

    /// How many levels of lists and records a value in state may nest: a
    /// write or a view that nests deeper is refused, so that whatever state
    /// holds can be read back by every reader, including those that wrap it
    /// in tables of their own (Lua's `state()` puts a slot's value 4 levels
    /// down, `stack()` an item 2; tables cross between Lua and Swift up to
    /// 100 levels deep).
    public static let maximumDepth = 64

    /// Whether lists and records nest more than `levels` deep in the value
    /// (a scalar nests 0 levels, `{1}` one). Stops looking past `levels`.
    public func nests(deeperThan levels: Int) -> Bool {
        switch self {
        case .list(let items):
            if levels <= 0 { return true }
            for item in items where item.isRecordOrList && item.nests(deeperThan: levels - 1) { return true }
            return false
        case .record(let fields):
            if levels <= 0 { return true }
            for field in fields.values where field.isRecordOrList && field.nests(deeperThan: levels - 1) {
                return true
            }
            return false
        default:
            return false
        }
    }

    /// A field of a record, or `.none`.
    public subscript(field: String) -> Value {
        if case .record(let fields) = self { return Value.field(field, of: fields) ?? .none }
        return .none
    }

    /// Formats a number without a trailing `.0` when it is whole: `200`, `78.3`.
    public static func format(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// Formats a length in points as reports write it: to a tenth of a
    /// point, without a trailing `.0`: `200`, `78.3`.
    public static func format(points: Double) -> String { format((points * 10).rounded() / 10) }
}

extension Value: CustomStringConvertible {
    /// A compact, Lua-like rendering used on the timeline: `nil`, `true`, `3`,
    /// `"text"`, `{id = 0, title = "A"}`.
    public var description: String {
        switch self {
        case .none: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return Value.text(of: i)
        case .double(let d): return Value.format(d)
        case .string(let s): return "\"\(s)\""
        case .detent(let d): return d.description
        case .list(let items): return "{" + items.map(\.description).joined(separator: ", ") + "}"
        case .record(let fields):
            return "{" + Value.recordKeys(fields).map { "\($0) = \(fields[$0]!.description)" }.joined(separator: ", ")
                + "}"
        }
    }

    /// A record's keys in the order every rendering writes them, so that it
    /// is the same on every run: `id` first, then the others sorted.
    public static func recordKeys(_ fields: [String: Value]) -> [String] {
        fields.keys.sorted { a, b in a == "id" ? b != "id" : (b == "id" ? false : a < b) }
    }
}

extension Value: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    ExpressibleByFloatLiteral, ExpressibleByNilLiteral
{
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(nilLiteral: ()) { self = .none }
}

/// A state slot of a named view: where a binding points.
public struct StateRef: Hashable, Sendable, CustomStringConvertible {
    /// The view that owns the slot.
    public var view: String
    /// The slot's name.
    public var slot: String

    /// The slot `slot` of `view`.
    public init(view: String, slot: String) {
        self.view = view
        self.slot = slot
    }

    /// `ContentView.isPresented`.
    public var description: String { "\(view).\(slot)" }
}
