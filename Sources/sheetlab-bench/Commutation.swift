// How much a partial-order reduction could save at most: over every state
// an exhaustive check reaches, the pairs of steps that commute (both orders
// apply and reach the same world). No reduction can treat as independent a
// pair that does not commute, so this bounds what any of them saves.
import SheetCheck
import SheetEngine
import SheetScripting

enum CommutationProbe {
    static let twoSheets = """
        view { name = "Root", children = {
          { name = "A", state = { isPresented = false }, modifiers = { sheet { isPresented = "isPresented", content = "A" } } },
          { name = "B", state = { isPresented = false }, modifiers = { sheet { isPresented = "isPresented", content = "B" } } },
        } }
        """

    struct Count {
        var states = 0
        var pairs = 0
        var commuting = 0
        var kinds: [String: (Int, Int)] = [:]
        /// Steps tried (each state's steps).
        var steps = 0
        /// Of those, the ones a sleep set with the exact relation (commuting
        /// at the parent, both steps offered at the child) would skip.
        var sleeping = 0
    }

    static func kind(_ a: CheckAction) -> String {
        switch a {
        case .set(_, let v): return v.isEmpty ? "set-nil" : "set"
        case .advance: return "advance"
        case .wait: return "wait"
        case .rotate: return "rotate"
        case .swipe: return "swipe"
        case .dismiss: return "dismiss"
        case .dragRelease: return "drag"
        default: return "other"
        }
    }

    /// Breadth first to `depth` from the session's app; at each state, each
    /// pair of its steps tried in both orders.
    @MainActor static func count(_ session: Session, itemIDs: [Int], depth: Int) -> Count {
        let app = session.app
        app.retainsEvents = true
        var seen: Set<SheetApp.Snapshot> = [app.snapshot()]
        var frontier = [(app.snapshot(), app.now)]
        var result = Count()
        func reach(_ from: (SheetApp.Snapshot, Int), _ steps: [CheckAction]) -> SheetApp.Snapshot? {
            app.restore(from.0, clock: from.1)
            for s in steps {
                do { try s.apply(to: app) } catch { return nil }
            }
            return app.snapshot()
        }
        for _ in 0..<depth {
            var next: [(SheetApp.Snapshot, Int)] = []
            for node in frontier {
                result.states += 1
                app.restore(node.0, clock: node.1)
                let steps = CheckAction.candidates(for: app, itemIDs: itemIDs)
                for (i, a) in steps.enumerated() {
                    guard reach(node, [a]) != nil else { continue }
                    let child = (app.snapshot(), app.now)
                    let offered = Set(CheckAction.candidates(for: app, itemIDs: itemIDs))
                    result.steps += 1
                    for b in steps[..<i] where offered.contains(b) {
                        if let ab = reach(node, [a, b]), let ba = reach(node, [b, a]), ab == ba {
                            result.sleeping += 1
                        }
                    }
                    app.restore(child.0, clock: child.1)
                    if seen.insert(app.snapshot()).inserted { next.append((app.snapshot(), app.now)) }
                    for b in steps[(i + 1)...] {
                        guard let ab = reach(node, [a, b]), let ba = reach(node, [b, a]) else { continue }
                        result.pairs += 1
                        if ab == ba { result.commuting += 1 }
                        let k = [kind(a), kind(b)].sorted().joined(separator: "+")
                        var e = result.kinds[k] ?? (0, 0)
                        e.0 += 1
                        if ab == ba { e.1 += 1 }
                        result.kinds[k] = e
                    }
                }
            }
            frontier = next
        }
        return result
    }
}
