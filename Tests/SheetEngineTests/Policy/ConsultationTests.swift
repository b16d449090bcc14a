import Testing

@testable import SheetEngine

/// The one consultation rule (`SheetApp.consult`), hook by hook: a policy
/// that fails makes the decision stock, its error goes on the timeline, and
/// the policy after it is not asked.
@Suite struct ConsultationTests {
    enum Hook: String, CaseIterable, CustomTestStringConvertible {
        case request, dismissed, settle, shouldDismiss, customDetent
        var testDescription: String { rawValue }
        /// The engine's hook, and the custom detent for a resolver.
        var engineHook: (hook: SheetEngine.Hook, detent: String?) {
            switch self {
            case .request: return (.request, nil)
            case .dismissed: return (.dismissed, nil)
            case .settle: return (.settle, nil)
            case .shouldDismiss: return (.shouldDismiss, nil)
            case .customDetent: return (.detents, "bar")
            }
        }
        /// The hook as the timeline names it.
        var luaName: String { engineHook.hook.name(detent: engineHook.detent) }
    }

    /// Fails on every hook it implements.
    final class Failing: PresentationPolicy {
        let hook: Hook
        init(_ hook: Hook) { self.hook = hook }
        var name: String { "failing" }
        var hooks: PolicyHooks { [.request, .dismissed, .settle, .shouldDismiss] }
        var customDetents: Set<String> { ["bar"] }
        func fail() -> PolicyFailure {
            PolicyFailure(
                hook: hook.engineHook.hook, detent: hook.engineHook.detent, message: "failing.lua:1: boom")
        }
        func request(_ c: RequestContext) throws(PolicyFailure) -> RequestDecision? {
            if hook == .request { throw fail() }
            return nil
        }
        func dismissed(_ c: DismissedContext) throws(PolicyFailure) -> DismissedDecision? {
            if hook == .dismissed { throw fail() }
            return nil
        }
        func settle(_ c: SettleContext) throws(PolicyFailure) -> SettleDecision? {
            if hook == .settle { throw fail() }
            return nil
        }
        func shouldDismiss(_ c: ShouldDismissContext) throws(PolicyFailure) -> Bool? {
            if hook == .shouldDismiss { throw fail() }
            return nil
        }
        func resolveDetent(_ name: String, _ c: DetentContext) throws(PolicyFailure) -> Double? {
            if hook == .customDetent { throw fail() }
            return nil
        }
    }

    /// Answers `hook` with something other than stock (others with nil), and records the calls.
    final class Opinionated: PresentationPolicy {
        let hook: Hook
        init(_ hook: Hook) { self.hook = hook }
        var asked: [String] = []
        var name: String { "opinionated" }
        var hooks: PolicyHooks { [.request, .dismissed, .settle, .shouldDismiss] }
        var customDetents: Set<String> { ["bar"] }
        func request(_ c: RequestContext) throws(PolicyFailure) -> RequestDecision? {
            asked.append("request")
            return hook == .request ? .drop : nil
        }
        func dismissed(_ c: DismissedContext) throws(PolicyFailure) -> DismissedDecision? {
            asked.append("dismissed")
            return hook == .dismissed ? DismissedDecision(writes: [StateWrite(Views.ref("note"), "opinionated")]) : nil
        }
        func settle(_ c: SettleContext) throws(PolicyFailure) -> SettleDecision? {
            asked.append("settle")
            return hook == .settle ? .detent(.large) : nil
        }
        func shouldDismiss(_ c: ShouldDismissContext) throws(PolicyFailure) -> Bool? {
            asked.append("shouldDismiss")
            return hook == .shouldDismiss ? false : nil
        }
        func resolveDetent(_ name: String, _ c: DetentContext) throws(PolicyFailure) -> Double? {
            asked.append("customDetent")
            return hook == .customDetent ? 100 : nil
        }
    }

    /// A sheet with medium and large detents, and custom(bar) when that is what is tested.
    static func app(_ hook: Hook) -> ViewSpec {
        let detents: [Detent] = hook == .customDetent ? [.medium, .large, .custom("bar")] : [.medium, .large]
        return ViewSpec(
            name: "ContentView", state: [("item", nil), ("note", "")],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .item(Views.ref("item")),
                    content: { _ in SheetContent(detents: DetentsModifier(detents)) })
            ])
    }

    /// Opens the sheet and exercises the hook.
    func exercise(_ hook: Hook, _ app: SheetApp) throws {
        try app.addView(Self.app(hook))
        try app.set(Views.ref("item"), Views.item(1))
        try app.advance(by: 500)
        switch hook {
        case .request, .customDetent:
            break  // asked while presenting and laying out
        case .dismissed:
            try app.swipeDown()
            try app.advance(by: 250)
        case .settle:
            try app.drag(to: 500)
            try app.release(velocity: 0)
        case .shouldDismiss:
            try app.swipeDown()
        }
    }

    @Test(arguments: Hook.allCases)
    func failingFirstPolicy_makesTheDecisionStock_andStopsAsking(hook: Hook) throws {
        let opinionated = Opinionated(hook)
        let app = SheetApp(profile: try Profile.named("iphone15-ios17"), policies: [Failing(hook), opinionated])
        try exercise(hook, app)
        let stock = SheetApp(profile: try Profile.named("iphone15-ios17"))
        try exercise(hook, stock)

        let errors = app.timeline.events.filter { $0.kind == .policyError }
        #expect(errors.count == 1, "one error, from the failing policy")
        #expect(errors.first?.source == "failing")
        #expect(errors.first?.detail == "failing.lua:1: boom (hook '\(hook.luaName)' fell back to stock)")
        #expect(!opinionated.asked.contains(hook.rawValue), "the policy after a failing one is not asked")
        let asStock = stock.timeline.events.map(\.kind)
        let asSeen = app.timeline.events.filter { $0.kind != .policyError }.map(\.kind)
        if hook == .customDetent {
            // Stock has no resolver for custom(bar); a failing one makes it inactive too.
            #expect(app.stack.first?.detents.map(\.detent) == [.medium, .large])
        } else {
            #expect(asSeen == asStock, "the decision is stock's")
            #expect(app.stack == stock.stack)
        }
    }

    @Test func nilAnswer_asksTheNextPolicy() throws {
        final class Silent: PresentationPolicy {
            var name: String { "silent" }
            var hooks: PolicyHooks { [.request] }
        }
        let opinionated = Opinionated(.request)
        let app = SheetApp(profile: try Profile.named("iphone15-ios17"), policies: [Silent(), opinionated])
        try app.addView(Self.app(.request))
        try app.set(Views.ref("item"), Views.item(1))
        #expect(opinionated.asked.contains("request"))
        #expect(app.timeline.events.last { $0.kind == .request }?.decider == .policy("opinionated"))
    }

    /// B10, P04: who decided is typed, so a policy that happens to be called
    /// `stock` still routes around a blocked modifier.
    @Test func policyNamedStock_keepsItsOverride() throws {
        final class NamedStock: PresentationPolicy {
            var name: String { "stock" }
            var hooks: PolicyHooks { [.request] }
            func request(_ c: RequestContext) throws(PolicyFailure) -> RequestDecision? {
                c.blocked == nil ? nil : .present
            }
        }
        let app = SheetApp(profile: try Profile.named("iphone15-ios14.4"), policies: [NamedStock()])
        try app.addView(SeveralPresentationsTests.sheetAndCover(coverOnEmptyView: false))
        try app.set(Views.ref("isPresented"), true)  // not the last modifier: blocked on 14.4 (B10)
        try app.advance(by: 500)
        #expect(app.stack.map(\.modifier) == ["sheet(isPresented:)"])
        #expect(app.timeline.events.last { $0.kind == .request }?.decider == .policy("stock"))
    }
}
