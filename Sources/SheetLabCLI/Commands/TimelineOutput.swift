import SheetEngine
import SheetRendering
import SheetScripting

/// Renders a session's whole run (every part since it started, each
/// `reset()` beginning one) in the format a command asks for.
enum TimelineOutput {
    /// - Parameters:
    ///   - session: the session; its app keeps earlier parts when asked (`keepsEarlierParts`).
    ///   - title: what the SVG's title says: the scenario's file, for example.
    ///   - watch: for html under `--watch`, the page's generation and the script it polls.
    static func render(
        _ session: Session, format: RunCommand.Format, color: Bool, title: String, watch: TimelineHTML.Watch? = nil
    ) -> String {
        let parts = session.app.parts
        switch format {
        case .text:
            return TimelineText(colour: color).render(parts: parts)
        case .json:
            return TimelineJSON.render(parts: parts)
        case .svg:
            return TimelineSVG(title: title).render(parts: parts, expectations: expectations(session))
        case .html:
            return TimelineHTML(title: title, watch: watch).render(parts: parts, expectations: expectations(session))
        }
    }

    /// The expectations that ran, for the player's time axis.
    static func expectations(_ session: Session) -> [TimelineHTML.Expectation] {
        session.expectationMarks.map {
            TimelineHTML.Expectation(
                part: $0.part, time: $0.time, location: $0.location, message: $0.message, passed: $0.passed)
        }
    }
}
