/// How well a rule is supported (docs/engine.md, "Rule provenance").
public enum Confidence: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple documentation or release notes.
    case appleDoc = "apple-doc"
    /// Two or more independent field reports, or one with a minimal reproduction.
    case field
    /// One report: a lead, not a settled rule.
    case single
    /// A seed article only.
    case seed
    /// No source: a modelling choice.
    case assumption

    /// Whether events decided by such a rule say so on the timeline.
    public var isLow: Bool { self == .single || self == .seed || self == .assumption }

    /// The less supported of two levels (the order above: apple-doc is the
    /// best supported, assumption the least).
    public static func lower(_ a: Confidence, _ b: Confidence) -> Confidence {
        let order = Confidence.allCases
        return order.firstIndex(of: a)! >= order.firstIndex(of: b)! ? a : b
    }
}

/// The OS versions a rule applies to, by profile version names.
public struct OSRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The first version it applies to, nil for the oldest modelled.
    public var from: String?
    /// The last version it applies to, nil for the newest.
    public var through: String?

    public init(from: String? = nil, through: String? = nil) {
        self.from = from
        self.through = through
    }

    /// Every modelled version.
    public static let all = OSRange()

    /// Whether a version is in the range.
    public func contains(_ os: OSVersion) -> Bool {
        if let from, !os.atLeast(from) { return false }
        if let through, os.atLeast(through), os.version != through { return false }
        return true
    }

    /// `all`, `16+`, `up to 14.4`, `18.0` (one version), `16-18.0`.
    public var description: String {
        switch (from, through) {
        case (nil, nil): return "all"
        case (let f?, nil): return "\(f)+"
        case (nil, let t?): return "up to \(t)"
        case (let f?, let t?): return f == t ? f : "\(f)-\(t)"
        }
    }
}

/// A behaviour rule with its provenance: what it says, where it applies,
/// where it comes from and how sure that is. `Rule.catalogue` holds one per
/// id; `sheetlab profiles --rules` lists them; events carry their rule's id.
public struct Rule: Sendable, Hashable {
    public var id: RuleID
    /// One line, as the implementing function's doc comment begins.
    public var summary: String
    /// The versions it applies to (the profile data that switches it is in `OSVersion`).
    public var os: OSRange
    /// Where it comes from, as the behaviour catalogue cites it (docs/engine.md).
    public var source: String
    public var confidence: Confidence
    /// The profile flag that switches it, when it is one (`ProfileFlag`).
    public var flag: ProfileFlag?
    /// The assumption (`Rule.assumptions`, by name) the numbers its events
    /// carry come from, when those numbers are less well supported than the
    /// behaviour (B36: the behaviour is Apple's, its 8 pt inset one measurement).
    public var numbers: String?
    /// The event kinds the rule decides, and on which versions: every event
    /// that cites the rule is of one of these kinds, on a version in its range
    /// (`events` in the rule's own range; `elsewhere` for a kind cited on
    /// other versions too, such as the warning that a modifier the rule
    /// names does not exist there yet, B38, B44, B45).
    public var coverage: [EventKind: OSRange]

    public init(
        _ id: RuleID, _ summary: String, os: OSRange = .all, source: String, _ confidence: Confidence,
        flag: ProfileFlag? = nil, numbers: String? = nil, events: [EventKind] = [],
        elsewhere: [EventKind: OSRange] = [:]
    ) {
        self.id = id
        self.summary = summary
        self.os = os
        self.source = source
        self.confidence = confidence
        self.flag = flag
        self.numbers = numbers
        var covers = Dictionary(events.map { ($0, os) }, uniquingKeysWith: { a, _ in a })
        covers.merge(elsewhere) { _, b in b }
        self.coverage = covers
    }

    /// How well supported what its events say is: its confidence, or that
    /// of the assumption its numbers come from (`numbers`) when that is lower.
    public var eventConfidence: Confidence {
        guard let numbers, let a = Rule.assumptions.first(where: { $0.name == numbers }) else { return confidence }
        return Confidence.lower(confidence, a.confidence)
    }

    /// Whether an event of `kind` on `os` can cite this rule: a kind it
    /// covers, on a version in that kind's range, or anywhere its profile
    /// flag is on (a scenario can switch a flag on outside the rule's range).
    public func covers(_ kind: EventKind, on os: OSVersion) -> Bool {
        guard let range = coverage[kind] else { return false }
        return range.contains(os) || flag?.value(in: os) == true
    }
}

extension RuleID {
    /// The rule's entry in the catalogue.
    public var rule: Rule { Rule.byID[self]! }
}

/// A number or choice the engine needs and no source settles, with what
/// supports it: listed by `sheetlab profiles --rules` beside the rules.
public struct Assumption: Sendable, Hashable {
    public var name: String
    public var summary: String
    public var source: String
    public var confidence: Confidence

    public init(_ name: String, _ summary: String, source: String, _ confidence: Confidence) {
        self.name = name
        self.summary = summary
        self.source = source
        self.confidence = confidence
    }
}
