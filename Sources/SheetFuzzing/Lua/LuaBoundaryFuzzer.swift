import Foundation
import LuaRuntime
import SheetEngine
import SheetScripting

/// The Lua boundary fuzzer: hostile values and text thrown at every place
/// where Lua meets the host.
///
/// Inputs take turns:
/// - hook results: a policy whose `request`, `dismissed`, `settle`,
///   `should_dismiss` and `detents.bar` hooks do hostile things (loop, blow
///   the memory cap, raise odd error objects, call host functions
///   re-entrantly) and answer hostile values (deep, cyclic, huge, NaN, -0.0,
///   integers at the limits, strings with NUL and invalid UTF-8, tables whose
///   metamethods error or loop, functions, coroutines); a driver then makes
///   the engine call every hook;
/// - host arguments: a scenario chunk calling every function of
///   `Session.registeredGlobals` (in turn) and others with such values;
/// - policy text: the example policies with random edits, and token soups,
///   loaded from strings and from files.
///
/// After every step: no crash (the process is still here), no step past
/// `stepLimitMilliseconds` of CPU time (a loop the budgets failed to stop;
/// a real hang trips `HangGuard`), one presentation per presenter, heights in range,
/// no error event larger than 8 KiB, and no held request gone without a
/// `presenting` or `dropped` event. After every input: what state holds
/// reads back (`get` of every slot, `state`, `stack`, `top`), refused at
/// most for the memory cap or a budget, never as a value that cannot cross.
/// After every batch: the Lua state's memory is back to its baseline after
/// a collection, and the session, its runtime and its app are freed.
public struct LuaBoundaryFuzzer {
    /// Small budgets: a looping input costs one budget.
    public var limits = LuaLimits(memory: 4 << 20, callBudgetMilliseconds: 20, scriptBudgetMilliseconds: 100)
    /// A step that takes more CPU time than this is reported: the budgets
    /// did not stop something. (CPU time of the thread, as the budgets
    /// count it: a loaded machine or a sanitizer stretches wall time.)
    public var stepLimitMilliseconds = 2_000.0
    /// Every `repeatEvery`-th input runs three times: memory that grows with
    /// each run (after a collection) by more than `leakTolerance` is a leak.
    /// One run is not enough: the registry keeps its high-water mark.
    public var repeatEvery = 4
    public var leakTolerance = 1 << 10
    /// Where each input is written before it runs, so a crash leaves it behind.
    public var currentInputPath: String?
    /// The policies whose text is mutated.
    var samplePolicies: [String]

    /// - Parameter examples: the `examples/policies` folder (its files are mutated).
    public init(examples: String) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: examples))?.sorted() ?? []
        samplePolicies = files.filter { $0.hasSuffix(".lua") }.compactMap {
            try? String(contentsOfFile: examples + "/" + $0, encoding: .utf8)
        }
        if samplePolicies.isEmpty { samplePolicies = ["return { request = function(ctx) return 'queue' end }"] }
    }

    /// Which boundary an input crosses.
    public enum Kind: String, CaseIterable, Sendable {
        case hookResult = "hook result"
        case hostArguments = "host arguments"
        case policyText = "policy text"
    }

    /// What went wrong, with the input that did it.
    public struct Failure: CustomStringConvertible {
        public var check: String
        public var message: String
        public var seed: UInt64
        public var batch: Int
        public var index: Int
        public var input: String

        public var description: String {
            "\(check): \(message)\n  batch \(batch), input \(index) of seed \(seed); replay: scripts/fuzz --lua --seed \(seed)\n"
                + input.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).map { "  | " + $0 }
                .joined(separator: "\n")
        }
    }

    /// What a run did.
    public struct Report {
        public var inputs: [Kind: Int] = [:]
        /// Fuzzed policies that loaded (the rest were rejected with an error).
        public var policiesLoaded = 0
        /// Inputs that ended in a Lua error (the expected outcome of most).
        public var scriptErrors = 0
        /// Hook failures the engine put on the timeline.
        public var hookErrors = 0
        /// The most CPU time one step took.
        public var slowestStepMilliseconds = 0.0
        public var failures: [Failure] = []

        public var total: Int { inputs.values.reduce(0, +) }

        public init() {}

        /// Adds another run's numbers and failures.
        public mutating func add(_ other: Report) {
            for (k, v) in other.inputs { inputs[k, default: 0] += v }
            policiesLoaded += other.policiesLoaded
            scriptErrors += other.scriptErrors
            hookErrors += other.hookErrors
            slowestStepMilliseconds = max(slowestStepMilliseconds, other.slowestStepMilliseconds)
            failures += other.failures
        }
    }

    /// The views the driver acts on: an item sheet with a custom detent and a
    /// selection, and a cover on an `EmptyView` (blocked from iOS 15, B11).
    static let setup = """
        view { name = "ContentView", state = { "item", show = false, detent = "medium", n = 0 }, reads = { "n" },
          modifiers = {
            sheet { item = "item", content = function(c)
              return { text = "item " .. tostring(c.item.id), presentationDetents = { "custom(bar)", "medium", "large" },
                       selection = "ContentView.detent" } end },
            fullScreenCover { isPresented = "show", attach = "EmptyView", content = "cover" },
          } }
        """

    /// Runs `count` inputs in one session (batch `batch` of `seed`).
    public func run(seed: UInt64, batch: Int, inputs count: Int) -> Report {
        var report = Report()
        weak var weakSession: Session?
        weak var weakRuntime: LuaRuntime?
        weak var weakApp: SheetApp?
        var context = Context(seed: seed, batch: batch)
        do {
            // policy("relative.lua") reads nothing from the base directory.
            let configuration = SessionConfiguration(limits: limits, baseDirectory: "/nonexistent/sheetlab-fuzz")
            let session = try Session(configuration, startBudgetMilliseconds: nil) { $0.printHandler = { _ in } }
            (weakSession, weakRuntime) = (session, session.runtime)
            var source = HostileSource(
                rng: FuzzRandom(seed: FuzzRandom.caseSeed(seed, batch)), hostNames: session.registeredGlobals)
            var baseline: Int?
            for index in 0..<count {
                context.index = index
                let kind = Kind.allCases[index % Kind.allCases.count]
                report.inputs[kind, default: 0] += 1
                let runs = index % repeatEvery == 0 ? 3 : 1
                var memory: [Int] = []
                for _ in 0..<runs {
                    var replay = source  // the same input again
                    run(kind, index: index, source: &replay, session: session, context: &context, report: &report)
                    if memory.count == runs - 1 { source = replay }
                    neutralize(session)
                    memory.append(session.runtime.memoryInUse)
                }
                weakApp = session.app
                if runs == 3, memory[1] > memory[0] + leakTolerance, memory[2] > memory[1] + leakTolerance {
                    context.fail(
                        &report, "lua-memory",
                        "the Lua state grows with each run of this input: \(memory) bytes after a collection")
                }
                if baseline == nil { baseline = memory[0] }
                // The registry keeps its high-water mark (at most what the cap let a script build).
                if let baseline, memory.last! > baseline + limits.memory {
                    context.fail(
                        &report, "lua-memory",
                        "\(memory.last! - baseline) bytes above the baseline of \(baseline) after a collection")
                }
            }
        } catch {
            context.fail(&report, "session", "cannot open a session: \(error)", "")
        }
        if weakSession != nil || weakRuntime != nil || weakApp != nil {
            context.fail(&report, "swift-leak", "the session, its runtime or its app outlived the last reference", "")
        }
        return report
    }

    /// Where a run is, for failures.
    struct Context {
        var seed: UInt64
        var batch: Int
        var index = 0
        var input = ""

        func fail(_ report: inout Report, _ check: String, _ message: String, _ input: String? = nil) {
            report.failures.append(
                Failure(
                    check: check, message: message, seed: seed, batch: batch, index: index, input: input ?? self.input))
        }
    }

    /// Drops what an input left behind: a policy with no hooks under the
    /// fuzzed name, a fresh app, a full collection.
    func neutralize(_ session: Session) {
        _ = try? session.loadPolicy(source: "return {}", name: "fuzz.lua")
        // Between inputs no step runs, so the reset cannot be refused.
        try? session.reset()
        // A collection halves Lua's string table at most once, so its size
        // after one would still show how many strings the input interned
        // before its CPU budget stopped it, which depends on the machine's
        // load: collect until nothing more is freed, and the memory left
        // is what the state really keeps.
        var before = Int.max
        while session.runtime.memoryInUse < before {  // strictly falling: it ends
            before = session.runtime.memoryInUse
            session.runtime.collectGarbage()
        }
    }

    func run(
        _ kind: Kind, index: Int, source: inout HostileSource, session: Session, context: inout Context,
        report: inout Report
    ) {
        switch kind {
        case .hookResult:
            let text = source.policy()
            begin(text, kind, &context)
            defer { HangGuard.shared.end() }
            load(&context, &report) { () throws(LuaError) in try session.loadPolicy(source: text, name: "fuzz.lua") }
        case .policyText:
            let sample = source.rng.pick(samplePolicies)
            let bytes = source.rng.chance(0.2) ? Array(source.tokenSoup().utf8) : source.mutate(sample)
            let fromFile = source.rng.chance(0.3)
            let text = String(decoding: bytes, as: UTF8.self)
            begin(text, kind, &context)
            defer { HangGuard.shared.end() }
            if fromFile {
                let path = NSTemporaryDirectory() + "sheetlab-fuzz-\(getpid()).lua"
                _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
                load(&context, &report) { () throws(LuaError) in try session.loadPolicy(path: path) }
            } else if let valid = String(validating: bytes, as: UTF8.self) {
                load(&context, &report) { () throws(LuaError) in try session.loadPolicy(source: valid, name: "fuzz.lua")
                }
            }
        case .hostArguments:
            let names = session.registeredGlobals
            let text = source.hostCalls(first: names[(index / Kind.allCases.count) % names.count])
            begin(text, kind, &context)
            defer { HangGuard.shared.end() }
            step("the chunk", session, &context, &report) { () throws(LuaError) in
                let chunk = try session.runtime.load(source: text, chunkName: "=fuzz")
                _ = try session.runtime.call(
                    chunk, [], budgetMilliseconds: session.runtime.limits.scriptBudgetMilliseconds)
            }
            step("advance()", session, &context, &report) { () throws(EngineError) in try session.advance(nil) }
            readBack(session, &context, &report)
            return
        }
        drive(session, &context, &report)
        readBack(session, &context, &report)
    }

    /// What state holds reads back into Lua: the readers may stop at the
    /// memory cap or a budget, never because a value cannot cross (nested
    /// deeper than tables may cross, say).
    func readBack(_ session: Session, _ context: inout Context, _ report: inout Report) {
        var reads = ["state()", "stack()", "top()"]
        for view in session.app.state().views where LuaSyntax.isName(view.name) {
            for slot in view.state where LuaSyntax.isName(slot.name) {
                reads.append("get(\(LuaSyntax.quote(view.name + "." + slot.name)))")
            }
        }
        for read in reads {
            var failure: LuaError?
            step("reading back \(read)", session, &context, &report) { () throws(LuaError) in
                do throws(LuaError) {
                    try session.evaluate("local _ = " + read, chunkName: "=read-back")
                } catch {
                    if error.kind == .badValue || error.message.contains("nested deeper") { failure = error }
                    throw error
                }
            }
            if let failure { context.fail(&report, "read-back", "\(read) failed: \(failure)") }
        }
    }

    /// Loads a fuzzed policy, counting whether it loaded.
    func load(_ context: inout Context, _ report: inout Report, _ body: () throws(LuaError) -> Void) {
        let started = threadCPUMilliseconds()
        do {
            try body()
            report.policiesLoaded += 1
        } catch {
            report.scriptErrors += 1
        }
        record(started, "loading the policy", &context, &report)
    }

    func begin(_ text: String, _ kind: Kind, _ context: inout Context) {
        context.input = text
        HangGuard.shared.begin("\(kind.rawValue), batch \(context.batch), input \(context.index):\n\(text)")
        if let path = currentInputPath { try? text.write(toFile: path, atomically: false, encoding: .utf8) }
    }

    /// Declares the set-up and makes the engine call every hook.
    func drive(_ session: Session, _ context: inout Context, _ report: inout Report) {
        let item = { (id: Int) in Value.record(["id": .int(id)]) }
        step("the set-up", session, &context, &report) { () throws(LuaError) in
            let chunk = try session.runtime.load(source: Self.setup, chunkName: "=setup")
            _ = try session.runtime.call(chunk, [], budgetMilliseconds: session.runtime.limits.scriptBudgetMilliseconds)
        }
        let steps: [(String, () throws(EngineError) -> Void)] = [
            ("set item 0", { () throws(EngineError) in try session.set("ContentView.item", item(0)) }),
            ("advance 500", { () throws(EngineError) in try session.advance(500) }),
            (
                "drag 300, release",
                { () throws(EngineError) in
                    try session.drag(to: 300); try session.release(velocity: 0)
                }
            ),
            (
                "drag 50, fling",
                { () throws(EngineError) in
                    try session.drag(to: 50); try session.release(velocity: 3000)
                }
            ),
            ("swipe", { () throws(EngineError) in try session.swipe() }),
            ("set item 1", { () throws(EngineError) in try session.set("ContentView.item", item(1)) }),
            ("set item 2", { () throws(EngineError) in try session.set("ContentView.item", item(2)) }),
            ("advance 600", { () throws(EngineError) in try session.advance(600) }),
            ("set show", { () throws(EngineError) in try session.set("ContentView.show", .bool(true)) }),
            (
                "rotate",
                { () throws(EngineError) in
                    try session.rotate("landscape"); try session.rotate("portrait")
                }
            ),
            ("set detent", { () throws(EngineError) in try session.set("ContentView.detent", .string("large")) }),
            ("dismiss", { () throws(EngineError) in try session.dismiss(view: nil) }),
            ("set item 3", { () throws(EngineError) in try session.set("ContentView.item", item(3)) }),
            ("advance()", { () throws(EngineError) in try session.advance(nil) }),
            ("swipe", { () throws(EngineError) in try session.swipe() }),
            ("advance()", { () throws(EngineError) in try session.advance(nil) }),
        ]
        for (name, body) in steps { step(name, session, &context, &report, body) }
        report.hookErrors += session.app.timeline.events.filter { $0.kind == .policyError }.count
    }

    /// Runs one step: times it, and checks what every step must keep.
    func step<E: Error>(
        _ name: String, _ session: Session, _ context: inout Context, _ report: inout Report,
        _ body: () throws(E) -> Void
    ) {
        let app = session.app
        let heldBefore = app.state().held
        let mark = app.timeline.count
        let started = threadCPUMilliseconds()
        do {
            try body()
        } catch {
            if error is LuaError { report.scriptErrors += 1 }
        }
        record(started, name, &context, &report)
        guard session.app === app else { return }  // the input called reset()
        let events = app.timeline.events(since: mark)
        for invariant in [Invariant.onePerPresenter, .detentInRange] {
            if let message = invariant.violation(in: app, events: events) {
                context.fail(&report, invariant.rawValue, "after \(name): \(message)")
            }
        }
        // An error on the timeline is bounded (LuaError.maximumMessageBytes), whatever the script raised.
        for e in events
        where [.policyError, .contentError, .actionError].contains(e.kind) && e.detail.utf8.count > 8192 {
            context.fail(&report, "error-size", "after \(name): a \(e.kind) of \(e.detail.utf8.count) bytes")
        }
        if let lost = HeldLedger.lost(
            before: HeldLedger.entries(heldBefore), after: HeldLedger.entries(app.state().held), events: events)
        {
            context.fail(&report, "held-request-lost", "after \(name): \(lost)")
        }
    }

    func record(_ started: Double, _ name: String, _ context: inout Context, _ report: inout Report) {
        let ms = threadCPUMilliseconds() - started
        report.slowestStepMilliseconds = max(report.slowestStepMilliseconds, ms)
        if ms > stepLimitMilliseconds {
            let budgets = "\(limits.callBudgetMilliseconds) ms a call, \(limits.scriptBudgetMilliseconds) ms a script"
            context.fail(&report, "slow-step", "\(name) took \(Int(ms)) ms of CPU time (budgets: \(budgets))")
        }
    }
}

/// Held requests must not vanish: each one that is no longer held after a
/// step was presented or dropped in that step, with an event saying so.
enum HeldLedger {
    /// A held request as the ledger compares it.
    struct Entry: Equatable {
        var presenter: String
        var modifier: String
        var item: Value
        var since: Int
    }

    static func entries(_ held: [HeldState]) -> [Entry] {
        held.map { Entry(presenter: $0.presenter, modifier: $0.modifier, item: $0.item, since: $0.since) }
    }

    /// A description of the first held request that went silently, if any.
    static func lost(before: [Entry], after: [Entry], events: ArraySlice<Event>) -> String? {
        var remaining = after
        for h in before {
            if let i = remaining.firstIndex(of: h) {
                remaining.remove(at: i)
                continue
            }
            let id = h.item.itemID
            let accounted = events.contains { e in
                (e.kind == .presenting || e.kind == .dropped || e.kind == .removed) && e.presenter == h.presenter
                    && (e.item == id || id == nil)
            }
            if !accounted {
                return "the request for \(h.item) held by \(h.presenter).\(h.modifier) since \(h.since) ms is gone, "
                    + "with no presenting or dropped event"
            }
        }
        return nil
    }
}
