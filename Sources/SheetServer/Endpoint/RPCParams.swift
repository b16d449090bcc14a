import SheetJSON

/// The parameters of one request (a serve method's, an mcp tool's
/// arguments), with JSON-RPC "Invalid params" errors that name the method
/// and the parameter: `Invalid params: 'drag' needs 'height' (a number)`.
struct RPCParams {
    /// The method (or tool), for messages.
    let method: String
    let values: [String: JSON]

    /// Parameters as given, unchecked.
    init(method: String, values: [String: JSON]) {
        self.method = method
        self.values = values
    }

    /// Parameters checked against what the method takes: no unknown name,
    /// every required one given, each of an accepted type.
    /// - Parameters:
    ///   - method: the method or tool.
    ///   - values: what the request gave.
    ///   - params: what it takes.
    ///   - noun: what messages call one (`parameter`, `argument`).
    /// - Throws: invalid params naming the first that is wrong.
    init(_ method: String, _ values: [String: JSON], checkedAgainst params: [RPCParam], naming noun: String)
        throws(RPCError)
    {
        self.init(method: method, values: values)
        let names = params.map(\.name)
        if let unknown = values.keys.filter({ !names.contains($0) }).sorted().first {
            let expected = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw RPCError.invalidParams("'\(method)' has no \(noun) '\(unknown)'; expected \(expected)")
        }
        for param in params {
            guard let value = self[param.name] else {
                if param.required { throw missing(param.name, param.typeDescription) }
                continue
            }
            guard param.accepts(value) else { throw wrongType(param.name, param.typeDescription) }
            if let problem = param.rangeProblem(value) { throw bad(problem) }
        }
    }

    /// The raw value of a parameter; nil when absent or null.
    subscript(_ key: String) -> JSON? {
        if let v = values[key], v != .null { return v }
        return nil
    }

    func bad(_ detail: String) -> RPCError { RPCError.invalidParams("'\(method)': \(detail)") }

    func missing(_ key: String, _ type: String) -> RPCError {
        RPCError.invalidParams("'\(method)' needs '\(key)' (\(type))")
    }

    func wrongType(_ key: String, _ type: String) -> RPCError {
        bad("'\(key)' must be \(type), got \(values[key]?.typeName ?? "nothing")")
    }

    func string(_ key: String) throws(RPCError) -> String {
        guard let s = try optionalString(key) else { throw missing(key, "a string") }
        return s
    }

    func optionalString(_ key: String) throws(RPCError) -> String? {
        switch self[key] {
        case nil: return nil
        case .string(let s)?: return s
        default: throw wrongType(key, "a string")
        }
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(RPCError) -> Int {
        guard let i = try optionalInt(key, in: range) else { throw missing(key, "an integer") }
        return i
    }

    /// An integer in `range`; a float with an integral value counts. The
    /// range is checked before any conversion, so no number traps.
    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(RPCError) -> Int? {
        let value: Int
        switch self[key] {
        case nil: return nil
        case .int(let i)?: value = i
        case .double(let d)? where d == d.rounded():
            guard let i = Int(exactly: d), range.contains(i) else { throw outOfRange(key, range.asNumbers) }
            value = i
        default: throw wrongType(key, "an integer")
        }
        guard range.contains(value) else { throw outOfRange(key, range.asNumbers) }
        return value
    }

    /// A number in `range` (every number a method reads has one: `RequestRanges`).
    func number(_ key: String, in range: ClosedRange<Double>) throws(RPCError) -> Double {
        guard let d = try optionalNumber(key, in: range) else { throw missing(key, "a number") }
        return d
    }

    func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(RPCError) -> Double? {
        let value: Double
        switch self[key] {
        case nil: return nil
        case .int(let i)?: value = Double(i)
        case .double(let d)?: value = d
        default: throw wrongType(key, "a number")
        }
        guard range.contains(value) else { throw outOfRange(key, range) }
        return value
    }

    /// `'ms' must be from 0 to 1000000000000, got 1e+300`.
    func outOfRange(_ key: String, _ range: ClosedRange<Double>) -> RPCError {
        bad("'\(key)' must be \(RequestRanges.words(range)), got \(values[key]?.text ?? "nothing")")
    }

    func optionalBool(_ key: String) throws(RPCError) -> Bool? {
        switch self[key] {
        case nil: return nil
        case .bool(let b)?: return b
        default: throw wrongType(key, "a boolean")
        }
    }

    func object(_ key: String) throws(RPCError) -> [String: JSON] {
        guard let o = try optionalObject(key) else { throw missing(key, "an object") }
        return o
    }

    func optionalObject(_ key: String) throws(RPCError) -> [String: JSON]? {
        switch self[key] {
        case nil: return nil
        case .object(let o)?: return o
        default: throw wrongType(key, "an object")
        }
    }
}
