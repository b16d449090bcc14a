import SheetEngine

/// A timeline in a few lines of text, for clients and models that cannot
/// see `render_timeline_svg`'s picture: one line per presentation (its
/// presenter, modifier and item, and its phases with their times, as the
/// picture's lane draws them), then the warnings and errors with their
/// rules, as the picture marks them.
enum TimelineSummary {
    static func lines(_ events: [Event], endTime: Int) -> [String] {
        var order: [String] = []
        var phases: [String: [String]] = [:]
        for event in events {
            guard [.presenting, .presented, .dismissing, .dismissed, .removed].contains(event.kind),
                let presenter = event.presenter
            else { continue }
            let name =
                ([presenter + (event.modifier.map { ".\($0)" } ?? "")] + (event.item.map { ["item=\($0)"] } ?? []))
                .joined(separator: " ")
            if phases[name] == nil { order.append(name) }
            var step = "\(event.kind.rawValue) at \(event.time) ms"
            if let end = event.transitionEnd { step += " (until \(end) ms)" }
            if let detent = event.detent { step += ", \(detent)" }
            phases[name, default: []].append(step)
        }
        var out = ["\(events.count) event\(events.count == 1 ? "" : "s"), 0 to \(endTime) ms"]
        out += order.map { "\($0): \(phases[$0, default: []].joined(separator: ", "))" }
        if order.isEmpty { out.append("nothing was presented") }
        let problems = events.filter { $0.severity != .info }
        for event in problems {
            let rule = event.rule.map { " (\($0.rawValue))" } ?? ""
            out.append(
                "\(event.severity == .warning ? "warning" : "error") \(event.kind.rawValue)\(rule) at \(event.time) ms: \(event.detail)"
            )
        }
        if problems.isEmpty { out.append("no warning or error") }
        return out
    }
}
