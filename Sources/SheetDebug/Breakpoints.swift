import SheetEngine
import SheetScripting

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

/// A breakpoint as a person types it at the REPL (`:break SPEC`): an
/// exception filter (`warning`, `error`, `failedExpectation`), an event
/// breakpoint (a kind such as `requestLost`, a rule such as `B03`, a time
/// such as `@750ms`), or a line (`FILE:LINE`).
package enum BreakpointSpec: Equatable, Sendable {
    case filter(String)
    case event(EventMatch)
    case line(file: String, line: Int)

    /// - Throws: `DebugFailure` with what is accepted and the nearest name.
    package init(parsing text: String) throws(DebugFailure) {
        let spec = text.trimmingCharacters(in: " ")
        if spec == EventMatch.failedExpectation.id || ["warning", "error"].contains(spec) {
            self = .filter(spec)
            return
        }
        if let colon = spec.lastIndex(of: ":"), colon != spec.startIndex {
            let file = String(spec[..<colon])
            guard let line = Int(spec[spec.index(after: colon)...]), line > 0 else {
                throw DebugFailure("'\(text)' is not FILE:LINE (a line number from 1)")
            }
            self = .line(file: file, line: line)
            return
        }
        do throws(DebugFailure) {
            self = .event(try EventMatch(functionName: spec))
        } catch {
            throw DebugFailure(
                error.message.replacingFirst(
                    "give a rule", with: "give warning, error, failedExpectation, FILE:LINE, a rule"))
        }
    }
}

/// The breakpoints a person set one by one (the REPL's `:break`), numbered
/// from 1 in the order they were set; a number is never given again.
package struct BreakpointList: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        package var id: Int
        /// As typed.
        package var text: String
        package var spec: BreakpointSpec
        /// For a line breakpoint, its file's real path.
        package var path: String?
    }

    package private(set) var entries: [Entry] = []
    private var nextID = 1

    package init() {}

    /// Adds a breakpoint; a line breakpoint's file must exist and have the line.
    /// - Parameters:
    ///   - text: the breakpoint (`BreakpointSpec`), a file's path as it is to be opened.
    ///   - shown: how the list shows it (a relative path), `text` by default.
    /// - Throws: `DebugFailure` saying what is wrong with `text`.
    @discardableResult
    package mutating func add(_ text: String, shown: String? = nil) throws(DebugFailure) -> Entry {
        let spec = try BreakpointSpec(parsing: text)
        var path: String?
        if case .line(let file, let line) = spec {
            guard FileKind.isRegularFile(file), let count = DebugAdapter.lineCount(file) else {
                throw DebugFailure("no such file: \(file)")
            }
            guard line <= count else { throw DebugFailure("line \(line) is not in \(file) (it has \(count) lines)") }
            path = Session.canonicalPath(file)
        }
        let entry = Entry(id: nextID, text: (shown ?? text).trimmingCharacters(in: " "), spec: spec, path: path)
        nextID += 1
        entries.append(entry)
        return entry
    }

    /// Removes breakpoint `id`; false when there is none.
    @discardableResult
    package mutating func remove(_ id: Int) -> Bool {
        guard let i = entries.firstIndex(where: { $0.id == id }) else { return false }
        entries.remove(at: i)
        return true
    }

    package mutating func removeAll() { entries = [] }

    /// What a run consults. `place` turns a file's line into the places a
    /// run reaches it as (the REPL runs a `--load`ed scenario inside its
    /// session's program); by default the file itself.
    package func set(place: (String, Int) -> [(path: String, line: Int)] = { [($0, $1)] }) -> BreakpointSet {
        var set = BreakpointSet()
        for entry in entries {
            switch entry.spec {
            case .filter(let id):
                if !set.filters.contains(id) { set.filters.append(id) }
            case .event(let match):
                set.events.append(EventBreakpoint(id: entry.id, name: entry.text, match: match))
            case .line(_, let line):
                for (path, at) in place(entry.path ?? "", line) {
                    set.lines[path, default: []].append(LineBreakpoint(id: entry.id, line: at))
                }
            }
        }
        return set
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        var copy = self
        if let range = copy.firstRange(of: target) { copy.replaceSubrange(range, with: replacement) }
        return copy
    }
}
