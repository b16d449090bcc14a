/// A Lua value on the Swift side.
///
/// Tables are copied (see `LuaTable`); functions stay in their runtime and
/// are held by reference (`LuaFunction`). Userdata and coroutines do not
/// cross: converting one is a `.badValue` error.
public enum LuaValue: Equatable {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(LuaString)
    case table(LuaTable)
    case function(LuaFunction)

    /// Lua's type name: "nil", "boolean", "number", "string", "table", "function".
    public var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        }
    }

    public var isNil: Bool {
        if case .nil = self { return true }
        return false
    }

    /// Lua truthiness: everything but nil and false.
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): false
        default: true
        }
    }

    /// The text of a string value (nil for other types or invalid UTF-8).
    public var stringValue: String? {
        if case .string(let string) = self { return string.string }
        return nil
    }

    /// An integer, or a float with an exact integer value.
    public var intValue: Int? {
        switch self {
        case .integer(let value): return value
        case .number(let value):
            guard value.rounded() == value, let exact = Int(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// Any number, as a Double.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    public var tableValue: LuaTable? {
        if case .table(let value) = self { return value }
        return nil
    }

    /// The function, if the value can be called (only functions cross as
    /// callable values).
    public var functionValue: LuaFunction? {
        if case .function(let value) = self { return value }
        return nil
    }

    /// Equal values; functions are equal when they are the same reference.
    public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
        switch (lhs, rhs) {
        case (.nil, .nil): true
        case (.boolean(let a), .boolean(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): Double(a) == b
        case (.string(let a), .string(let b)): a == b
        case (.table(let a), .table(let b)): a == b
        case (.function(let a), .function(let b)): a === b
        default: false
        }
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringInterpolation, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(LuaString(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .string(LuaString(String(stringInterpolation: stringInterpolation)))
    }
    public init(arrayLiteral elements: LuaValue...) { self = .table(LuaTable(array: elements)) }
    public init(dictionaryLiteral elements: (LuaString, LuaValue)...) {
        self = .table(LuaTable(fields: Dictionary(elements, uniquingKeysWith: { _, last in last })))
    }
}

extension LuaValue: CustomStringConvertible {
    /// A short rendering for messages: strings quoted, tables summarized.
    public var description: String {
        switch self {
        case .nil: "nil"
        case .boolean(let value): String(value)
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .table(let value): value.description
        case .function: "function"
        }
    }
}
