/// A property every run should keep, checked after each step by
/// `sheetlab check` and the fuzzers.
public enum Invariant: String, CaseIterable, Sendable {
    /// A presenter shows at most one presentation (B05).
    case onePerPresenter = "one-per-presenter"
    /// Once no transition is running, each binding agrees with the stack: a
    /// set binding has its presentation, an empty one has none.
    case bindingAgrees = "binding-agrees"
    /// No presentation is dismissed and presented again and again without
    /// user input (P05).
    case noOscillation = "no-oscillation"
    /// No request is lost (B03); policies that queue claim this one.
    case noRequestLost = "no-request-lost"
    /// Detent heights stay within [0, maxDetentValue] (B17).
    case detentInRange = "detent-in-range"
    /// No policy hook fails.
    case noHookError = "no-hook-error"

    /// The invariants checked when none are named: all but `no-request-lost`,
    /// which stock SwiftUI breaks by design (B03) and policies claim.
    public static let defaults: [Invariant] = [
        .onePerPresenter, .bindingAgrees, .noOscillation, .detentInRange, .noHookError,
    ]

    /// What breaks it, in words, or nil when it holds.
    ///
    /// - Parameters:
    ///   - app: the app after the step.
    ///   - events: the events the step produced.
    public func violation(in app: SheetApp, events: some Collection<Event>) -> String? {
        switch self {
        case .onePerPresenter:
            var seen: Set<Host> = []
            for p in app.world.stack where !seen.insert(p.host).inserted {
                return "the presenter of \(app.describe(p)) shows two presentations"
            }
            return nil
        case .bindingAgrees:
            guard app.world.stack.allSatisfy({ $0.lifecycle.left == nil }) else { return nil }
            for v in app.world.viewOrder {
                let node = app.world.views[v]
                let name = node.name
                for (i, m) in node.declaration.modifiers.enumerated() {
                    let value = app.value(m.trigger.binding) ?? .none
                    let shown = app.world.index(of: ModifierRef(view: v, index: i)).map { app.world.stack[$0] }
                    if value.isEmpty, let shown {
                        return
                            "\(name).\(m.signature) shows \(app.describe(shown)) but its binding \(m.trigger.binding) is \(value)"
                    }
                    if !value.isEmpty, shown == nil {
                        return
                            "\(name).\(m.signature): binding \(m.trigger.binding) is \(value) but nothing is presented"
                    }
                    if let shown, m.trigger.isItem, shown.itemID != value.itemID {
                        return "\(name).\(m.signature) shows item \(shown.itemID ?? "?") but its binding holds \(value)"
                    }
                }
            }
            return nil
        case .noOscillation:
            return events.first { $0.kind == .oscillation }.map(\.detail)
        case .noRequestLost:
            return events.first { $0.kind == .requestLost }.map(\.detail)
        case .detentInRange:
            for p in app.world.stack {
                let limit: Double
                switch p.layout.style {
                case .sheet: limit = app.layout.maxDetentValue
                case .fullScreen: limit = app.layout.height
                case .formSheet, .popover: limit = app.layout.maxDetentValue
                }
                for h in [p.layout.height] + p.layout.detents.map(\.height) where !(h >= 0 && h <= limit) {
                    return "\(app.describe(p)) has a height \(Value.format(h)) outside [0, \(Value.format(limit))]"
                }
            }
            return nil
        case .noHookError:
            return events.first { $0.kind == .policyError }.map(\.detail)
        }
    }
}
