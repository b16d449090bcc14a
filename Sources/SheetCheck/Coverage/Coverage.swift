import SheetEngine

/// What an exploration reached and did not: per family (rules, event
/// kinds, phases, hook decisions, detents), the items reached, each with the
/// number of steps that reached it and where it was first reached, and the
/// items that could have been and were not.
public struct Coverage {
    /// An item reached.
    public struct Reached {
        public var item: CoverageItem
        /// Steps that reached it.
        public var steps: Int
        /// The shortest sequence of steps that reaches it, from the set-up.
        public var path: [CheckAction]
    }

    /// Reached items by family, in order.
    public private(set) var reached: [CoverageItem.Family: [Reached]] = [:]
    /// Items not reached, by family, in order.
    public private(set) var unreached: [CoverageItem.Family: [CoverageItem]] = [:]
    /// The states explored.
    public var states: Int

    /// The rule ids coverage lists: every id of the behaviour catalogue.
    public static var ruleIDs: [RuleID] { RuleID.allCases }

    init(_ recorder: CoverageRecorder, policies: [any PresentationPolicy], explorer: Explorer, states: Int) {
        self.states = states
        for (item, place) in recorder.first {
            let path =
                explorer.path(depth: Int(place.level) - 1, index: Int(place.arrival.parent)) + [place.arrival.step!]
            reached[item.family, default: []].append(
                Reached(item: item, steps: recorder.steps[item] ?? 0, path: path))
        }
        for family in CoverageItem.Family.allCases { reached[family]?.sort { $0.item < $1.item } }
        let seen = Set(recorder.first.keys)
        var possible: [CoverageItem] = Self.ruleIDs.map { .rule($0) } + EventKind.allCases.map { .kind($0) }
        possible += Phase.allCases.map { .phase($0) }
        var requestDeciders = ["stock"]
        requestDeciders += policies.filter { $0.hooks.contains(.request) }.map(\.name)
        for by in requestDeciders {
            for d in RequestDecision.allCases {
                possible.append(.decision(.init(hook: .request, answer: d.rawValue, by: by)))
            }
        }
        for p in policies where p.hooks.contains(.shouldDismiss) {
            possible.append(.decision(.init(hook: .shouldDismiss, answer: "false", by: p.name)))
        }
        possible += recorder.activeDetents.sorted().map { .detent($0) }
        for item in possible where !seen.contains(item) { unreached[item.family, default: []].append(item) }
        for family in CoverageItem.Family.allCases { unreached[family]?.sort() }
    }

    /// The report as text: per family, the items reached (with their step
    /// counts) and those not reached.
    public var text: String {
        var lines = ["coverage of \(states) states:"]
        for family in CoverageItem.Family.allCases {
            let r = reached[family] ?? []
            let u = unreached[family] ?? []
            lines.append(
                "  \(family.title) reached (\(r.count) of \(r.count + u.count)): "
                    + (r.isEmpty ? "none" : r.map { "\($0.item) (\($0.steps))" }.joined(separator: ", ")))
            if !u.isEmpty {
                lines.append(
                    "  \(family.title) not reached (\(u.count)): " + u.map(\.description).joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n")
    }
}
