import SheetEngine
import SheetJSON

/// Why an event is on the timeline, in words: what its kind means, who
/// decided (stock SwiftUI, a policy and which hook, app code, the engine),
/// and the behaviour rule it cites, from the engine's catalogue (`Rule`:
/// summary, OS range, source, confidence). What `explain_event` answers.
struct EventExplanation {
    let event: Event
    /// Its 1-based place on the timeline, when known.
    let index: Int?
    /// The rule it cites, from the engine's catalogue.
    var rule: Rule? { event.rule?.rule }

    init(_ event: Event, index: Int?) {
        self.event = event
        self.index = index
    }

    /// The policy hook that makes decisions of a kind, when one does.
    static func hook(for kind: EventKind) -> String? {
        switch kind {
        case .request, .queued, .dropped: Hook.request.rawValue
        case .release, .userChangedDetent: Hook.settle.rawValue
        case .dismissPrevented: Hook.shouldDismiss.rawValue
        case .detentChanged, .heightChanged, .detentClamped:
            "\(Hook.detents.name(detent: "NAME")) or \(Hook.dismissed)"
        case .presenting, .removed: "\(Hook.dismissed) (a held request presented)"
        default: nil
        }
    }

    /// Who decided, in words.
    var decider: String? {
        guard let decider = event.decider else { return nil }
        switch decider {
        case .stock:
            return "stock: SwiftUI's own behaviour, as the engine models it (no policy overrode it)"
        case .policy(let name):
            let hook = EventExplanation.hook(for: event.kind).map { ", through its \($0) hook" } ?? ""
            return "the policy \(name)\(hook)"
        case .app:
            return "app code: an onDismiss, onChange or onAppear action, or a content function"
        case .engine:
            return
                "the engine itself: a held request made current, a detent selection following the sheet, or the oscillation guard"
        }
    }

    /// `{index, event kind, severity, time, meaning, decider, rule, detail}`.
    var json: JSON {
        var members: [String: JSON] = [
            "kind": .string(event.kind.rawValue), "severity": .string(event.severity.rawValue),
            "time": .int(event.time), "meaning": .string(event.kind.meaning),
            "detail": .string(event.detail), "explanation": .string(text),
        ]
        if let index { members["index"] = .int(index) }
        if let animated = event.animated { members["animated"] = .bool(animated) }
        if let d = event.decider, let words = decider {
            let kind: String
            switch d {
            case .stock: kind = "stock"
            case .policy: kind = "policy"
            case .app: kind = "app"
            case .engine: kind = "engine"
            }
            var decided: [String: JSON] = [
                "kind": .string(kind), "name": .string(d.name), "explanation": .string(words),
            ]
            if case .policy = d, let hook = EventExplanation.hook(for: event.kind) { decided["hook"] = .string(hook) }
            members["decider"] = .object(decided)
        }
        if let rule { members["rule"] = CatalogueJSON.rule(rule) }
        return .object(members)
    }

    /// The explanation as lines of text.
    var text: String {
        var where_: [String] = []
        if let p = event.presenter { where_.append(event.modifier.map { "\(p).\($0)" } ?? p) }
        if let item = event.item { where_.append("item=\(item)") }
        var lines = [
            "event \(index.map { "#\($0) " } ?? "")at \(event.time) ms: \(event.kind.rawValue) (\(event.severity.rawValue))"
                + (where_.isEmpty ? "" : " on " + where_.joined(separator: " "))
        ]
        lines.append("what: \(event.kind.meaning)")
        if let animated = event.animated { lines.append("animated: \(animated ? "yes" : "no, the change is at once")") }
        lines.append("decided by: \(decider ?? "nobody: the event records what happened, it is not a decision")")
        if let rule {
            lines.append("rule: \(MCPTools.line(rule))")
            if rule.confidence.isLow {
                lines.append("note: this rule rests on \(rule.confidence.rawValue) evidence; treat it as a lead")
            } else if rule.eventConfidence.isLow, let numbers = rule.numbers {
                lines.append(
                    "note: the event's numbers (\(numbers)) rest on \(rule.eventConfidence.rawValue) evidence; treat them as a lead"
                )
            }
        } else {
            lines.append("rule: none cited")
        }
        if !event.detail.isEmpty { lines.append("detail: \(event.detail)") }
        return lines.joined(separator: "\n")
    }
}

extension EventExplanation {
    /// An event from a timeline entry as `serve`, `mcp` or `sheetlab run --timeline json` write it;
    /// its numbers within `RequestRanges` (`time`, `height`, `index`), checked before any conversion.
    /// - Throws: invalid params naming the field that is missing or wrong, and its range.
    static func event(from json: [String: JSON], what: String = "event") throws(RPCError) -> Event {
        func string(_ key: String) throws(RPCError) -> String? {
            switch json[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            case let other?: throw RPCError.invalidParams("\(what).\(key) must be a string, got \(other.typeName)")
            }
        }
        let numbers = RPCParams(method: what, values: json)
        let time: Int
        do { time = try numbers.int("time", in: RequestRanges.time) } catch {
            throw RPCError.invalidParams(
                "\(what).time must be an integer (ms) \(RequestRanges.words(RequestRanges.time.asNumbers)), got "
                    + (json["time"]?.text ?? "nothing"))
        }
        guard let kindName = try string("kind"), let kind = EventKind(rawValue: kindName) else {
            throw RPCError.invalidParams(
                "\(what).kind must be one of \(EventKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var phase: Phase?
        if let name = try string("phase") {
            guard let p = Phase(rawValue: name) else {
                throw RPCError.invalidParams("\(what).phase must be presenting, presented or dismissing, got '\(name)'")
            }
            phase = p
        }
        var rule: RuleID?
        if let id = try string("rule") {
            guard let r = RuleID(rawValue: id) else {
                throw RPCError.invalidParams("\(what).rule: unknown rule '\(id)'")
            }
            rule = r
        }
        let height: Double?
        do { height = try numbers.optionalNumber("height", in: RequestRanges.height) } catch {
            throw RPCError.invalidParams(
                "\(what).height must be a number (points) \(RequestRanges.words(RequestRanges.height)), got "
                    + (json["height"]?.text ?? "nothing"))
        }
        var animated: Bool?
        switch json["animated"] {
        case nil, .null?: break
        case .bool(let b)?: animated = b
        case let other?: throw RPCError.invalidParams("\(what).animated must be a boolean, got \(other.typeName)")
        }
        return Event(
            time: time, kind: kind, presenter: try string("presenter"), modifier: try string("modifier"),
            item: try string("item"), phase: phase, detent: try string("detent"), height: height,
            source: try string("source"), rule: rule, animated: animated, detail: try string("detail") ?? "")
    }

    /// The entry's `index`, when it has one: an integer from 1.
    /// - Throws: invalid params for one of another type or out of its range.
    static func index(from json: [String: JSON], what: String = "event") throws(RPCError) -> Int? {
        do { return try RPCParams(method: what, values: json).optionalInt("index", in: RequestRanges.id) } catch {
            throw RPCError.invalidParams(
                "\(what).index must be an integer \(RequestRanges.words(RequestRanges.id.asNumbers)), got "
                    + (json["index"]?.text ?? "nothing"))
        }
    }
}
