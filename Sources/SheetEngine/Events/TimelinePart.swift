/// One part of a run: what happened between two `reset` calls, on one
/// profile. A scenario that calls `reset()` three times has four parts;
/// `SheetApp.parts` lists them in order, so a report can show the whole run.
public struct TimelinePart: Sendable {
    /// Which part: 1 for the first, as `SheetApp.part` counted it.
    public var part: Int
    /// The profile the part ran on.
    public var profile: Profile
    /// Its events, oldest first.
    public var timeline: Timeline
    /// The virtual time (ms) the part ended at: the clock when `reset` was
    /// called, or now for the part under way.
    public var endTime: Int

    public init(part: Int, profile: Profile, timeline: Timeline, endTime: Int) {
        self.part = part
        self.profile = profile
        self.timeline = timeline
        self.endTime = endTime
    }

    /// Its events, oldest first.
    public var events: [Event] { timeline.events }
}
