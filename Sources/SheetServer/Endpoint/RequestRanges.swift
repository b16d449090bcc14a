import SheetEngine
import SheetJSON

/// The ranges of the numbers a request may give, in one place for both
/// servers: serve's parameters and mcp's tool arguments (`RPCParam.range`,
/// the `minimum` and `maximum` of mcp's input schemas and of
/// docs/serve.openrpc.json), and the numbers inside what they carry (the
/// events given to `render_timeline_svg` and `explain_event`).
///
/// Every number from outside is checked against its range before it is
/// converted (a float to an integer, a time to the engine's clock), so a
/// huge one is an `Invalid params` error naming it and its range, never a
/// trap; every bound is a whole number of at most 2^53, which a JSON client
/// in any language reads exactly.
package enum RequestRanges {
    /// The largest integer every JSON reader keeps exact (2^53 - 1).
    package static let safeInteger = (1 << 53) - 1

    /// A time on the virtual clock, in ms (an event's `time`).
    package static let time = 0...SheetApp.maximumTime
    /// The longest `advance`, in ms (about 31 years of virtual time).
    package static let advance = 0...1_000_000_000_000
    /// A sheet's height, in points (`drag`'s, an event's `height`).
    package static let height = -1_000_000.0...1_000_000.0
    /// A release's velocity, in points per second.
    package static let velocity = -1_000_000.0...1_000_000.0
    /// An id the server gave (an app), or a 1-based index on a timeline.
    package static let id = 1...safeInteger
    /// An index from 0 (`timeline`'s `since`).
    package static let count = 0...safeInteger
    /// A random seed.
    package static let seed = 0...safeInteger

    /// A range's bounds as JSON Schema writes them: `{"minimum": A, "maximum": B}`.
    package static func schema(_ range: ClosedRange<Double>) -> [String: JSON] {
        ["minimum": number(range.lowerBound), "maximum": number(range.upperBound)]
    }

    /// A bound as JSON: an integer when it is whole.
    static func number(_ d: Double) -> JSON {
        if let i = Int(exactly: d) { return .int(i) }
        return .double(d)
    }

    /// `-1000000 to 1000000`, for messages.
    static func words(_ range: ClosedRange<Double>) -> String {
        "from \(number(range.lowerBound).text) to \(number(range.upperBound).text)"
    }
}

extension ClosedRange where Bound == Int {
    /// The same range as numbers, for a parameter's schema.
    package var asNumbers: ClosedRange<Double> { Double(lowerBound)...Double(upperBound) }
}
