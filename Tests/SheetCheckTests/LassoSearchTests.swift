import SheetEngine
import Testing

@testable import SheetCheck

/// Liveness on a native app: the product search finds a fair accepting
/// cycle, and the lasso it reports is one (the cycle comes back to where it
/// starts, and time passes in it).
@Suite struct LassoSearchTests {
    static func verdict(policies: @escaping () -> [any PresentationPolicy], _ property: Property, depth: Int = 20)
        throws -> PropertyResult.Verdict?
    {
        let checker = try SeedApp.checker(policies: policies)
        checker.properties = [property]
        return checker.exhaustive(depth: depth).properties.first?.verdict
    }

    @Test func stock_breaksRequestServed_withALassoThatIsOne() throws {
        let checker = try SeedApp.checker()
        checker.properties = [.requestServed]
        guard case .violated(let lasso)? = checker.exhaustive(depth: 20).properties.first?.verdict else {
            Issue.record("expected a lasso")
            return
        }
        #expect(lasso.instance.hasPrefix("request ContentView.sheet(item:)"))
        #expect(!lasso.cycle.isEmpty && lasso.cycle.contains { !$0.isUserAction }, "time passes in the cycle")
        var snapshots: [SheetApp.Snapshot] = []
        let applied = checker.replay(lasso.prefix + lasso.cycle, liveness: true) { _, _, app in
            snapshots.append(app.snapshot())
        }
        #expect(applied)
        #expect(snapshots[lasso.prefix.count] == snapshots.last, "the cycle comes back to where it started")
    }

    @Test func nativeQueue_holdsRequestServed_andNoEndlessOscillation() throws {
        for property in [Property.requestServed, .noEndlessOscillation, .dismissalEnds] {
            guard case .holds? = try Self.verdict(policies: { [QueuePolicy()] }, property, depth: 30) else {
                Issue.record("\(property.name) should hold")
                continue
            }
        }
    }

    @Test func aShallowBound_isInconclusive_neverAPass() throws {
        guard case .inconclusive? = try Self.verdict(policies: { [QueuePolicy()] }, .requestServed, depth: 3) else {
            Issue.record("expected inconclusive")
            return
        }
    }

    @Test func aFailingPredicate_isAnErrorVerdict_naming_it() throws {
        struct Boom: Error {}
        let failing = StatePredicate(name: "boom-predicate") { _ in throw Boom() }
        let property = Property(name: "p", formula: .always(.atom(.state(failing))))
        guard case .error(let failure)? = try Self.verdict(policies: { [] }, property, depth: 2) else {
            Issue.record("expected an error verdict")
            return
        }
        guard case .predicateFailed(let name, _) = failure else {
            Issue.record("expected predicateFailed, got \(failure)")
            return
        }
        #expect(name == "boom-predicate")
    }

    @Test func lassos_areOrderedByLengthThenPrefix() {
        let a = Lasso(prefix: [.swipe], cycle: [.wait, .wait], instance: "", message: "")
        let b = Lasso(prefix: [.swipe, .swipe], cycle: [.wait], instance: "", message: "")
        let c = Lasso(prefix: [], cycle: [.wait, .wait], instance: "", message: "")
        #expect(a.isShorter(than: b), "the same length, a shorter prefix")
        #expect(c.isShorter(than: a) && !a.isShorter(than: c))
        #expect(!a.isShorter(than: a))
    }
}
