import Foundation
import LuaRuntime
import SheetEngine
import Testing

@testable import SheetCheck
@testable import SheetScripting

/// Liveness: properties over infinite runs, checked under fairness on time
/// passing, with lassos as counterexamples.
@Suite struct LivenessTests {
    func checker(policies: [String], setup: String = Counterexample.defaultSetup, properties: [Property]) throws
        -> Checker
    {
        let session = try Session()
        session.printHandler = { _ in }
        for p in policies { try session.loadPolicy(path: repoPath(p)) }
        try session.evaluate(setup, chunkName: "=setup")
        let checker = Checker(host: session)
        checker.properties = properties
        return checker
    }

    func verdict(_ report: CheckReport) -> PropertyResult.Verdict? { report.properties.first?.verdict }

    @Test func stock_seed000_breaksRequestServed_withALasso() throws {
        let report = try checker(policies: [], properties: [.requestServed]).exhaustive(depth: 20)
        guard case .violated(let lasso)? = verdict(report) else {
            Issue.record("expected a violation, got \(String(describing: verdict(report)))")
            return
        }
        #expect(lasso.instance.hasPrefix("request ContentView.sheet(item:)"))
        #expect(!lasso.cycle.isEmpty)
        #expect(lasso.cycle.contains { !$0.isUserAction }, "time passes in the cycle")
        #expect(try replayFails(lasso, property: "request-served", policies: []))
    }

    /// Runs a lasso's scenario: the prefix, then the cycle, which must come
    /// back to where it started (the last line then fails).
    func replayFails(_ lasso: Lasso, property: String, policies: [String]) throws -> Bool {
        let text = Counterexample.scenario(
            lasso, property: property, setup: Counterexample.defaultSetup, profile: Profile.defaultName,
            policies: policies.map(repoPath))
        let result = try ScenarioRunner(printHandler: { _ in }).run(path: temporaryPolicy(text, name: "lasso.lua"))
        #expect(result.error == nil)
        return result.failures.map(\.message) == ["property '\(property)': the cycle came back to where it started"]
    }

    @Test func queuePolicy_holdsRequestServed() throws {
        let report = try checker(policies: ["examples/policies/queue.lua"], properties: [.requestServed])
            .exhaustive(depth: 30)
        guard case .holds? = verdict(report) else {
            Issue.record("expected it to hold, got \(String(describing: verdict(report)))")
            return
        }
        #expect(!report.cut)
    }

    @Test func brokenQueue_breaksNoEndlessOscillation() throws {
        let policy = "Tests/SheetScriptingTests/Fixtures/broken_queue.lua"
        let report = try checker(policies: [policy], properties: [.noEndlessOscillation]).exhaustive(depth: 30)
        guard case .violated(let lasso)? = verdict(report) else {
            Issue.record("expected a violation, got \(String(describing: verdict(report)))")
            return
        }
        #expect(lasso.cycle.allSatisfy { !$0.isUserAction }, "nobody acts in the cycle")
        #expect(try replayFails(lasso, property: "no-endless-oscillation", policies: [policy]))
    }

    @Test func queuePolicy_holdsNoEndlessOscillationAndDismissalEnds() throws {
        let c = try checker(
            policies: ["examples/policies/queue.lua"], properties: [.noEndlessOscillation, .dismissalEnds])
        let report = c.exhaustive(depth: 30)
        #expect(
            report.properties.map { if case .holds = $0.verdict { return true } else { return false } } == [true, true])
    }

    @Test func depthBoundCuttingPaths_isInconclusive_neverAPass() throws {
        let report = try checker(policies: ["examples/policies/queue.lua"], properties: [.requestServed])
            .exhaustive(depth: 4)
        guard case .inconclusive(let why)? = verdict(report) else {
            Issue.record("expected inconclusive, got \(String(describing: verdict(report)))")
            return
        }
        #expect(why.contains("--depth raises the bound"))
    }

    @Test func stockOscillation_seed000_breaksNoEndlessOscillation() throws {
        let setup = """
            view { name = "ContentView", state = { isPresented = false }, modifiers = {
              sheet { isPresented = "isPresented", onDismiss = function() set("isPresented", true) end,
                content = function() return { text = "SheetView", onAppear = function() dismiss() end } end } } }
            """
        let report = try checker(policies: [], setup: setup, properties: [.noEndlessOscillation]).exhaustive(depth: 12)
        guard case .violated(let lasso)? = verdict(report) else {
            Issue.record("expected a violation, got \(String(describing: verdict(report)))")
            return
        }
        #expect(lasso.prefix.filter(\.isUserAction).count == 1, "one tap, then it loops by itself")
    }
}

/// Properties written in Lua: the functions, `each`/`leads_to` with a
/// function, and the errors a wrong one gets.
@Suite struct PropertyAPITests {
    func properties(_ source: String, session: Session) throws -> [Property] {
        try PropertyReader(session: session).properties(file: temporaryPolicy(source, name: "props.lua"))
    }

    func check(_ source: String, policies: [String] = [], depth: Int = 20) throws -> CheckReport {
        let c = try makeChecker(policies: policies)
        c.properties = try properties(source, session: c.host as! Session)
        return c.exhaustive(depth: depth)
    }

    func verdicts(_ r: CheckReport) -> [String] {
        r.properties.map {
            switch $0.verdict {
            case .holds: return "\($0.name) holds"
            case .violated: return "\($0.name) violated"
            case .inconclusive: return "\($0.name) inconclusive"
            case .error(let e): return "\($0.name) error \(e)"
            }
        }
    }

    @Test func luaRequestServed_behavesAsTheBuiltIn() throws {
        let source = """
            return {
              served = leads_to(happens{ kind = "request" }, function(r)
                return any_of(
                  happens{ kind = "presenting", item = r.item },
                  happens{ kind = "dropped", item = r.item },
                  always(function(s)
                    for _, h in ipairs(s.held) do if h.item.id == tonumber(r.item) then return true end end
                    return false
                  end))
              end),
            }
            """
        #expect(verdicts(try check(source)) == ["served violated"])
        #expect(verdicts(try check(source, policies: ["examples/policies/queue.lua"], depth: 30)) == ["served holds"])
    }

    @Test func simpleFormulas_haveTheirMeaning() throws {
        let source = """
            return {
              a_always_true = always(true),
              b_eventually_false = eventually(false),
              c_something_presents = eventually(happens{ kind = "presenting" }),
              d_idle_until_acted = holds_until(negate(happens{ kind = "presenting" }), user_acts()),
              e_time_passes = always(eventually(time_passes())),
              f_never_two = always(function(s) return #s.presentations < 2 end),
              g_unless = unless(negate(happens{ kind = "dismissing" }), happens{ kind = "presented" }),
              h_leads = leads_to(happens{ kind = "presenting" }, function(e) return happens{ kind = "presented", item = e.item } end),
              i_each = each(happens{ kind = "presenting" }, function(e) return eventually(happens{ kind = "presented", item = e.item }) end),
            }
            """
        #expect(
            verdicts(try check(source, policies: ["examples/policies/queue.lua"], depth: 30)) == [
                "a_always_true holds", "b_eventually_false violated", "c_something_presents violated",
                "d_idle_until_acted violated", "e_time_passes holds", "f_never_two holds", "g_unless holds",
                "h_leads holds", "i_each violated",
            ])
    }

    @Test func policyTable_declaresProperties() throws {
        let path = temporaryPolicy(
            """
            return {
              request = function(ctx) if ctx.phase ~= nil then return ctx.held > 0 and "drop" or "queue" end end,
              properties = { closes = leads_to(happens{ kind = "dismissing" }, happens{ kind = "dismissed" }) },
            }
            """)
        let c = try makeChecker(policies: [path])
        c.properties = try PropertyReader(session: c.host as! Session).policyProperties()
        #expect(c.properties.map(\.name) == ["closes"])
        #expect(verdicts(c.exhaustive(depth: 30)) == ["closes holds"])
    }

    @Test(arguments: [
        ("return { p = always(3) }", "bad argument #1 to 'always' (formula expected"),
        ("return { p = happens{ knd = 1 } }", "bad argument #1 to 'happens' (unknown field 'knd'"),
        ("return { p = happens{ kind = \"request\", since = 2 } }", "field 'since' is about a timeline"),
        ("return { p = leads_to(true, function() end) }", "happens{...} expected"),
        ("return { 'always' }", "properties must be a table of formulas by name"),
        ("return { p = 'always' }", "property 'p': formula expected"),
    ])
    func mistakes_areErrors_withTheirLine(source: String, message: String) throws {
        let session = try Session()
        do {
            _ = try properties(source, session: session)
            Issue.record("no error for \(source)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func failingPredicate_isAnErrorVerdict_notAPass() throws {
        let r = try check("return { p = always(function(s) error('boom') end) }")
        #expect(verdicts(r).first?.contains("p error") == true)
        #expect(verdicts(r).first?.contains("boom") == true)
    }
}

/// docs/check.md writes the built-in properties in Lua: they say the same.
@Suite struct CheckDocsTests {
    @Test func docsPropertiesInLua_giveTheBuiltInsVerdicts() throws {
        let doc = try String(contentsOfFile: repoPath("docs/check.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "```lua\nreturn {\n  -- every request"))
        let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let source = String(doc[start.lowerBound..<end.lowerBound].dropFirst("```lua\n".count))
        let path = temporaryPolicy(source, name: "doc_props.lua")
        for (policies, expected) in [
            ([String](), ["calm holds", "closes holds", "served violated"]),
            (["examples/policies/queue.lua"], ["calm holds", "closes holds", "served holds"]),
            (
                ["Tests/SheetScriptingTests/Fixtures/broken_queue.lua"],
                ["calm violated", "closes holds", "served violated"]
            ),
        ] {
            let c = try makeChecker(policies: policies)
            c.properties = try PropertyReader(session: c.host as! Session).properties(file: path)
            let verdicts = c.exhaustive(depth: 30).properties.map { r -> String in
                switch r.verdict {
                case .holds: return "\(r.name) holds"
                case .violated: return "\(r.name) violated"
                default: return "\(r.name) other"
                }
            }
            #expect(verdicts == expected, "\(policies)")
        }
    }
}
