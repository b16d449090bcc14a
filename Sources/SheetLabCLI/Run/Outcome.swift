import SheetEngine
import SheetScripting

/// One outcome of a run that `sheetlab run --profiles` compares across
/// profiles: an expectation, a field of the final presentation stack, the
/// top presentation's detents, a count of warning or error events, or the
/// script error that stopped the run.
enum Outcome: Hashable {
    case scriptError
    case expectation(ExpectationTally.Key)
    /// A field of the presentation at `level` (1 at the bottom) when the run ended.
    case presentation(level: Int, PresentationField)
    case topDetents
    /// How many events of a warning or error kind, produced by `rule`, the run had (across `reset`).
    case events(EventKind, RuleID?)

    /// The fields of a presentation that are compared.
    enum PresentationField: String, CaseIterable {
        /// `presenter.modifier`, e.g. `SampleView.sheet(isPresented:)`.
        case modifier, style, detent, height
        /// Inset or edge-attached (B36, B37), and how it presents (B38, B45).
        case placement, transition
    }

    /// What a run that never reached this outcome gave: an expectation that
    /// did not run, no presentation, no event.
    var absent: OutcomeValue {
        switch self {
        case .scriptError, .presentation, .topDetents: return .none
        case .expectation: return .notRun
        case .events: return .count(0)
        }
    }

    /// Where rows of this outcome go: the error first, then expectations,
    /// the stack bottom first, the detents, the events.
    var rank: (Int, Int, Int) {
        switch self {
        case .scriptError: return (0, 0, 0)
        case .expectation: return (1, 0, 0)
        case .presentation(let level, let field):
            return (2, level, Outcome.PresentationField.allCases.firstIndex(of: field)!)
        case .topDetents: return (3, 0, 0)
        case .events(let kind, let rule):
            return (
                4, EventKind.allCases.firstIndex(of: kind)!, rule.map { RuleID.allCases.firstIndex(of: $0)! + 1 } ?? 0
            )
        }
    }

    /// The row's title: `expect file:line: message`, `presentation 1 height`,
    /// `modifierIgnored B11 (warning events)`.
    var label: String {
        switch self {
        case .scriptError: return "script error"
        case .expectation(let key): return "expect " + (key.location.map { "\($0): " } ?? "") + key.message
        case .presentation(let level, .modifier): return "presentation \(level)"
        case .presentation(let level, let field): return "presentation \(level) \(field.rawValue)"
        case .topDetents: return "top presentation's detents"
        case .events(let kind, let rule):
            return kind.rawValue + (rule.map { " \($0.rawValue)" } ?? "") + " (\(kind.severity.rawValue) events)"
        }
    }
}

/// What one run gave for one `Outcome`.
enum OutcomeValue: Hashable {
    /// An expectation that did not run on this profile.
    case notRun
    /// How often an expectation held and failed.
    case checks(ExpectationTally.Counts)
    /// No such presentation, no detent, no error.
    case none
    case text(String)
    /// A height in points.
    case points(Double)
    case detents([ResolvedDetent])
    case count(Int)

    /// The table cell: `pass`, `fail`, `fail 1 of 3`, `not run`, `-`, `788`, `medium 402, large 788`.
    var text: String {
        switch self {
        case .notRun: return "not run"
        case .checks(let c):
            if c.failed == 0 { return c.passed == 1 ? "pass" : "pass x\(c.passed)" }
            if c.passed == 0 { return c.failed == 1 ? "fail" : "fail x\(c.failed)" }
            return "fail \(c.failed) of \(c.passed + c.failed)"
        case .none: return "-"
        case .text(let s): return s
        case .points(let h): return Value.format(h)
        case .detents(let list):
            return list.isEmpty
                ? "none" : list.map { "\($0.detent) \(Value.format($0.height))" }.joined(separator: ", ")
        case .count(let n): return String(n)
        }
    }
}
