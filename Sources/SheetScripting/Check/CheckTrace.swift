import LuaRuntime
import SheetCheck
import SheetEngine
import SheetJSON

/// A counterexample as the states it passes through: the set-up's, then
/// the one after each step, with each step's events. For tools, the
/// Informal Trace Format (`itf`); for people, text, all of each state or
/// only what changed.
public struct CheckTrace {
    public struct State {
        /// The step that led here (nil for the set-up), and its events.
        public var step: CheckAction?
        public var events: [Event]
        public var state: AppState
    }

    public var states: [State]
    /// For a lasso, the index of the state the cycle starts from: the
    /// step `back` leads from the last state back to it.
    public var loop: Int?
    /// For a lasso, the step from the last state back to `states[loop]`, and its events.
    public var back: State?
    /// What it shows, for the trace's metadata.
    public var description: String

    /// The state as lines `name: value`, without clock readings (a
    /// transition's time is what is left of it), so that states that are
    /// the same read the same.
    static func lines(_ s: AppState) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = [("orientation", s.orientation.rawValue)]
        for v in s.views {
            for slot in v.state { out.append(("\(v.name).\(slot.name)", slot.value.description)) }
        }
        if s.presentations.isEmpty { out.append(("presentations", "none")) }
        for p in s.presentations {
            var text = "\(p.presenter).\(p.modifier)"
            if let id = p.itemID { text += " item=\(id)" }
            text += " \(p.phase.rawValue)"
            if let ends = p.phaseEnds { text += " (\(ends - s.time) ms left)" }
            if let d = p.detent { text += " detent=\(d)" }
            text += " height=\(Value.format(points: p.height))"
            if !p.text.isEmpty { text += " \(LuaSyntax.quote(p.text))" }
            out.append(("presentation \(p.level)", text))
        }
        for (i, h) in s.held.enumerated() { out.append(("held \(i + 1)", "\(h.presenter).\(h.modifier) \(h.item)")) }
        return out
    }

    /// The trace as text: each step with its events and the state after it,
    /// whole, or (`onlyChanges`) only the lines that changed. Names and
    /// values a script chose are kept on their line (`LuaSyntax.escapingControls`).
    public func text(onlyChanges: Bool) -> String {
        var out: [String] = []
        var previous: [String: String] = [:]
        var previousOrder: [String] = []
        for (i, s) in states.enumerated() {
            var head = "state \(i)"
            if let step = s.step { head += " after \(step.lua)" } else { head += " (set-up)" }
            if let loop, i == loop { head += "   <- the cycle starts here" }
            out.append(head)
            for e in s.events { out.append("    " + LuaSyntax.escapingControls(e.description)) }
            let lines = Self.lines(s.state)
            let now = Dictionary(lines.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            for (key, value) in lines where !onlyChanges || i == 0 || previous[key] != value {
                out.append("  \(LuaSyntax.escapingControls(key)): \(LuaSyntax.escapingControls(value))")
            }
            if onlyChanges, i > 0 {
                for key in previousOrder where now[key] == nil {
                    out.append("  \(LuaSyntax.escapingControls(key)): (gone)")
                }
            }
            previous = now
            previousOrder = lines.map(\.key)
        }
        if let loop, let back, let step = back.step {
            out.append("then \(step.lua) leads back to state \(loop), and so on forever")
            for e in back.events { out.append("    " + LuaSyntax.escapingControls(e.description)) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The trace in the Informal Trace Format (ITF, Apalache's ADR-015):
    /// `{"#meta": ..., "vars": [...], "states": [...], "loop": N}`. Each
    /// state holds the variables `orientation`, `views` (a record per view
    /// of its slots), `presentations` and `held` (lists of records); its
    /// `#meta` gives the index, the step that led to it, the clock and the
    /// step's events; the trace's `#meta` names the profile explored. Integers are `{"#bigint": "n"}`, other numbers strings,
    /// nil `{"tag": "None", "value": {"#tup": []}}`.
    public func itf(source: String) -> String {
        var states: [String] = []
        for (i, s) in self.states.enumerated() {
            var meta = ["\"index\": \(i)", "\"time\": \(s.state.time)"]
            if let step = s.step { meta.append("\"step\": \(JSONText.quote(step.lua))") }
            meta.append("\"events\": [" + s.events.map { JSONText.quote($0.description) }.joined(separator: ", ") + "]")
            let st = s.state
            let views = st.views.map { v in
                "\(JSONText.quote(v.name)): {"
                    + v.state.map { "\(JSONText.quote($0.name)): \(Self.itf($0.value))" }.joined(separator: ", ") + "}"
            }
            let presentations = st.presentations.map { p -> String in
                var fields = [
                    "\"presenter\": \(JSONText.quote(p.presenter))", "\"modifier\": \(JSONText.quote(p.modifier))",
                    "\"phase\": \(JSONText.quote(p.phase.rawValue))",
                    "\"left\": " + (p.phaseEnds.map { Self.bigint($0 - st.time) } ?? Self.none),
                    "\"item\": \(Self.itf(p.item))", "\"style\": \(JSONText.quote(p.style.rawValue))",
                    "\"detent\": " + (p.detent.map { JSONText.quote($0) } ?? Self.none),
                    "\"height\": \(JSONText.quote(Value.format(p.height)))",
                ]
                fields.append("\"text\": \(JSONText.quote(p.text))")
                return "{" + fields.joined(separator: ", ") + "}"
            }
            let held = st.held.map {
                "{\"presenter\": \(JSONText.quote($0.presenter)), \"modifier\": \(JSONText.quote($0.modifier)), \"item\": \(Self.itf($0.item))}"
            }
            states.append(
                "{\"#meta\": {" + meta.joined(separator: ", ")
                    + "}, \"orientation\": \(JSONText.quote(st.orientation.rawValue)), "
                    + "\"views\": {" + views.joined(separator: ", ") + "}, "
                    + "\"presentations\": [" + presentations.joined(separator: ", ") + "], "
                    + "\"held\": [" + held.joined(separator: ", ") + "]}")
        }
        var out = "{\"#meta\": {\"format\": \"ITF\", "
        out += "\"format-description\": \"https://apalache-mc.org/docs/adr/015adr-trace.html\", "
        out += "\"source\": \(JSONText.quote(source)), \"description\": \(JSONText.quote(description))"
        if let profile = self.states.first?.state.profile { out += ", \"profile\": \(JSONText.quote(profile))" }
        if let step = back?.step { out += ", \"loop-step\": \(JSONText.quote(step.lua))" }
        out += "}, "
        out += "\"vars\": [\"orientation\", \"views\", \"presentations\", \"held\"], "
        out += "\"states\": [\n  " + states.joined(separator: ",\n  ") + "\n]"
        if let loop { out += ", \"loop\": \(loop)" }
        return out + "}\n"
    }

    static let none = "{\"tag\": \"None\", \"value\": {\"#tup\": []}}"

    static func bigint(_ n: Int) -> String { "{\"#bigint\": \"\(n)\"}" }

    /// A state value in ITF.
    static func itf(_ v: Value) -> String {
        switch v {
        case .none: return none
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return bigint(i)
        case .double(let d): return JSONText.quote(Value.format(d))
        case .string(let s): return JSONText.quote(s)
        case .detent(let d): return JSONText.quote(d.description)
        case .list(let items): return "[" + items.map(itf).joined(separator: ", ") + "]"
        case .record(let fields):
            return "{"
                + fields.sorted { $0.key < $1.key }.map { "\(JSONText.quote($0.key)): \(itf($0.value))" }
                .joined(separator: ", ") + "}"
        }
    }
}

extension Checker {
    /// Replays steps from the set-up and records the trace, with the
    /// oscillation guard off when `liveness` (as liveness is checked).
    /// - Returns: nil when a step does not apply.
    public func trace(of steps: [CheckAction], loop: Int? = nil, liveness: Bool, description: String) -> CheckTrace? {
        var states: [CheckTrace.State] = []
        let applied = replay(steps, liveness: liveness) { step, events, app in
            states.append(CheckTrace.State(step: step, events: Array(events), state: app.state()))
        }
        guard applied else { return nil }
        // The cycle's last step comes back to the state it started from: not a state of its own.
        let back = loop != nil && states.count > 1 ? states.removeLast() : nil
        return CheckTrace(states: states, loop: loop, back: back, description: description)
    }
}
