import SheetEngine

/// The timeline as text: one line per event, as `Event.description` writes
/// it, under an optional header naming the profile; a run of several parts
/// (`reset()`) gives each part its own header (`render(parts:)`).
///
/// ```
/// profile iphone15-ios17
///      0 ms   set               ContentView  item = {id = 0}
///      0 ms   presenting        ContentView.sheet(item:)  item=0  detent=large  height=783  sheet, ends at 500 ms  ~animated
///    750 ms ! alreadyPresenting ContentView.sheet(item:)  item=0  attempt to present ...
/// ```
///
/// Colour is off unless asked for; the caller decides (a terminal, and no
/// `NO_COLOR`). With colour, warnings are yellow, errors red and user
/// actions bold. Control characters in event text are replaced by spaces
/// either way, so an event is always exactly one line and cannot drive the
/// terminal.
public struct TimelineText: Sendable, Hashable {
    /// The profile named in the header line; no header when nil.
    public var profile: String?
    /// Whether to colour lines with ANSI escapes.
    public var colour: Bool

    /// - Parameters:
    ///   - profile: the profile name for the header line, for example `iphone15-ios17`; nil for no header.
    ///   - colour: whether to use ANSI colours (only on a terminal without `NO_COLOR`).
    public init(profile: String? = nil, colour: Bool = false) {
        self.profile = profile
        self.colour = colour
    }

    /// The whole timeline: the header line (when a profile is given), then
    /// one line per event, each ending with a newline.
    /// - Parameter events: the events, in timeline order.
    /// - Returns: the text; empty (or just the header) when there are no events.
    public func render(_ events: some Sequence<Event>) -> String {
        var out = ""
        if let header { out += header + "\n" }
        for event in events { out += line(event) + "\n" }
        return out
    }

    /// The whole run, part by part, each ending with a newline: one part
    /// reads as `render(_:)` with its profile; several parts each start
    /// with `part N: profile NAME`, a blank line between them.
    /// - Parameter parts: the run's parts in order (`SheetApp.parts`).
    /// - Returns: the text. `profile` and its header are not used: each part names its own.
    public func render(parts: [TimelinePart]) -> String {
        guard parts.count > 1 else {
            return parts.first.map { TimelineText(profile: $0.profile.name, colour: colour).render($0.events) } ?? ""
        }
        return parts.map { part in
            var out = Self.header(of: part) + "\n"
            for event in part.events { out += line(event) + "\n" }
            return out
        }.joined(separator: "\n")
    }

    /// `part 2: profile iphonese-ios17`, the line a part starts with when a run has several.
    public static func header(of part: TimelinePart) -> String {
        "part \(part.part): profile \(TerminalWidth.printable(part.profile.name))"
    }

    /// The header line, `profile iphone15-ios17`, or nil without a profile.
    public var header: String? {
        profile.map { "profile \(TerminalWidth.printable($0))" }
    }

    /// One event as one line, without a newline; coloured when `colour` is on.
    /// - Parameter event: the event.
    /// - Returns: the line, for example `   500 ms   presented         ContentView.sheet(item:)  item=0`.
    public func line(_ event: Event) -> String {
        let text = TerminalWidth.printable(event.description)
        guard colour, let style = Self.style(of: event) else { return text }
        return style + text + Self.reset
    }

    /// The ANSI escape that starts an event's colour, or nil for plain events.
    static func style(of event: Event) -> String? {
        switch event.severity {
        case .error: return "\u{1B}[31m"
        case .warning: return "\u{1B}[33m"
        case .info: return event.kind.isUserAction ? "\u{1B}[1m" : nil
        }
    }

    static let reset = "\u{1B}[0m"
}
