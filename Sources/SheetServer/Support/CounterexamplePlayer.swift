import SheetCheck
import SheetEngine
import SheetRendering

/// A counterexample's run as the HTML player (docs/player.md) draws it:
/// `sheetlab check --trace html` and `check_policy`'s `html` both write it.
package enum CounterexamplePlayer {
    /// Replays the steps from the checker's set-up (as a trace does) and
    /// draws the run, the violation marked as a failed expectation at the
    /// time it broke.
    /// - Parameters:
    ///   - what: what broke, `invariant no-request-lost` or `property eventually-settles`.
    ///   - message: why, as the checker says.
    ///   - policies: the policies checked, for the title (empty: stock behaviour).
    /// - Returns: the page, or nil when a step no longer applies.
    package static func html(
        _ checker: Checker, steps: [CheckAction], liveness: Bool, what: String, message: String, policies: [String]
    ) -> String? {
        // The explorer's app keeps only the newest events: gather the set-up's, then each step's.
        var events: [Event] = []
        var profile = Profile.default
        var policyNames: [String] = []
        var now = 0
        let applied = checker.replay(steps, liveness: liveness) { step, stepEvents, app in
            if step == nil { events = Array(app.timeline.events) } else { events += stepEvents }
            profile = app.profile
            policyNames = app.parts.last?.policies ?? policyNames
            now = app.now
        }
        guard applied else { return nil }
        let part = TimelinePart(part: 1, profile: profile, events: events, endTime: now, policies: policyNames)
        let broke = TimelineExpectation(
            part: 1, time: now, location: nil, message: "\(what) broke: \(message)", passed: false)
        let parts = [part]
        let names = policies.isEmpty ? "stock behaviour" : policies.joined(separator: ", ")
        return TimelineHTML(title: "sheetlab check: a counterexample for " + names).render(
            runs: [TimelineHTML.Run(parts: parts, expectations: [broke])])
    }
}
