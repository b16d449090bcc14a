import SheetEngine
import SheetRendering
import SheetScripting

/// Renders a session's whole run (every part since it started, each
/// `reset()` beginning one) in the format a command asks for.
enum TimelineOutput {
    /// - Parameters:
    ///   - session: the session; its app keeps earlier parts when asked (`keepsEarlierParts`).
    ///   - title: what the SVG's title says: the scenario's file, for example.
    static func render(_ session: Session, format: RunCommand.Format, color: Bool, title: String) -> String {
        let parts = session.app.parts
        switch format {
        case .text:
            return TimelineText(colour: color).render(parts: parts)
        case .json:
            return TimelineJSON.render(parts: parts)
        case .svg:
            return TimelineSVG(title: title).render(parts: parts)
        }
    }
}
