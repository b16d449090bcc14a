import SheetEngine
import SheetScripting
import SheetServer

/// What running a scenario on one profile gave, as plain values: each
/// `Outcome` with its value, in the order the run produced them.
struct RunOutcome {
    var profile: Profile
    var outcomes: [(Outcome, OutcomeValue)]
    /// What `sheetlab run` alone would return for this run.
    var exitCode: ExitCode
    /// The profiles the scenario's `profile("...")` asked for and the compared one overrode.
    var overriddenProfiles: [String] = []

    init(
        profile: Profile, outcomes: [(Outcome, OutcomeValue)], exitCode: ExitCode, overriddenProfiles: [String] = []
    ) {
        self.profile = profile
        self.outcomes = outcomes
        self.exitCode = exitCode
        self.overriddenProfiles = overriddenProfiles
    }

    /// The outcomes of a finished run.
    /// - Parameters:
    ///   - result: the run.
    ///   - events: the warning and error events it had, counted across `reset`.
    init(profile: Profile, result: ScenarioResult, events: EventCounter) {
        var outcomes: [(Outcome, OutcomeValue)] = []
        if let error = result.error { outcomes.append((.scriptError, .text(error.description))) }
        let tally = result.session.expectations
        for key in tally.keys { outcomes.append((.expectation(key), .checks(tally.counts[key]!))) }
        let stack = result.session.app.state().presentations
        for p in stack {
            outcomes += [
                (.presentation(level: p.level, .modifier), .text("\(p.presenter).\(p.modifier)")),
                (.presentation(level: p.level, .style), .text(p.style.rawValue)),
                (.presentation(level: p.level, .detent), p.detent.map(OutcomeValue.text) ?? .none),
                (.presentation(level: p.level, .height), .points(p.height)),
                (.presentation(level: p.level, .placement), p.placement.map { .text($0.rawValue) } ?? .none),
                (.presentation(level: p.level, .transition), .text(p.transition.code)),
            ]
        }
        if let top = stack.last { outcomes.append((.topDetents, .detents(top.detents))) }
        for key in events.order { outcomes.append((key, .count(events.counts[key]!))) }
        self.init(
            profile: profile, outcomes: outcomes, exitCode: ExitCode(result),
            overriddenProfiles: result.session.overriddenProfiles)
    }
}

/// Counts a session's warning and error events by kind and rule, across
/// `reset` (the timeline starts over at each reset; the subscription stays).
final class EventCounter {
    private(set) var counts: [Outcome: Int] = [:]
    /// The keys in the order they were first seen.
    private(set) var order: [Outcome] = []

    /// Starts counting the events of `session`.
    func watch(_ session: Session) {
        session.subscribe { [self] event in
            guard event.severity != .info else { return }
            let key = Outcome.events(event.kind, event.rule)
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
    }
}
