import SheetEngine
import SheetJSON

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The timeline as JSON lines: one compact JSON object per event, one event
/// per line, keys sorted so that the same run always gives the same bytes.
///
/// Each object has `time` (ms), `kind`, `severity` and `detail`, and, when
/// the event has them, `presenter`, `modifier`, `item`, `phase`, `detent`,
/// `height` (points), `source` (`stock` or the deciding policy) and `rule`;
/// a run rendered by parts (`render(parts:)`) adds `part` and `index` (the
/// event's place on its part's timeline, from 1, as serve numbers events)
/// to every event:
///
/// ```
/// {"detail":"sheet, ends at 500 ms","detent":"large","height":783,"item":"0","kind":"presenting",...}
/// ```
///
/// Numbers that JSON cannot hold (NaN, infinities) are written as the
/// strings `"nan"`, `"inf"` and `"-inf"`.
public enum TimelineJSON {
    /// One event as one line of JSON, without a newline.
    /// - Parameters:
    ///   - event: the event.
    ///   - part: the part of the run it happened in (`SheetApp.part`),
    ///     written as the field `part`; nil leaves the field out.
    /// - Returns: a JSON object on one line.
    public static func line(_ event: Event, part: Int? = nil) -> String {
        encode(PartEvent(event: event, part: part))
    }

    /// Every event of every part as a JSON line, each with its `part` and
    /// its `index` on that part's timeline (from 1), ending with a newline.
    /// - Parameter parts: the run's parts in order (`SheetApp.parts`).
    /// - Returns: the JSON lines; empty for no events.
    public static func render(parts: [TimelinePart]) -> String {
        let encoder = makeEncoder(pretty: false)
        var out = ""
        for part in parts {
            for (i, event) in part.events.enumerated() {
                out += encode(PartEvent(event: event, part: part.part, index: i + 1), with: encoder) + "\n"
            }
        }
        return out
    }

    /// Every event as a JSON line, each ending with a newline.
    /// - Parameter events: the events, in timeline order.
    /// - Returns: the JSON lines; empty for no events.
    public static func render(_ events: some Sequence<Event>) -> String {
        let encoder = makeEncoder(pretty: false)
        var out = ""
        for event in events { out += encode(PartEvent(event: event, part: nil), with: encoder) + "\n" }
        return out
    }

    /// The app's state as one line of JSON (sorted keys): `time`, `profile`,
    /// `orientation`, `presentations`, `views` and `held`, as `AppState`
    /// encodes them.
    /// - Parameters:
    ///   - state: the state, for example `app.state()` at the end of a run.
    ///   - pretty: whether to indent it over several lines for people.
    /// - Returns: the JSON text, without a trailing newline.
    public static func state(_ state: AppState, pretty: Bool = false) -> String {
        encode(state, pretty: pretty)
    }

    /// The string a number JSON cannot hold is written as: `"nan"`, `"inf"`
    /// or `"-inf"`; nil for a finite number: SheetJSON's one rule
    /// (`JSON.nonFiniteText`), which `serve` and `mcp` follow too.
    /// - Parameter number: any number.
    /// - Returns: the string, or nil when the number is finite.
    public static func nonFiniteText(_ number: Double) -> String? { JSON.nonFiniteText(number) }

    /// An event with the part it belongs to: the one place a JSON event is
    /// built. The event writes its own fields; `part` is added beside them.
    struct PartEvent: Encodable {
        var event: Event
        var part: Int?
        /// The event's 1-based place on its part's timeline, as serve, mcp and the debugger number events.
        var index: Int? = nil

        enum Key: String, CodingKey { case part, index }

        func encode(to encoder: any Encoder) throws {
            try event.encode(to: encoder)
            var c = encoder.container(keyedBy: Key.self)
            if let part { try c.encode(part, forKey: .part) }
            if let index { try c.encode(index, forKey: .index) }
        }
    }

    static func makeEncoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFiniteText(.infinity)!, negativeInfinity: nonFiniteText(-.infinity)!,
            nan: nonFiniteText(.nan)!)
        return encoder
    }

    static func encode(_ value: some Encodable, pretty: Bool = false) -> String {
        encode(value, with: makeEncoder(pretty: pretty))
    }

    static func encode(_ value: some Encodable, with encoder: JSONEncoder) -> String {
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            // Events and states contain only strings, numbers and enums, and
            // non-finite numbers are converted, so encoding cannot fail; keep
            // the output valid JSON should that ever change.
            var message = ""
            for c in TerminalWidth.printable("\(error)") {
                if c == "\\" || c == "\"" { message.append("\\") }
                message.append(c)
            }
            return "{\"error\":\"\(message)\"}"
        }
    }
}
