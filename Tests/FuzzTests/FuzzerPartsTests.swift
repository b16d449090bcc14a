import LuaRuntime
import SheetEngine
import SheetScripting
import Testing

@testable import SheetFuzzing

/// The fuzzers' own parts: what they expect, what they count as lost, and
/// that a case is the same case on every run.
@Suite struct FuzzerPartsTests {
    static let ios17 = try! Profile.named("iphone15-ios17")
    static let ios14 = try! Profile.named("iphone15-ios14.4")

    @Test func stock_onATwoModifierPresenter_isNotHeldToBindingAgreement_norToLosingNoRequest() {
        var features = FuzzSetup.Features()
        features.sharedPresenter = true
        let expected = PolicyConfiguration.stock.expectedInvariants(for: features, on: Self.ios17)
        #expect(expected == [.onePerPresenter, .detentInRange, .noHookError, .noOscillation])
    }

    @Test func queue_isHeldToNoRequestLost_inBothForms() {
        for form in [PolicyConfiguration.Form.native, .lua] {
            let expected = PolicyConfiguration(form: form, policies: [.queue])
                .expectedInvariants(for: FuzzSetup.Features(), on: Self.ios17)
            #expect(expected.contains(.noRequestLost))
            #expect(expected.contains(.bindingAgrees))
        }
    }

    @Test(arguments: [
        (false, [PolicyConfiguration.Policy](), false), (false, [.onePresenter], true), (true, [.onePresenter], false),
    ])
    func emptyViewModifiers_fromIOS15_keepBindingAgreementOnlyWithOnePresenter_forIsPresented(
        item: Bool, policies: [PolicyConfiguration.Policy], agrees: Bool
    ) {
        var features = FuzzSetup.Features()
        features.emptyViewHost = true
        features.emptyViewItem = item
        let configuration = PolicyConfiguration(form: .lua, policies: policies)
        #expect(configuration.expectedInvariants(for: features, on: Self.ios17).contains(.bindingAgrees) == agrees)
        #expect(
            configuration.expectedInvariants(for: features, on: Self.ios14).contains(.bindingAgrees),
            "14.4 fires them (B11)")
    }

    /// The Lua fuzzer's shared tables are valid Lua, and each one given to
    /// `set()` is kept or refused at the memory cap or a budget, never run
    /// past them: a small Lua value that is a huge tree cannot grow the host.
    @Test func sharedTables_fromTheValueSource_areKeptOrRefused_withinTheBudgets() throws {
        let fuzzer = LuaBoundaryFuzzer(examples: examplePolicies)
        let session = try Session(limits: fuzzer.limits)
        session.printHandler = { _ in }
        try session.evaluate("view { name = 'V', state = { x = 0 } }")
        var source = LuaValueSource(rng: FuzzRandom(seed: 32), hostNames: session.registeredGlobals)
        var outcomes: Set<String> = []
        for _ in 0..<24 {
            let value = source.sharedTable().replacingOccurrences(of: "ctx", with: "1")
            do {
                try session.evaluate("set('V.x', \(value))", chunkName: "=shared")
                outcomes.insert("kept")
            } catch {
                #expect(
                    error.message.contains("value too large") || error.kind == .budget || error.kind == .memory,
                    "\(value): \(error)")
                outcomes.insert(error.message.contains("value too large") ? "too large" : "stopped")
            }
        }
        #expect(outcomes.contains("too large"), "\(outcomes)")
    }

    @Test func aCase_isTheSameOnEveryRun() {
        let fuzzer = EngineFuzzer(examples: examplePolicies)
        let a = fuzzer.run(seed: 3, index: 17)
        let b = fuzzer.run(seed: 3, index: 17)
        #expect(a.fuzzCase.setup.source == b.fuzzCase.setup.source)
        #expect(a.fuzzCase.profile == b.fuzzCase.profile)
        #expect(a.fuzzCase.configuration == b.fuzzCase.configuration)
        #expect((a.steps, a.events) == (b.steps, b.events))
        #expect(a.steps > 0)
    }

    @Test func everySetup_loads() throws {
        let fuzzer = EngineFuzzer(examples: examplePolicies)
        for index in 0..<200 {
            let c = fuzzer.makeCase(seed: 9, index: index)
            let session = try Session(profile: c.profile)
            session.printHandler = { _ in }
            try session.evaluate(c.setup.source, chunkName: "=setup")
            #expect(!session.app.viewNames.isEmpty)
        }
    }

    static let held = HeldLedger.Entry(presenter: "V", modifier: "sheet(item:)", item: .record(["id": 1]), since: 0)

    @Test func aHeldRequestThatVanishes_isReported() {
        #expect(HeldLedger.lost(before: [Self.held], after: [], events: []) != nil)
        let ignored = Event(time: 0, kind: .alreadyPresenting, presenter: "V", item: "1")
        #expect(
            HeldLedger.lost(before: [Self.held], after: [], events: [ignored]) != nil, "a failed attempt is no excuse")
    }

    @Test(arguments: [EventKind.presenting, .dropped, .removed])
    func aHeldRequestThatLeavesWithAnEvent_isAccountedFor(kind: EventKind) {
        let event = Event(time: 0, kind: kind, presenter: "V", item: "1")
        #expect(HeldLedger.lost(before: [Self.held], after: [], events: [event]) == nil)
        #expect(HeldLedger.lost(before: [Self.held], after: [Self.held], events: []) == nil)
    }

    /// Lua halves its string table at most once per collection: after an
    /// input that interned many strings, one collection leaves about a
    /// megabyte that depends on how far the input got before its budget
    /// stopped it (the "lua-memory grows" a loaded machine produced).
    /// Between inputs the fuzzer collects until nothing more is freed.
    @Test func betweenInputs_theStringTableShrinksBack_soLoadCannotLookLikeALeak() throws {
        let session = try Session()
        let fuzzer = LuaBoundaryFuzzer(examples: "")
        fuzzer.neutralize(session)
        let baseline = session.runtime.memoryInUse
        _ = try session.evaluate("do local t = {} for i = 1, 100000 do t['k' .. i] = i end end")
        session.runtime.collectGarbage()
        #expect(session.runtime.memoryInUse > baseline + 256 * 1024, "one collection keeps the grown string table")
        fuzzer.neutralize(session)
        #expect(session.runtime.memoryInUse < baseline + 16 * 1024)
    }
}
