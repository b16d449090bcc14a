/// One part of a run: what happened between two `reset` calls, on one
/// profile. A scenario that calls `reset()` three times has four parts;
/// `SheetApp.parts` lists them in order, so a report can show the whole run.
public struct TimelinePart: Sendable {
    /// Which part: 1 for the first, as `SheetApp.part` counted it.
    public var part: Int
    /// The profile the part ran on.
    public var profile: Profile
    /// Its events, oldest first (those the timeline kept).
    public var events: [Event]
    /// The virtual time (ms) the part ended at: the clock when `reset` was
    /// called, or now for the part under way.
    public var endTime: Int
    /// The names of the policies loaded while the part ran, in load order
    /// (one unloaded during the part is still named): empty for stock.
    public var policies: [String]

    public init(part: Int, profile: Profile, events: [Event], endTime: Int, policies: [String] = []) {
        self.part = part
        self.profile = profile
        self.events = events
        self.endTime = endTime
        self.policies = policies
    }
}
