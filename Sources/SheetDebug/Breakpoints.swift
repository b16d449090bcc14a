import SheetEngine

/// A hit condition as DAP gives it (`hitCondition`): `N` or `==N` (the Nth
/// hit), `>=N`, `>N`, `<=N`, `<N`, `%N` (every Nth hit).
package struct HitCondition: Equatable, Sendable {
    package enum Comparison: String, Sendable {
        case equal = "==", atLeast = ">=", above = ">", atMost = "<=", below = "<", every = "%"
    }
    package var comparison: Comparison
    package var count: Int

    /// - Throws: `DAPFailure` naming what is accepted.
    package init(parsing text: String) throws(DAPFailure) {
        let trimmed = text.filter { $0 != " " }
        for comparison in [Comparison.equal, .atLeast, .atMost, .above, .below, .every]
        where trimmed.hasPrefix(comparison.rawValue) {
            guard let n = Int(trimmed.dropFirst(comparison.rawValue.count)), n > 0 else { break }
            self.comparison = comparison
            self.count = n
            return
        }
        if let n = Int(trimmed), n > 0 {
            comparison = .equal
            count = n
            return
        }
        throw DAPFailure(
            "hit condition '\(text)' is not one of N, ==N, >=N, >N, <=N, <N, %N (N a whole number above 0)")
    }

    /// Whether the `hits`th hit (1 for the first) stops.
    package func stops(atHit hits: Int) -> Bool {
        switch comparison {
        case .equal: hits == count
        case .atLeast: hits >= count
        case .above: hits > count
        case .atMost: hits <= count
        case .below: hits < count
        case .every: hits % count == 0
        }
    }
}

/// A line breakpoint in a scenario or policy file.
package struct LineBreakpoint: Equatable, Sendable {
    package var id: Int
    package var line: Int
    package var condition: String?
    package var hitCondition: HitCondition?
}

/// What an event breakpoint stops on: an event kind, a severity, a rule,
/// or the virtual time reaching a moment.
package enum EventMatch: Equatable, Sendable {
    case kind(EventKind)
    case severity(Severity)
    case rule(RuleID)
    case time(Int)

    /// The exception-breakpoint filters `initialize` offers.
    package static let filters: [(id: String, label: String, description: String, match: EventMatch)] = [
        (
            "requestLost", "requestLost", "A request for a sheet is lost (B03: the write-back overwrote it).",
            .kind(.requestLost)
        ),
        (
            "alreadyPresenting", "alreadyPresenting", "A presentation is asked for while its presenter is busy (B05).",
            .kind(.alreadyPresenting)
        ),
        ("warning", "Any warning", "Any event of severity warning.", .severity(.warning)),
        ("error", "Any error", "Any event of severity error (a policy, content or action error).", .severity(.error)),
    ]

    /// The filter that stops where an expectation fails (`expect`, `expect_eq`): a check counterexample's violation.
    package static let failedExpectation = (
        id: "failedExpectation", label: "Failed expectation",
        description: "An expect or expect_eq fails: where a check counterexample breaks its invariant."
    )

    /// A function breakpoint's name: a rule (`B03`), an event kind
    /// (`requestLost`) or a virtual time (`@750ms`, `@750`).
    /// - Throws: `DAPFailure` with what is accepted and the nearest name.
    package init(functionName name: String) throws(DAPFailure) {
        let text = name.trimmingCharacters(in: " ")
        if text.hasPrefix("@") {
            var number = text.dropFirst()
            if number.hasSuffix("ms") { number = number.dropLast(2) }
            guard let ms = Int(number.trimmingCharacters(in: " ")), ms >= 0 else {
                throw DAPFailure("'\(name)' is not a virtual time: write @750ms or @750 (milliseconds)")
            }
            self = .time(ms)
        } else if let rule = RuleID(rawValue: text.uppercased()) {
            self = .rule(rule)
        } else if let kind = EventKind(rawValue: text) {
            self = .kind(kind)
        } else {
            let names = RuleID.allCases.map(\.rawValue) + EventKind.allCases.map(\.rawValue)
            throw DAPFailure(
                "unknown event breakpoint '\(name)': give a rule (B03), an event kind (requestLost) or a time (@750ms)"
                    + NameSuggestion.hint(for: text, in: names))
        }
    }

    /// Whether `event` matches; `previousTime` is the time of the event before it (-1 for none).
    package func matches(_ event: Event, previousTime: Int) -> Bool {
        switch self {
        case .kind(let kind): event.kind == kind
        case .severity(let severity): event.severity == severity
        case .rule(let rule): event.rule == rule
        case .time(let ms): event.time >= ms && previousTime < ms
        }
    }
}

/// A function breakpoint (`setFunctionBreakpoints`): an event match with DAP's options.
package struct EventBreakpoint: Equatable, Sendable {
    package var id: Int
    package var name: String
    package var match: EventMatch
    package var condition: String?
    package var hitCondition: HitCondition?
}

/// Every breakpoint a client set: what a run consults at each line and event.
package struct BreakpointSet: Equatable, Sendable {
    /// Line breakpoints by the file's real path.
    package var lines: [String: [LineBreakpoint]] = [:]
    /// The exception filters on, by id.
    package var filters: [String] = []
    package var events: [EventBreakpoint] = []

    package init() {}

    /// The lines that have a breakpoint in some file: a line event elsewhere costs one lookup.
    package var breakpointLines: Set<Int> { Set(lines.values.flatMap { $0.map(\.line) }) }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
