/// An expectation a scenario checked (`expect`, `expect_event`, ...): when
/// it ran, in which part of the run, and whether it held. The SVG and the
/// HTML player mark each on the time axis.
public struct TimelineExpectation: Sendable, Hashable {
    /// The part of the run it ran in (1 for the first).
    public var part: Int
    /// The virtual time it ran at, in ms.
    public var time: Int
    /// Where in the scenario: `file.lua:12`, when known.
    public var location: String?
    public var message: String
    public var passed: Bool

    public init(part: Int, time: Int, location: String?, message: String, passed: Bool) {
        self.part = part
        self.time = time
        self.location = location
        self.message = message
        self.passed = passed
    }
}
