import Foundation
import SheetEngine
import SheetScripting

/// Renders a session's timeline in the format a command asks for.
enum TimelineOutput {
    static func render(_ session: Session, format: RunCommand.Format, color: Bool) -> String {
        let events = session.app.timeline.events
        switch format {
        case .text:
            let header = "# \(session.profile.name), \(events.count) events, ends at \(session.app.now) ms\n"
            return header + events.map(\.description).joined(separator: "\n") + (events.isEmpty ? "" : "\n")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return events.compactMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) + "\n" }
                .joined()
        case .svg:
            return "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"
        }
    }
}
