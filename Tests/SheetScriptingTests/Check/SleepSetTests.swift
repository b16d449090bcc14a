import Foundation
import LuaRuntime
import SheetEngine
import Testing

@testable import SheetCheck
@testable import SheetScripting

/// Sleep sets (docs/check.md, "Sleep sets"): with and without them, an
/// exhaustive check reaches the same states (the same count, exactly) and
/// gives the same verdicts; they only skip steps, and they do skip some
/// where views share no presentation and no slot.
@Suite struct SleepSetTests {
    /// The verdict and the count of states, with and without sleep sets.
    func both(_ make: () throws -> Checker, depth: Int) throws -> (on: CheckReport, off: CheckReport) {
        let on = try make()
        let off = try make()
        off.reduces = false
        return (on.exhaustive(depth: depth), off.exhaustive(depth: depth))
    }

    func expectSame(_ r: (on: CheckReport, off: CheckReport), _ what: String) {
        #expect(r.on.states == r.off.states, "\(what): the same states")
        #expect(r.on.depthReached == r.off.depthReached && r.on.cut == r.off.cut, "\(what): the same depth")
        #expect(r.on.violation?.invariant == r.off.violation?.invariant, "\(what): the same verdict")
        #expect(r.on.violation?.steps.count == r.off.violation?.steps.count, "\(what): as short a counterexample")
        #expect(r.on.steps + (r.on.stepsSkipped ?? 0) >= r.off.steps || r.on.violation != nil, "\(what): steps")
        #expect(r.off.stepsSkipped == nil, "\(what): off is off")
    }

    static let examplePolicies: [[String]] =
        [[]]
        + ["bar_detent", "one_presenter", "queue", "reset_detent"].map {
            ["examples/policies/\($0).lua"]
        }

    @Test(arguments: examplePolicies)
    func examplePolicy_sameStatesAndVerdict_withAndWithout(policies: [String]) throws {
        for items in [[0, 1], [0, 1, 2]] {
            let r = try both(
                {
                    let c = try makeChecker(policies: policies, invariants: [.noRequestLost])
                    c.itemIDs = items
                    return c
                }, depth: 8)
            expectSame(r, "\(policies) with \(items.count) ids")
            // Seed 000's app shows its item from a content function: sleep sets are off there.
            #expect(r.on.stepsSkipped == nil, "\(policies): off where views run code")
        }
    }

    /// Three root views, each with its own sheet and its own slot, stock
    /// SwiftUI and no code: a sheet shown from one makes the others'
    /// requests ignored (B05), and writes to those views' slots then touch
    /// nothing another reads.
    static func independentViews() throws -> SheetApp {
        let app = SheetApp(profile: .default, policies: [])
        for name in ["A", "B", "C"] {
            try app.addView(
                ViewSpec(
                    name: name, state: [("show", .bool(false))],
                    modifiers: [
                        PresentationModifier(kind: .sheet, trigger: .isPresented(StateRef(view: name, slot: "show")))
                    ]))
        }
        return app
    }

    static func independentChecker(jobs: Int = 1) throws -> Checker {
        let c = Checker(
            host: AppHost(try independentViews()), invariants: [.onePerPresenter, .detentInRange], baseline: [])
        c.jobs = jobs
        c.makeHost = { AppHost(try independentViews()) }
        return c
    }

    @Test func independentViews_skipSteps_withTheSameStates() throws {
        let r = try both({ try Self.independentChecker() }, depth: 10)
        expectSame(r, "three views")
        #expect((r.on.stepsSkipped ?? 0) > 0, "writes to views that share nothing are independent")
        #expect(r.on.steps + r.on.stepsSkipped! == r.off.steps || r.on.violation != nil)
        #expect(r.on.steps < r.off.steps)
        // The figures docs/check.md quotes ("What they gain today").
        #expect(
            r.on.states == 926 && r.on.steps == 7156 && r.off.steps == 7232,
            "\(r.on.states) \(r.on.steps) \(r.off.steps)")
        #expect(r.on.reductionLine == "reduction: sleep sets, 76 of 7232 steps skipped")
    }

    @Test func independentViews_sameResult_onTwoWorkers() throws {
        let one = try Self.independentChecker().exhaustive(depth: 10)
        let two = try Self.independentChecker(jobs: 2).exhaustive(depth: 10)
        #expect(digest(one) == digest(two))
        #expect(one.stepsSkipped == two.stepsSkipped)
    }

    /// Three root views as a scenario's set-up (`independentViews`, in Lua).
    static let threeViews = """
        for _, name in ipairs({ "A", "B", "C" }) do
          view { name = name, state = { show = false },
                 modifiers = { sheet { isPresented = "show", content = name .. " sheet" } } }
        end
        """

    /// Policies take part in the reduction: the same states and verdicts on
    /// three independent views with each example policy, and steps skipped.
    @Test(arguments: examplePolicies)
    func examplePolicy_onIndependentViews_sameStatesAndVerdict(policies: [String]) throws {
        let r = try both(
            {
                // Not binding-agrees: stock SwiftUI breaks it there at once (B05, a second root's
                // request is ignored while the first shows its sheet).
                try makeChecker(
                    policies: policies, setup: Self.threeViews,
                    invariants: [.onePerPresenter, .detentInRange, .noHookError, .noOscillation], baseline: [])
            }, depth: 9)
        expectSame(r, "\(policies) on three views")
        #expect((r.on.stepsSkipped ?? 0) > 0, "\(policies): steps skipped")
    }

    /// The rule itself: wherever two steps are judged independent, both
    /// orders reach the same world, and each is taken after the other; on
    /// stock SwiftUI and with each example policy.
    @Test(arguments: examplePolicies)
    func independentSteps_commute_inEveryStateReached(policies: [String]) throws {
        let host = try makeChecker(policies: policies, setup: Self.threeViews).host
        let app = host.app
        let checks = InvariantChecks(host: host, invariants: [.noRequestLost], baseline: Invariant.defaults)
        app.retainsEvents = true
        #expect(!app.stepsMayReadEverything)
        func footprint(_ a: CheckAction, from s: SheetApp.Snapshot, clock: Int) -> (StepFootprint, SheetApp.Snapshot)? {
            app.restore(s, clock: clock)
            let since = app.timeline.count
            do { try a.apply(to: app) } catch { return nil }
            var row: Int?
            if case .set(let ref, _) = a { row = app.viewRow(of: ref) }
            let f = StepFootprint(
                action: a, from: s.partHashes(), to: app.snapshot().partHashes(), ownRow: row,
                guardEmpty: app.guardCountsAreEmpty, watched: checks.watches(app.timeline.events(since: since)))
            return (f, app.snapshot())
        }
        var seen: Set<SheetApp.Snapshot> = [app.snapshot()]
        var frontier = [(app.snapshot(), app.now)]
        var independent = 0
        for _ in 0..<5 {
            var next: [(SheetApp.Snapshot, Int)] = []
            for (s, clock) in frontier {
                app.restore(s, clock: clock)
                let steps = CheckAction.candidates(for: app, itemIDs: [0, 1])
                let taken = steps.compactMap { a in footprint(a, from: s, clock: clock).map { (a, $0.0, $0.1) } }
                for (i, x) in taken.enumerated() {
                    for y in taken[(i + 1)...] where x.1.isIndependent(of: y.1) {
                        independent += 1
                        app.restore(x.2, clock: clock)
                        #expect(CheckAction.candidates(for: app, itemIDs: [0, 1]).contains(y.0))
                        let xy = footprint(y.0, from: x.2, clock: clock)?.1
                        let yx = footprint(x.0, from: y.2, clock: clock)?.1
                        #expect(xy != nil && xy == yx, "\(x.0) and \(y.0) commute")
                    }
                    if seen.insert(x.2).inserted { next.append((x.2, clock)) }
                }
            }
            frontier = next
        }
        #expect(independent > 0)
    }

    @Test func liveness_turnsSleepSetsOff() throws {
        let c = try makeChecker(policies: ["examples/policies/queue.lua"])
        c.properties = [.requestServed]
        #expect(c.exhaustive(depth: 8).stepsSkipped == nil)
        let native = try Self.independentChecker()
        native.properties = [.requestServed]
        let on = native.exhaustive(depth: 8)
        native.reduces = false
        let off = native.exhaustive(depth: 8)
        #expect(on.stepsSkipped == nil)
        #expect(digest(on) == digest(off))
    }

    @Test func symmetryAndCoverage_turnSleepSetsOff() throws {
        let a = try Self.independentChecker()
        a.symmetry = true
        #expect(a.exhaustive(depth: 6).stepsSkipped == nil)
        let b = try Self.independentChecker()
        b.recordsCoverage = true
        #expect(b.exhaustive(depth: 6).stepsSkipped == nil)
    }
}
