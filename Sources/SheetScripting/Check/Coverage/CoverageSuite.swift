import LuaRuntime
import SheetCheck
import SheetEngine

/// Scenario files made from what an exploration reached (`sheetlab check
/// --emit-suite DIR`): for each item reached, the shortest sequence of
/// steps that reaches it, replayed and pinned with expectations, so that
/// `sheetlab test DIR` passes as long as the policy behaves the same and
/// fails when what it reached changes.
///
/// Items reached by the same steps share a file, and a sequence that
/// begins another goes in the longer one's file: together the files reach
/// everything the exploration reached. Each file ends with, for each item it
/// stands for, the number of matching events its steps make
/// (`expect_eq(#timeline{ rule = "B05" }, 1, ...)`), and `expect_error` for
/// each kind of error event they make on purpose (so `--strict` passes).
public enum CoverageSuite {
    public struct File {
        /// `003-B05.lua`.
        public var name: String
        public var text: String
        /// The items it stands for.
        public var covers: [CoverageItem]
    }

    /// The files, shortest sequences first.
    /// - Parameters:
    ///   - coverage: what the exploration reached.
    ///   - setup: the set-up scenario's text.
    ///   - profile: the profile checked.
    ///   - policies: the Lua policy files checked.
    ///   - guardOff: whether exploring had the oscillation guard off (liveness).
    /// - Throws: `LuaError` when replaying a file fails.
    public static func files(
        _ coverage: Coverage, setup: String, profile: String, policies: [String], guardOff: Bool
    ) throws(LuaError) -> [File] {
        // Items by the steps that first reach them.
        var byPath: [[CheckAction]: [CoverageItem]] = [:]
        var order: [[CheckAction]] = []
        for family in CoverageItem.Family.allCases {
            for r in coverage.reached[family] ?? [] {
                if byPath[r.path] == nil { order.append(r.path) }
                byPath[r.path, default: []].append(r.item)
            }
        }
        order.sort { ($0.count, byPath[$0]!.min()!) < ($1.count, byPath[$1]!.min()!) }
        // A sequence that begins a longer one goes in the longer one's file.
        var kept: [[CheckAction]] = []
        var items: [[CoverageItem]] = []
        for path in order.reversed() {
            if let i = kept.firstIndex(where: { $0.count > path.count && Array($0.prefix(path.count)) == path }) {
                items[i] += byPath[path]!
            } else {
                kept.append(path)
                items.append(byPath[path]!)
            }
        }
        var out: [File] = []
        for (n, (path, covered)) in zip(kept, items).reversed().enumerated() {
            let sorted = covered.sorted()
            var lines = [
                "-- Made by `sheetlab check --emit-suite`: the shortest steps found that reach "
                    + sorted.map(\.label).joined(separator: ", ") + ".",
                "-- The expectations pin what they reach; re-run `sheetlab check --emit-suite` after a deliberate change.",
                "",
            ]
            lines += Counterexample.preamble(setup: setup, profile: profile, policies: policies)
            if guardOff {
                lines.append("oscillation_guard(false) -- explored without the oscillation guard (liveness)")
                lines.append("")
            }
            lines.append("-- steps")
            lines += path.map(\.lua)
            lines.append("")
            let body = lines.joined(separator: "\n") + "\n"
            // Replay it as `sheetlab test` will, and pin what it makes.
            let session = try Session()
            session.printHandler = { _ in }
            try session.evaluate(body, chunkName: "=suite")
            let events = session.app.timeline.events
            var expectations: [String] = []
            for item in sorted {
                let filter = item.filterFields
                let count = events.filter { e in
                    (try? EventFilter(filter))?.matches(e, index: 1) ?? false
                }.count
                let table = "{ " + filter.map { "\($0.0) = \(LuaLiteral.render($0.1))" }.joined(separator: ", ") + " }"
                expectations.append(
                    "expect_eq(#timeline\(table), \(count), \(LuaSyntax.quote("reaches \(item.label)")))")
            }
            let errorKinds = Set(session.app.errorEvents.kept.map(\.event.kind))
            for kind in ErrorEvents.kinds where errorKinds.contains(kind) {
                expectations.append(
                    "expect_error({ kind = \(LuaSyntax.quote(kind.rawValue)) }, \(LuaSyntax.quote("provoked on purpose")))"
                )
            }
            let name = String(format3(n + 1)) + "-" + slug(sorted[0].label) + ".lua"
            out.append(File(name: name, text: body + expectations.joined(separator: "\n") + "\n", covers: sorted))
        }
        return out
    }

    static func format3(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 3 - s.count)) + s
    }

    /// A file name part: letters, digits and dashes.
    static func slug(_ text: String) -> String {
        var out = ""
        for c in text {
            if c.isASCII, c.isLetter || c.isNumber {
                out.append(c)
            } else if !out.hasSuffix("-") {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "item" : String(out.prefix(60))
    }
}

extension CoverageItem {
    /// The event filter that finds it on a timeline.
    var filterFields: [(String, Value)] {
        switch self {
        case .rule(let r): return [("rule", .string(r.rawValue))]
        case .kind(let k): return [("kind", .string(k.rawValue))]
        case .phase(let p): return [("phase", .string(p.rawValue))]
        case .detent(let d): return [("detent", .string(d))]
        case .decision(let d):
            switch d.hook {
            case .request:
                return [("kind", .string("request")), ("source", .string(d.by)), ("detail", .string("-> \(d.answer)"))]
            case .settle:
                // A release settling on a detent names it; one that dismisses names none.
                return [("kind", .string("release")), ("rule", .string("B26")), ("source", .string(d.by))]
                    + (d.answer == "dismiss" ? [] : [("detent", .string(d.answer))])
            default:
                return [("kind", .string("dismissPrevented")), ("source", .string(d.by))]
            }
        }
    }
}
