/// One expectation as it ran: when (virtual time and part), where and
/// whether it held, for pictures that mark expectations on the time axis
/// (`sheetlab run --format html`, the SVG).
public struct ExpectationMark: Hashable, Sendable {
    /// The part of the run (`SheetApp.part`) and the virtual time (ms) it ran at.
    public var part: Int
    public var time: Int
    /// `file:line` of the call, when known, and its message.
    public var location: String?
    public var message: String
    public var passed: Bool

    /// How many marks a session keeps: an expectation in a long loop still
    /// counts in the tally, but only the first ones are marked.
    public static let limit = 10_000

    public init(part: Int, time: Int, location: String?, message: String, passed: Bool) {
        self.part = part
        self.time = time
        self.location = location
        self.message = message
        self.passed = passed
    }
}
