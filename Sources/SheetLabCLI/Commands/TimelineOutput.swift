import SheetEngine
import SheetRendering
import SheetScripting

/// Renders a session's timeline in the format a command asks for.
enum TimelineOutput {
    static func render(_ session: Session, format: RunCommand.Format, color: Bool) -> String {
        let events = session.app.timeline.events
        switch format {
        case .text:
            return TimelineText(profile: session.profile.name, colour: color).render(events)
        case .json:
            return TimelineJSON.render(events)
        case .svg:
            return TimelineSVG(title: nil, profile: session.profile).render(events, endTime: session.app.now)
        }
    }
}
