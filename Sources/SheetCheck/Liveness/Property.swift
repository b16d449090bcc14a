import SheetEngine

/// A liveness property `sheetlab check` holds an app to: a name, a formula,
/// and where it comes from (a built-in, a policy, a properties file).
public struct Property {
    public var name: String
    public var formula: Formula
    /// What it says, in words, for reports.
    public var summary: String

    public init(name: String, formula: Formula, summary: String = "") {
        self.name = name
        self.formula = formula
        self.summary = summary
    }
}

/// A property's verdict.
public struct PropertyResult {
    public var name: String
    public var verdict: Verdict

    public enum Verdict {
        /// No run breaks it: the exploration covered every state reachable.
        case holds
        /// A run breaks it: a lasso.
        case violated(Lasso)
        /// No run found breaks it, but the exploration did not cover every
        /// run that could: the reason (the depth bound cut paths, or it stopped).
        case inconclusive(String)
        /// It could not be checked (an error in its definition or a predicate).
        case error(CheckFailure)
    }
}

/// An infinite run as a finite prefix and a cycle repeated forever.
public struct Lasso {
    /// The steps from the set-up to where the cycle starts.
    public var prefix: [CheckAction]
    /// The steps of the cycle; it comes back to the state it starts from.
    public var cycle: [CheckAction]
    /// Which part of the property it breaks (an instance of `each`), in words.
    public var instance: String
    /// What goes wrong, in words.
    public var message: String

    /// Its steps in all: the prefix, then the cycle once.
    public var length: Int { prefix.count + cycle.count }

    /// The order counterexamples are chosen in (they read best short): fewer
    /// steps in all, then a shorter prefix.
    public func isShorter(than other: Lasso) -> Bool {
        (length, prefix.count) < (other.length, other.prefix.count)
    }
}

extension Property {
    /// A built-in property by name (`check --property NAME`).
    public static func builtIn(named name: String) -> Property? {
        switch name {
        case "request-served": return requestServed
        case "dismissal-ends": return dismissalEnds
        case "no-endless-oscillation": return noEndlessOscillation
        default: return nil
        }
    }

    /// The built-in names, in order.
    public static let builtInNames = ["request-served", "dismissal-ends", "no-endless-oscillation"]

    /// Every request is eventually presented, explicitly dropped, or held
    /// for good by the engine (queued behind a sheet the user keeps open: a
    /// user may stop acting, and then it waits for them, it is not lost).
    public static var requestServed: Property {
        Property(
            name: "request-served",
            formula: .each(
                EachEvent(pattern: filter(["kind": .string("request")])) { request in
                    var same = sameModifier(as: request)
                    // isPresented requests have no item identity on later events.
                    if let item = request.item, item != "true" { same["item"] = .string(item) }
                    func outcome(_ kind: String) -> Formula {
                        var fields = same
                        fields["kind"] = .string(kind)
                        return .atom(.happens(filter(fields)))
                    }
                    return .leadsTo(
                        .atom(.occurs(EventIdentity(request))),
                        .or([outcome("presenting"), outcome("dropped"), .always(.atom(.state(held(like: request))))]))
                }),
            summary: "every request is eventually presented, dropped, or held for good")
    }

    /// A presentation that starts dismissing is eventually gone.
    public static var dismissalEnds: Property {
        Property(
            name: "dismissal-ends",
            formula: .each(
                EachEvent(pattern: filter(["kind": .string("dismissing")])) { dismissing in
                    var fields = sameModifier(as: dismissing)
                    fields["kind"] = .string("dismissed")
                    if let item = dismissing.item { fields["item"] = .string(item) }
                    return .leadsTo(.atom(.occurs(EventIdentity(dismissing))), .atom(.happens(filter(fields))))
                }),
            summary: "a presentation that starts dismissing is eventually gone")
    }

    /// No sheet opens and closes forever without user input: if the user
    /// stops acting, presentations stop.
    public static var noEndlessOscillation: Property {
        Property(
            name: "no-endless-oscillation",
            formula: .implies(
                .eventually(.always(.not(.atom(.userActs)))),
                .eventually(.always(.not(.atom(.happens(filter(["kind": .string("presenting")]))))))),
            summary: "no sheet opens and closes forever without user input")
    }

    private static func filter(_ fields: [String: Value]) -> EventFilter {
        // The fields are known ones with values of their types.
        try! EventFilter(fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    private static func sameModifier(as e: Event) -> [String: Value] {
        var fields: [String: Value] = [:]
        if let p = e.presenter { fields["presenter"] = .string(p) }
        if let m = e.modifier { fields["modifier"] = .string(m) }
        return fields
    }

    /// Whether the engine holds a request for the event's item at its modifier.
    private static func held(like request: Event) -> StatePredicate {
        let item = request.item
        return StatePredicate(name: "held \(request.presenter ?? "?").\(request.modifier ?? "?") item=\(item ?? "?")") {
            state in
            state.held.contains {
                $0.presenter == request.presenter && $0.modifier == request.modifier
                    && (item == "true" || $0.item.itemID == item)
            }
        }
    }
}
